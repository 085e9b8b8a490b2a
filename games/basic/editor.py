"""The screen editor that a typed line goes through before INPUT (or direct mode) reads it.

PC-BASIC does not read keystrokes as a line: they are typed onto the screen, editing keys move
the cursor or change the text, and Enter takes back the logical line (the rows joined by
wrapping) from the column where typing began; tabs, backspace, wrapping and scrolling all show
in the echo and in what INPUT receives. The keys emulated, those ignored and the rest: "The
screen editor" in docs/explanation/basic-runtime.md.
"""

import string
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from games.basic.errors import BREAK_MESSAGE, BasicError
from games.basic.screen import BOTTOM, TAB_STOP, WIDTH, Screen

ENTER, BREAK, BELL = "\r", "\x03", "\x07"
SCAN_PREFIX = "\x00"
SCAN_KEYS = {
    "G": "\x0b",
    "H": "\x1e",
    "P": "\x1f",
    "w": "\x0c",
    "K": "\x1d",
    "M": "\x1c",
    "O": "\x0e",
    "R": "\x12",
    "S": "\x7f",
    "s": "\x02",
    "t": "\x06",
    "u": "\x05",
}
IGNORED = frozenset("\x0b\x0c\x1e\x1f")
LEAVES_INSERT = frozenset("\x1c\x1d\x0e\x0b\x1e\x1f")
ALPHANUMERIC = frozenset(string.ascii_letters + string.digits)


class InputExhausted(Exception):
    """No keystrokes remain: the transcript ends where the program waits."""


class Break(BasicError):
    """Ctrl-C was typed: the program stops with `Break in LINE`, as a hard error does."""

    def __init__(self) -> None:
        super().__init__(BREAK_MESSAGE)


class Keys(Protocol):
    """Where keystrokes come from (a batch of typed lines, or the terminal)."""

    def read_key(self) -> str:
        """The next keystroke (one character); InputExhausted when there is none."""
        ...


@dataclass
class TypedLine:
    """What Enter took back: the text of the logical line, and where the cursor ended."""

    text: str
    last_row: int


@dataclass
class LineEditor:
    """One logical line being typed: its rows (the first one starts at screen column 1)."""

    rows: list[list[str]]
    top: int
    start_row: int
    left: int
    right: int
    column: int
    overflow: bool
    row: int = 0
    insert: bool = False
    feeds: list[bool] = field(default_factory=lambda: [False])

    @classmethod
    def at(cls, screen: Screen) -> "LineEditor":
        """An editor starting at the screen's cursor, the current row's text before it."""
        return cls(
            rows=[list(screen.text)],
            top=screen.row,
            start_row=screen.row,
            left=screen.column,
            right=screen.column,
            column=screen.column,
            overflow=screen.overflow,
        )

    def type_line(self, keys: Keys, whole_line: bool = False) -> TypedLine:
        """Apply keystrokes up to Enter; the logical line as PC-BASIC reads it back (from
        where typing began for INPUT, from column 1 of its first row for direct mode)."""
        while True:
            key = keys.read_key()
            if key == SCAN_PREFIX:
                key = SCAN_KEYS.get(keys.read_key(), "")
            if key == ENTER:
                if whole_line:
                    self.left, self.right = 1, WIDTH * len(self.rows) + 2
                return TypedLine(self.logical_line(), self.top + len(self.rows) - 1)
            if key == BREAK:
                raise Break
            if key in LEAVES_INSERT:
                self.insert = False
            self.press(key)
            if self.top + self.row == self.start_row:
                self.left = min(self.column, self.left)
                self.right = max(self.column, self.right)
                if self.column == WIDTH and self.overflow:
                    self.right += 1

    def press(self, key: str) -> None:
        """One editing key or typed character."""
        action = ACTIONS.get(key)
        if action is not None:
            action(self)
        elif not key or key in IGNORED or key == BELL:
            return
        elif self.insert:
            self.insert_char(key)
        else:
            self.write_char(key)

    def logical_line(self) -> str:
        """The rows joined (a line feed row ends with LF), from column `left` of the first."""
        first = self.rows[0]
        if len(self.rows) == 1:
            return "".join(first[self.left - 1 : min(len(first), self.right - 1)])
        parts = [
            "".join(row) + ("\n" if feed and len(row) < WIDTH else "")
            for row, feed in zip(self.rows, self.feeds, strict=True)
        ]
        return parts[0][self.left - 1 :] + "".join(parts[1:])

    def wraps(self, index: int) -> bool:
        """Whether row `index` continues on the next row of the logical line."""
        return index < len(self.rows) - 1

    def add_row(self, after: int) -> None:
        """A new empty row below `after` (inside the line, it ends in a line feed); at the
        bottom of the screen everything scrolls up."""
        self.rows.insert(after + 1, [])
        self.feeds.insert(after + 1, after + 2 < len(self.rows))
        if self.top + len(self.rows) - 1 > BOTTOM:
            self.top -= 1

    def drop_rows(self, start: int, stop: int | None = None) -> None:
        """Remove rows start..stop-1 of the line (to its end by default)."""
        del self.rows[start:stop]
        del self.feeds[start:stop]

    def write_char(self, char: str) -> None:
        """Overwrite the cell at the cursor and advance, wrapping onto the next row."""
        if self.overflow:
            self.overflow = False
            self.feeds[self.row] = len(self.rows[self.row]) < WIDTH
            if not self.wraps(self.row):
                self.add_row(self.row)
            self.row, self.column = self.row + 1, 1
        cells = self.rows[self.row]
        if len(cells) < self.column:
            cells.extend(" " * (self.column - len(cells)))
        cells[self.column - 1] = char
        if self.column < WIDTH:
            self.column += 1
        elif self.wraps(self.row):
            self.row, self.column = self.row + 1, 1
        else:
            self.overflow = True

    def insert_char(self, char: str) -> None:
        """Insert at the cursor, pushing the rest of the line along (into new rows if full)."""
        index, cells = self.row, self.rows[self.row]
        cells.extend(" " * (self.column - 1 - len(cells)))
        cells.insert(self.column - 1, char)
        while len(self.rows[index]) > WIDTH:
            spill = self.rows[index].pop()
            if not self.wraps(index):
                self.add_row(index)
            self.rows[index + 1].insert(0, spill)
            index += 1
        self.move_right()

    def move_right(self) -> None:
        """Cursor right; past column 80 onto the next row of the line (on the last row, the
        cursor stays, keeping its overflow state)."""
        if self.column < WIDTH:
            self.column, self.overflow = self.column + 1, False
        elif self.wraps(self.row):
            self.row, self.column, self.overflow = self.row + 1, 1, False

    def move_left(self) -> None:
        """Cursor left; from column 1 onto the end of the previous row of the line."""
        if self.overflow:
            self.overflow = False
            return
        if self.column > 1:
            self.column -= 1
        elif self.row > 0:
            self.row, self.column = self.row - 1, WIDTH

    def backspace(self) -> None:
        """Delete left of the cursor (at the start of the answer, the character under it)."""
        at_start = self.column == self.left and self.top + self.row == self.start_row
        if not at_start and (self.column > 1 or self.row > 0):
            self.move_left()
        self.delete()

    def delete(self) -> None:
        """Delete the character under the cursor; the rest of the line moves back (an emptied
        last row goes, an emptied row ending in a line feed stays with it)."""
        index, cells = self.row, self.rows[self.row]
        if self.column > len(cells):
            return
        del cells[self.column - 1]
        while self.wraps(index) and not self.feeds[index] and len(cells) == WIDTH - 1:
            below = self.rows[index + 1]
            if not below:
                self.feeds[index] = True
                break
            cells.append(below.pop(0))
            if not below:
                if not self.feeds[index + 1]:
                    self.drop_rows(index + 1)
                break
            index, cells = index + 1, below

    def tab(self) -> None:
        """To the next 8-column tab stop (in insert mode by inserting spaces)."""
        stop = TAB_STOP + 1 + TAB_STOP * ((self.column - 1) // TAB_STOP)
        if self.insert:
            for _ in range(min(stop, WIDTH + 1) - self.column):
                self.insert_char(" ")
        elif stop <= WIDTH:
            self.column = stop
        elif self.wraps(self.row):
            self.row, self.column = self.row + 1, stop - WIDTH
        else:
            self.column = WIDTH

    def line_feed(self) -> None:
        """Ctrl-J: the rest of the row moves to a new row; the line goes on there."""
        cells = self.rows[self.row]
        self.add_row(self.row)
        self.feeds[self.row] = True
        if self.column < len(cells):
            self.rows[self.row + 1][:0] = cells[self.column - 1 :]
            del cells[self.column - 1 :]
            return
        self.row, self.column, self.overflow = self.row + 1, 1, False

    def escape(self) -> None:
        """Esc: clear the answer (the whole line once the prompt row has scrolled away)."""
        if self.top == self.start_row:
            del self.rows[0][self.left - 1 :]
            self.drop_rows(2)
            if len(self.rows) > 1:
                self.rows[1] = []
            self.row, self.column = 0, self.left
        else:
            self.rows, self.feeds, self.row, self.column = [[]], [False], 0, 1
        self.overflow = False

    def clear_to_end(self) -> None:
        """Ctrl-E: clear from the cursor to the end of the line."""
        del self.rows[self.row][self.column - 1 :]
        self.drop_rows(self.row + 1)
        self.feeds[self.row] = False

    def to_end(self) -> None:
        """Ctrl-N: the cursor after the last character of the line."""
        self.row = len(self.rows) - 1
        length = len(self.rows[self.row])
        self.column, self.overflow = (WIDTH, True) if length == WIDTH else (length + 1, False)

    def word_right(self) -> None:
        """Ctrl-F: to the start of the next word (no move if there is none)."""
        cells = self._cells()
        position = self._position()
        while position < len(cells) and cells[position] in ALPHANUMERIC:
            position += 1
        while position < len(cells) and cells[position] not in ALPHANUMERIC:
            position += 1
        if position < len(cells):
            self._place(position)

    def word_left(self) -> None:
        """Ctrl-B: to the start of the previous word (no move if there is none)."""
        cells = self._cells()
        position = self._position() - 1
        while position >= 0 and (position >= len(cells) or cells[position] not in ALPHANUMERIC):
            position -= 1
        if position < 0:
            return
        while position > 0 and cells[position - 1] in ALPHANUMERIC:
            position -= 1
        self._place(position)

    def _cells(self) -> list[str]:
        """The line's cells as one run, each row padded to the full width."""
        padded = [row + [" "] * (WIDTH - len(row)) for row in self.rows[:-1]]
        return [cell for row in padded for cell in row] + self.rows[-1]

    def _position(self) -> int:
        """The cursor as an index into `_cells`."""
        return self.row * WIDTH + self.column - 1

    def _place(self, position: int) -> None:
        """The cursor at an index of `_cells`."""
        self.row, self.column, self.overflow = position // WIDTH, position % WIDTH + 1, False

    def toggle_insert(self) -> None:
        """Ctrl-R: insert mode on or off."""
        self.insert = not self.insert


ACTIONS: dict[str, Callable[[LineEditor], None]] = {
    "\x08": LineEditor.backspace,
    "\t": LineEditor.tab,
    "\n": LineEditor.line_feed,
    "\x1b": LineEditor.escape,
    "\x05": LineEditor.clear_to_end,
    "\x0e": LineEditor.to_end,
    "\x06": LineEditor.word_right,
    "\x02": LineEditor.word_left,
    "\x12": LineEditor.toggle_insert,
    "\x7f": LineEditor.delete,
    "\x1c": LineEditor.move_right,
    "\x1d": LineEditor.move_left,
}
