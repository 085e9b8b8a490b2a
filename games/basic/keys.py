"""Keystrokes for the console: a batch of typed lines, or the player at a terminal.

A typed line reaches PC-BASIC as its UTF-8 bytes followed by a carriage return; the runtime
works on text with one character per byte, so a line is encoded to UTF-8 and decoded as latin-1
(`typed`). PC-BASIC reads a line of its input file only when the program waits for one, and
reads CR LF there as one Enter: a line that starts with a line feed loses it after the Enter
before it.
"""

from dataclasses import dataclass
from typing import TextIO

from games.basic.editor import ENTER, InputExhausted


def typed(line: str) -> str:
    """A line of text as the bytes PC-BASIC receives, one character per byte."""
    return line.encode("utf-8", "surrogateescape").decode("latin-1")


@dataclass
class Keystrokes:
    """The keys of a batch of input lines, each ended by Enter."""

    keys: str
    position: int = 0

    @classmethod
    def of_lines(cls, lines: list[str]) -> "Keystrokes":
        """The keystrokes of typing each line and Enter (an Enter and line feed are one Enter)."""
        return cls("".join(typed(line) + ENTER for line in lines).replace(ENTER + "\n", ENTER))

    def read_key(self) -> str:
        """The next key; InputExhausted after the last."""
        if self.position >= len(self.keys):
            raise InputExhausted
        key = self.keys[self.position]
        self.position += 1
        return key

    def remaining_lines(self) -> int:
        """How many Enter keys are still to come."""
        return self.keys.count(ENTER, self.position)


@dataclass
class TerminalKeys:
    """Keys from a terminal, a line at a time (the terminal edits and echoes the line)."""

    stream: TextIO
    pending: str = ""

    def read_key(self) -> str:
        """The next key, reading a line from the terminal when none is pending."""
        if not self.pending:
            line = self.stream.readline()
            if not line:
                raise InputExhausted
            self.pending = typed(line.rstrip("\r\n")) + ENTER
        key, self.pending = self.pending[0], self.pending[1:]
        return key
