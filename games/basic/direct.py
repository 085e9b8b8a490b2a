"""The interpreter's direct mode: what PC-BASIC does with lines typed after the program stopped.

When the listing ends (END, or its last line) or stops on an error, PC-BASIC prints `Ok` and
every remaining input line is typed at its command prompt. The line is echoed; then:

- a blank line does nothing;
- a line starting with a number is a program line: stored silently if text follows, deleted
  silently if the number alone names an existing line (the listing's or one typed earlier),
  `Undefined line number` if it names none; text that starts like a number after the line
  number (`2.5`, `1 .5`) is `Syntax error`, and so are line numbers of 65530 and above
  (digits are read while the number stays below 65530; spaces between digits are skipped);
- a few statements that make sense alone are answered as PC-BASIC answers them (END, CLS,
  CLEAR, BEEP, REM, empty statements `:` ... → Ok; PRINT or ? → an empty line; STOP → Break;
  NEXT, RETURN, RESUME, WEND, WHILE → their "without" errors; ON, IF, KEY, NAME, OPEN, ERROR →
  Missing operand; CONT → Can't continue unless the program could resume: after its END, STOP
  or a Break, with no numbered line typed since nor CLEAR; a direct END makes it resumable);
- Ctrl-C at the prompt prints its mark and a new line (no Ok); the rest of the line goes on;
- anything else a player would type (names, words, commands of the games, yes and no, signed
  or decimal numbers, quoted text) is `Syntax error`.
Each answered line is followed by the `Ok` prompt; stored and deleted lines and blank lines are
not. Errors print their message and `\\xff`.

Not emulated: statements with arguments (PRINT 5, X = 1, GOTO 10, LIST 100, ...) and the
commands that act on the stored program or the machine (RUN, LIST, NEW, AUTO, EDIT, SYSTEM,
FILES, LOAD, SAVE, INPUT): they get `Syntax error` here; CONT when the program could resume
(PC-BASIC runs the listing on from where it stopped; here it is just Ok); the clearing of
variables and of the random generator that storing a program line does (nothing runs after);
lines with non-ASCII characters, whose bytes PC-BASIC reads as keyword tokens.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from games.basic.console import Console
from games.basic.editor import Break
from games.basic.errors import SYNTAX_ERROR, UNDEFINED_LINE_NUMBER

OK_PROMPT = "Ok\xff"
CANT_CONTINUE = "Can't continue"
ERROR_MARK = "\xff"
LINE_DIGITS = 5
SMALL_LINE_LIMIT = 6552  # a fifth digit is read only after a number up to this
DIGITS = "0123456789"
NUMBER_START = frozenset(DIGITS + ".&")
BLANKS = " \t\n"
QUIET = frozenset(["END", "CLS", "CLEAR", "CLOSE", "BEEP", "TRON", "TROFF", "RESTORE", "ELSE"])
MESSAGES = {
    "STOP": "Break",
    "NEXT": "NEXT without FOR",
    "RETURN": "RETURN without GOSUB",
    "RESUME": "RESUME without error",
    "WEND": "WEND without WHILE",
    "WHILE": "WHILE without WEND",
    "ON": "Missing operand",
    "IF": "Missing operand",
    "KEY": "Missing operand",
    "NAME": "Missing operand",
    "OPEN": "Missing operand",
    "ERROR": "Missing operand",
}


@dataclass
class Stored:
    """What the interpreter keeps between direct lines: the program's line numbers, and whether
    CONT could resume the program (after its END or a Break, until a line is typed or CLEAR)."""

    lines: set[int]
    resumable: bool


def direct_mode(console: Console, listing_lines: Iterable[int], resumable: bool) -> None:
    """Show the Ok prompt and answer typed lines until the input runs out (InputExhausted)."""
    stored = Stored(set(listing_lines), resumable)
    console.start_line()
    console.write_line(OK_PROMPT)
    while True:
        try:
            text = console.read_line("", whole_line=True)
        except Break:
            continue
        reply = answer(text, stored)
        if reply is None:
            continue
        if reply == "":
            console.write_line()
        elif reply != OK_PROMPT:
            console.start_line()
            console.write_line(reply + ERROR_MARK)
        console.start_line()
        console.write_line(OK_PROMPT)


def answer(text: str, stored: Stored) -> str | None:
    """What a typed line (as read, without trailing blanks) prints before Ok: None for no Ok
    at all, "" for an empty line, OK_PROMPT for nothing but Ok, else an error message. Stores
    or deletes program lines."""
    stripped = text.lstrip(BLANKS)
    if not stripped:
        return None
    if stripped[0] in DIGITS:
        stored.resumable = False
        return _program_line(stripped, stored.lines)
    word = stripped.upper()
    if word in ("END", "CLEAR"):
        stored.resumable = word == "END"
    if word == "CONT":
        return OK_PROMPT if stored.resumable else CANT_CONTINUE
    if not word.strip(BLANKS + ":") or word in QUIET or word.startswith(("REM", "'", "DATA")):
        return OK_PROMPT
    if word in ("PRINT", "?"):
        return ""
    return MESSAGES.get(word, SYNTAX_ERROR)


def _program_line(text: str, lines: set[int]) -> str | None:
    """A numbered line: store it, or delete the line it names; None when silent."""
    digits, position = "", 0
    while position < len(text) and len(digits) < LINE_DIGITS:
        char = text[position]
        if char in DIGITS:
            digits += char
            if int(digits) > SMALL_LINE_LIMIT:
                position += 1
                break
        elif char not in BLANKS:
            break
        position += 1
    number = int(digits)
    rest = text[position:].lstrip(BLANKS)
    if rest and rest[0] in NUMBER_START:
        return SYNTAX_ERROR
    if rest:
        lines.add(number)
        return None
    if number in lines:
        lines.discard(number)
        return None
    return UNDEFINED_LINE_NUMBER
