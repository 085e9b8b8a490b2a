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
  CLEAR, BEEP, REM ... → Ok; PRINT or ? → an empty line; STOP → Break; CONT → Can't continue;
  NEXT, RETURN, RESUME, WEND, WHILE → their "without" errors; ON, IF, KEY, NAME, OPEN, ERROR →
  Missing operand);
- anything else a player would type (names, words, commands of the games, yes and no, signed
  or decimal numbers, quoted text) is `Syntax error`.
Each answered line is followed by the `Ok` prompt; stored and deleted lines and blank lines are
not. Errors print their message and `\\xff`.

Not emulated: statements with arguments (PRINT 5, X = 1, GOTO 10, LIST 100, ...) and the
commands that act on the stored program or the machine (RUN, LIST, NEW, AUTO, EDIT, SYSTEM,
FILES, LOAD, SAVE, INPUT): they get `Syntax error` here; nor the clearing of variables and of
the random generator that storing a program line does in PC-BASIC (nothing runs afterwards).
"""

from collections.abc import Iterable

from games.basic.console import Console
from games.basic.errors import SYNTAX_ERROR, UNDEFINED_LINE_NUMBER

OK_PROMPT = "Ok\xff"
ERROR_MARK = "\xff"
LAST_LINE = 65529
LINE_DIGITS = 5
SMALL_LINE_LIMIT = 6552  # a fifth digit is read only after a number up to this
DIGITS = "0123456789"
NUMBER_START = frozenset(DIGITS + ".&")
BLANKS = " \t\n"
QUIET = frozenset(["END", "CLS", "CLEAR", "CLOSE", "BEEP", "TRON", "TROFF", "RESTORE", "ELSE"])
MESSAGES = {
    "STOP": "Break",
    "CONT": "Can't continue",
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


def direct_mode(console: Console, listing_lines: Iterable[int]) -> None:
    """Show the Ok prompt and answer typed lines until the input runs out (InputExhausted)."""
    lines = set(listing_lines)
    console.start_line()
    console.write_line(OK_PROMPT)
    while True:
        text = console.read_line("", whole_line=True)
        reply = answer(text, lines)
        if reply is None:
            continue
        if reply == "":
            console.write_line()
        elif reply != OK_PROMPT:
            console.start_line()
            console.write_line(reply + ERROR_MARK)
        console.start_line()
        console.write_line(OK_PROMPT)


def answer(text: str, lines: set[int]) -> str | None:
    """What a typed line prints before Ok: None for no Ok at all, "" for an empty line,
    OK_PROMPT for nothing but Ok, else an error message. Stores or deletes program lines."""
    stripped = text.lstrip(BLANKS)
    if not stripped:
        return None
    if stripped[0] in DIGITS:
        return _program_line(stripped, lines)
    word = stripped.rstrip(BLANKS).upper()
    if word in QUIET or word.startswith(("REM", "'", "DATA")):
        return OK_PROMPT
    if word in ("PRINT", "?"):
        return ""
    return MESSAGES.get(word, SYNTAX_ERROR)


def _program_line(text: str, lines: set[int]) -> str | None:
    """A numbered line: store it, or delete the line it names; None when silent."""
    digits, position, blanks = "", 0, 0
    while position < len(text) and len(digits) < LINE_DIGITS:
        char = text[position]
        if char in DIGITS:
            digits += char
            blanks = 0
            position += 1
            if int(digits) > SMALL_LINE_LIMIT:
                break
        elif char in BLANKS:
            blanks += 1
            position += 1
        else:
            break
    number = int(digits)
    rest = text[position - blanks :].lstrip(BLANKS)
    if rest and rest[0] in NUMBER_START:
        return SYNTAX_ERROR
    if rest:
        lines.add(number)
        return None
    if number in lines:
        lines.discard(number)
        return None
    return UNDEFINED_LINE_NUMBER
