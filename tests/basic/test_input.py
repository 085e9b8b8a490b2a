"""INPUT as PC-BASIC answers typed lines: the echo, ?Redo from start, quotes, commas, spaces,
too few or too many values, long lines, control and non-ASCII characters, measured."""

import re
from collections.abc import Callable

import pytest

from games.basic import program
from games.basic.console import Console
from games.basic.editor import ENTER
from games.basic.keys import Keystrokes
from games.basic.single import Single
from tests.basic.facts import hex_of, load

ZERO_BYTES = re.compile(r"=[0-9A-F]{6}00")


def _number(console: Console) -> None:
    """10 INPUT X: PRINT "=";(bytes of X): GOTO 10"""
    while True:
        console.print("=" + hex_of(console.input_number()))


def _string(console: Console) -> None:
    """10 INPUT A$: PRINT "[";A$;"]";LEN(A$): GOTO 10"""
    while True:
        text = console.input_string()
        console.print("[", text, "]", len(text))


def _two_numbers(console: Console) -> None:
    """10 INPUT "TWO";A,B: PRINT A;B: GOTO 10"""
    while True:
        first, second = console.input("TWO", "nn")
        assert isinstance(first, Single) and isinstance(second, Single)
        console.print(first, second)


def _string_and_number(console: Console) -> None:
    """10 INPUT "MIX",A$,B: PRINT "[";A$;"]";B: GOTO 10"""
    while True:
        text, number = console.input("MIX", "sn", question=False)
        assert isinstance(text, str) and isinstance(number, Single)
        console.print("[", text, "]", number)


PROGRAMS: dict[str, Callable[[Console], None]] = {
    "number": _number,
    "string": _string,
    "two numbers": _two_numbers,
    "string and number": _string_and_number,
}


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_measured_answers_are_read_as_pc_basic_reads_them(name: str) -> None:
    facts = load("input")[name]
    answers = facts["answers"]
    keys = Keystrokes("".join(answer + ENTER + "0" + ENTER for answer in answers))
    got = program.console_transcript(PROGRAMS[name], Console(keys), [])
    expected = ZERO_BYTES.sub("=00000000", facts["transcript"])
    assert len(answers) >= 100
    assert got.split("\n") == expected.split("\n")
