"""The keystroke sources: a batch of typed lines (PC-BASIC's input file) and the terminal."""

import io

from games.basic.editor import ENTER
from games.basic.keys import Keystrokes, TerminalKeys, typed


def test_a_byte_the_terminal_could_not_decode_reaches_the_program_as_that_byte() -> None:
    """Python reads such a byte from stdin as a lone surrogate; PC-BASIC would get the byte."""
    assert typed("caf\udce9") == "caf\xe9"
    assert typed("é") == "\xc3\xa9"


def test_remaining_lines_counts_the_enters_still_to_come() -> None:
    keys = Keystrokes.of_lines(["ab", "", "cd"])
    assert keys.remaining_lines() == 3
    assert [keys.read_key() for _ in range(3)] == ["a", "b", ENTER]
    assert keys.remaining_lines() == 2
    keys.read_key()
    assert keys.remaining_lines() == 1


def test_an_enter_then_a_line_feed_in_the_input_file_is_one_enter() -> None:
    """PC-BASIC reads CR LF in its input file as one Enter (measured: a line feed typed first
    in an answer is not echoed)."""
    assert Keystrokes.of_lines(["a", "\nb", "c\n"]).keys == "a\rb\rc\n\r"
    assert Keystrokes.of_lines(["\nb"]).keys == "\nb\r"


def test_a_terminal_line_keeps_its_blanks_and_letters_and_loses_only_its_line_end() -> None:
    keys = TerminalKeys(io.StringIO("MAX  \r\nX\n"))
    assert "".join(keys.read_key() for _ in range(6)) == "MAX  " + ENTER
    assert keys.read_key() + keys.read_key() == "X" + ENTER
