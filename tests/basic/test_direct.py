"""Lines typed after the program stopped (at its END or on an error) reach the interpreter's
direct mode; its answers were measured with PC-BASIC for lines a player would type."""

from collections.abc import Callable

import pytest

from games.basic import program
from games.basic.console import SEMICOLON, Console
from games.basic.direct import Stored, answer
from games.basic.errors import SUBSCRIPT_OUT_OF_RANGE, BasicError, at_line
from tests.basic.facts import load


def _ends(console: Console) -> None:
    """10 PRINT "GAME"; 20 END"""
    console.print("GAME", SEMICOLON)


def _fails(console: Console) -> None:
    """10 DIM A(3) 20 A(5)=1"""
    with at_line(20):
        raise BasicError(SUBSCRIPT_OUT_OF_RANGE)


PROGRAMS: dict[str, Callable[[Console], None]] = {"end": _ends, "error": _fails}


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_measured_lines_are_answered_as_pc_basic_answers_them(name: str) -> None:
    facts = load("direct")
    lines = facts[name]["lines"]
    got = program.transcript(PROGRAMS[name], lines, facts["listing"])
    assert len(lines) >= 100
    assert got.split("\n") == facts[name]["transcript"].split("\n")


def test_a_number_and_text_stores_a_line_that_the_number_alone_then_deletes() -> None:
    stored = Stored(set(), resumable=False)
    assert answer("5 E", stored) is None
    assert answer("5", stored) is None
    assert answer("5", stored) == "Undefined line number"


def test_cont_cannot_continue_once_a_line_was_typed_or_after_an_error() -> None:
    stored = Stored({10, 20}, resumable=True)
    assert answer("10", stored) is None
    assert answer("CONT", stored) == "Can't continue"
    assert answer("CONT", Stored({10}, resumable=False)) == "Can't continue"


def test_ctrl_c_at_the_ok_prompt_prints_its_mark_and_the_rest_of_the_line_goes_on() -> None:
    """Measured (Super Star Trek's engineer): a Ctrl-C then SRS at the Ok prompt."""
    got = program.transcript(_ends, ["\x03", "SRS"], [10, 20])
    assert got == "GAME\nOk\xff\n\x0e\n\nSRS\nSyntax error\xff\n"


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_whether_cont_can_go_on_follows_end_clear_stop_and_typed_lines_as_measured(
    name: str,
) -> None:
    """Each measured session runs on its own: what CONT answers depends on the lines before
    it (the program's END, a typed END, CLEAR or numbered line, an error)."""
    facts = load("direct_sessions")
    wrong = [
        (session, got, expected)
        for session, expected in zip(facts["sessions"], facts[name], strict=True)
        if (got := program.transcript(PROGRAMS[name], session, facts["listing"])) != expected
    ]
    assert len(facts["sessions"]) >= 30
    assert not wrong, f"{len(wrong)} sessions differ, first: {wrong[:2]}"
