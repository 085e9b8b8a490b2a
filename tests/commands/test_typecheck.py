"""Type checks against the declarations: the Type Error report and unknown event names."""

import pytest

from commands import Command
from model.session import Session
from oracle.calls import Call
from oracle.typecheck import TYPE_HEADING, CallTypeError, ScriptTypeError, Step, check, check_calls

MOVE = "move(row: ROW = {A, B, C, D, E, F, G, H, I, J} ; column: COLUMN = 1 .. 30)"
SETUP_NEXT = "setup_next(state: STATE = 1 .. 5)"


def error_line(call: Call) -> str:
    with pytest.raises(CallTypeError) as caught:
        check(call)
    return str(caught.value)


def test_a_conforming_call_becomes_a_step_with_its_command_and_echo() -> None:
    step = check(Call("move", ("C", 8)))
    assert step == Step(Call("move", ("C", 8)), Command(Session.move, (3, 8)))
    assert step.echo == "->move(C,8)"


def test_echoes_without_arguments_and_with_many() -> None:
    assert check(Call("pass")).echo == "->pass"
    assert check(Call("pass")).command == Command(Session.pass_turn)
    play = check(Call("play", (10, 30, 1, 2, 3, 4, 101)))
    assert play.echo == "->play(10,30,1,2,3,4,101)"
    assert play.command == Command(Session.play, (10, 30, 1, 2, 3, 4, 101))


def test_the_bounds_of_a_range_conform() -> None:
    assert check(Call("setup_back", (1,))).command == Command(Session.setup_back, (1,))
    assert check(Call("setup_back", (5,))).command == Command(Session.setup_back, (5,))


@pytest.mark.parametrize(
    ("call", "line"),
    [
        (Call("setup_next", (0,)), f"setup_next(0) does not conform to declaration {SETUP_NEXT}"),
        (Call("setup_next", (6,)), f"setup_next(6) does not conform to declaration {SETUP_NEXT}"),
        (Call("setup_next", (-1,)), f"setup_next(-1) does not conform to declaration {SETUP_NEXT}"),
        (Call("setup_next", ("A",)), f"setup_next(A) does not conform to declaration {SETUP_NEXT}"),
        (Call("move", ("K", 3)), f"move(K, 3) does not conform to declaration {MOVE}"),
        (Call("move", ("a", 3)), f"move(a, 3) does not conform to declaration {MOVE}"),
        (Call("move", (1, 3)), f"move(1, 3) does not conform to declaration {MOVE}"),
        (Call("move", ("A", 31)), f"move(A, 31) does not conform to declaration {MOVE}"),
        (Call("move", ("A",)), f"move(A) does not conform to declaration {MOVE}"),
        (Call("move"), f"move does not conform to declaration {MOVE}"),
    ],
)
def test_a_call_that_does_not_conform_names_the_call_and_its_declaration(
    call: Call, line: str
) -> None:
    assert error_line(call) == line


def test_play_type_error_line() -> None:
    line = error_line(Call("play", (4, 30, 1, 1, 1, 1, 1)))
    assert line.startswith(
        "play(4, 30, 1, 1, 1, 1, 1) does not conform to declaration play(row: MAX_ROW = 5 .. 10 ;"
    )


@pytest.mark.parametrize("name", ["foo", "Pass", "PASS", "toggle_rng_out", "quit", "man"])
def test_unknown_and_wrongly_cased_names_are_unknown_events(name: str) -> None:
    assert error_line(Call(name, (1,))) == f"Error: unknown event name {name}"


def test_check_calls_reports_every_offending_call_in_script_order() -> None:
    calls = [
        Call("pass"),
        Call("move", ("Z", 1)),
        Call("foo"),
        Call("setup_next", (9,)),
        Call("fire"),
    ]
    with pytest.raises(ScriptTypeError) as caught:
        check_calls(calls)
    assert caught.value.report() == (
        f"{TYPE_HEADING}\n"
        f"move(Z, 1) does not conform to declaration {MOVE}\n"
        "Error: unknown event name foo\n"
        f"setup_next(9) does not conform to declaration {SETUP_NEXT}\n"
    )
    assert TYPE_HEADING == "Type Error: specification of command executions is not type-correct"


def test_check_calls_gives_the_steps_of_a_conforming_script_in_order() -> None:
    steps = check_calls([Call("pass"), Call("move", ("J", 30))])
    assert [step.command for step in steps] == [
        Command(Session.pass_turn),
        Command(Session.move, (10, 30)),
    ]
