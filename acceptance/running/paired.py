"""A block diff read line against line, for the cause finder (`acceptance.running.cause`): its
stretches, each oracle line paired with the program's line that tells it otherwise, how the
program's block stands to each (the same, missing, told differently, in other words), and the
oracle's events of the block: the actor a detail line belongs to, the line an extra one stands
for.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import Enum
from functools import lru_cache

from acceptance.game_oracles.told import Role, Telling, Told
from acceptance.running.compare import DiffLine, Side

SIMILAR = 0.75  # how alike two lines must be (difflib's ratio) to be one line told differently
NEAR = 8  # how many places apart, in a changed stretch, two lines may be and still pair
NUMBER = re.compile(r"-?\d+")  # a value a line shows: a count, an id, a row or column


class Kind(Enum):
    """How the program's output stands to the cause's line."""

    MISSING = "missing"
    DIFFERENT = "different"
    EXTRA = "extra"
    WORDING = "wording"  # the game went the same: only the words of a line differ

    @property
    def words(self) -> str:
        """The kind for a person."""
        return KIND_WORDS[self]


KIND_WORDS = {
    Kind.MISSING: "missing in yours",
    Kind.DIFFERENT: "told differently",
    Kind.EXTRA: "yours has an extra line",
    Kind.WORDING: "the text differs",
}


@dataclass(frozen=True)
class Stretch:
    """A stretch of a block diff: expected lines and the program's that stand in their place
    (either may be empty), after the expected line numbered `after` (0: at the block's start)."""

    expected: tuple[DiffLine, ...]
    actual: tuple[DiffLine, ...]
    after: int


def stretches(diff: Sequence[DiffLine]) -> Iterator[Stretch]:
    """The diff's lines as stretches: each common line alone, each changed stretch as one."""
    expected: list[DiffLine] = []
    actual: list[DiffLine] = []
    after = 0
    for line in [*diff, DiffLine(Side.BOTH, 0, "")]:
        if line.side is not Side.BOTH:
            (expected if line.side is Side.EXPECTED else actual).append(line)
            continue
        if expected or actual:
            yield Stretch(tuple(expected), tuple(actual), after)
            after = expected[-1].number if expected else after
            expected, actual = [], []
        if line.number:
            yield Stretch((line,), (line,), line.number)
            after = line.number


@lru_cache(maxsize=1 << 14)
def similar(left: str, right: str) -> bool:
    """Whether two lines are one line told differently rather than two lines (the cheap upper
    bounds first: a long changed stretch pairs many lines; cached, as each pass asks again)."""
    matcher = SequenceMatcher(None, left, right, autojunk=False)
    return (
        matcher.real_quick_ratio() >= SIMILAR
        and matcher.quick_ratio() >= SIMILAR
        and matcher.ratio() >= SIMILAR
    )


def near(lines: tuple[DiffLine, ...], index: int) -> tuple[DiffLine, ...]:
    """The lines of the other side of a stretch that may pair with the line at `index` of this one:
    those within NEAR places of it (a long changed stretch is not paired every line to every
    line)."""
    return lines[max(0, index - NEAR) : index + NEAR + 1]


@lru_cache(maxsize=1 << 14)
def likeness(left: str, right: str) -> float:
    """How alike two lines are (difflib's ratio; cached, as each pass asks again)."""
    return SequenceMatcher(None, left, right, autojunk=False).ratio()


@lru_cache(maxsize=1 << 10)
def pairs(stretch: Stretch) -> dict[int, int]:
    """Each expected line of a stretch that the program tells otherwise (by index) with the
    program's line that tells it (by index): in order, the likest alike line near it after the
    last one paired, so a line the program puts in before it is not taken for it."""
    paired: dict[int, int] = {}
    last = -1
    for index, line in enumerate(stretch.expected):
        places = range(max(last + 1, index - NEAR), min(len(stretch.actual), index + NEAR + 1))
        alike = [at for at in places if similar(line.text, stretch.actual[at].text)]
        if alike:
            paired[index] = last = max(
                alike, key=lambda at: (likeness(line.text, stretch.actual[at].text), -at)
            )
    return paired


def status(stretch: Stretch, line: DiffLine) -> Kind | None:
    """How the program's block stands to one expected line of a stretch: None where it is the
    same."""
    if stretch.actual == stretch.expected:
        return None
    return Kind.DIFFERENT if stretch.expected.index(line) in pairs(stretch) else Kind.MISSING


def extras(stretch: Stretch) -> list[DiffLine]:
    """The program's lines of a stretch that stand for none of the oracle's."""
    if stretch.actual == stretch.expected:
        return []
    paired = set(pairs(stretch).values())
    return [line for at, line in enumerate(stretch.actual) if at not in paired]


@dataclass(frozen=True)
class Block:
    """The block where two outputs first differ: its stretches, the oracle's lines told, and how the
    game reads the entities a line is about."""

    stretches: list[Stretch]
    lines: dict[int, Told]
    telling: Telling
    first: int  # the number of the block's first line

    def events(self, upto: int, since: int = 0) -> list[Told]:
        """The oracle's events from line `since` through line `upto`."""
        return [
            line
            for line in self.telling.lines
            if since <= line.line <= upto and line.role is Role.EVENT
        ]

    @property
    def end(self) -> int:
        """The number of the block's last expected line in the diff."""
        return max(
            (line.number for stretch in self.stretches for line in stretch.expected),
            default=self.first,
        )

    def status(self, number: int) -> Kind | None:
        """How the program's block stands to the oracle's line `number` (None: the same)."""
        return next(
            (
                status(stretch, line)
                for stretch in self.stretches
                for line in stretch.expected
                if line.number == number
            ),
            None,
        )


def in_words(block: Block) -> bool:
    """Whether the program's block differs from the oracle's only in the words of its events: the
    game went the same (every listing, the state line and the board agree), each event line that
    differs is told otherwise, or lines are run together or split."""
    changed = [stretch for stretch in block.stretches if stretch.actual != stretch.expected]
    return bool(changed) and all(
        all(block.lines[line.number].role is Role.EVENT for line in stretch.expected)
        and (reworded(stretch) or rejoined(stretch))
        for stretch in changed
    )


def run_of(block: Block, number: int) -> str | None:
    """The program's lines of the stretch that holds the oracle's line `number`, as one text."""
    return next(
        (
            "".join(line.text for line in stretch.actual)
            for stretch in block.stretches
            if any(line.number == number for line in stretch.expected)
        ),
        None,
    )


def reworded(stretch: Stretch) -> bool:
    """Whether each line of a stretch is told in other words (not other numbers) in the program's
    line at its place."""
    told = zip(stretch.expected, stretch.actual, strict=False)
    return len(stretch.expected) == len(stretch.actual) and all(
        similar(line.text, theirs.text) and words(line.text) != words(theirs.text)
        for line, theirs in told
    )


def words(text: str) -> str:
    """A line without its numbers: what stays of it whatever the game's values."""
    return NUMBER.sub("#", text)


def rejoined(stretch: Stretch) -> bool:
    """Whether a stretch's lines are the program's with their line breaks and spaces otherwise
    (two lines printed as one)."""

    def squeezed(lines: tuple[DiffLine, ...]) -> str:
        return "".join("".join(line.text.split()) for line in lines)

    return len(stretch.expected) != len(stretch.actual) and squeezed(stretch.expected) == squeezed(
        stretch.actual
    )


def changed_outcome(block: Block) -> Told | None:
    """The oracle's line that tells how the command went, where the program's tells otherwise."""
    return next(
        (
            block.lines[line.number]
            for stretch in block.stretches
            for line in stretch.expected
            if block.lines[line.number].role is Role.OUTCOME and status(stretch, line) is not None
        ),
        None,
    )


def leads(stretch: Stretch) -> bool:
    """Whether a stretch's first expected line is one the program tells otherwise (so a line of its
    before it is put in, not told instead)."""
    return bool(stretch.expected) and status(stretch, stretch.expected[0]) is Kind.DIFFERENT


def elsewhere(block: Block, event: Told) -> str | None:
    """The program's line that tells an event the program lacks at its place, printed at another
    place of the same action (an extra line alike to it, about the same entities, before the
    oracle's next line of the action's level), if any."""
    bound = next(
        (
            line.line
            for line in block.telling.lines
            if line.line > event.line
            and line.role in (Role.EVENT, Role.SECTION)
            and depth(line.text) < depth(event.text)
        ),
        block.end + 1,
    )
    about = block.telling.about(event.text)
    return next(
        (
            extra.text
            for stretch in block.stretches
            if event.line <= stretch.after < bound
            for extra in extras(stretch)
            if similar(extra.text.rstrip("\r\n"), event.text)
            and block.telling.about(extra.text) == about
        ),
        None,
    )


def depth(text: str) -> int:
    """How far a line is indented: a log's detail lines are deeper than their actor's."""
    return len(text) - len(text.lstrip())


def actor(block: Block, event: Told) -> Told | None:
    """The event a detail line of the log belongs to: the nearest event before it, in its block,
    written less indented (None for an event that is an actor itself)."""
    return next(
        (
            line
            for line in reversed(block.events(event.line - 1, block.first))
            if depth(line.text) < depth(event.text)
        ),
        None,
    )


def misplaced(block: Block, text: str) -> Told | None:
    """The oracle's event of this block that the program lacks at its place and prints as this
    line elsewhere."""
    return next(
        (
            block.lines[line.number]
            for stretch in block.stretches
            for line in stretch.expected
            if block.lines[line.number].role is Role.EVENT
            and status(stretch, line) is Kind.MISSING
            and similar(line.text.rstrip("\r\n"), text.rstrip("\r\n"))
        ),
        None,
    )


def most_like(events: list[Told], text: str) -> Told | None:
    """The event most like a line, if any is alike enough to be of the same rule."""
    scored = [(likeness(event.text, text), -event.line, event) for event in events]
    best = max(scored, default=None, key=lambda item: item[:2])
    return best[2] if best is not None and best[0] >= SIMILAR else None


def next_event(lines: dict[int, Told], after: int) -> Told | None:
    """The oracle's first event after line `after`, within its section."""
    number = after + 1
    while number in lines and lines[number].role is not Role.SECTION:
        if lines[number].role is Role.EVENT:
            return lines[number]
        number += 1
    return None


def likest(stretch: Stretch, line: DiffLine) -> str:
    """The program's line of a stretch most like an expected line, however unlike (empty where the
    program has none there): the program's own line of a part every block has."""
    others = near(stretch.actual, stretch.expected.index(line))
    if not others:
        return ""
    return max(others, key=lambda other: likeness(line.text, other.text)).text


def counterpart(stretch: Stretch, line: DiffLine) -> str:
    """The program's line that stands for an expected line of a stretch, told differently (empty
    where none is alike)."""
    at = pairs(stretch).get(stretch.expected.index(line))
    return "" if at is None else stretch.actual[at].text


def left_out(block: Block, stretch: Stretch, listed: Told) -> bool:
    """Whether the program leaves out the whole part of the view a listing line is in: every
    line of the oracle's around it of the same rule, none of them alike to a line of its."""
    part = [line for line in stretch.expected if block.lines[line.number].rule == listed.rule]
    numbers = [line.number for line in part]
    whole = numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    before, after = block.lines.get(numbers[0] - 1), block.lines.get(numbers[-1] + 1)
    alone = all(told is None or told.rule != listed.rule for told in (before, after))
    return whole and alone and all(status(stretch, line) is Kind.MISSING for line in part)
