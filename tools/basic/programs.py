"""The BASIC programs that tools/basic/facts.py measures PC-BASIC with: listings kept as `.bas`
files in listings/, and the programs made from the cases (tools/basic/cases.py), one line each.

The facts programs (common.bas, then arithmetic.bas, functions.bas, val.bas or cint.bas) read
their cases from CASES.TXT, print `#` before each case's results, and print a single result as
`=` and its four MKS$ bytes in hex (line 800); soft errors (Overflow, Division by zero) appear as
lines of their own in the record, a hard error as `!` and its code.
"""

import re
from collections.abc import Iterable
from pathlib import Path

LISTINGS = Path(__file__).resolve().with_name("listings")
PROMPT = re.compile(r'INPUT "([^"]*)";')


def listing(name: str) -> str:
    """The listing listings/NAME.bas, its lines ended by `\\n` (its bytes are PC-BASIC's)."""
    return (LISTINGS / f"{name}.bas").read_text(encoding="latin-1")


def listings(kind: str, names: Iterable[str]) -> dict[str, str]:
    """The listings listings/KIND_NAME.bas by name (spaces in a name are `_` in its file)."""
    return {name: listing(f"{kind}_{name.replace(' ', '_')}") for name in names}


def source(text: str) -> bytes:
    """A program's bytes as PC-BASIC reads them: latin-1, each line ended by a carriage return."""
    return text.replace("\n", "\r").encode("latin-1")


def lines_source(lines: Iterable[str]) -> bytes:
    """The bytes of a program of these lines."""
    return source("".join(f"{line}\n" for line in lines))


COMMON = listing("common")
ARITHMETIC_OPERATIONS = ["+", "-", "*", "/"]
ARITHMETIC = COMMON + listing("arithmetic")
FUNCTION_NAMES = [
    "INT",
    "FIX",
    "ABS",
    "SGN",
    "SQR(ABS)",
    "^2",
    "^3",
    "^-1",
    "ABS^.5",
    "PRINT",
    "STR$",
]
"""What functions.bas prints for each case, in order."""
FUNCTIONS = COMMON + listing("functions")
VAL = COMMON + listing("val")
CINT = COMMON + listing("cint")
INPUT_PROGRAMS = listings("input", ("number", "string", "two numbers", "string and number"))
DIRECT_LISTING = [10, 20, 100, 1000]
"""The line numbers of the direct programs."""
DIRECT_PROGRAMS = listings("direct", ("end", "error"))
EDITOR_PROGRAMS = listings(
    "editor", ("short", "long", "bottom", "low", "edge", "rolling", "direct")
)
"""Where the keys are typed: after "? " at the top of a cleared screen, after a 64-column
prompt, after "? " on the bottom row (typing past column 80 scrolls), on the third row from
the bottom (a line of three rows reaches the bottom, of four scrolls), after a prompt that ends
at column 80, with no clearing of the screen (each answer below the last, the screen scrolling),
and at the direct mode (which reads the whole logical line back)."""
EDITOR_BLANK_ROWS: dict[str, tuple[int, ...]] = {
    "short": (0,),
    "long": (0,),
    "bottom": (23,),
    "low": (21,),
    "edge": (0,),
    "rolling": (0, 23),
    "direct": (23,),
}
"""The rows above the line being typed: at the direct mode the bottom row, where lines are typed
once the first few have scrolled the screen; with no clearing (rolling), any row from the top
to the bottom, and an answer is kept only if emulated at both."""
EDITOR_CASE_PROGRAMS = {
    "short": EDITOR_PROGRAMS["short"],
    "bottom": EDITOR_PROGRAMS["bottom"],
    "home": listing("editor_home"),
}
"""Where the answers of EDITOR_CASES are typed: as the editor facts' short and bottom, and at
the top-left corner (INPUT with no prompt and no question mark, after a clear screen)."""
STRING_RESULTS = {"ASC": "X", "SGN": "X", "SPC": ""}
"""The variable a string case's result is kept in, by function (else X$)."""


def prompt(program: str) -> str | None:
    """The prompt an editor program's INPUT prints before its `? ` ('' for none; None when the
    program has no INPUT: the keys are typed at the direct mode)."""
    if "INPUT " not in program:
        return None
    found = PROMPT.search(program)
    return found.group(1) if found else ""


EDITOR_PROMPTS = {name: prompt(program) for name, program in EDITOR_PROGRAMS.items()}


def split_records(output: str, count: int) -> list[list[str]]:
    """The lines printed for each case (cases separated by lines reading `#`), at most `count`."""
    records: list[list[str]] = []
    for line in output.split("\n"):
        if line == "#":
            records.append([])
        elif records:
            records[-1].append(line)
    if records and records[-1][-1:] == [""]:
        records[-1].pop()
    return records[:count]


def stopped(record: list[str]) -> bool:
    """Whether a case's record ends with a hard error that stopped the program."""
    return bool(record) and record[-1].endswith("\xff")


def constants_program(texts: list[str]) -> bytes:
    """One line per constant: assign it and print its bytes."""
    lines = [line for line in COMMON.splitlines() if not line.startswith("3 ")]
    lines += [f'{10 + i} PRINT "#": C={text}: GOSUB 800' for i, text in enumerate(texts)]
    lines.append(f"{10 + len(texts)} END")
    return lines_source(lines)


def rnd_program(seed: int) -> bytes:
    """RANDOMIZE seed, then rnd.bas: draws as integers (x * 2**24), RND(0) and a negative
    reseed."""
    return source(f"10 RANDOMIZE {seed}\n" + listing("rnd"))


def print_program(scenarios: list[str]) -> bytes:
    """One PRINT statement per scenario line, juxtaposed items joined by `;`."""
    return lines_source(f"{10 + i} PRINT {scenario}" for i, scenario in enumerate(scenarios))


def cursor_read_program(statements: list[str]) -> bytes:
    """Per statement: PRINT it, INPUT "",A$ on the same row, show A$ and the cursor's row."""
    return lines_source(
        f'{10 + i} PRINT {statement};: INPUT "",A$: PRINT "[";A$;"]";CSRLIN;POS(0)'
        for i, statement in enumerate(statements)
    )


def strings_program(cases: list[tuple[str, ...]]) -> bytes:
    """One line per case: the result between brackets, or `!` and the error code."""
    lines = ["1 ON ERROR GOTO 900"]
    for number, (function, *arguments) in enumerate(cases, start=10):
        if function == "SPC":
            lines.append(f'{number} PRINT "#": PRINT "[";SPC({arguments[0]});"]"')
            continue
        expression = (
            "+".join(arguments) if function == "+" else f"{function}({','.join(arguments)})"
        )
        variable = STRING_RESULTS.get(function, "X$")
        lines.append(
            f'{number} PRINT "#": E=0: {variable}={expression}: '
            f'IF E=0 THEN PRINT "[";{variable};"]"'
        )
    lines += [f"{10 + len(cases)} END", '900 E=1: PRINT "!";ERR: RESUME NEXT']
    return lines_source(lines)


# Expressions at the edges of single arithmetic, powers, number text and VAL: (expression,
# operand A, operand B), the operands as MBF bytes in hex. An expression `PRINT` prints A; `VAL`
# reads the text whose latin-1 bytes are A in hex; `A^N%=-2` raises A to an integer variable (a
# negative literal exponent such as A^-2 is a single, computed as a float power); `PRINT 123`
# prints a constant assigned to a single; any other expression (a constant) is assigned to C.
def _bytes_of(hex_bytes: str) -> str:
    """A BASIC expression of a string with these bytes: CHR$ of each, STRING$ for a run of 4 or
    more (to keep the line short), "" when empty."""
    data = bytes.fromhex(hex_bytes)
    parts, start = [], 0
    while start < len(data):
        end = start
        while end < len(data) and data[end] == data[start]:
            end += 1
        run = end - start if end - start >= 4 else 1
        code = f"&H{data[start]:02X}"
        parts.append(f"STRING$({run},{code})" if run > 1 else f"CHR$({code})")
        start += run
    return "+".join(parts) or '""'


def expression_line(number: int, case: tuple[str, str, str]) -> str:
    """One program line: the operands, then the expression's result bytes or printed text."""
    expression, a, b = case
    if expression == "VAL":
        return f'{number} PRINT "#": T$={_bytes_of(a)}: C=VAL(T$): GOSUB 800'
    if expression.startswith("PRINT "):
        shown = 'PRINT "P";C: PRINT "T";STR$(C);"|"'
        return f'{number} PRINT "#": C={expression.removeprefix("PRINT ")}: {shown}'
    operands = f"A=CVS({_bytes_of(a)}): B=CVS({_bytes_of(b)})"
    if "^N%=" in expression:
        base, power = expression.split("^N%=")
        return f'{number} PRINT "#": {operands}: N%={power}: C={base}^N%: GOSUB 800'
    if expression == "PRINT":
        return f'{number} PRINT "#": {operands}: PRINT "P";A: PRINT "T";STR$(A);"|"'
    return f'{number} PRINT "#": {operands}: C={expression}: GOSUB 800'


def expressions_program(cases: list[tuple[str, str, str]], first: int) -> bytes:
    """The cases from index `first` on, each on line 10 + its index (so errors name it)."""
    lines = [line for line in COMMON.splitlines() if not line.startswith(("1 ", "3 "))]
    lines += [expression_line(10 + k, cases[k]) for k in range(first, len(cases))]
    lines.append(f"{10 + len(cases)} END")
    return lines_source(lines)
