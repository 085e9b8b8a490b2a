"""The screen line editor: editing keys typed before Enter, at INPUT after a short prompt, after
a long one, after one ending at column 80, on the bottom row and near it, with no clearing,
and at the direct mode, as PC-BASIC reads them back (measured).
"""

from collections.abc import Callable

import pytest

from games.basic import program
from games.basic.answers import TEXT
from games.basic.console import SEMICOLON, Console
from games.basic.keys import Keystrokes
from tests.basic.facts import load


def _input_game(prompt: str, blank_rows: int) -> Callable[[Console], None]:
    """The program: 10 PRINT CHR$(12);: (PRINT blank rows): INPUT [prompt;]A$:
    PRINT "[";A$;"]";LEN(A$): PRINT "#"."""

    def game(console: Console) -> None:
        while True:
            console.print(chr(12), SEMICOLON)
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


def _home(console: Console) -> None:
    """10 PRINT CHR$(12);: INPUT "",A$: PRINT "[";A$;"]";LEN(A$): PRINT "#": GOTO 10 (typing
    starts at the top-left corner: no prompt, no question mark)."""
    while True:
        console.print(chr(12), SEMICOLON)
        text = console.input("", TEXT, question=False)[0]
        assert isinstance(text, str)
        console.print("[", text, "]", len(text))
        console.print("#")


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


CASE_GAMES = {"short": GAMES["short"], "bottom": GAMES["bottom"], "home": _home}


def _case_transcripts(rule: str, name: str) -> tuple[list[str], list[str]]:
    """The runtime's and PC-BASIC's transcripts of one context's measured answers for a rule."""
    facts = load("editor_cases")[rule][name]
    console = Console(Keystrokes.of_lines(facts["answers"]))
    got = program.console_transcript(CASE_GAMES[name], console, [10])
    return got.split("\n#\n"), facts["transcript"].split("\n#\n")


@pytest.mark.parametrize("name", ["short", "bottom", "home"])
def test_scan_codes_of_cursor_keys_that_cannot_move_leave_insert_mode_as_measured(
    name: str,
) -> None:
    """Up on the top row, down on the bottom row, home at the top-left corner: the cursor stays,
    insert mode ends (the next key types over); Ctrl-Home typed first changes nothing; Ctrl-R's
    scan code enters insert mode."""
    got, expected = _case_transcripts("scan keys", name)
    assert got == expected


@pytest.mark.parametrize("name", ["short", "home"])
def test_del_on_a_first_row_that_insertion_spilled_pulls_the_next_row_up_as_measured(
    name: str,
) -> None:
    """A one-row line pushed onto a new row by insertion does not end in a line feed: DEL on it
    pulls the next row's first character up."""
    got, expected = _case_transcripts("insert spill", name)
    assert got == expected
