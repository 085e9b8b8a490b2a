"""A program's run as PC-BASIC 2.0.8 showed it (transcripts measured with tiny listings):
STOP and runtime errors, Ctrl-C at an INPUT, the rest of the input at the direct mode."""

import io
import sys

import pytest

from games.basic import program
from games.basic.console import SEMICOLON, Console
from games.basic.errors import BREAK_MESSAGE, SUBSCRIPT_OUT_OF_RANGE, BasicError, at_line


def _stops(console: Console) -> None:
    """10 PRINT INP(1);INP(1)  20 PRINT "A";  30 STOP"""
    console.print(0, 0)
    console.print("A", SEMICOLON)
    with at_line(30):
        raise BasicError(BREAK_MESSAGE)


def _echoes(console: Console) -> None:
    """10 INPUT A  20 PRINT A  30 GOTO 10"""
    while True:
        with at_line(10):
            number = console.input_number()
        console.print(number)


def test_stop_prints_break_in_its_line_on_a_new_line() -> None:
    assert program.transcript(_stops, [], [10, 20, 30]) == " 0  0 \nA\nBreak in 30\xff\n"


def test_ctrl_c_at_an_input_breaks_and_the_rest_of_the_line_goes_to_the_direct_mode() -> None:
    got = program.transcript(_echoes, ["5", "1\x032", "7"], [10, 20, 30])
    assert got == (
        "? 5\n 5 \n? \x0e\nBreak in 10\nOk\xff\n2\nUndefined line number\xff\nOk\xff\n"
        "7\nUndefined line number\xff\n"
    )


def test_input_running_out_ends_the_transcript_after_the_prompt() -> None:
    assert program.transcript(_echoes, ["5"], [10, 20, 30]) == "? 5\n 5 \n? "


def _ends(console: Console) -> None:
    """10 PRINT "GAME";  20 END"""
    console.print("GAME", SEMICOLON)


def _stops_after_a_line(console: Console) -> None:
    """10 PRINT "A"  20 STOP"""
    console.print("A")
    with at_line(20):
        raise BasicError(BREAK_MESSAGE)


def _fails(console: Console) -> None:
    """10 DIM A(3)  20 A(5)=1"""
    with at_line(20):
        raise BasicError(SUBSCRIPT_OUT_OF_RANGE)


def test_cont_after_the_end_or_a_stop_can_continue_but_not_after_an_error() -> None:
    """Measured: CONT typed twice after END and after STOP, once after an error."""
    assert (
        program.transcript(_ends, ["CONT", "CONT"], [10, 20])
        == "GAME\nOk\xff\nCONT\nOk\xff\nCONT\n"
    )
    got = program.transcript(_stops_after_a_line, ["CONT", "CONT"], [10, 20])
    assert got == "A\nBreak in 20\xff\nOk\xff\nCONT\nOk\xff\nCONT\n"
    got = program.transcript(_fails, ["CONT"], [10, 20])
    assert got == "Subscript out of range in 20\xff\nOk\xff\nCONT\nCan't continue\xff\n"


def test_the_direct_mode_reads_the_whole_line_typed_even_past_the_cursor() -> None:
    """Measured: 0, cursor left, insert mode, 1 makes the line 10 (which deletes line 10)."""
    got = program.transcript(_ends, ["0\x1d\x121", "0\x1d\x121"], [10, 20])
    assert got == "GAME\nOk\xff\n10\n10\nUndefined line number\xff\n"


def test_the_terminal_shows_the_ibm_pc_characters_and_reads_typed_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The transcript's bytes are code page 437 (the IBM PC's): 0x82 is é; the typed line is
    not shown again (the terminal echoed it)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("5\n"))
    shown = io.StringIO()
    monkeypatch.setattr(sys, "stdout", shown)
    console = program.terminal_console()
    console.print("\x82T\x82")
    assert console.input_number("N") == 5
    assert shown.getvalue() == "\xe9T\xe9\nN? "
