"""Failures grouped by slip: the failing tests of a class that share their first difference,
with where it is taken out, are one slip, so that "one trailing space on the state line" in
106 tests of 5 submissions is read once.

A wrong output's slip is the rule the oracle tells (its cause, `running.cause`) behind its first
difference, with what happened there (lines missing in the middle or at the end, extra lines,
changed lines), so that one slip in many tests, whatever the text it leaves out, is one group. A
difference in white space only, or one the oracle cannot tell, is the edit at its first
differing line: the text removed, the text put in, and the word before them with its numbers
masked (so the same slip on a line naming another company or id still groups). An error's slip
is its kind and its reason (numbers masked), and the last line of its error output. An edit is
cut at words: it never splits a word or a number (`120/120` printed as `80/80`, not `120/12` as
`80/8`).
"""

import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from acceptance.marking.submissions import Grade
from acceptance.running.compare import DiffLine, PerDiff, first_hunk, white_space
from acceptance.running.suite import ERRORS, Outcome, Result

NUMBER = re.compile(r"\d[\d,.]*")
WORD = re.compile(r"-?\w+(?:\.\w+)*")  # a word or a number (`-3`, `1.5`): an edit never splits one
Keyed = Callable[[tuple[DiffLine, ...]], tuple[str, ...]]  # a wrong output's first difference


@dataclass(frozen=True)
class Slip:
    """What a failing test shares with others: its outcome, and the edit or reason behind it."""

    outcome: Outcome
    key: tuple[str, ...]


@dataclass(frozen=True)
class SlipGroup:
    """One slip, an example of it, and every (submission, test) where it occurs, in class order."""

    slip: Slip
    example: Result
    where: tuple[tuple[str, str], ...]

    @property
    def submissions(self) -> tuple[str, ...]:
        """The submissions it occurs in, each once."""
        return submissions_in(self.where)

    @property
    def tests(self) -> tuple[str, ...]:
        """The tests it occurs in, each once."""
        return tests_in(self.where)


def submissions_in(where: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    """The submissions of some (submission, test) pairs, each once, in their order."""
    return tuple(dict.fromkeys(name for name, _ in where))


def tests_in(where: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    """The tests of some (submission, test) pairs, each once, in their order."""
    return tuple(dict.fromkeys(test for _, test in where))


def masked(text: str) -> str:
    """A text with its numbers written `#`, so values that vary from test to test still group."""
    return NUMBER.sub("#", text)


@dataclass(frozen=True)
class Edit:
    """How two lines differ, cut at words: the text they share before, the expected text left out,
    the actual text put in, and the text they share after."""

    before: str
    removed: str
    added: str
    after: str


def word_at(text: str, at: int) -> tuple[int, int] | None:
    """The span of the word or number of a text that a cut at `at` would split, if any."""
    return next(
        (found.span() for found in WORD.finditer(text) if found.start() < at < found.end()), None
    )


def edit(expected: str, actual: str) -> Edit:
    """What two lines share before and after they differ, and what differs between: their common
    start and end taken off, then given back to the edit up to the nearest whole words."""
    start = len(os.path.commonprefix([expected, actual]))
    end = len(os.path.commonprefix([expected[start:][::-1], actual[start:][::-1]]))
    cut = True
    while cut:
        cut = False
        for text in (expected, actual):
            if split := word_at(text, start):
                start, cut = split[0], True
            if split := word_at(text, len(text) - end):
                end, cut = len(text) - split[1], True
    return Edit(
        expected[:start],
        expected[start : len(expected) - end],
        actual[start : len(actual) - end],
        expected[len(expected) - end :],
    )


def last_word(text: str) -> str:
    """The word just before an edit, which says where on its line it is."""
    words = text.split()
    return words[-1] if words and not text[-1:].isspace() else (words[-1] + " " if words else "")


def difference_key(diff: tuple[DiffLine, ...]) -> tuple[str, ...]:
    """The first difference of a wrong output (its block diff), without its line and column."""
    hunk = first_hunk(diff)
    if not hunk.removed or not hunk.added:
        line = (*hunk.removed, *hunk.added, None)[0]
        side = "extra" if hunk.added else "missing"
        return (side, line.text if line else "", *(["middle"] if hunk.shape == "middle" else []))
    made = edit(hunk.removed[0].text, hunk.added[0].text)
    return ("edit", made.removed, made.added, masked(last_word(made.before)))


def slip_of(result: Result, keyed: Keyed = difference_key) -> Slip:
    """The slip of a failing test: an error's reason (a silent run's too: printed nothing, with
    its exit status); a wrong output's rule that the oracle tells behind it, with what happened
    (white space apart: a slip of its own), else its first difference's key as `keyed` gives
    it."""
    if result.outcome in ERRORS or result.mismatch is None or result.silent:
        lines = result.detail.splitlines() or [""]
        return Slip(result.outcome, (masked(lines[0]), lines[-1] if len(lines) > 1 else ""))
    hunk = first_hunk(result.mismatch.diff)
    spaces = white_space(hunk)
    if result.cause is not None and not spaces:
        return Slip(result.outcome, ("rule", result.cause.rule, hunk.shape))
    return Slip(result.outcome, keyed(result.mismatch.diff))


def slips(grades: Sequence[Grade]) -> list[SlipGroup]:
    """The slips of every failing test of a class, the most frequent first."""
    found: dict[Slip, tuple[Result, list[tuple[str, str]]]] = {}
    keyed = PerDiff(difference_key)  # a class's wrong outputs share a few dozen diffs
    for grade in grades:
        for result in grade.results:
            if not result.passed:
                entry = found.setdefault(slip_of(result, keyed), (result, []))
                entry[1].append((grade.submission.name, result.case.name))
    groups = [SlipGroup(slip, example, tuple(where)) for slip, (example, where) in found.items()]
    return sorted(groups, key=lambda group: -len(group.where))
