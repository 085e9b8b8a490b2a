"""A wrong output's first difference as a unified diff, the one every view shows (the terminal,
Gradescope, report.html, the web page's side-by-side view).

The block diff (`compare.Mismatch.diff`, the alignment of the block where the outputs first
differ) is grouped as git groups a diff: hunks of changed lines with CONTEXT common lines around
them, each headed `@@ -a,b +c,d @@` with the command or typed line it belongs to. Inside a changed
line paired with one like it, the words and signs that differ are marked, as `git diff
--word-diff` and delta mark them. Lines keep their invisibles marked (`compare.visible`).
"""

import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import TextIO

from acceptance.running.compare import (
    MAX_BLOCK_LINES,
    DiffLine,
    Mismatch,
    Side,
    marks_used,
    visible,
)
from acceptance.running.places import COMMAND_PREFIX, COMMANDS

CONTEXT = 3  # common lines shown around a change, as git shows them
HUNKS_SHOWN = 3  # a block's first hunks: past them the outputs have often diverged for good
LINES_SHOWN = 40  # changed lines shown at most: a runaway output's block says how many more
SIMILAR = 0.5  # how alike (difflib's ratio) two lines are to be one line changed
PAIRED_AT_MOST = 200  # lines and words beyond which a changed stretch is not paired word by word
NEAR = 8  # how many added lines past the last pair a removed line is tried against
PAIRED_WIDTH = 2000  # characters beyond which a line is not paired (a runaway line: megabytes)
WORDS = re.compile(r"\w+|\s+|.")  # words, runs of white space, and single signs
MARKED = ("⟦", "⟧")  # around what differs in a changed line, where there is no colour
MARKED_MEANING = "what differs in a changed line"
RED, GREEN, CYAN = "\x1b[31m", "\x1b[32m", "\x1b[36m"
Span = tuple[tuple[int, int], tuple[int, int], bool]  # words i1:i2 and j1:j2, and if they agree
REVERSE, NO_REVERSE, RESET = "\x1b[7m", "\x1b[27m", "\x1b[0m"


@dataclass(frozen=True)
class Piece:
    """A stretch of a shown line, and whether it is what differs from its paired line."""

    text: str
    changed: bool = False


@dataclass(frozen=True)
class Half:
    """One side of a row: a line's number in its own output, and its text in pieces (invisibles
    marked)."""

    number: int
    pieces: tuple[Piece, ...]

    @property
    def text(self) -> str:
        """The line as shown."""
        return "".join(piece.text for piece in self.pieces)


@dataclass(frozen=True)
class Row:
    """One row of the side-by-side view: a line of each output (None: none), and whether the
    outputs differ there."""

    old: Half | None
    new: Half | None
    differs: bool


@dataclass(frozen=True)
class DiffHunk:
    """A stretch of the diff with its context: its rows, the block opening it follows (a
    `->command` line met in the block diff, else empty), and the first lines of each side."""

    rows: tuple[Row, ...]
    opening: str
    old_start: int
    new_start: int

    def header(self, place: str) -> str:
        """git's hunk header, the command or typed line it belongs to (`place`) in the place of
        git's function."""
        olds = sum(row.old is not None for row in self.rows)
        news = sum(row.new is not None for row in self.rows)
        old = f"{self.old_start - (olds == 0)},{olds}"
        new = f"{self.new_start - (news == 0)},{news}"
        return f"@@ -{old} +{new} @@ {place}"


@dataclass(frozen=True)
class Aligned:
    """The hunks of a block diff that are shown, how many changed lines follow them unshown,
    and whether the block diff stops short of its block (a runaway output's)."""

    hunks: tuple[DiffHunk, ...]
    more: int
    cut: bool


def words(text: str) -> list[str]:
    """A line cut into words, runs of white space and single signs: what a change marks."""
    return WORDS.findall(text)


def plain(number: int, text: str) -> Half:
    """A line shown as it is, nothing marked."""
    return Half(number, (Piece(text),))


def marked(number: int, parts: Sequence[tuple[str, bool]]) -> Half:
    """A line of pieces, white space between two changes taken into the change (as git's word
    diff shows `weapon setup` changed whole), neighbours alike in being changed or not joined."""
    kept = [(text, changed) for text, changed in parts if text]
    flags = [
        changed
        or (0 < at < len(kept) - 1 and text.isspace() and kept[at - 1][1] and kept[at + 1][1])
        for at, (text, changed) in enumerate(kept)
    ]
    pieces: list[Piece] = []
    for (text, _), changed in zip(kept, flags, strict=True):
        if pieces and pieces[-1].changed == changed:
            pieces[-1] = Piece(pieces[-1].text + text, changed)
        else:
            pieces.append(Piece(text, changed))
    return Half(number, tuple(pieces))


def alike(old: str, new: str) -> bool:
    """Whether two lines are alike enough to be one line changed: difflib's ratio of their
    characters, the white space around them left out."""
    matcher = SequenceMatcher(None, old.strip(), new.strip(), autojunk=False)
    return matcher.real_quick_ratio() >= SIMILAR and matcher.ratio() >= SIMILAR


def paired(old: DiffLine, new: DiffLine) -> tuple[Half, Half] | None:
    """Two lines as one line changed, their differing words marked; None where they are not
    alike enough to be one line changed."""
    if max(len(old.text), len(new.text)) > PAIRED_WIDTH or not alike(old.text, new.text):
        return None
    left, right = words(visible(old.text)), words(visible(new.text))
    if max(len(left), len(right)) > PAIRED_AT_MOST:
        return None
    olds: list[tuple[str, bool]] = []
    news: list[tuple[str, bool]] = []
    for (i1, i2), (j1, j2), same in word_changes(left, right):
        olds.append(("".join(left[i1:i2]), not same))
        news.append(("".join(right[j1:j2]), not same))
    return marked(old.number, olds), marked(new.number, news)


def word_changes(left: list[str], right: list[str]) -> Iterator[Span]:
    """Where two lines' words agree and differ: word by word where the lines are as long and
    have as many words (a row of a table: a board's cells stay in their columns), else as
    difflib aligns them."""
    if len(left) == len(right) and len("".join(left)) == len("".join(right)):
        for at, (a, b) in enumerate(zip(left, right, strict=True)):
            yield (at, at + 1), (at, at + 1), a == b
        return
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, left, right, autojunk=False).get_opcodes():
        yield (i1, i2), (j1, j2), tag == "equal"


def pairs_of(removed: list[DiffLine], added: list[DiffLine]) -> list[tuple[int, int, Row]]:
    """A changed stretch's lines paired as one line changed: each removed line with the first
    added line like it among the NEAR after the last pair (none in a stretch too long to pair)."""
    pairs: list[tuple[int, int, Row]] = []
    if len(removed) > PAIRED_AT_MOST or len(added) > PAIRED_AT_MOST:
        return pairs
    start = 0
    for at, old in enumerate(removed):
        for to in range(start, min(start + NEAR, len(added))):
            found = paired(old, added[to])
            if found is not None:
                pairs.append((at, to, Row(*found, True)))
                start = to + 1
                break
    return pairs


def stretch_rows(removed: list[DiffLine], added: list[DiffLine]) -> list[Row]:
    """A changed stretch as rows: its paired lines on one row each, the lines left between two
    pairs side by side, unmarked."""
    rows: list[Row] = []
    old = new = 0
    for at, to, row in [*pairs_of(removed, added), (len(removed), len(added), None)]:
        rows += unpaired(removed[old:at], added[new:to])
        if row is not None:
            rows.append(row)
        old, new = at + 1, to + 1
    return rows


def unpaired(removed: list[DiffLine], added: list[DiffLine]) -> list[Row]:
    """Lines of a changed stretch that pair with none, side by side in their order."""
    return [
        Row(
            plain(removed[at].number, visible(removed[at].text)) if at < len(removed) else None,
            plain(added[at].number, visible(added[at].text)) if at < len(added) else None,
            True,
        )
        for at in range(max(len(removed), len(added)))
    ]


def rows_of(diff: Sequence[DiffLine]) -> Iterator[Row]:
    """A block diff's rows: a common line numbered on each side, each changed stretch paired."""
    new = diff[0].number - 1 if diff else 0  # a block diff's two sides start at one line
    removed: list[DiffLine] = []
    added: list[DiffLine] = []
    for line in [*diff, None]:
        if line is not None and line.side is not Side.BOTH:
            (removed if line.side is Side.EXPECTED else added).append(line)
            continue
        yield from stretch_rows(removed, added)
        new += len(added)
        removed, added = [], []
        if line is not None:
            new += 1
            yield Row(plain(line.number, visible(line.text)), plain(new, visible(line.text)), False)


def spans(rows: Sequence[Row]) -> list[tuple[int, int]]:
    """The rows of each hunk, as git groups them: the changed rows with CONTEXT rows around, two
    changes whose contexts meet or overlap in one hunk."""
    changed = [at for at, row in enumerate(rows) if row.differs]
    found: list[tuple[int, int]] = []
    for at in changed:
        start, end = max(at - CONTEXT, 0), min(at + CONTEXT + 1, len(rows))
        if found and start <= found[-1][1]:
            found[-1] = (found[-1][0], end)
        else:
            found.append((start, end))
    return found


def opening_before(diff_rows: Sequence[Row], end: int) -> str:
    """The last `->command` line of the expected side in the first `end` rows."""
    return next(
        (
            row.old.text
            for row in reversed(diff_rows[:end])
            if row.old is not None and row.old.text.startswith(COMMAND_PREFIX)
        ),
        "",
    )


def first_number(halves: Sequence[Half | None], start: int, end: int, base: int) -> int:
    """The number of a side's first line in rows start to end, or where it has none, of the line
    after its last one before them (`base` + 1 if none: a block diff's sides start together)."""
    inside = [half.number for half in halves[start:end] if half is not None]
    before = [half.number for half in halves[:start] if half is not None]
    return inside[0] if inside else (before[-1] if before else base) + 1


def hunk(rows: Sequence[Row], start: int, end: int, base: int) -> DiffHunk:
    """The hunk of rows start to end of a block diff whose sides start after line `base`."""
    first = next(at for at in range(start, end) if rows[at].differs)
    return DiffHunk(
        tuple(rows[start:end]),
        opening_before(rows, first + 1),
        first_number([row.old for row in rows], start, end, base),
        first_number([row.new for row in rows], start, end, base),
    )


def aligned(diff: tuple[DiffLine, ...]) -> Aligned:
    """A block diff as its first hunks, cut after HUNKS_SHOWN hunks or LINES_SHOWN changed lines,
    with the count of the changed lines left unshown."""
    rows = list(rows_of(diff))
    base = diff[0].number - 1 if diff else 0
    shown: list[DiffHunk] = []
    left = LINES_SHOWN
    more = 0
    for start, end in spans(rows):
        changes = [at for at in range(start, end) if rows[at].differs]
        kept = 0
        while len(shown) < HUNKS_SHOWN and kept < len(changes):
            if lines_in(rows[changes[kept]]) > left:
                break
            left -= lines_in(rows[changes[kept]])
            kept += 1
        more += sum(lines_in(rows[at]) for at in changes[kept:])
        if kept:
            last = end if kept == len(changes) else changes[kept - 1] + 1
            shown.append(hunk(rows, start, last, base))
    sides = [sum(line.side is not side for line in diff) for side in (Side.ACTUAL, Side.EXPECTED)]
    return Aligned(tuple(shown), more, max(sides, default=0) >= MAX_BLOCK_LINES)


def lines_in(row: Row) -> int:
    """How many lines of the diff a row shows: one per side it has."""
    return (row.old is not None) + (row.new is not None)


def colour_wanted(stream: TextIO) -> bool:
    """Whether a stream takes colour: a terminal, unless NO_COLOR is set (no-color.org) or the
    terminal is dumb."""
    return stream.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def shown_half(half: Half, colour: bool) -> str:
    """A side's line, what differs marked: in reverse video on a terminal, else between ⟦ ⟧."""
    opening, closing = (REVERSE, NO_REVERSE) if colour else MARKED
    return "".join(
        f"{opening}{piece.text}{closing}" if piece.changed else piece.text for piece in half.pieces
    )


def hunk_lines(hunk: DiffHunk, place: str, colour: bool) -> list[str]:
    """A hunk as git prints it: its header, then each common line, and each changed stretch's
    removed lines before its added ones."""
    header = hunk.header(place)
    lines = [f"{CYAN}{header}{RESET}" if colour else header]
    removed: list[str] = []
    added: list[str] = []
    for row in [*hunk.rows, None]:
        if row is not None and row.differs:
            if row.old is not None:
                removed.append(shown_half(row.old, colour))
            if row.new is not None:
                added.append(shown_half(row.new, colour))
            continue
        lines += [signed("-", text, RED, colour) for text in removed]
        lines += [signed("+", text, GREEN, colour) for text in added]
        removed, added = [], []
        if row is not None and row.old is not None:
            lines.append(" " + row.old.text)
    return lines


def signed(sign: str, text: str, ink: str, colour: bool) -> str:
    """A changed line with its sign, in its side's colour on a terminal."""
    return f"{ink}{sign}{text}{RESET}" if colour else sign + text


def hunk_place(mismatch: Mismatch, hunk: DiffHunk) -> str:
    """The command a hunk belongs to (its `->command`, where the game's blocks open on one),
    else the typed line, or what comes before the first, where the outputs first differ."""
    commands = mismatch.block == COMMANDS.block
    return hunk.opening if commands and hunk.opening else mismatch.place


def unified(
    mismatch: Mismatch,
    found: Aligned,
    names: tuple[str, str] = ("expected", "actual"),
    colour: bool = False,
    note: Sequence[str] = (),
) -> list[str]:
    """A mismatch's aligned hunks (`found`) as git prints a diff: the two sides named, each
    hunk, a `note` (what is left unshown), and the legend of the marks used."""
    lines = [f"--- {names[0]}", f"+++ {names[1]}"]
    for hunk in found.hunks:
        lines += hunk_lines(hunk, hunk_place(mismatch, hunk), colour)
    lines += note
    return lines + legend(found, lines, colour)


def legend(found: Aligned, lines: list[str], colour: bool) -> list[str]:
    """The line that says what the marks shown stand for (none where none is shown)."""
    changed = not colour and any(
        piece.changed
        for hunk in found.hunks
        for row in hunk.rows
        for half in (row.old, row.new)
        if half is not None
        for piece in half.pieces
    )
    meanings = [f"{MARKED[0]}…{MARKED[1]} {MARKED_MEANING}"] if changed else []
    meanings += [f"{mark} {meaning}" for mark, meaning in marks_used(lines).items()]
    return ["marks: " + ", ".join(meanings)] if meanings else []
