"""The interpreter's direct mode: what PC-BASIC does with lines typed after the program stopped.

When the listing ends or stops on an error, PC-BASIC prints `Ok` and every remaining input line
is typed at its command prompt: program lines are stored or deleted silently, the few statements
that make sense alone are answered as PC-BASIC answers them, and anything else a player would
type is `Syntax error`; each answered line is followed by `Ok`. The games' transcripts go on
through these lines, so the clones must print them too. Every rule, and what is not emulated:
"Direct mode" in docs/explanation/basic-runtime.md.
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
