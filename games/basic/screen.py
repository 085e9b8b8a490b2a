"""The 80-column text screen as far as the transcript depends on it: the cursor and the text
of the current row.

PC-BASIC's output file receives what is printed, byte for byte; the screen decides only where
the cursor is, which changes what later statements print (a number that does not fit moves to
the next line, TAB past the cursor starts a new line, POS) and what INPUT reads back from the
screen. The cursor is on rows 1 to 24 (row 25 holds the function-key bar, so printing scrolls
at row 24); a character written at column 80 leaves the cursor there in an "overflow" state,
and the next character starts the next row (a screen wrap, which writes no line break).

The cursor controls move it as PC-BASIC's PRINT does: right from column 80 to the next row (not
on the bottom row, where it stays), keeping the overflow state, so that a character then goes
to column 2; left from column 1 to column 80 of the row above (not on the top row); up and down
within rows 1 to 24. Only the current row's text is kept: a row moved to counts as empty.
"""

import re
from dataclasses import dataclass

WIDTH = 80
BOTTOM = 24
TAB_STOP = 8
# characters that the screen treats as controls rather than glyphs when printed
PRINT_CONTROLS = frozenset("\t\n\r\a\x0b\x0c\x1c\x1d\x1e\x1f")
_CONTROL = re.compile("[" + re.escape("".join(sorted(PRINT_CONTROLS))) + "]")


@dataclass
class Screen:
    """Cursor position (column and row from 1), the overflow state, and the current row's text."""

    column: int = 1
    row: int = 1
    overflow: bool = False
    text: str = ""

    def write(self, chars: str) -> None:
        """Put printed characters on the screen, as PRINT does (controls move the cursor); the
        glyphs between controls go on in runs, as they would one by one."""
        if PRINT_CONTROLS.isdisjoint(chars):
            end = self.column - 1 + len(chars)
            if not self.overflow and end < WIDTH and len(self.text) == self.column - 1:
                self.text += chars  # the usual case: text at the row's end, room to spare
                self.column = end + 1
            else:
                self.put_glyphs(chars)
            return
        start = 0
        for control in _CONTROL.finditer(chars):
            self.put_glyphs(chars[start : control.start()])
            self.control(control.group())
            start = control.end()
        self.put_glyphs(chars[start:])

    def control(self, char: str) -> None:
        """A control character printed: move the cursor as PRINT does."""
        if char in "\r\n":
            self.new_line()
        elif char == "\t":
            self.put_glyphs(" " * (TAB_STOP - (self.column - 1) % TAB_STOP))
        elif char in "\x0b\x0c":
            self.home(clear=char == "\x0c")
        elif char == "\x1c":
            self.move_to(self.column + 1)
        elif char == "\x1d":
            self.move_to(self.column - 1)
        elif char in "\x1e\x1f":
            self.overflow = self.overflow and self.column == WIDTH
            row = max(1, self.row - 1) if char == "\x1e" else min(BOTTOM, self.row + 1)
            if row != self.row:
                self.row, self.text = row, ""

    def put_glyphs(self, chars: str) -> None:
        """Write characters at the cursor, wrapping to the next row after column 80."""
        if not chars:
            return
        if self.overflow and self.column < WIDTH:
            self.column, self.overflow = self.column + 1, False
        elif self.overflow:
            self.next_row()
        start = self.column - 1
        end = start + len(chars)
        if end <= WIDTH:
            self._place(start, chars)
            self.column, self.overflow = (end + 1, False) if end < WIDTH else (WIDTH, True)
            return
        self._place(start, chars[: WIDTH - start])
        rest = chars[WIDTH - start :]
        while rest:
            self.next_row()
            self._place(0, rest[:WIDTH])
            last = len(rest[:WIDTH])
            rest = rest[WIDTH:]
            self.column, self.overflow = (last + 1, False) if last < WIDTH else (WIDTH, True)

    def _place(self, start: int, chars: str) -> None:
        """Overwrite the row's text from a 0-based column."""
        text = self.text
        if len(text) == start:
            self.text = text + chars
            return
        if len(text) < start:
            text += " " * (start - len(text))
        self.text = text[:start] + chars + text[start + len(chars) :]

    def next_row(self) -> None:
        """Move to column 1 of the next row (scrolling at the bottom), a screen wrap."""
        self.new_line()

    def new_line(self) -> None:
        """Carriage return and line feed: column 1 of the next row, an empty row."""
        self.column, self.overflow, self.text = 1, False, ""
        self.row = min(self.row + 1, BOTTOM)

    def home(self, clear: bool) -> None:
        """The cursor to the top left (CLS also empties the screen)."""
        self.column, self.row, self.overflow = 1, 1, False
        if clear:
            self.text = ""

    def move_to(self, column: int) -> None:
        """Cursor right or left on the row, past the edges as the module's description says."""
        if column > WIDTH:
            if self.row < BOTTOM:
                self.column, self.row, self.text = 1, self.row + 1, ""
            return
        self.overflow = False
        if column >= 1:
            self.column = column
        elif self.row > 1:
            self.column, self.row, self.text = WIDTH, self.row - 1, ""
        else:
            self.column = 1

    @property
    def position(self) -> int:
        """POS(0): the cursor column, 1 when in the overflow state at column 80."""
        return 1 if self.overflow else self.column
