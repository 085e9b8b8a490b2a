"""What the reports of a graded class tell with the oracle's rules, the suite's coverage (`at
cover`) and each wrong output's cause (`acceptance.grading.missed`), found from the suite's
scripts and kept in the grading store: where the suite is gone, `at report` writes the same
reports from what the store kept when they were last written.
"""

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from acceptance.errors import HarnessError
from acceptance.games import GAMES
from acceptance.grading.grade import Grade
from acceptance.grading.missed import caused
from acceptance.grading.store import Store, diff_json, digest
from acceptance.running.cases import Case
from acceptance.running.cause import Cause, Kind
from acceptance.running.coverage import Coverage, Covered, Reach, coverage
from acceptance.running.suite import Result

COVERAGE = "coverage"  # the store's keys of what it keeps
CAUSES = "causes"


def covered_record(covered: Covered) -> dict[str, Any]:
    """A suite's coverage as JSON data."""
    games = [
        {
            "game": game.game.name,
            "tests": list(game.tests),
            "rules": [[r.rule, r.spec, list(r.tests), r.lines] for r in game.rules],
            "stale": list(game.stale),
        }
        for game in covered.games
    ]
    return {"games": games, "left_out": [[game.name, count] for game, count in covered.left_out]}


def covered_of(data: dict[str, Any]) -> Covered:
    """A suite's coverage from its JSON data."""
    games = tuple(
        Coverage(
            GAMES[game["game"]],
            tuple(game["tests"]),
            tuple(
                Reach(rule, spec, tuple(tests), lines) for rule, spec, tests, lines in game["rules"]
            ),
            tuple(game["stale"]),
        )
        for game in data["games"]
    )
    return Covered(games, tuple((GAMES[name], count) for name, count in data["left_out"]))


def suite_coverage(store: Store, cases: Sequence[Case]) -> Covered | None:
    """What the suite reaches of its oracle's rules, kept in the store; what the store kept
    where the suite cannot be read (None if nothing was)."""
    try:
        covered = coverage(cases)
    except HarnessError:
        kept = store.get(COVERAGE)
        return None if kept is None else covered_of(kept)
    store.put(COVERAGE, covered_record(covered))
    return covered


def cause_key(result: Result) -> str:
    """What a wrong output's cause depends on: its test and its block diff."""
    assert result.mismatch is not None
    return digest(result.case.name, result.case.game.name, diff_json(result.mismatch))


def cause_of_record(data: dict[str, Any]) -> Cause:
    """A cause from its JSON data (`Cause.as_json`)."""
    fields = {**data, "source": tuple(data["source"]), "kind": Kind(data["kind"])}
    return Cause(**fields)


def kept_cause(result: Result, kept: dict[str, Any], found: dict[str, Any]) -> Result:
    """A result with its wrong output's cause, noted in `found`: from its script, else (the
    script gone) the cause the store `kept`."""
    result = caused(result)
    if result.mismatch is None:
        return result
    key = cause_key(result)
    if result.cause is None and not result.case.script.is_file() and key in kept:
        result = replace(result, cause=cause_of_record(kept[key]))
    if result.cause is not None:
        found[key] = result.cause.as_json()
    return result


def class_causes(store: Store, grades: Sequence[Grade]) -> list[Grade]:
    """A class's grades with each wrong output's cause, kept in the store; a test whose script
    is gone gets the cause the store kept."""
    kept: dict[str, Any] = store.get(CAUSES) or {}
    found: dict[str, Any] = {}
    graded = [
        replace(grade, results=tuple(kept_cause(result, kept, found) for result in grade.results))
        for grade in grades
    ]
    store.put(CAUSES, found)
    return graded
