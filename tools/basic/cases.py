"""The cases the facts of the BASIC runtime are measured on (tools/basic/facts.py): constants,
VAL texts, typed answers, RANDOMIZE seeds, PRINT statements, lines typed at the direct mode, and
the keys typed into the line editor; each a fixed list of cases chosen for the rules they reach,
then random ones drawn from pieces."""

import random

LISTING_CONSTANTS = [
    ".05",
    ".5",
    "7.98",
    "1.01",
    ".98",
    ".95",
    ".80",
    ".96",
    "0.5",
    ".15",
    ".6",
    ".02",
    ".2",
    ".9",
    ".1",
    ".01",
    "3.142857",
    "3000",
    "6000",
    "100",
    "1000",
    "20",
    "2.5",
    "1E+07",
]


def constant_texts(rng: random.Random, count: int) -> list[str]:
    """Decimal constants of up to 7 significant digits in the forms listings use."""
    texts = list(LISTING_CONSTANTS)
    while len(texts) < count:
        digits = str(rng.randint(1, 10 ** rng.randint(1, 7) - 1))
        form = rng.random()
        if form < 0.4:
            point = rng.randint(0, len(digits))
            texts.append(f"{digits[:point]}.{digits[point:]}")
        elif form < 0.6:
            texts.append("." + "0" * rng.randint(0, 8) + digits)
        else:
            mark = rng.choice("EeD") if form < 0.9 else "E"
            if mark == "D":
                mark = "E"
            texts.append(f"{digits[0]}.{digits[1:]}{mark}{rng.choice('+-')}{rng.randint(0, 38)}")
    return texts[:count]


VAL_FIXED = [
    "",
    " ",
    ".",
    "-",
    "+",
    "1E",
    "1E+",
    "1E-",
    "1D2",
    "1d2",
    "1e5",
    "&H",
    "&HFF",
    "&hff",
    "&HZZ",
    "&H10000",
    "&H-1",
    "&O17",
    "&17",
    "&",
    "&O",
    "1 2 3",
    " 12 . 5 ",
    "12345678",
    "123456789012345678901234567890",
    "1E38",
    "1E39",
    "9E99",
    "-1E39",
    "0E40",
    "0E5",
    "1.5",
    "-.5",
    "  -  5",
    "5-",
    "\t5",
    "1.2.3",
    "--5",
    "+-5",
    "1E2E3",
    "1!",
    "1#5",
    "12345678!",
    "1\x1c2",
    "\x1d",
    "1,5",
    "1;5",
    "$5",
    "1E+1 0",
    "99999999999999999999999E-5",
    "-0",
    "32767",
    "32768",
    "-32768",
    "65535",
    "1.7014118E38",
    "1.7014119E38",
    "17014118346046923E22",
    ".00000000000000000000000000000000000000001",
    "4E-39",
    "3E-39",
    "1E-38",
    "2.9387359E-39",
    "293873587705571876864E-59",
]
JUNK = [
    "0",
    "1",
    "5",
    "9",
    ".",
    "E",
    "D",
    "e",
    "+",
    "-",
    " ",
    "\t",
    "&H",
    "&O",
    "&",
    "A",
    "F",
    "Z",
    "!",
    "#",
    ",",
    "\x1c",
    "$",
    "%",
    "12",
    "999",
    "0000",
    "3E",
    "x",
]


def val_texts(rng: random.Random, count: int) -> list[str]:
    """Texts for VAL: the fixed list, then random runs of number-like and junk pieces."""
    texts = list(VAL_FIXED)
    while len(texts) < count:
        texts.append("".join(rng.choice(JUNK) for _ in range(rng.randint(1, 8))))
    return texts[:count]


INPUT_FIXED = [
    "",
    " ",
    "5",
    " 5 ",
    "1 2",
    "abc",
    "1,2",
    "1,",
    ",1",
    '"5"',
    '"ab,c"',
    '"ab"cd',
    ' "a b" ',
    "a b ",
    "-3.5",
    "1E40",
    "1E-40",
    "&H1F",
    "&HZZ",
    "&H10000",
    "12345678",
    "1.2.3",
    "5X",
    "x5",
    "y",
    "NAV",
    "2.5",
    "3,4",
    "3 , 4",
    ",",
    ",,",
    "a,b",
    "1\t2",
    "\t7",
    "0E40",
    ".",
    "-",
    "+",
    "1e3",
    "1d3",
    'quote"in',
    "é",
    "\xff",
    "ab" * 130,
    "9" * 300,
]
INPUT_PIECES = ["1", "22", ".5", "-", "E3", " ", ",", '"', "ab", "X", "\t", "0", "&H", "\xe9"]


def input_texts(rng: random.Random, count: int) -> list[str]:
    """Typed answers: the fixed list, then random runs of pieces."""
    texts = list(INPUT_FIXED)
    while len(texts) < count:
        texts.append("".join(rng.choice(INPUT_PIECES) for _ in range(rng.randint(1, 6))))
    return texts[:count]


SEEDS_FIXED = [
    0,
    1,
    -1,
    2,
    5,
    -5,
    42,
    100,
    1977,
    1978,
    32767,
    32768,
    -32767,
    -32768,
    -32769,
    40000,
    65535,
    65536,
    -40000,
    100000,
    999999,
    1000000,
    9999999,
    10000000,
    -10000000,
    12345678,
    123456789,
    2**31,
    -(2**31),
    16777217,
    33554431,
    -67108863,
    99999999,
    10**15,
    10**16,
    10**17,
    10**20,
    10**38,
    10**39,
    -(10**40),
]


def seeds(rng: random.Random, count: int) -> list[int]:
    """RANDOMIZE seeds: the fixed list, then random ones of every size."""
    found = list(SEEDS_FIXED)
    while len(found) < count:
        found.append(rng.choice([-1, 1]) * rng.randint(0, 10 ** rng.randint(1, 12)))
    return found[:count]


PRINT_PIECES = [
    '"A"',
    '"HELLO"',
    '""',
    "5",
    "-12",
    "1.5",
    "-123.25",
    "1E+10",
    "1234567",
    "12345678",
    ".001",
    "3000",
    "CHR$(12)",
    "CHR$(7)",
    "CHR$(9)",
    "POS(0)",
]


def print_item(rng: random.Random) -> str:
    """One PRINT item: a piece, a long string, TAB( ) or SPC( )."""
    kind = rng.random()
    if kind < 0.5:
        return rng.choice(PRINT_PIECES)
    if kind < 0.7:
        return f'STRING$({rng.randint(0, 120)},"{rng.choice("XYZ")}")'
    if kind < 0.85:
        return f"TAB({rng.choice([0, 1, 5, 10, 14, 30, 70, 79, 80, 81, 200])})"
    return f"SPC({rng.choice([0, 1, 3, 20, 79, 80, 100])})"


def print_scenarios(rng: random.Random, count: int) -> list[str]:
    """Random PRINT statements: items separated by ; or , or juxtaposed (a space, only before
    an item that cannot continue a number)."""
    scenarios = []
    for _ in range(count):
        text = ""
        for _ in range(rng.randint(0, 7)):
            item = print_item(rng)
            if text:
                separators = [";", ";", ","] + ([" "] if item[0] in '"CSTP' else [])
                text += rng.choice(separators)
            text += item
        if text and rng.random() < 0.4:
            text += rng.choice(";,")
        scenarios.append(text)
    return scenarios


DIRECT_FIXED = [
    "",
    "   ",
    "5",
    "CONT",
    "5E",
    "2.5",
    "-5",
    "+3",
    "Y",
    "N",
    "y",
    "YES",
    "no",
    "AYE",
    "JOHN SMITH",
    "MAP",
    "NAV",
    "SRS",
    "3,4",
    "1E5",
    "0",
    "10",
    "10",
    "10 X",
    "10",
    "100",
    "00020",
    "99",
    "99 HELLO",
    "99",
    "1 .5",
    "2 3",
    "12 34 X",
    "65529 X",
    "65530 X",
    "65529",
    "  7  ",
    "7 ",
    "PRINT",
    "?",
    "print",
    "END",
    "STOP",
    "NEXT",
    "RETURN",
    "WEND",
    "REM HELLO",
    "'NOTE",
    '"HELLO"',
    "*",
    ":",
    "IF",
    "ON",
    "Q",
    "XYZ",
    "\t5",
    "CLS",
    "CLOSE",
    "BEEP",
    "TRON",
    "TROFF",
    "RESTORE",
    "ELSE",
    "RESUME",
    "WHILE",
    "KEY",
    "NAME",
    "OPEN",
    "ERROR",
]
DIRECT_WORDS = [
    "MAP",
    "NAV",
    "SRS",
    "LRS",
    "PHA",
    "TOR",
    "SHE",
    "DAM",
    "XXX",
    "Y",
    "N",
    "YES",
    "NO",
    "AYE",
    "JOHN",
    "A1",
    "B12",
    "QUIT",
    "HELP",
    "5E",
    "2.5",
    "7",
    "12",
    "3,4",
    "-1",
    "0",
    "",
]


def direct_lines(rng: random.Random, count: int) -> list[str]:
    """Lines typed at the direct mode: the fixed list, then player-like words, some numbered."""
    lines = list(DIRECT_FIXED)
    while len(lines) < count:
        words = [rng.choice(DIRECT_WORDS) for _ in range(rng.randint(1, 3))]
        line = " ".join(words)
        if rng.random() < 0.3:
            line = f"{rng.choice([10, 20, 100, 1000, 5, 77, 400])} {line}".rstrip()
        lines.append(line)
    return lines[:count]


DIRECT_SESSIONS_FIXED = [
    ["CONT"],
    ["END", "CONT"],
    ["CLEAR", "CONT"],
    ["10 X", "CONT", "END", "CONT"],
    ["end", "cont", "clear", "cont"],
    ["END ", "CONT\t", "CLEAR\t", "CONT "],
    ["STOP", "CONT", "5", "STOP", "CONT"],
    ["DATA 5", "data", "X", "XX", ": :", "REM", "'", "Data"],
    ["000001 X", "1", "1", "0000020", "00000", "000065530 X"],
    ["1 2 3 4 5 6 X", "123456 X", "65529 X", "6552 9", "65529", "6553 0 X", "12345"],
    ["ND\x1d\x1d\x12E", "CONT"],
    ["C\x1c\x1c\x1cONT", "CONTX\x08", "PRINT\x1d\x1d\x1d\x05"],
    ["REM " + "A" * 90, "  " + "B" * 85, "END\tX", "\tCONT"],
]
DIRECT_SESSION_LINES = [
    "CONT",
    "END",
    "CLEAR",
    "10 X",
    "10",
    "20",
    "X",
    "REM",
    "cont",
    "end ",
    "  CONT",
    "STOP",
    "PRINT",
    "77 Y",
    "77",
    "DATA",
    "",
]


def direct_sessions(rng: random.Random, count: int) -> list[list[str]]:
    """Short sessions at the direct mode, each from a fresh run: the order of CONT, END, CLEAR
    and numbered lines decides whether the program could resume."""
    sessions = [list(session) for session in DIRECT_SESSIONS_FIXED]
    while len(sessions) < count:
        sessions.append([rng.choice(DIRECT_SESSION_LINES) for _ in range(rng.randint(2, 6))])
    return sessions[:count]


# PRINT items for the cursor facts; CHR$(11) (home) and CHR$(30) (up) only in the fixed cases
# after a CLS: rows printed over again keep PC-BASIC's line-wrap marks, which the runtime does not
CURSOR_PIECES = [
    '"A"',
    '"HELLO"',
    '""',
    "5",
    "-12",
    "12345678",
    "1E+10",
    "CHR$(12)",
    "CHR$(13)",
    "CHR$(10)",
    "CHR$(28)",
    "CHR$(29)",
    "CHR$(31)",
    "CHR$(7)",
    "CHR$(9)",
    "CHR$(8)",
    '"AB"+CHR$(8)+"C"',
    '"A B"+CHR$(7)',
    "CHR$(200)+CHR$(201)",
    '"AB"+CHR$(13)+"C"',
    '"AB"+CHR$(28)+"C"',
    "CSRLIN",
    "CSRLIN",
    "POS(0)",
]
# strings whose printed width differs from their length (controls, backspace, non-ASCII)
CURSOR_WIDTHS = [
    '"ABCD"+CHR$(7)',
    '"A B"+CHR$(7)',
    '"XY"+CHR$(7)+"Z"',
    '"AB"+CHR$(8)+"CD"',
    '"ABC"+CHR$(8)+"D"',
    '"AB"+CHR$(29)+"C"',
    'CHR$(200)+"ABC"',
    '"ABC"+CHR$(13)+"D"',
    '"ABC"+CHR$(10)+"D"',
]
CURSOR_FIXED = [
    'CHR$(12);"ABC";CHR$(28);POS(0);CSRLIN',
    '"ABC";CHR$(29);POS(0);CSRLIN',
    '"A";CHR$(28);"B";POS(0)',
    'STRING$(78,"Z");CHR$(28);POS(0)',
    'STRING$(78,"Z");CHR$(28);"Q";POS(0)',
    '"A";CHR$(29);POS(0)',
    '"A";CHR$(29);"B";POS(0)',
    'STRING$(80,"Z");CHR$(29);POS(0)',
    "CHR$(29);POS(0);CSRLIN",
    "CHR$(12);CHR$(13);CHR$(29);CSRLIN",
    "CHR$(12);CHR$(13);CHR$(13);CHR$(29);CSRLIN;POS(0)",
    'CHR$(12);CHR$(13);CHR$(13);CHR$(13);CHR$(29);"A";CSRLIN',
    "CHR$(11);CSRLIN",
    "CHR$(12);CSRLIN",
    'STRING$(160,"Z");POS(0);CSRLIN',
    'STRING$(240,"Z");POS(0);CSRLIN',
    'STRING$(159,"Z");POS(0)',
    'CHR$(12);STRING$(80,"Z");CSRLIN',
    'STRING$(80,"Z");CSRLIN',
    'TAB(80);CHR$(28);"Q";POS(0);CSRLIN',
    'STRING$(80,"Z");CHR$(28);"Q";POS(0);CSRLIN',
    'STRING$(80,"Z");CHR$(28);POS(0);CSRLIN',
    'STRING$(80,"Z");CHR$(28);',
    'STRING$(80,"Z");CHR$(28);CHR$(9);"Q";POS(0)',
    'STRING$(80,"Z");CHR$(28);"Q",POS(0)',
    'STRING$(80,"Z");CHR$(28);CHR$(28);POS(0);CSRLIN',
    'STRING$(80,"Z");CHR$(28);CHR$(29);POS(0);CSRLIN',
    'STRING$(80,"Z");CHR$(28);CHR$(30);"Q";POS(0);CSRLIN',
    'STRING$(80,"Z");CHR$(28);CHR$(7);"Q";POS(0);CSRLIN',
    "CHR$(11);CHR$(29);POS(0);CSRLIN",
    "CHR$(11);CHR$(30);POS(0);CSRLIN",
    "CHR$(11);CHR$(31);CHR$(31);POS(0);CSRLIN",
    'CHR$(12);"AB";CHR$(30);CHR$(30);"C";POS(0);CSRLIN',
]
CURSOR_LENGTHS = [0, 1, 5, 40, 70, 75, 76, 77, 78, 79, 80, 81, 100, 159, 160, 161, 239, 240]
# PRINT statements with cursor up and down at the edges and with a pending wrap, from row 1
CURSOR_VERTICAL = [
    "CHR$(12);CSRLIN;CHR$(30);CSRLIN",
    'STRING$(80,"Z");CHR$(30);CSRLIN',
    'STRING$(80,"Z");CHR$(31);CSRLIN',
    'STRING$(80,"Z");CHR$(28);CHR$(31);"Q";POS(0);CSRLIN',
    'STRING$(30,"Z");CHR$(31);CHR$(31);CHR$(31);CHR$(31);CHR$(31);CHR$(31);CSRLIN',
    "CHR$(31);CHR$(31);CHR$(31);CHR$(31);CHR$(31);CHR$(31);CHR$(31);CHR$(31);CSRLIN",
    "CHR$(31);CHR$(31);CHR$(31);CHR$(31);CHR$(31);CHR$(31);CHR$(31);CHR$(31);CSRLIN",
    "CHR$(31);CHR$(31);CHR$(31);CHR$(31);CSRLIN;CHR$(30);CSRLIN",
    "TAB(80);CHR$(28);CSRLIN;POS(0)",
    'STRING$(80,"Z");CHR$(28);"Q";POS(0);CSRLIN',
    'STRING$(80,"Z");CHR$(28);POS(0);CSRLIN',
    'STRING$(80,"Z");CHR$(30);"Q";POS(0)',
    'STRING$(80,"Z");CHR$(31);"Q";POS(0)',
    'TAB(80);CHR$(30);"Q";POS(0)',
    'TAB(80);CHR$(31);"Q";POS(0)',
    '"AB";CHR$(30);"C";POS(0)',
    '"AB";CHR$(31);"C";POS(0)',
    'STRING$(79,"Z");CHR$(30);"QR";POS(0)',
    'STRING$(80,"Z");CHR$(7);"Q";POS(0)',
]
# PRINT statements whose row INPUT then reads back, with the keys typed: the cursor left to
# column 1 (not past it: PC-BASIC's cursor would leave the line), Ctrl-N to the end, a letter
CURSOR_READS = [
    ['"AB";CHR$(28);CHR$(28);"C"', "\x1d" * 5 + "\x0eQ"],
    ['"AB";CHR$(28);CHR$(28);"C"', "\x1d" * 5],
    ['"ABCDEF";CHR$(29);CHR$(29);CHR$(29);"X"', "\x1d" * 4 + "\x0e"],
    ['"ABCDEF";CHR$(29);CHR$(29);CHR$(29);"XYZW"', "\x1d" * 7 + "\x0eQ"],
    ['"ABCDEF";CHR$(12);"XY"', "\x1d\x1d\x0e"],
    ['"ABCDEF";CHR$(12);CHR$(28);CHR$(28);"XY"', "\x1d" * 4 + "\x0e"],
    ['CHR$(12);"ABCDEF";CHR$(11);"XY"', "\x1d\x1d\x0e"],
    ['CHR$(12);"ABCDEF";CHR$(11);CHR$(28);CHR$(28);"XY"', "\x1d" * 4 + "\x0e"],
    ['"Q";CHR$(13);CHR$(13);CHR$(29);CHR$(29);"A"', "\x1d" * 79 + "\x0e"],
    ['"Q";CHR$(13);CHR$(13);CHR$(29);CHR$(29);CHR$(29);"AB"', "\x1d" * 79 + "\x0eQ"],
    ['STRING$(70,"Z");CHR$(29);CHR$(29);"AB"', "\x1d" * 70 + "\x0e"],
    ['"AB";TAB(30);"C";CHR$(28);"D"', "\x1d" * 32 + "\x0e"],
    ['"AB";SPC(5);"C";CHR$(29);CHR$(29);"D"', "\x1d" * 7 + "\x0eQ"],
    ['"ABCD";CHR$(9);"E"', "\x1d" * 9 + "\x0e"],
    ['CHR$(12);"AB";CHR$(28);"C"', "\x1d" * 4 + "\x0eQ"],
    ['CHR$(12);"AB";CHR$(31);"C"', "\x1d" * 3 + "\x0e"],
    ['CHR$(12);TAB(80);CHR$(28);"AB"', "\x1d\x1d\x0e"],
    ['CHR$(12);STRING$(80,"Z");CHR$(28);"AB"', "\x1d" * 3 + "\x0eQ"],
]


def cursor_item(rng: random.Random) -> str:
    """One PRINT item for the cursor facts: a piece, a long string, TAB( ) or SPC( )."""
    kind = rng.random()
    if kind < 0.55:
        return rng.choice(CURSOR_PIECES)
    if kind < 0.8:
        return f'STRING$({rng.choice(CURSOR_LENGTHS)},"{rng.choice("XYZ")}")'
    if kind < 0.9:
        return f"TAB({rng.choice([0, 1, 5, 14, 30, 70, 79, 80, 81])})"
    return f"SPC({rng.choice([0, 1, 3, 20, 79, 80, 100])})"


def cursor_scenarios(rng: random.Random, count: int) -> list[str]:
    """PRINT statements that move the cursor (controls, wraps, margins) and ask where it is:
    the fixed ones, each string of CURSOR_WIDTHS at the margin, then random ones."""
    scenarios = list(CURSOR_FIXED)
    for text in CURSOR_WIDTHS:
        for length in range(72, 81):
            scenarios.append(f'STRING$({length},"Z");{text};POS(0);CSRLIN')
    while len(scenarios) < count:
        text = ""
        for _ in range(rng.randint(1, 7)):
            if text:
                text += rng.choice([";", ";", ";", ","])
            text += cursor_item(rng)
        if rng.random() < 0.3:
            text += rng.choice(";,")
        scenarios.append(text)
    return scenarios[:count]


# String functions and SPC's 16-bit count: (function, argument texts), measured as PC-BASIC
# prints `[result]` or `!` and the error code (ON ERROR ... RESUME NEXT).
STRING_TEXT = '"ABCDEFGH"'
STRING_CASES: list[tuple[str, ...]] = [
    ("CHR$", "0"),
    ("CHR$", "1"),
    ("CHR$", "255"),
    ("CHR$", "256"),
    ("CHR$", "-1"),
    ("ASC", '""'),
    ("ASC", '"AB"'),
    ("ASC", '"B"'),
    ("MID$", STRING_TEXT, "0"),
    ("MID$", STRING_TEXT, "1"),
    ("MID$", STRING_TEXT, "2"),
    ("MID$", STRING_TEXT, "9"),
    ("MID$", STRING_TEXT, "255"),
    ("MID$", STRING_TEXT, "256"),
    ("MID$", STRING_TEXT, "-1"),
    ("MID$", STRING_TEXT, "1", "1"),
    ("MID$", STRING_TEXT, "2", "0"),
    ("MID$", STRING_TEXT, "2", "1"),
    ("MID$", STRING_TEXT, "2", "255"),
    ("MID$", STRING_TEXT, "2", "256"),
    ("MID$", STRING_TEXT, "2", "-1"),
    ("MID$", STRING_TEXT, "0", "-1"),
    ("MID$", STRING_TEXT, "0", "3"),
    ("MID$", STRING_TEXT, "255", "1"),
    ("MID$", STRING_TEXT, "256", "1"),
    ("LEFT$", STRING_TEXT, "0"),
    ("LEFT$", STRING_TEXT, "3"),
    ("LEFT$", STRING_TEXT, "254"),
    ("LEFT$", STRING_TEXT, "255"),
    ("LEFT$", STRING_TEXT, "256"),
    ("LEFT$", STRING_TEXT, "-1"),
    ("RIGHT$", STRING_TEXT, "0"),
    ("RIGHT$", STRING_TEXT, "1"),
    ("RIGHT$", STRING_TEXT, "3"),
    ("RIGHT$", STRING_TEXT, "255"),
    ("RIGHT$", STRING_TEXT, "256"),
    ("RIGHT$", STRING_TEXT, "-1"),
    ("SGN", "0"),
    ("SGN", "-.5"),
    ("SGN", "2"),
    ("+", '"AB"', '"CD"'),
    ("+", 'STRING$(200,"A")', 'STRING$(55,"B")'),
    ("+", 'STRING$(200,"A")', 'STRING$(56,"B")'),
    ("SPC", "0"),
    ("SPC", ".5"),
    ("SPC", ".4"),
    ("SPC", "-.4"),
    ("SPC", "-.5"),
    ("SPC", "-1"),
    ("SPC", "-1.5"),
    ("SPC", "-2.5"),
    ("SPC", "1.5"),
    ("SPC", "-32768"),
    ("SPC", "-32769"),
    ("SPC", "-65535"),
    ("SPC", "-65536"),
    ("SPC", "65534"),
    ("SPC", "65535"),
    ("SPC", "65535.4"),
    ("SPC", "65535.5"),
    ("SPC", "65536"),
]


EDITOR_KEYS = [
    "\x08",
    "\t",
    "\n",
    "\x1b",
    "\x05",
    "\x0e",
    "\x06",
    "\x02",
    "\x12",
    "\x7f",
    "\x1c",
    "\x1d",
    "\x07",
    "\x00K",
    "\x00M",
    "\x00S",
    "\x00R",
    "\x00O",
    "\x00s",
    "\x00t",
    "\x00u",
]
EDITOR_TEXTS = ["ab", "X1", "hello", " ", "q", "ab cd", "\x01", "Zz9"]
EDITOR_LENGTHS = [0, 0, 1, 3, 6, 7, 8, 9, 15, 40, 70, 72, 73, 75, 76, 77, 78, 79, 80, 81, 82]
EDITOR_LENGTHS += [85, 150, 152, 155, 156, 157, 158, 159, 160, 161, 165]


EDITOR_FIXED = [
    "ab\x00\x0fcd",
    "Q" * 78 + "\x0ex",
    "Q" * 158 + "\x0eab",
    "ab\x12\tcd",
    "Q" * 69 + "\x1d\x1d\x12\tx",
    "abcdefgh" + "\x1d" * 5 + "\x12\tx",
    "Q" * 100 + "\x1d" * 27 + "\tx",
    "Q" * 100 + "\x1d" * 25 + "\t\tx",
    "Q" * 78 + "ab\x08\x08\x08\x08x",
    "Q" * 98 + "ab\x08\x08\x08\x08\x08x",
    "ab cd" + "\x1d" * 5 + "\x06X",
    "ab  cd ef" + "\x1d" * 9 + "\x06\x06X",
    "a b" + "\x1d" * 3 + "\x06X",
    "abc\x1d\x1d\x1d\x12X",
    "Q" * 77 + "\x1d\x12x",
    "Q" * 76 + "\x1d\x1d\x12xy",
    "Q" * 100 + "\x1d" * 30 + "\x12ab",
    "Q" * 150 + "\x1d" * 85 + "\x12abc",
    "a bc\x02\x02X",
    "a bc\x02\x02\x02X",
    "Q" * 100 + "\x1d" * 30 + "\x7f\x7f",
    "Q" * 158 + "\x1d" * 90 + "\x7f",
    "Q" * 150 + "\x1d" * 100 + "\x7f\x7f\x7f",
    "Q" * 100 + "\x1b" + "W" * 100 + "\x1d" * 30 + "\x7f",
    "abcdef\x1d\x1d\x1d\nX",
    "Q" * 78 + "\x1d\x12xy",
    "Q" * 77 + "\x00\x0fab",
    "Q" * 78 + "ab\x08\x08\x08x",
    "Q" * 158 + "wq\x08\x08\x08",
    "Q" * 78 + "x" + "\x1d" * 5 + "\x7f",
    "Q" * 158 + "x" + "\x1d" * 90 + "\x7f",
    "Q" * 70 + "\x12\t",
    "Q" * 72 + "\x12\t",
    "ABCDEFGHIJ" * 16 + "\x1d" * 100 + "\x12x\x12\x06\x06\x06Y",
    "ABCDEFGHIJ" * 24 + "\x1d" * 200 + "\x12x\x12\x06\x06\x06Y",
    "ABCDEFGHIJ" * 16 + "\x1d" * 100 + "\x7f",
    "ABCDEFGHIJ" * 24 + "\x1d" * 200 + "\x7f\x06Y",
    "abcdefghij" * 10 + "\x1d" * 30 + "\x12ab",
    "ABCDEFGHIJ" * 16 + "\x1d" * 100 + "\x12x",
    "ABCDEFGHIJ" * 24 + "\x1d" * 167 + "\x12x\x12" + "\x1c" * 99 + "yz",
    "Q" * 78 + "x\nmore" + "\x1d" * 90 + "\x7f",
    "ab\x00\x0fc\x1d\x1dX",
    "ABCDEFGHIJ" * 24 + "\x1d" * 200 + "\x12x",
    "Q" * 79 + "\x1d\x1d\x12x",
    "ABCDEFGHIJ" * 24 + "\x1d" * 167 + "\x12x\x12" + "\x1c" * 164 + "yz",
    "Q" * 78 + "\x7fx",
    "Q" * 78 + "\x7f\x7fxy",
]
"""Answers typed first in every context, for rules that random keys seldom meet: an unknown scan
code, Ctrl-N on a full row, tabs in insert mode and across rows, backspace onto the row above,
Ctrl-F and Ctrl-B over short words, insertion up to column 80 and into the next row, DEL
joining rows, DEL at column 80 then typing on, Esc after the line scrolled, line feed inside
the last row."""
EDITOR_CASES = {
    "scan keys": {
        "short": [
            "abc\x00H",
            "abc\x1d\x1d\x12\x00HX",
            "abc\x1d\x1d\x12\x1eX",
            "abc\x1d\x1d\x00RX",
            "\x00w",
        ],
        "bottom": ["abc\x00P", "abc\x1d\x1d\x12\x00PX", "abc\x1d\x1d\x12\x1fX"],
        "home": [
            "\x00G",
            "abc\x1d\x1d\x1d\x00G",
            "abc\x1d\x1d\x1d\x12\x00GX",
            "abc\x1d\x1d\x1d\x12\x0bX",
            "abc\x1d\x1d\x1d\x12\x00HX",
        ],
    },
    "insert spill": {
        "short": [
            "Q" * 78 + "\x1d\x1d\x12x",
            "Q" * 78 + "\x1d\x1d\x12x\x1d\x1d\x1d\x7f",
            "Q" * 70 + "\x1d\x1d\x12xyzuvwxyzu",
            "Q" * 70 + "\x1d\x1d\x12xyzuvwxyzu" + "\x1d" * 5 + "\x7f",
        ],
        "home": [
            "Q" * 78 + "\x1d\x1d\x12x\x1d\x1d\x1d\x7f",
            "Q" * 70 + "\x1d\x1d\x12xyzuvwxyzu" + "\x1d" * 5 + "\x7f",
        ],
    },
}
"""Answers measured apart from the editor facts (whose random draws more fixed answers would
shift), by rule. Scan keys: the scan codes of the cursor keys the editor does not emulate, where
the cursor cannot move (up on the top row, down on the bottom row, home at the top-left corner),
each leaving insert mode (the next key types over); Ctrl-Home, which clears the screen, typed
first; Ctrl-R's scan code, which enters insert mode. Insert spill: typing in insert mode that
pushes a one-row line onto a new row, then DEL on the first row, which pulls the next row's
first character back up (the first row does not end in a line feed)."""
EDITOR_MOVES = [1, 1, 2, 3, 4, 5, 6, 9, 20]
"""How many times a cursor-left key is pressed, to edit inside the line."""


def editor_fill(rng: random.Random, length: int) -> str:
    """Typed text of a given length: one repeated letter, or words and spaces."""
    if rng.random() < 0.5:
        return rng.choice("WQZ") * length
    words = ""
    while len(words) < length:
        words += rng.choice(["ab", "w1", "HELLO", " ", "  ", "x"])
    return words[:length]


def editor_keys(rng: random.Random) -> str:
    """One answer's keys: a text of some length, then editing keys (cursor left some times, to
    edit inside the line) mixed with short texts."""
    keys = editor_fill(rng, rng.choice(EDITOR_LENGTHS))
    for _ in range(rng.choice([1, 1, 2, 2, 3, 4])):
        if rng.random() < 0.25:
            keys += rng.choice(["\x1d", "\x00K", "\x02"]) * rng.choice(EDITOR_MOVES)
        elif rng.random() < 0.65:
            keys += rng.choice(EDITOR_KEYS) * rng.choice([1, 1, 1, 2, 3])
        elif rng.random() < 0.2:
            keys += editor_fill(rng, rng.choice(EDITOR_LENGTHS))
        else:
            keys += rng.choice(EDITOR_TEXTS)
    if rng.random() < 0.5:
        keys += rng.choice(EDITOR_TEXTS)
    return keys
