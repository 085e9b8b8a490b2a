"""Points per test and the mark: a points file (or a marking scheme's `[points]`) weights a
suite's tests, so that a grade is points as well as a percentage; tests that no line names count
1. A marking scheme (`acceptance.marking.scheme` reads it) adds the mark: the sum of its parts,
each a tier reached by the tests passed or the percent of the points earned over its tests, or a
weight times that share.

The file has one line per test or glob of tests: `PATTERN POINTS`, PATTERN a test name (`at001`,
`star_lanes/merger`) or a shell-style glob of names (`at0*`, `star_lanes/*`), POINTS a number of
zero or more. When several lines name a test, the last one counts. Blank lines and text after `#`
are ignored. A line that names no test of the suite is an error: it is most likely a typo.
"""

import enum
import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from acceptance.errors import HarnessError
from acceptance.marking.submissions import Grade

DEFAULT_POINTS = 1.0


class By(enum.Enum):
    """What a part's tiers count: the tests passed, or the percent of the points earned."""

    PASSED = "passed"
    PERCENT = "percent"


@dataclass(frozen=True)
class Part:
    """A part of the mark: its name, its tests, and either tiers (`(threshold, mark)`, highest
    threshold first: the mark of the first one reached, 0 if none is) or a weight (the mark is
    the weight times the share of the part's points earned)."""

    name: str
    tests: tuple[str, ...]
    by: By = By.PASSED
    tiers: tuple[tuple[float, float], ...] = ()
    weight: float | None = None

    @functools.cached_property
    def members(self) -> frozenset[str]:
        """Its tests, to look each up at once."""
        return frozenset(self.tests)

    def record(self) -> dict[str, object]:
        """As JSON data."""
        return {
            "name": self.name,
            "tests": list(self.tests),
            "by": self.by.value,
            "tiers": [list(tier) for tier in self.tiers],
            "weight": self.weight,
        }


def part_of(data: Mapping[str, Any]) -> Part:
    """A part of the mark, from its JSON data."""
    weight = data["weight"]
    return Part(
        str(data["name"]),
        tuple(map(str, data["tests"])),
        By(data["by"]),
        tuple((float(low), float(mark)) for low, mark in data["tiers"]),
        None if weight is None else float(weight),
    )


@dataclass(frozen=True)
class Points:
    """Each test's points: those of a points file, 1 for the others; `weighted` says whether a
    file was given, so that reports show points only when a course weights its tests; `parts`,
    those of a marking scheme's mark (none: no mark)."""

    given: Mapping[str, float] = field(default_factory=dict)
    weighted: bool = False
    parts: tuple[Part, ...] = ()

    def of(self, test: str) -> float:
        """The points a test is worth."""
        return self.given.get(test, DEFAULT_POINTS)

    def earned(self, grade: Grade) -> float:
        """The points of the tests a submission passed."""
        return sum(self.of(result.case.name) for result in grade.results if result.passed)

    def possible(self, grade: Grade) -> float:
        """The points of every test of the suite."""
        return sum(self.of(result.case.name) for result in grade.results)

    def percent(self, grade: Grade) -> float:
        """The share of points earned, in percent (of tests passed when no test is weighted)."""
        possible = self.possible(grade)
        return 100 * self.earned(grade) / possible if possible else 0.0

    def part_mark(self, part: Part, grade: Grade) -> float:
        """The mark a submission gets for one part of the scheme."""
        results = [result for result in grade.results if result.case.name in part.members]
        possible = sum(self.of(result.case.name) for result in results)
        earned = sum(self.of(result.case.name) for result in results if result.passed)
        percent = 100 * earned / possible if possible else 0.0
        if part.weight is not None:
            return part.weight * percent / 100
        reached = sum(result.passed for result in results) if part.by is By.PASSED else percent
        return next((mark for low, mark in part.tiers if reached >= low), 0.0)

    def mark(self, grade: Grade) -> float:
        """A submission's mark: the sum of its parts' (0 without a scheme's mark)."""
        return sum(self.part_mark(part, grade) for part in self.parts)

    def record(self) -> dict[str, object]:
        """As JSON data (a mark's parts only when there are some, so that a grading with no
        scheme is recorded as it always was)."""
        data: dict[str, object] = {"given": dict(self.given), "weighted": self.weighted}
        if self.parts:
            data["parts"] = [part.record() for part in self.parts]
        return data


EVEN = Points()


def number_text(value: float) -> str:
    """Points as people write them: `2`, `0.5`."""
    return f"{value:g}"


def parse_line(text: str, where: str) -> tuple[str, float] | None:
    """A line's pattern and points, or None for a blank or comment line."""
    words = text.split("#", 1)[0].split()
    if not words:
        return None
    if len(words) != 2:
        raise HarnessError(f"{where}: expected `TEST POINTS`, got {text.strip()!r}")
    try:
        points = float(words[1])
    except ValueError:
        points = -1.0
    if not points >= 0 or points == float("inf"):
        raise HarnessError(f"{where}: points must be a number of 0 or more, got {words[1]!r}")
    return words[0], points


def parse_points(text: str, tests: Iterable[str], source: str) -> Points:
    """The points a file's text gives the tests of a suite."""
    names = list(tests)
    given: dict[str, float] = {}
    for number, line in enumerate(text.splitlines(), 1):
        where = f"{source}, line {number}"
        parsed = parse_line(line, where)
        if parsed is None:
            continue
        pattern, points = parsed
        given.update(dict.fromkeys(matching(pattern, names, where), points))
    return Points(given, True)


def matching(pattern: str, tests: Sequence[str], where: str) -> list[str]:
    """The tests a name or glob names, in suite order; an error (at `where`) if none."""
    matched = [name for name in tests if fnmatchcase(name, pattern)]
    if not matched:
        raise HarnessError(f"{where}: {pattern!r} names no test of the suite")
    return matched


def load_points(path: Path | None, tests: Iterable[str]) -> Points:
    """The points of a points file (every test 1 and no points shown without one)."""
    if path is None:
        return EVEN
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise HarnessError(f"cannot read the points file {path}: {error}") from None
    return parse_points(text, tests, str(path))
