"""PRINT and INPUT on PC-BASIC's console, and the transcript they make.

The transcript is what PC-BASIC's output file receives: every printed character (a carriage
return as a line feed), each typed line echoed after its prompt as the screen shows it, and
nothing for the screen's own wrapping at column 80. Text is one character per byte (latin-1).

PRINT items (`Console.print`) are strings, numbers (Single or int: printed with a leading space
or minus sign and a trailing space), `COMMA` (the next 14-column zone, or a new line from column
57 on), `Tab(n)` (column n, on a new line if the cursor is past it) and `Spc(n)`. An item that
does not fit in what is left of the 80 columns starts a new line first. The statement ends with
a new line unless its last item is `SEMICOLON` (BASIC's trailing semicolon), COMMA, Tab or Spc.
Arguments are evaluated before the call: where a soft error can happen in the middle of a PRINT
(its message appears after the items before it), split the PRINT into two calls.
"""

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, auto

from games.basic.answers import NUMBER, TEXT, read_answers
from games.basic.editor import Break, Keys, LineEditor
from games.basic.functions import word
from games.basic.numtext import number_text
from games.basic.screen import BOTTOM, WIDTH, Screen
from games.basic.single import Operand, Single

ZONE_WIDTH = 14
LAST_ZONE = WIDTH // ZONE_WIDTH
LINE_LIMIT = 255
REDO = "?Redo from start"
BREAK_MARK = "\x0e"


class Separator(Enum):
    """A PRINT statement's punctuation: a comma moves to the next print zone, a semicolon
    nowhere; either one last keeps the cursor on the line."""

    COMMA = auto()
    SEMICOLON = auto()


COMMA = Separator.COMMA
SEMICOLON = Separator.SEMICOLON


@dataclass(frozen=True)
class Tab:
    """TAB(n): move to column n (counted from 1, modulo the width)."""

    column: Operand


@dataclass(frozen=True)
class Spc:
    """SPC(n): print n spaces (modulo the width)."""

    count: Operand


PrintItem = str | Single | int | Separator | Tab | Spc


class Console:
    """The screen, the keyboard and the transcript of one program run."""

    def __init__(self, keys: Keys, live: Callable[[str], None] | None = None) -> None:
        self.keys = keys
        self.screen = Screen()
        self.chunks: list[str] = []
        self.live = live

    def transcript(self) -> str:
        """Everything printed and echoed so far."""
        return "".join(self.chunks)

    def emit(self, text: str, to_terminal: bool = True) -> None:
        """Add text to the transcript (and to the terminal when playing live)."""
        self.chunks.append(text)
        if self.live is not None and to_terminal:
            self.live(text)

    def write(self, text: str) -> None:
        """Put characters on the screen as PC-BASIC's console does, with no line breaking."""
        if not text:
            return
        shown = text.replace("\r", "\n") if "\r" in text else text
        self.chunks.append(shown)  # `emit`, written out: every item printed comes here
        if self.live is not None:
            self.live(shown)
        self.screen.write(text)

    def write_line(self, text: str = "") -> None:
        """Text and a new line."""
        self.write(text)
        self.emit("\n")
        self.screen.new_line()

    def start_line(self) -> None:
        """A new line unless the cursor is at column 1 (before messages and the Ok prompt)."""
        if self.screen.column != 1:
            self.emit("\n")
            self.screen.new_line()

    def soft_error(self, message: str) -> None:
        """Print a soft error's message where the cursor is, then a new line."""
        self.write_line(message)

    @property
    def pos(self) -> int:
        """POS(0): the cursor column."""
        return self.screen.position

    def print(self, *items: PrintItem) -> None:
        """PRINT items...: see the module's description."""
        newline = True
        for item in items:
            if isinstance(item, str):
                self._print_text(item)
            elif isinstance(item, (Single, int)):
                self._print_text(number_text(item) + " ")
            elif item is COMMA:
                self._next_zone()
            elif isinstance(item, Tab):
                self._tab(word(item.column))
            elif isinstance(item, Spc):
                self._print_text(" " * (word(item.count) % WIDTH), can_break=False)
            elif item is not SEMICOLON:
                raise TypeError(f"PRINT cannot show {type(item).__name__}")
            newline = not isinstance(item, (Separator, Tab, Spc))
        if newline:
            if self.screen.overflow:
                self.write_line()
            self.write_line()

    def _print_text(self, text: str, can_break: bool = True) -> None:
        """One item: on a new line first if it does not fit in the rest of the row."""
        column = self.screen.column
        if can_break and column != 1:
            width: int | None
            if text.isascii() and text.isprintable():
                width = len(text)
            else:
                width = _printed_width(text)
            if width is not None and column - 1 + width > WIDTH:
                self.write_line()
        self.write(text)

    def _next_zone(self) -> None:
        """The comma: spaces to the next 14-column zone, or a new line past the last zone."""
        column = self.screen.column
        zone = (column - 1) // ZONE_WIDTH + 1
        if zone >= LAST_ZONE:
            self.write_line()
        else:
            self._print_text(" " * (1 + ZONE_WIDTH * zone - column), can_break=False)

    def _tab(self, column: int) -> None:
        """TAB(column): spaces to it, or a new line and spaces if the cursor is past it."""
        target = max(0, column - 1) % WIDTH + 1
        if target < self.screen.column:
            self.write_line()
            self.write(" " * (target - 1))
        else:
            self._print_text(" " * (target - self.screen.column), can_break=False)

    def read_line(self, prompt: str, whole_line: bool = False) -> str:
        """Show the prompt, let a line be typed; its echo goes to the transcript.

        Returns what INPUT (or direct mode, reading the `whole_line`) gets: the first 255
        characters without trailing blanks.
        """
        self.write(prompt)
        try:
            typed = LineEditor.at(self.screen).type_line(self.keys, whole_line)
        except Break:
            self.emit(BREAK_MARK)
            self.write_line()
            raise
        self.emit(typed.text + "\n", to_terminal=False)
        self.screen.new_line()
        self.screen.row = min(typed.last_row + 1, BOTTOM)
        return typed.text[:LINE_LIMIT].rstrip(" \t\n")

    def input(self, prompt: str | None, kinds: str, question: bool = True) -> list[Single | str]:
        """INPUT ["prompt";] variables: kinds has 'n' per number and 's' per string.

        The prompt is followed by "? " (as BASIC's `;` does; `question=False` is BASIC's `,`);
        with no prompt, "? " alone. Asks again after ?Redo from start until the answers read.
        """
        shown = (prompt or "") + ("? " if question or prompt is None else "")
        while True:
            values = read_answers(self.read_line(shown), kinds)
            if values is not None:
                return values
            self.write_line(REDO)

    def input_number(self, prompt: str | None = None) -> Single:
        """INPUT ["prompt";] X for one number."""
        value = self.input(prompt, NUMBER)[0]
        assert isinstance(value, Single)
        return value

    def input_string(self, prompt: str | None = None) -> str:
        """INPUT ["prompt";] A$ for one string."""
        value = self.input(prompt, TEXT)[0]
        assert isinstance(value, str)
        return value


def _printed_width(text: str) -> int | None:
    """Columns the text takes before any line break; None if it contains one."""
    width = 0
    for char in text:
        if char in "\r\n":
            return None
        if char == "\b":
            width -= 1
        elif char >= " ":
            width += 1
    return width
