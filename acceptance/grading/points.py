"""Points per test: a points file weights a suite's tests, so that a grade is points as well as a
percentage. Tests that no line names count 1.

The file has one line per test or glob of tests: `PATTERN POINTS`, PATTERN a test name (`at001`,
`star_lanes/merger`) or a shell-style glob of names (`at0*`, `star_lanes/*`), POINTS a number of
zero or more. When several lines name a test, the last one counts. Blank lines and text after `#`
are ignored. A line that names no test of the suite is an error: it is most likely a typo.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path

from acceptance.errors import HarnessError
from acceptance.grading.grade import Grade

DEFAULT_POINTS = 1.0


@dataclass(frozen=True)
class Points:
    """Each test's points: those of a points file, 1 for the others; `weighted` says whether a
    file was given, so that reports show points only when a course weights its tests."""

    given: Mapping[str, float] = field(default_factory=dict)
    weighted: bool = False

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
        matched = [name for name in names if fnmatchcase(name, pattern)]
        if not matched:
            raise HarnessError(f"{where}: {pattern!r} names no test of the suite")
        given.update(dict.fromkeys(matched, points))
    return Points(given, True)


def load_points(path: Path | None, tests: Iterable[str]) -> Points:
    """The points of a points file (every test 1 and no points shown without one)."""
    if path is None:
        return EVEN
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise HarnessError(f"cannot read the points file {path}: {error}") from None
    return parse_points(text, tests, str(path))
