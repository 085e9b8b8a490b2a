"""Lines typed after the program stopped (at its END or on an error) reach the interpreter's
direct mode; its answers were measured with PC-BASIC for lines a player would type."""

from collections.abc import Callable

import pytest

from games.basic import program
from games.basic.console import Console
from games.basic.direct import answer
from games.basic.errors import SUBSCRIPT_OUT_OF_RANGE, BasicError, at_line
from tests.basic.facts import load


def _ends(console: Console) -> None:
    """10 PRINT "GAME"; 20 END"""
    console.print("GAME", end="")


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
    lines: set[int] = set()
    assert answer("5 E", lines) is None
    assert answer("5", lines) is None
    assert answer("5", lines) == "Undefined line number"
