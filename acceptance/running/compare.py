"""Byte-exact comparison of two outputs, located at the command or typed
line whose block differs."""

import json
from collections.abc import Callable
from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import Enum
from functools import lru_cache
from typing import Generic, TypeVar

from acceptance.running.places import COMMANDS, Places

MAX_BLOCK_LINES = 500  # twice the longest block of expected/: bounds the diff of a runaway output
MARKS = {
    "·": "trailing space",
    "→": "tab",
    "␍": "carriage return (CRLF)",
    "∅": "no newline at end of file",
}
TRAILING_SPACE, TAB, CARRIAGE_RETURN, NO_FINAL_NEWLINE = MARKS


class Side(Enum):
    """Which output a diff line comes from."""

    BOTH = " "
    EXPECTED = "-"
    ACTUAL = "+"


@dataclass(frozen=True)
class DiffLine:
    """One line of a block diff, numbered as in its own output."""

    side: Side
    number: int
    text: str


@dataclass(frozen=True)
class Mismatch:
    """Where two outputs first differ: line, column, the place in force (the command or typed
    line whose block holds it), that block's diff, and what such a block is called."""

    line: int
    column: int
    place: str
    diff: tuple[DiffLine, ...]
    block: str = COMMANDS.block


@dataclass(frozen=True)
class Hunk:
    """The first stretch of a block diff where the outputs differ: the expected lines left out,
    the actual lines put in, and whether the block goes on after it (a line left out in the
    middle is not an output that ends early)."""

    removed: tuple[DiffLine, ...]
    added: tuple[DiffLine, ...]
    more: bool

    @property
    def blank(self) -> bool:
        """Whether it only leaves out or puts in blank lines."""
        return all(not line.text.strip() for line in (*self.removed, *self.added))

    @property
    def shape(self) -> str:
        """What happened, in a word: lines missing in the middle or at the end, extra lines,
        changed lines, or (the outputs' first difference past what the diff shows) none."""
        if not self.removed and not self.added:
            return "past"
        if not self.added:
            return "middle" if self.more else "end"
        return "extra" if not self.removed else "changed"


def first_hunk(diff: tuple[DiffLine, ...]) -> Hunk:
    """The first stretch of lines a block diff has of one side only, up to the next common line."""
    sides = [line.side for line in diff]
    start = next((at for at, side in enumerate(sides) if side is not Side.BOTH), len(diff))
    end = next((at for at in range(start, len(diff)) if sides[at] is Side.BOTH), len(diff))
    hunk = diff[start:end]
    removed = tuple(line for line in hunk if line.side is Side.EXPECTED)
    return Hunk(removed, tuple(line for line in hunk if line.side is Side.ACTUAL), end < len(diff))


def white_space(hunk: Hunk) -> str:
    """What a difference in white space only is ('' for any other): a blank line, a missing or
    extra final newline, a carriage return, a tab, a trailing space, or spaces put in or left out
    on a line."""
    if hunk.blank and (hunk.removed or hunk.added):
        return "a blank line"
    if hunk.shape != "changed" or len(hunk.removed) != len(hunk.added):
        return ""
    texts = [line.text for line in hunk.removed], [line.text for line in hunk.added]
    pairs = list(zip(*texts, strict=True))
    if any("".join(expected.split()) != "".join(actual.split()) for expected, actual in pairs):
        return ""
    for mark, name in (("\n", "a final newline"), ("\r", "a carriage return"), ("\t", "a tab")):
        if any(expected.count(mark) != actual.count(mark) for expected, actual in pairs):
            return name
    if all(expected.rstrip() == actual.rstrip() for expected, actual in pairs):
        return "a trailing space"
    return "spacing"


def diff_json(mismatch: Mismatch) -> str:
    """A mismatch's block diff as JSON text (how the grading store keeps it)."""
    return lines_json(mismatch.diff)


def lines_json(diff: tuple[DiffLine, ...]) -> str:
    """A block diff as JSON text."""
    return json.dumps([[line.side.value, line.number, line.text] for line in diff])


Made = TypeVar("Made")


class PerDiff(Generic[Made]):
    """What is made of a block diff, made once per diff: the runs of a class that printed the
    same wrong output share one diff (the grader judges an output once, the store reads a diff
    once), so the diff itself, not its lines hashed again, finds what was made of it."""

    def __init__(self, make: Callable[[tuple[DiffLine, ...]], Made]) -> None:
        self.make = make
        self.made: dict[int, tuple[tuple[DiffLine, ...], Made]] = {}  # the diff kept: ids stay

    def __call__(self, diff: tuple[DiffLine, ...]) -> Made:
        """What is made of a diff, made at its first call."""
        kept = self.made.get(id(diff))
        if kept is None:
            kept = self.made[id(diff)] = (diff, self.make(diff))
        return kept[1]


def diff_of(text: str) -> tuple[DiffLine, ...]:
    """A block diff from its JSON text."""
    return tuple(DiffLine(Side(side), number, line) for side, number, line in json.loads(text))


def split_lines(text: str) -> list[str]:
    """Lines split on LF only, each keeping its ending, so CRs and a missing final LF show."""
    parts = text.split("\n")
    return [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def decode(data: bytes) -> str:
    """Output bytes as text, invalid bytes shown as escapes rather than lost."""
    return data.decode("utf-8", errors="backslashreplace")


def words_of_lines(data: bytes) -> list[list[str]]:
    """The words of each non-blank line, lines split as Python's text files split them (LF, CRLF
    or CR): what the course's ETF_Test.py compares when it tolerates white space."""
    text = decode(data).replace("\r\n", "\n").replace("\r", "\n")
    return [line.split() for line in text.split("\n") if line.strip()]


def tolerant_equal(expected: bytes, actual: bytes) -> bool:
    """Whether two outputs match once blank lines are dropped and each line is cut into words
    (the course's tolerant mode; grading stays byte for byte)."""
    return expected == actual or words_of_lines(expected) == words_of_lines(actual)


def first_difference(expected: list[str], actual: list[str]) -> int:
    """Index of the first line that differs (one past the shorter side if one is a prefix)."""
    pairs = zip(expected, actual, strict=False)
    return next(
        (index for index, (left, right) in enumerate(pairs) if left != right),
        min(len(expected), len(actual)),
    )


def first_column(left: str, right: str) -> int:
    """The 1-based column of the first differing character of two lines."""
    return (
        next(
            (index for index, (a, b) in enumerate(zip(left, right, strict=False)) if a != b),
            min(len(left), len(right)),
        )
        + 1
    )


def block_start(expected: dict[int, str], actual: dict[int, str], index: int) -> int | None:
    """The block opening in force at line `index` (opening it on both sides, else the last
    expected one before it), or None before the first."""
    if index in expected and index in actual:
        return index
    return max((line for line in expected if line < index), default=None)


def block_end(marks: dict[int, str], start: int, length: int) -> int:
    """One past the last line of the block opened at line `start`: the next opening after it on
    that side (so an opening where the outputs first differ ends the block there)."""
    return min((line for line in marks if line > start), default=length)


def block_diff(
    expected: list[str],
    actual: list[str],
    marks: tuple[dict[int, str], dict[int, str]],
    start: int,
    index: int,
) -> tuple[DiffLine, ...]:
    """The diff of the block from `start` that holds line `index`, each side cut at its own next
    opening; where both sides' blocks end before that line (a block opening is itself the first
    difference: a block missing or put in), the blocks that follow it."""
    left_end = block_end(marks[0], start, len(expected))
    right_end = block_end(marks[1], start, len(actual))
    if left_end <= index and right_end <= index:
        left_end = block_end(marks[0], index, len(expected))
        right_end = block_end(marks[1], index, len(actual))
    left = expected[start : min(left_end, start + MAX_BLOCK_LINES)]
    right = actual[start : min(right_end, start + MAX_BLOCK_LINES)]
    diff: list[DiffLine] = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, left, right, autojunk=False).get_opcodes():
        if tag == "equal":
            diff += [DiffLine(Side.BOTH, start + i + 1, left[i]) for i in range(i1, i2)]
        else:
            diff += [DiffLine(Side.EXPECTED, start + i + 1, left[i]) for i in range(i1, i2)]
            diff += [DiffLine(Side.ACTUAL, start + j + 1, right[j]) for j in range(j1, j2)]
    return tuple(diff)


@lru_cache(maxsize=256)
def cut(output: bytes, places: Places) -> tuple[list[str], dict[int, str]]:
    """An output's lines and its blocks' openings, cut once for the runs that share its
    expected output (cached: read only, never changed)."""
    lines = split_lines(decode(output))
    return lines, places.marks(lines)


def compare(expected: bytes, actual: bytes, places: Places = COMMANDS) -> Mismatch | None:
    """None if the outputs are the same bytes, else where and how they first differ."""
    if expected == actual:
        return None
    left, expected_marks = cut(expected, places)
    right = split_lines(decode(actual))
    marks = expected_marks, places.marks(right)
    index = first_difference(left, right)
    start = block_start(*marks, index)
    column = first_column(left[index], right[index]) if index < min(len(left), len(right)) else 1
    place = places.before_first if start is None else marks[0][start]
    diff = block_diff(left, right, marks, start or 0, index)
    return Mismatch(index + 1, column, place, diff, places.block)


@lru_cache(maxsize=1 << 16)
def visible(line: str) -> str:
    """A line with its invisibles marked: trailing spaces, tabs, CR, a missing final LF (cached:
    the reports of a class show the same lines many times)."""
    body, ending = (line[:-1], "") if line.endswith("\n") else (line, NO_FINAL_NEWLINE)
    core = body.removesuffix("\r")
    kept = core.rstrip(" ")
    marked = kept + TRAILING_SPACE * (len(core) - len(kept)) + body[len(core) :]
    return marked.replace("\t", TAB).replace("\r", CARRIAGE_RETURN) + ending


def marks_used(lines: list[str]) -> dict[str, str]:
    """The marks that appear in some shown lines, with what each stands for."""
    shown = "\n".join(lines)
    return {mark: meaning for mark, meaning in MARKS.items() if mark in shown}
