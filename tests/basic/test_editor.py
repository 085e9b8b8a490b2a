"""The screen line editor: editing keys typed before Enter, at INPUT after a short prompt, after
a long one, after one ending at column 80, on the bottom row and near it, with no clearing, and at the direct mode, as PC-BASIC reads them back (measured).
"""

from collections.abc import Callable

import pytest

from games.basic import program
from games.basic.console import Console
from games.basic.keys import Keystrokes
from tests.basic.facts import load


def _input_game(prompt: str, blank_rows: int) -> Callable[[Console], None]:
    """10 PRINT CHR$(12);: (PRINT blank rows): INPUT [prompt;]A$: PRINT "[";A$;"]";LEN(A$): PRINT "#"."""

    def game(console: Console) -> None:
        while True:
            console.print(chr(12), end="")
            for _ in range(blank_rows):
                console.print()
            text = console.input_string(prompt or None)
            console.print("[", text, "]", len(text))
            console.print("#")

    return game


def _rolling(console: Console) -> None:
    """10 INPUT A$: PRINT "[";A$;"]";LEN(A$): PRINT "#": GOTO 10"""
    while True:
        text = console.input_string()
        console.print("[", text, "]", len(text))
        console.print("#")


def _ends(console: Console) -> None:
    """10 END"""


GAMES: dict[str, Callable[[Console], None]] = {
    "short": _input_game("", 0),
    "long": _input_game(load("editor")["prompt"], 0),
    "bottom": _input_game("", 23),
    "low": _input_game("", 21),
    "edge": _input_game(load("editor")["edge prompt"], 0),
    "rolling": _rolling,
    "direct": _ends,
}


@pytest.mark.parametrize("name", list(GAMES))
def test_measured_editing_keys_give_pc_basic_echo_and_line(name: str) -> None:
    facts = load("editor")[name]
    answers = facts["answers"]
    console = Console(Keystrokes.of_lines(answers))
    got = program.console_transcript(GAMES[name], console, [10])
    assert len(answers) >= 80
    assert got.split("\n#\n") == facts["transcript"].split("\n#\n")
