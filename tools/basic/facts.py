"""Measure the facts of the BASIC runtime against PC-BASIC and write them as test data.

    python -m tools.basic.facts [KIND ...] [--seed N] [--count N]

Each KIND runs PC-BASIC on a generated program (operands are passed as exact MBF bytes in a
data file, results read back as MKS$ bytes) and writes tests/basic/data/KIND.json, which the
tests in tests/basic/ check the runtime against. Kinds: arithmetic, functions, constants, val,
input, rnd, console, direct, direct_sessions, cursor, strings, edges, editor, editor_cases.
Deterministic for a seed; a run takes PC-BASIC one to a few minutes a kind.
"""

import argparse
import json
import math
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from acceptance.game_oracles.pcbasic import PcBasicError, run
from games.basic.editor import ACTIONS, ALPHANUMERIC, ENTER, SCAN_KEYS, SCAN_PREFIX, LineEditor
from games.basic.screen import BOTTOM, WIDTH, Screen
from tools.basic import cases as basic_cases
from tools.basic import programs as basic_programs

DATA = Path(__file__).resolve().parents[2] / "tests" / "basic" / "data"


def random_single(rng: random.Random, exponent: int | None = None) -> bytes:
    """MBF bytes of a random single with the given (or a random) exponent byte."""
    if exponent is None:
        exponent = rng.randint(1, 255)
    return bytes([rng.getrandbits(8), rng.getrandbits(8), rng.getrandbits(8), exponent])


def single_of(value: float) -> bytes:
    """MBF bytes of the single nearest a float (truncated), for readable operands."""
    if value == 0:
        return bytes(4)
    mantissa, exponent = math.frexp(abs(value))
    stored = int(mantissa * (1 << 24)) & 0x7FFFFF
    sign = 0x800000 if value < 0 else 0
    return (stored | sign).to_bytes(3, "little") + bytes([exponent + 128])


def with_exponent(data: bytes, exponent: int) -> bytes:
    """The same mantissa and sign with another exponent byte (clamped to 1..255)."""
    return data[:3] + bytes([min(255, max(1, exponent))])


def negated(data: bytes) -> bytes:
    """The same value with the opposite sign."""
    return data[:2] + bytes([data[2] ^ 0x80]) + data[3:]


def operand_pair(rng: random.Random) -> tuple[bytes, bytes]:
    """Two operands of one of the kinds that exercise MBF rounding."""
    kind = rng.random()
    if kind < 0.15:
        return random_single(rng), random_single(rng)
    if kind < 0.40:
        return random_single(rng, rng.randint(118, 152)), random_single(rng, rng.randint(118, 152))
    if kind < 0.55:
        a = random_single(rng, rng.randint(100, 160))
        return a, random_single(rng, a[3] + rng.randint(-3, 3))
    if kind < 0.65:
        a = random_single(rng, rng.randint(100, 200))
        return a, random_single(rng, a[3] - rng.randint(8, 40))
    if kind < 0.75:
        return single_of(rng.randint(-40000, 40000)), single_of(rng.choice(_GAME_VALUES))
    if kind < 0.88:
        a = random_single(rng, rng.randint(110, 150))
        low = rng.choice([1, 0x80, 0x81, 0x7F, 0xFF, 0x40, 0xC0])
        b = bytes([low, 0, 0, a[3] - rng.choice([23, 24, 25, 26, 30])])
        return a, negated(b) if rng.random() < 0.5 else b
    if kind < 0.94:
        return random_single(rng, rng.randint(200, 255)), random_single(rng, rng.randint(120, 255))
    return random_single(rng, rng.randint(1, 60)), random_single(rng, rng.randint(1, 140))


_GAME_VALUES = [0.05, 0.1, 0.5, 1.01, 7.98, 3.142857, 100.0, 3000.0, 2200.0, 0.98, 0.2, 200.0]


def measure(program: str, cases: list[str]) -> list[list[str]]:
    """Run a facts program over the cases (one per line of CASES.TXT); the lines each printed.

    A hard error stops the program: it is that case's result, and the program runs again on
    the cases after it.
    """
    source = basic_programs.source(program)
    records: list[list[str]] = []
    while len(records) < len(cases):
        rest = cases[len(records) :]
        data = "".join(case + "\r\n" for case in rest).encode("latin-1")
        found = basic_programs.split_records(run(source, b"", files={"CASES.TXT": data}), len(rest))
        if not found:
            raise PcBasicError(f"the facts program printed nothing for case {rest[0]!r}")
        records += found
        if len(found) < len(rest) and not basic_programs.stopped(found[-1]):
            raise PcBasicError(f"the facts program stopped after case {rest[len(found) - 1]!r}")
    return records


def arithmetic(rng: random.Random, count: int) -> dict[str, object]:
    """+ - * / on operand pairs: result bytes and the soft errors printed, per operation."""
    pairs = [operand_pair(rng) for _ in range(count)]
    cases = [f"{a.hex()},{b.hex()}" for a, b in pairs]
    records = measure(basic_programs.ARITHMETIC, cases)
    return {"operations": basic_programs.ARITHMETIC_OPERATIONS, "cases": _zip(cases, records)}


def functions(rng: random.Random, count: int) -> dict[str, object]:
    """INT, FIX, ABS, SGN, SQR, CINT, powers and PRINT text of single values."""
    values = [operand_pair(rng)[rng.randint(0, 1)] for _ in range(count)]
    values += [single_of(v) for v in _GAME_VALUES] + [single_of(n + 0.5) for n in range(-3, 3)]
    cases = [value.hex() for value in values]
    records = measure(basic_programs.FUNCTIONS, cases)
    rounded = [single_of(rng.uniform(-33000, 33000)) for _ in range(count // 4)]
    rounded += [single_of(n + 0.5) for n in (-32769, -32768, -32767, -3, -2, -1, 0, 1, 2, 32766)]
    rounded += [single_of(n) for n in (32767, 32768, -32768, -32769, 40000)]
    cint_cases = [value.hex() for value in rounded]
    return {
        "functions": basic_programs.FUNCTION_NAMES,
        "cases": _zip(cases, records),
        "cint": _zip(cint_cases, measure(basic_programs.CINT, cint_cases)),
    }


def constants(rng: random.Random, count: int) -> dict[str, object]:
    """Decimal constants as the tokenizer stores them: text and MBF bytes."""
    texts = basic_cases.constant_texts(rng, count)
    output = run(basic_programs.constants_program(texts), b"")
    records = basic_programs.split_records(output, len(texts))
    return {"cases": _zip(texts, records)}


def val(rng: random.Random, count: int) -> dict[str, object]:
    """VAL of many texts: the bytes of the single that receives it, messages and errors."""
    texts = basic_cases.val_texts(rng, count)
    cases = [text.encode("latin-1").hex() for text in texts]
    records = measure(basic_programs.VAL, cases)
    return {"cases": _zip(texts, records)}


def input_answers(rng: random.Random, count: int) -> dict[str, object]:
    """What INPUT makes of typed answers, for one number, one string and two numbers."""
    answers = basic_cases.input_texts(rng, count)
    result: dict[str, object] = {}
    for name, program in basic_programs.INPUT_PROGRAMS.items():
        typed = b"".join(answer.encode("latin-1") + b"\r0\r" for answer in answers)
        source = basic_programs.source(program)
        result[name] = {"answers": answers, "transcript": run(source, typed)}
    return result


def rnd(rng: random.Random, count: int) -> dict[str, object]:
    """First draws after RANDOMIZE seed for many seeds, each from power-on."""
    seeds = basic_cases.seeds(rng, count)
    cases = []
    for seed in seeds:
        source = basic_programs.rnd_program(seed)
        cases.append([str(seed), run(source, b"")])
    return {"cases": cases}


def console(rng: random.Random, count: int) -> dict[str, object]:
    """PRINT layouts (zones, TAB, SPC, wrapping, numbers at the margin) and their transcripts."""
    scenarios = basic_cases.print_scenarios(rng, count)
    source = basic_programs.print_program(scenarios)
    return {"scenarios": scenarios, "transcript": run(source, b"")}


def direct(rng: random.Random, count: int) -> dict[str, object]:
    """Lines typed at the direct mode after the program's END and after a runtime error."""
    lines = basic_cases.direct_lines(rng, count)
    typed = b"".join(line.encode("utf-8") + b"\r" for line in lines)
    result: dict[str, object] = {"listing": basic_programs.DIRECT_LISTING}
    for name, program in basic_programs.DIRECT_PROGRAMS.items():
        source = basic_programs.source(program)
        result[name] = {"lines": lines, "transcript": run(source, typed)}
    return result


def direct_sessions(rng: random.Random, count: int) -> dict[str, object]:
    """Sessions of lines typed at the direct mode, each in a run of its own, after the
    program's END and after a runtime error."""
    sessions = basic_cases.direct_sessions(rng, count)
    result: dict[str, object] = {"listing": basic_programs.DIRECT_LISTING, "sessions": sessions}
    for name, program in basic_programs.DIRECT_PROGRAMS.items():
        source = basic_programs.source(program)
        result[name] = [
            run(source, b"".join(line.encode("utf-8") + b"\r" for line in session))
            for session in sessions
        ]
    return result


def cursor(rng: random.Random, count: int) -> dict[str, object]:
    """Where PRINT leaves the cursor (CSRLIN, POS) after controls, margins and wraps, and the
    row text INPUT reads back after the cursor moved over it."""
    scenarios = basic_cases.cursor_scenarios(rng, count)
    reads = basic_cases.CURSOR_READS
    typed = b"".join(keys.encode("latin-1") + b"\r" for _, keys in reads)
    read_source = basic_programs.cursor_read_program([statement for statement, _ in reads])
    vertical = basic_cases.CURSOR_VERTICAL
    return {
        "scenarios": scenarios,
        "transcript": run(basic_programs.print_program(scenarios), b""),
        "vertical": vertical,
        "vertical transcript": run(basic_programs.print_program(vertical), b""),
        "reads": reads,
        "reads transcript": run(read_source, typed),
    }


def strings(rng: random.Random, count: int) -> dict[str, object]:
    """String functions (CHR$, ASC, MID$, LEFT$, RIGHT$, +), SGN and SPC at their bounds."""
    cases = basic_cases.STRING_CASES
    records = basic_programs.split_records(
        run(basic_programs.strings_program(cases), b""), len(cases)
    )
    return {"cases": [[list(case), record] for case, record in zip(cases, records, strict=True)]}


def _tiny(exponent: int) -> str:
    """MBF bytes in hex of 1.25 times a power of two: the given exponent byte."""
    return bytes([0, 0, 0x20, exponent]).hex().upper()


def _hex(value: float) -> str:
    """MBF bytes in hex of the single nearest a float (truncated)."""
    return single_of(value).hex().upper()


def _text(text: str) -> str:
    """A VAL text as the hex of its latin-1 bytes."""
    return text.encode("latin-1").hex().upper()


EDGE_POWERS: list[tuple[str, ...]] = [
    ("A^0", "00000000"),
    ("A^0", _hex(1.5)),
    ("A^0", _hex(-2)),
    ("A^-1", "00000000"),
    ("A^-2", "00000000"),
    ("A^-2", _hex(2)),
    ("A^-2", _tiny(60)),
    ("A^-2", _tiny(64)),
    ("A^-2", _tiny(65)),
    ("A^-2", _tiny(70)),
    ("A^-3", _tiny(50)),
    ("A^-3", _tiny(90)),
    ("A^-3", _hex(3)),
    ("A^-3", bytes([0, 0, 0xA0, 50]).hex().upper()),
    ("A^-2", bytes([0, 0, 0xA0, 50]).hex().upper()),
    ("A^N%=-1", "00000000"),
    ("A^N%=-2", "00000000"),
    ("A^N%=-2", _hex(2)),
    ("A^N%=-2", _tiny(60)),
    ("A^N%=-2", _tiny(64)),
    ("A^N%=-2", _tiny(65)),
    ("A^N%=-2", _tiny(70)),
    ("A^N%=-3", _tiny(50)),
    ("A^N%=-3", _tiny(90)),
    ("A^N%=-3", _hex(3)),
    ("A^N%=-3", bytes([0, 0, 0xA0, 50]).hex().upper()),
    ("A^N%=0", "00000000"),
    ("A^N%=-3", "48B01456"),
    ("A+B", "0034A102", "63590201"),
    ("A+B", "88254501", "08747901"),
    ("A-B", "9492A301", "30188C01"),
    ("A+B", "AE886D01", "C6779501"),
    ("A+B", "B2C73E04", "14867E01"),
    ("A+B", "329F7F95", "027E468C"),
    ("A+B", "E76B7F90", "01BE1488"),
    ("A*B", "F8533682", "56B83383"),
    ("A*B", "BC145C82", "01E41483"),
    ("A+B", "00000080", "FFFF7F67"),
    ("A+B", "FFFF7FFF", "FFFF7FFF"),
    ("A*B", "000000FF", "00000082"),
    ("2^A", _hex(1.5)),
    ("2^A", _hex(10)),
    ("2^A", _hex(-2)),
    ("3^A", _hex(0.5)),
    ("SQR(A)", _hex(1)),
    ("SQR(A)", _hex(0.25)),
]
EDGE_POWER_PAIRS = [
    (10, 38.1),
    (10, 38.5),
    (10, 39),
    (1e38, 9),
    (-1e38, 9),
    (10, -38.5),
    (10, -38.9),
    (10, -39),
    (2, -127.5),
    (2, -128),
    (2, -128.5),
    (2, -129),
    (0.5, 128.5),
    (2, 126.5),
    (2, 127.5),
    (-2, 3),
    (-3, 3),
    (-1.5, 3),
    (-2, 2),
    (-2, 0.5),
    (4, 0.5),
    (1, 0.5),
    (1, 3),
    (0, 0.5),
    (0, 0),
    (0, -0.5),
]
EDGE_INTEGERS = [
    "16777216",
    "-16777216",
    "16777217",
    "-16777217",
    "16777219",
    "12345678",
    "123456789",
    "-123456789",
    "99999999999",
    "1" + "0" * 38,
    "170141183460469231731687303715884105728",
]
EDGE_CONSTANTS = [
    "PRINT 123456751",
    "PRINT -123456751",
    "PRINT 16777219",
    "PRINT 926702264",
    "PRINT 84537653",
    "PRINT -836873970",
    "PRINT 10000000",
    "PRINT -10000000",
    "1E39",
    "-1E39",
    "1.5E38",
]
EDGE_PRINTS = [
    1e7,
    -1e7,
    1.5e10,
    -1.5e10,
    1e10,
    12345670,
    99999990,
    0.1,
    -0.125,
    1e-10,
]
EDGE_PRINT_BYTES = ["EA1C081D", "EA1C081C", "FF237494", "80961898", "E2552303", "E3552303"]
EDGE_VALS = [
    "1D-40",
    "3E-40",
    "3E-45",
    "-1D-40",
    "-123456789",
    "2.1234567890E-39",
    "1.7234567890E-39",
    "-" + "9" * 40,
    "9" * 40,
    "1D39",
    "-1D39",
    "-99999999999E30",
    "&H7FFF",
    "&H8000",
    "&H7FFE",
    "&O77777",
    "&O100000",
    "&O 17",
    "& 17",
    "&17\x0b",
    "&17\r",
    "&O17\x0c",
    "&17\x1c",
    "&17\x1e",
    "&H1F\x0b",
    ".05608656000E-7!",
    "06159.7700000",
    "43488.5300",
    "98013.411000000",
    "56.5275580000!",
    "45.266985720000!5",
    "49.6577132!5",
    "5966.637000!5",
    "094868.78000#5",
    ".875422600000#",
    "92978.100000#5",
    "1.1#",
]


def edge_cases() -> list[tuple[str, str, str]]:
    """The expressions measured at the edges: powers, integers, printed numbers, VAL texts."""
    cases = [(case[0], case[1], case[2] if len(case) > 2 else "00000000") for case in EDGE_POWERS]
    for power in range(-60, 61):
        if math.log(4.0**power, 2) != 2 * power:
            cases.append(("SQR(A)", _hex(4.0**power), "00000000"))
            cases.append(("A^B", _hex(4.0**power), _hex(0.5)))
    cases += [("A^B", _hex(a), _hex(b)) for a, b in EDGE_POWER_PAIRS]
    cases += [(text, "00000000", "00000000") for text in EDGE_INTEGERS + EDGE_CONSTANTS]
    cases += [("PRINT", _hex(value), "00000000") for value in EDGE_PRINTS]
    cases += [("PRINT", data, "00000000") for data in EDGE_PRINT_BYTES]
    cases += [("PRINT", "00000000", "00000000")]
    cases += [("VAL", _text(text), "") for text in EDGE_VALS]
    return cases


def edges(rng: random.Random, count: int) -> dict[str, object]:
    """Expressions at the edges (powers, integers, printing, VAL): bytes, text and messages.

    A hard error stops the program: it is that case's record (its line number dropped), and
    the program runs again from the next case.
    """
    cases = edge_cases()
    records: list[list[str]] = []
    while len(records) < len(cases):
        source = basic_programs.expressions_program(cases, len(records))
        found = basic_programs.split_records(run(source, b""), len(cases) - len(records))
        if not found:
            raise PcBasicError(f"the edges program printed nothing for {cases[len(records)]}")
        records += [[_unnumbered(line) for line in record] for record in found]
    return {"cases": [[list(case), record] for case, record in zip(cases, records, strict=True)]}


def _unnumbered(line: str) -> str:
    """A hard error's line without its line number: `Overflow in 57` is `Overflow`."""
    return line.split(" in ")[0] if line.endswith("\xff") else line


def editor(rng: random.Random, count: int) -> dict[str, object]:
    """Editing keys typed before Enter at INPUT and at the direct mode, where emulated (at the
    direct mode, no glyph controls: what the interpreter answers to them is not the editor's)."""
    result: dict[str, object] = {
        "prompt": basic_programs.EDITOR_PROMPTS["long"],
        "edge prompt": basic_programs.EDITOR_PROMPTS["edge"],
    }
    for name, program in basic_programs.EDITOR_PROGRAMS.items():
        answers = [keys for keys in basic_cases.EDITOR_FIXED if editor_emulated(name, keys)]
        while len(answers) < (
            count if name in ("short", "long", "bottom", "direct") else count // 2
        ):
            keys = basic_cases.editor_keys(rng)
            if editor_emulated(name, keys) and not (name == "direct" and "\x01" in keys):
                answers.append(keys)
        typed = b"".join(answer.encode("latin-1") + b"\r" for answer in answers)
        source = basic_programs.source(program)
        result[name] = {"answers": answers, "transcript": run(source, typed)}
    return result


def editor_cases(rng: random.Random, count: int) -> dict[str, object]:
    """Fixed answers typed before Enter, by rule and context (tools.basic.cases)."""
    result: dict[str, object] = {}
    for rule, contexts in basic_cases.EDITOR_CASES.items():
        measured = {}
        for name, answers in contexts.items():
            typed = b"".join(answer.encode("latin-1") + b"\r" for answer in answers)
            program = basic_programs.EDITOR_CASE_PROGRAMS[name]
            source = basic_programs.source(program)
            measured[name] = {"answers": answers, "transcript": run(source, typed)}
        result[rule] = measured
    return result


@dataclass
class _EditorWatch:
    """Keys fed to an editor, noting whether they leave what the editor emulates: the cursor
    leaving the line (Ctrl-B with no word before it in the answer, cursor left from column 1 of
    the line's first row below the top of the screen, cursor right or tab past column 80 of the
    line's last row above the bottom of the screen, in insert mode too; after Esc on a line of
    several rows, PC-BASIC's first row no longer continues on the next), typing in insert mode
    that pushes the line onto a new row (PC-BASIC then reads the line back from elsewhere), DEL
    or backspace at or past the end of a row that ends in a line feed (PC-BASIC pulls the next
    row's text up to the cursor), and a line feed inside a row's text, unless on the last row of
    a line above the bottom of the screen (PC-BASIC pushes the rest of the line along, and its
    insertion scrolls under it at the bottom)."""

    keys: str
    editor: LineEditor
    position: int = 0
    emulated: bool = True
    inserting: bool = False
    rows: int = 1
    unwrapped: bool = False

    def read_key(self) -> str:
        """The next key, after checking what the last one did."""
        if self.inserting and len(self.editor.rows) > self.rows:
            self.emulated = False
        key = self.keys[self.position]
        self.position += 1
        scan = self.position >= 2 and self.keys[self.position - 2] == SCAN_PREFIX
        pressed = SCAN_KEYS.get(key, "") if scan else key  # a scan code as the key it stands for
        line = self.editor
        if pressed == "\x02":
            cells = line._cells()[line.left - 1 : line._position()]
            self.emulated &= not ALPHANUMERIC.isdisjoint(cells)
        if pressed == "\x1c" and self._leaves_line(1):
            self.emulated = False
        if pressed == "\t" and self._leaves_line(8 - (line.column - 1) % 8):
            self.emulated = False
        if pressed == "\x1b" and len(line.rows) > 1 and line.top == line.start_row:
            self.unwrapped = True
        if pressed == "\x1d" and line.row == 0 and line.column == 1 and line.top > 1:
            self.emulated = False
        if pressed == "\x7f" and self._pulls_up(0):
            self.emulated = False
        if pressed == "\x08" and self._pulls_up(-1):
            self.emulated = False
        cells = line.rows[line.row]
        last = line.row == len(line.rows) - 1
        inside = pressed == "\n" and line.column < len(cells)
        if inside and (not last or line.top + len(line.rows) > BOTTOM):
            self.emulated = False
        self.inserting = self.editor.insert and (key not in ACTIONS or key == "\t") and not scan
        self.rows = len(self.editor.rows)
        return key

    def _pulls_up(self, step: int) -> bool:
        """Whether deleting `step` columns from the cursor (0 or -1, for backspace) hits the end
        of a row that ends in a line feed, or beyond it (PC-BASIC then pulls the next row's text
        up to the cursor)."""
        line = self.editor
        row, column = line.row, line.column + step
        if column < 1:
            row, column = row - 1, WIDTH
        if row < 0 or not line.wraps(row) or not line.feeds[row]:
            return False
        return len(line.rows[row]) < WIDTH and column >= len(line.rows[row])

    def _leaves_line(self, step: int) -> bool:
        """Whether moving the cursor right by `step` takes it off the end of the line's last
        row, onto the screen row below (which PC-BASIC does above the bottom row)."""
        line = self.editor
        last = line.row == len(line.rows) - 1
        if self.unwrapped and line.row == 0 and not line.rows[1]:
            last = True
        past = line.column + step > WIDTH or line.overflow
        return last and past and line.top + line.row < BOTTOM


def editor_emulated(context: str, keys: str) -> bool:
    """Whether the keys stay within what the line editor emulates, typed in the context."""
    for above in basic_programs.EDITOR_BLANK_ROWS[context]:
        screen = Screen()
        screen.write(basic_programs.EDITOR_PROMPTS[context] or "")
        if basic_programs.EDITOR_PROMPTS[context] is not None:
            screen.write("? ")
        screen.row = 1 + above
        line = LineEditor.at(screen)
        watch = _EditorWatch(keys + ENTER, line)
        line.type_line(watch, whole_line=context == "direct")
        if not watch.emulated:
            return False
    return True


def dump(facts: dict[str, object]) -> str:
    """JSON with one case per line, so that a change of facts reads well in a diff."""
    parts = []
    for name, value in facts.items():
        if isinstance(value, list):
            rows = ",\n".join(json.dumps(row, ensure_ascii=True) for row in value)
            parts.append(f"{json.dumps(name)}: [\n{rows}\n]")
        else:
            parts.append(f"{json.dumps(name)}: {json.dumps(value, ensure_ascii=True)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def _zip(cases: list[str], records: list[list[str]]) -> list[list[object]]:
    """Cases paired with what PC-BASIC printed for each."""
    return [[case, record] for case, record in zip(cases, records, strict=True)]


KINDS: dict[str, Callable[[random.Random, int], dict[str, object]]] = {
    "arithmetic": arithmetic,
    "functions": functions,
    "constants": constants,
    "val": val,
    "input": input_answers,
    "rnd": rnd,
    "console": console,
    "direct": direct,
    "direct_sessions": direct_sessions,
    "cursor": cursor,
    "strings": strings,
    "edges": edges,
    "editor": editor,
    "editor_cases": editor_cases,
}
DEFAULT_COUNTS = {
    "arithmetic": 3000,
    "functions": 2000,
    "constants": 600,
    "val": 800,
    "input": 300,
    "rnd": 60,
    "console": 400,
    "direct": 213,
    "direct_sessions": 40,
    "cursor": 300,
    "strings": 0,
    "edges": 0,
    "editor": 180,
    "editor_cases": 0,
}


def main(argv: list[str] | None = None) -> int:
    """Measure the chosen kinds of facts (all by default) and write their JSON files."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kinds", nargs="*", choices=[*KINDS, []], metavar="KIND")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--count", type=int, help="cases per kind (default: per kind)")
    args = parser.parse_args(argv)
    DATA.mkdir(parents=True, exist_ok=True)
    for kind in args.kinds or list(KINDS):
        rng = random.Random(f"{args.seed}-{kind}")
        try:
            facts = KINDS[kind](rng, args.count or DEFAULT_COUNTS[kind])
        except PcBasicError as error:
            print(f"basic_facts: {error}", file=sys.stderr)
            return 1
        path = DATA / f"{kind}.json"
        path.write_text(dump(facts), encoding="utf-8")
        print(f"{path}: written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
