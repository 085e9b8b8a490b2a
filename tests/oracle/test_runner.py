"""run_script and its streaming form: the oracle's whole output for a script."""

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oracle.runner
from model.session import Session
from model.view import render
from oracle.calls import SYNTAX_HEADING
from oracle.runner import run, run_script, text_source, trace, validate
from oracle.typecheck import TYPE_HEADING

INITIAL = render(Session()) + "\n"
SETUP = "play(10,30,1,1,1,1,1)\nsetup_next(5)\n"


def test_an_empty_script_prints_the_initial_state_only() -> None:
    assert run_script("") == INITIAL
    assert run_script("-- only a comment\n\n") == INITIAL
    assert INITIAL == "  state:not started, normal, ok\n  Welcome to Space Defender Version 2.\n"


def test_the_trace_is_the_initial_state_then_echo_and_state_for_each_command() -> None:
    session = Session()
    expected = [INITIAL]
    steps: list[tuple[str, Callable[[], None]]] = [
        ("play(10,30,1,1,1,1,1)", lambda: session.play(10, 30, 1, 1, 1, 1, 1)),
        ("setup_next(5)", lambda: session.setup_next(5)),
        ("toggle_debug_mode", session.toggle_debug_mode),
        ("move(A,1)", lambda: session.move(1, 1)),
        ("pass", session.pass_turn),
    ]
    for echo, act in steps:
        act()
        expected.append(f"->{echo}\n{render(session)}\n")
    assert run_script(SETUP + "toggle_debug_mode move(A,1)\npass\n") == "".join(expected)


def test_the_echo_is_the_command_as_parsed_without_spaces() -> None:
    output = run_script("play( 10 , 30,1,1,1,1,1 )\nsetup_back( 01 )")
    assert "->play(10,30,1,1,1,1,1)\n" in output
    assert "->setup_back(1)\n" in output


def test_a_syntax_error_is_the_only_output() -> None:
    assert (
        run_script(SETUP + "pass\nmove(A 8)\n")
        == f"{SYNTAX_HEADING}\nparse error (Line 4, Column 8)\n"
    )


def test_too_many_arguments_is_a_syntax_error_output() -> None:
    assert (
        run_script(SETUP + "fire(2)") == f'{SYNTAX_HEADING}\nToo many arguments passed for "fire"\n'
    )


def test_a_type_error_is_the_only_output_and_lists_every_offending_command() -> None:
    output = run_script(SETUP + "move(K,1)\npass\nfly\nsetup_select(0)")
    assert output == (
        f"{TYPE_HEADING}\n"
        "move(K, 1) does not conform to declaration "
        "move(row: ROW = {A, B, C, D, E, F, G, H, I, J} ; column: COLUMN = 1 .. 30)\n"
        "Error: unknown event name fly\n"
        "setup_select(0) does not conform to declaration"
        " setup_select(value: INPUT_VALUE = 1 .. 5)\n"
    )


def test_a_syntax_error_anywhere_wins_over_type_errors() -> None:
    output = run_script("move(K,1)\n" + "pass\n" * 300 + "pass)")
    assert output == f"{SYNTAX_HEADING}\nparse error (Line 302, Column 5)\n"


def test_type_errors_are_collected_across_chunks() -> None:
    output = run_script("fly\n" + "pass\n" * 250 + "swim")
    assert (
        output == f"{TYPE_HEADING}\nError: unknown event name fly\nError: unknown event name swim\n"
    )


def test_crlf_line_ends_give_the_same_output_as_lf() -> None:
    script = "-- title\n" + SETUP + "move(A,\n1)\n\npass\n)"
    assert run_script(script.replace("\n", "\r\n")) == run_script(script)
    assert run_script(script[:-1].replace("\n", "\r\n")) == run_script(script[:-1])


def test_run_streams_the_trace_a_chunk_at_a_time() -> None:
    script = SETUP + "pass\n" * 350
    pieces = list(run(text_source(script)))
    assert pieces[0] == INITIAL
    assert len(pieces) == 5
    assert "".join(pieces) == run_script(script)


def test_run_gives_an_error_report_as_one_piece() -> None:
    assert list(run(text_source("pass\n" * 150 + "pass("))) == [
        f"{SYNTAX_HEADING}\nparse error (Line 151, Column 6)\n"
    ]


def test_validate_counts_the_commands() -> None:
    assert validate(text_source(SETUP + "pass fire\n" * 120)).count == 242
    assert validate(text_source("")).count == 0


def test_a_small_script_is_parsed_once_and_a_big_one_again_to_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    script = SETUP + "pass\nfire\n" * 200
    small = validate(text_source(script))
    assert small.kept is not None
    assert sum(map(len, small.kept)) == 402
    monkeypatch.setattr(oracle.runner, "KEEP_COMMANDS", 150)
    big = validate(text_source(script))
    assert big.kept is None
    assert [s for chunk in big.steps() for s in chunk] == [
        s for chunk in small.steps() for s in chunk
    ]
    assert run_script(script) == "".join(trace(small))


def test_the_session_is_new_for_each_script() -> None:
    script = SETUP + "pass"
    assert run_script(script) == run_script(script)


PIECES = ["pass", "move", "play", "setup_next", "toggle_RNG_out", "fire", "A", "K", "a", "0", "5",
          "-1", "99", "(", ")", ",", "-", "--", " ", "\t", "\r", "\n", "é", "\x00", "\u2028",
          "#"]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40).map("".join))
def test_any_script_text_gives_an_output_never_an_exception(text: str) -> None:
    output = run_script(text)
    assert output.endswith("\n")
    assert output.startswith(("  state:", "Syntax Error: ", "Type Error: "))
