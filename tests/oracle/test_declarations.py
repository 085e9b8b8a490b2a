"""The declarations table (space_defender_2.grammar.txt plus toggle_RNG_out) and
what derives from it."""

import pytest

from oracle.declarations import (
    COLUMN,
    DECLARATIONS,
    MAX_ROW,
    ROW,
    THRESHOLD,
    Enumeration,
    IntRange,
    Parameter,
    call_text,
)

PLAY = (
    "play(row: MAX_ROW = 5 .. 10 ; column: MAX_COLUMN = 10 .. 30"
    " ; g_threshold: THRESHOLD = 1 .. 101"
    " ; f_threshold: THRESHOLD = 1 .. 101 ; c_threshold: THRESHOLD = 1 .. 101"
    " ; i_threshold: THRESHOLD = 1 .. 101 ; p_threshold: THRESHOLD = 1 .. 101)"
)


def test_the_table_declares_the_grammar_commands_and_toggle_rng_out() -> None:
    assert list(DECLARATIONS) == [
        "play",
        "setup_select",
        "setup_next",
        "setup_back",
        "toggle_debug_mode",
        "toggle_RNG_out",
        "abort",
        "move",
        "pass",
        "fire",
        "special",
    ]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("play", PLAY),
        ("setup_select", "setup_select(value: INPUT_VALUE = 1 .. 5)"),
        ("setup_next", "setup_next(state: STATE = 1 .. 5)"),
        ("setup_back", "setup_back(state: STATE = 1 .. 5)"),
        ("move", "move(row: ROW = {A, B, C, D, E, F, G, H, I, J} ; column: COLUMN = 1 .. 30)"),
    ],
)
def test_declarations_print_as_the_oracle_prints_them(name: str, text: str) -> None:
    assert str(DECLARATIONS[name]) == text


@pytest.mark.parametrize(
    "name", ["toggle_debug_mode", "toggle_RNG_out", "abort", "pass", "fire", "special"]
)
def test_a_command_without_parameters_prints_as_its_bare_name(name: str) -> None:
    assert str(DECLARATIONS[name]) == name
    assert DECLARATIONS[name].parameters == ()


def test_the_ranges_of_the_grammar() -> None:
    assert (MAX_ROW.low, MAX_ROW.high) == (5, 10)
    assert (COLUMN.low, COLUMN.high) == (1, 30)
    assert (THRESHOLD.low, THRESHOLD.high) == (1, 101)
    assert ROW.items == tuple("ABCDEFGHIJ")


@pytest.mark.parametrize(
    ("argument", "value"), [(5, 5), (10, 10), (4, None), (11, None), (-5, None), ("A", None)]
)
def test_an_integer_range_accepts_integers_within_its_bounds_only(
    argument: int | str, value: int | None
) -> None:
    assert MAX_ROW.convert(argument) == value


@pytest.mark.parametrize(
    ("argument", "value"), [("A", 1), ("E", 5), ("J", 10), ("K", None), ("a", None), (1, None)]
)
def test_an_enumeration_item_is_worth_its_position(argument: int | str, value: int | None) -> None:
    assert ROW.convert(argument) == value


def test_types_print_with_their_name() -> None:
    assert str(IntRange("T", -2, 3)) == "T = -2 .. 3"
    assert str(Enumeration("E", ("X", "Y"))) == "E = {X, Y}"
    assert str(Parameter("p", IntRange("T", 1, 2))) == "p: T = 1 .. 2"


def test_a_declaration_converts_conforming_arguments_to_values() -> None:
    move = DECLARATIONS["move"]
    assert move.convert(("C", 8)) == (3, 8)
    assert move.convert(("C", 31)) is None
    assert move.convert((8, "C")) is None


def test_a_declaration_refuses_too_few_or_too_many_arguments() -> None:
    move = DECLARATIONS["move"]
    assert move.convert(("C",)) is None
    assert move.convert(()) is None
    assert move.convert(("C", 8, 1)) is None
    assert DECLARATIONS["pass"].convert(()) == ()


def test_call_text_is_the_echo_without_spaces_or_the_type_error_form_with_them() -> None:
    assert call_text("move", ("A", 8)) == "move(A,8)"
    assert call_text("move", ("A", 8), ", ") == "move(A, 8)"
    assert call_text("play", (10, 30, 1, 1, 1, 1, 1)) == "play(10,30,1,1,1,1,1)"
    assert call_text("pass", ()) == "pass"
    assert call_text("setup_back", (-1,)) == "setup_back(-1)"
