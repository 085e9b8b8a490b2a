"""A program's run as PC-BASIC 2.0.8 showed it (transcripts measured with tiny listings):
STOP and runtime errors, Ctrl-C at an INPUT, the rest of the input at the direct mode."""

from games.basic import program
from games.basic.console import Console
from games.basic.errors import BREAK_MESSAGE, BasicError, at_line


def _stops(console: Console) -> None:
    """10 PRINT INP(1);INP(1)  20 PRINT "A";  30 STOP"""
    console.print(0, 0)
    console.print("A", end="")
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
