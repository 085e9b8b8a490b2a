"""Marking schemes: a TOML file giving the points of tests (as a points file does) and the mark,
so that a course's own marking (tiers of tests passed, weighted parts) is written down once and
every report shows it.

The mark is one part over every test (tiers by tests passed or by percent of the points) or the
sum of named parts, each with its tests and tiers or a weight. Every mistake is a one-line error
naming the file and the key. The keys, the errors and what a mark changes:
docs/reference/marking-scheme.md.
"""

import math
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from acceptance.errors import HarnessError
from acceptance.marking.points import By, Part, Points, load_points, matching

SCHEME_KEYS = ("points", "mark")
PART_KEYS = ("tests", "by", "tiers", "weight")


def number(value: object, where: str, what: str) -> float:
    """A finite number of 0 or more from TOML (an integer or a float, not a boolean)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise HarnessError(f"{where}: {what} must be a number, got {value!r}")
    if not math.isfinite(value) or value < 0:
        raise HarnessError(f"{where}: {what} must be a number of 0 or more, got {value!r}")
    return float(value)


def table(value: object, where: str) -> Mapping[str, Any]:
    """A TOML table; an error if the key holds something else."""
    if not isinstance(value, dict):
        raise HarnessError(f"{where}: expected a table, got {value!r}")
    return value


def known_keys(data: Mapping[str, Any], known: Sequence[str], where: str) -> None:
    """An error for the first key not known here (most likely a typo), `where` the table's name
    (empty at the top)."""
    for key in data:
        if key not in known:
            place = f"{where}.{key}" if where else key
            raise HarnessError(f"{place}: unknown key (known here: {', '.join(known)})")


def scheme_points(data: Mapping[str, Any], tests: Sequence[str], where: str) -> dict[str, float]:
    """The points `[points]` gives the tests, the last key naming a test counting."""
    given: dict[str, float] = {}
    for pattern, value in data.items():
        place = f"{where}.{pattern}" if pattern.isidentifier() else f"{where}.{pattern!r}"
        worth = number(value, place, "points")
        given.update(dict.fromkeys(matching(pattern, tests, place), worth))
    return given


def part_tests(data: Mapping[str, Any], tests: Sequence[str], where: str) -> tuple[str, ...]:
    """A part's tests: those its `tests` names or globs name, in suite order (every test of the
    suite when it names none)."""
    if "tests" not in data:
        return tuple(tests)
    patterns = data["tests"]
    if not isinstance(patterns, list) or not all(isinstance(item, str) for item in patterns):
        raise HarnessError(f"{where}.tests: expected a list of test names or globs")
    named: set[str] = set()
    for index, pattern in enumerate(patterns):
        named.update(matching(pattern, tests, f"{where}.tests[{index}]"))
    return tuple(test for test in tests if test in named)


def tiers_of(value: object, ceiling: float, where: str) -> tuple[tuple[float, float], ...]:
    """A part's tiers, `[threshold, mark]` pairs, thresholds going down and none over what can be
    reached (`ceiling`)."""
    if not isinstance(value, list) or not value:
        raise HarnessError(f"{where}: expected a list of [threshold, mark] pairs")
    tiers: list[tuple[float, float]] = []
    for index, tier in enumerate(value):
        place = f"{where}[{index}]"
        if not isinstance(tier, list) or len(tier) != 2:
            raise HarnessError(f"{place}: expected [threshold, mark], got {tier!r}")
        low, mark = number(tier[0], place, "a threshold"), number(tier[1], place, "a mark")
        if low > ceiling:
            raise HarnessError(f"{place}: {low:g} can never be reached (at most {ceiling:g})")
        if tiers and low >= tiers[-1][0]:
            raise HarnessError(
                f"{place}: thresholds must go down, highest first: {low:g} follows {tiers[-1][0]:g}"
            )
        tiers.append((low, mark))
    return tuple(tiers)


def scheme_part(name: str, data: Mapping[str, Any], tests: Sequence[str], where: str) -> Part:
    """One part of the mark: its tests, and its tiers or its weight."""
    known_keys(data, PART_KEYS, where)
    chosen = part_tests(data, tests, where)
    if ("tiers" in data) == ("weight" in data):
        raise HarnessError(f"{where}: give either tiers or a weight")
    if "weight" in data:
        if "by" in data:
            raise HarnessError(f"{where}.by: goes with tiers (a weight counts the points)")
        return Part(name, chosen, weight=number(data["weight"], f"{where}.weight", "a weight"))
    by_name = data.get("by", By.PASSED.value)
    if by_name not in {by.value for by in By}:
        raise HarnessError(f'{where}.by: expected "passed" or "percent", got {by_name!r}')
    by = By(by_name)
    ceiling = float(len(chosen)) if by is By.PASSED else 100.0
    return Part(name, chosen, by, tiers_of(data["tiers"], ceiling, f"{where}.tiers"))


def mark_parts(data: Mapping[str, Any], tests: Sequence[str]) -> tuple[Part, ...]:
    """The parts of `[mark]`: itself, or its named tables, no test in two of them."""
    named = {key: value for key, value in data.items() if isinstance(value, dict)}
    if not named:
        return (scheme_part("mark", data, tests, "mark"),)
    if len(named) < len(data):
        own = next(key for key in data if key not in named)
        raise HarnessError(f"mark.{own}: [mark] holds either one part's keys or named parts")
    parts = tuple(scheme_part(key, value, tests, f"mark.{key}") for key, value in named.items())
    owner: dict[str, str] = {}
    for part in parts:
        for test in part.tests:
            if test in owner:
                raise HarnessError(
                    f"mark.{part.name}.tests: {test} is in mark.{owner[test]} already"
                )
            owner[test] = part.name
    return parts


def parse_scheme(text: str, tests: Sequence[str], source: str) -> Points:
    """The points and mark a scheme's text gives the tests of a suite."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise HarnessError(f"{source}: not TOML: {error}") from None
    try:
        known_keys(data, SCHEME_KEYS, "")
        given = scheme_points(table(data.get("points", {}), "points"), tests, "points")
        parts = mark_parts(table(data["mark"], "mark"), tests) if "mark" in data else ()
    except HarnessError as error:
        raise HarnessError(f"{source}: {error}") from None
    return Points(given, "points" in data, parts)


def load_scheme(path: Path, tests: Sequence[str]) -> Points:
    """The points and mark of a scheme file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise HarnessError(f"cannot read the marking scheme {path}: {error}") from None
    return parse_scheme(text, tests, str(path))


def load_marking(points: Path | None, scheme: Path | None, tests: Sequence[str]) -> Points:
    """The points and mark of a points file and a scheme, either or both (every test 1 and no
    mark without them); points given in both are an error, since one would silently win."""
    from_file = load_points(points, tests)
    if scheme is None:
        return from_file
    marking = load_scheme(scheme, tests)
    if points is None:
        return marking
    if marking.weighted:
        raise HarnessError(
            f"{scheme} gives [points] and --points {points} gives points too: keep one"
        )
    return Points(from_file.given, True, marking.parts)
