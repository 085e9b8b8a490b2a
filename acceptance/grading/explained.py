"""What the reports of a graded class tell with the oracle's rules, the suite's coverage (`at
cover`) and each wrong output's cause (`acceptance.grading.missed`): found from the suite's
scripts once and kept in the grading store, by what they depend on (the suite's tests, or a
test and its block diff; and the oracle's version with a digest of the code that explains its
lines), so that writing the reports again (a resumed grading, `at report`, `at merge`, even with
the suite gone) finds nothing again, and a changed oracle finds them anew.
"""

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from acceptance.errors import HarnessError
from acceptance.games import GAMES
from acceptance.grading.grade import Grade
from acceptance.grading.missed import caused
from acceptance.grading.store import Graded, Store, diff_json, digest
from acceptance.running.cause import Cause, explainer_digest
from acceptance.running.coverage import Coverage, Covered, Finding, Reach, coverage
from acceptance.running.suite import Result
from oracle.version import package_version

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


def oracle_key() -> str:
    """What the coverage and the causes are found with: the oracle's version and a digest of the
    code that explains its lines (a change of the rules between two versions counts too)."""
    return digest(package_version(), explainer_digest())


def suite_key(graded: Graded) -> str:
    """What a suite's coverage depends on: its tests (name, game, seed, script and expected
    bytes) and the oracle (`oracle_key`)."""
    return digest(oracle_key(), *graded.tests)


def coverage_kept(store: Store, graded: Graded) -> bool:
    """Whether the store keeps the coverage of this suite by this oracle."""
    kept = store.get(COVERAGE)
    return kept is not None and kept["suite"] == suite_key(graded)


def suite_coverage(store: Store, graded: Graded, finding: Finding | None = None) -> Covered | None:
    """What the suite reaches of its oracle's rules: kept in the store, found once per suite (by
    `finding`'s processes if they were started); what the store kept where the suite cannot be
    read (None if it kept nothing)."""
    kept = store.get(COVERAGE)
    if kept is not None and kept["suite"] == suite_key(graded):
        return covered_of(kept["coverage"])
    try:
        covered = finding.result() if finding else coverage(graded.cases)
    except HarnessError:
        return None if kept is None else covered_of(kept["coverage"])
    store.put(COVERAGE, {"suite": suite_key(graded), "coverage": covered_record(covered)})
    return covered


def cause_key(test: str, result: Result, oracle: str) -> str:
    """What a wrong output's cause depends on: its test's key, its block diff and the oracle
    (`oracle_key`, found once per class: reading the installed version takes half a
    millisecond)."""
    assert result.mismatch is not None
    return digest(test, diff_json(result.mismatch), oracle)


def causes_record(causes: dict[str, Cause | None]) -> dict[str, Any]:
    """Wrong outputs' causes as JSON data, each distinct cause once (a class's failures share a
    few dozen)."""
    distinct = list(dict.fromkeys(cause for cause in causes.values() if cause is not None))
    index = {cause: number for number, cause in enumerate(distinct)}
    of = {key: None if cause is None else index[cause] for key, cause in causes.items()}
    return {"causes": [cause.as_json() for cause in distinct], "of": of}


def causes_of(data: dict[str, Any] | None) -> dict[str, Cause | None]:
    """Wrong outputs' causes from their JSON data (none if there is none)."""
    if data is None:
        return {}
    listed = [Cause.from_json(item) for item in data["causes"]]
    return {key: None if number is None else listed[number] for key, number in data["of"].items()}


def kept_cause(
    test: str,
    result: Result,
    oracle: str,
    kept: dict[str, Cause | None],
    found: dict[str, Cause | None],
) -> Result:
    """A result with its wrong output's cause, noted in `found`: the one found already for the
    same test and block diff, else the one the store `kept`, else found from its script (once
    per distinct test and diff, however many submissions share them)."""
    if result.mismatch is None:
        return result
    key = cause_key(test, result, oracle)
    if key not in found:
        found[key] = kept[key] if key in kept else caused(result).cause
    return replace(result, cause=found[key])


def class_causes(store: Store, graded: Graded, grades: Sequence[Grade]) -> list[Grade]:
    """A class's grades with each wrong output's cause, found once and kept in the store (a
    test whose script is gone keeps the cause found before)."""
    kept = causes_of(store.get(CAUSES))
    found: dict[str, Cause | None] = {}
    oracle = oracle_key()
    caused_grades = [
        replace(
            grade,
            results=tuple(
                kept_cause(test, result, oracle, kept, found)
                for test, result in zip(graded.tests, grade.results, strict=True)
            ),
        )
        for grade in grades
    ]
    store.put(CAUSES, causes_record(found))
    return caused_grades


def merge_kept(target: Store, stores: Sequence[Store]) -> None:
    """What the shards' stores kept of the causes and the suite's coverage, kept in their merged
    store: `at merge` writes the reports one run would have, wherever the suite is."""
    causes: dict[str, Cause | None] = {}
    for store in stores:
        causes.update(causes_of(store.get(CAUSES)))
    target.put(CAUSES, causes_record(causes))
    covered = next((kept for store in stores if (kept := store.get(COVERAGE)) is not None), None)
    if covered is not None:
        target.put(COVERAGE, covered)
