"""What the reports of a graded class tell with the oracle's rules, the suite's coverage (`at
cover`) and each wrong output's cause (`acceptance.reports.missed`): found from the suite's
scripts once and kept in the grading store, by what they depend on (the suite's tests, or a
test and its block diff; and the oracle's version with a digest of the code that explains its
lines), so that writing the reports again (a resumed grading, `at report`, `at merge`, even with
the suite gone) finds nothing again, and a changed oracle finds them anew. A grading finds them
in processes of its own while its runs go on (`Explainers`), not in its own once they end.
"""

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from typing import Any

from acceptance.errors import HarnessError
from acceptance.game_oracles.registry import GAMES
from acceptance.grading.stopping import helping
from acceptance.marking.submissions import Grade
from acceptance.processes.pools import threads
from acceptance.progress import paused
from acceptance.reports.missed import caused
from acceptance.running.cases import Case
from acceptance.running.cause import Cause, explainer_digest
from acceptance.running.compare import DiffLine, Mismatch, PerDiff, diff_json, lines_json
from acceptance.running.coverage import Coverage, Covered, Lines, Reach, coverage, explained
from acceptance.running.suite import Outcome, Result
from acceptance.store.database import GradingPlan, Store
from acceptance.store.digests import digest
from oracle.version import package_version

COVERAGE = "coverage"  # the store's keys of what it keeps
CAUSES = "causes"
# Tests per explaining process at least: more processes would share too little work.
TESTS_PER_PROCESS = 16
EXPLAINER = "at explainer"  # an explaining process's name, as `ps` and `top` show it


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


def suite_key(graded: GradingPlan) -> str:
    """What a suite's coverage depends on: its tests (name, game, seed, script and expected
    bytes) and the oracle (`oracle_key`)."""
    return digest(oracle_key(), *graded.tests)


def coverage_kept(store: Store, graded: GradingPlan) -> bool:
    """Whether the store keeps the coverage of this suite by this oracle."""
    kept = store.get(COVERAGE)
    return kept is not None and kept["suite"] == suite_key(graded)


def suite_coverage(
    store: Store, graded: GradingPlan, explainers: "Explainers | None" = None
) -> Covered | None:
    """What the suite reaches of its oracle's rules: kept in the store, found once per suite (by
    the `explainers` if they were started); what the store kept where the suite cannot be read
    (None if it kept nothing)."""
    kept = store.get(COVERAGE)
    if kept is not None and kept["suite"] == suite_key(graded):
        return covered_of(kept["coverage"])
    try:
        covered = explainers.coverage() if explainers else coverage(graded.cases)
    except HarnessError:
        return None if kept is None else covered_of(kept["coverage"])
    store.put(COVERAGE, {"suite": suite_key(graded), "coverage": covered_record(covered)})
    return covered


class CauseKeys:
    """What a wrong output's cause depends on: its test's key, its block diff (`diff`, its JSON
    text, when the grader made it already) and the oracle (`oracle_key`, found once per class:
    reading the installed version takes half a millisecond); made once per test and diff, since
    a class's wrong outputs share a few dozen."""

    def __init__(self) -> None:
        self.oracle = oracle_key()
        self.made: dict[tuple[str, str], str] = {}

    def __call__(self, test: str, result: Result, diff: str | None = None) -> str:
        """The cause key of a test's wrong output."""
        assert result.mismatch is not None
        text = diff or diff_json(result.mismatch)
        key = self.made.get((test, text))
        if key is None:
            key = self.made[test, text] = digest(test, text, self.oracle)
        return key


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
    keys: CauseKeys,
    kept: dict[str, Cause | None],
    found: dict[str, Cause | None],
    explainers: "Explainers | None" = None,
    texts: Callable[[tuple[DiffLine, ...]], str] = lines_json,
) -> Result:
    """A result with its wrong output's cause, noted in `found`: the one found already for the
    same test and block diff (its JSON text as `texts` gives it), else the one the store `kept`,
    else found from its script (by the `explainers` if they were given it; once per distinct
    test and diff, however many submissions share them). A run that printed nothing has none:
    its difference is the oracle's whole output, not a rule missed."""
    if result.mismatch is None or result.silent:
        return result
    key = keys(test, result, texts(result.mismatch.diff))
    if key not in found:
        if key in kept:
            found[key] = kept[key]
        else:
            found[key] = explainers.cause(key, result) if explainers else caused(result).cause
    return replace(result, cause=found[key])


def class_causes(
    store: Store,
    graded: GradingPlan,
    grades: Sequence[Grade],
    explainers: "Explainers | None" = None,
) -> list[Grade]:
    """A class's grades with each wrong output's cause, found once (by the `explainers` where
    they were given it) and kept in the store (a test whose script is gone keeps the cause found
    before)."""
    kept = causes_of(store.get(CAUSES))
    found: dict[str, Cause | None] = {}
    keys = CauseKeys()
    texts = PerDiff(lines_json)  # a class's wrong outputs share a few dozen diffs
    caused_grades = [
        replace(
            grade,
            results=tuple(
                kept_cause(test, result, keys, kept, found, explainers, texts)
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


_suite: tuple[Case, ...] = ()  # an explaining process's suite, handed over as it is forked


def _take_suite(cases: tuple[Case, ...], grader: int) -> None:
    """An explaining process's start: a helper of its grader (`helping`), named EXPLAINER, its
    suite kept (forked, not pickled: a case's game holds functions)."""
    helping(grader, EXPLAINER)
    global _suite
    _suite = cases


def _test_lines(number: int) -> Lines:
    """In an explaining process, the lines of its suite's test of that number, with their
    rules."""
    case = _suite[number]
    assert case.game.rules is not None  # only the tests of games with a rule table are sent
    return explained(case.game.rules, case)


def _test_cause(number: int, mismatch: Mismatch) -> Cause | None:
    """In an explaining process, the cause of a wrong output of its suite's test of that
    number."""
    return caused(Result(_suite[number], Outcome.FAILED, mismatch=mismatch)).cause


class Explainers:
    """Processes that find, while a grading's runs go on, the suite's coverage and each wrong
    output's cause, instead of the grader once they end: up to `jobs` of them, one per 16 tests
    at least. Made before the grading starts a thread: they are forked at once, all of them
    before the pool's own thread starts, from a process with one thread, its explainers
    imported. In a process with threads already (a fork could copy a lock one of them holds)
    there are none: all is found here, once the runs end. A progress line's timer stops while
    they are forked."""

    def __init__(self, cases: Sequence[Case], jobs: int) -> None:
        self.cases = tuple(cases)
        explaining = [n for n, case in enumerate(self.cases) if case.game.rules is not None]
        self.pool: ProcessPoolExecutor | None = None
        self.lines: dict[Case, Future[Lines]] = {}
        self.causes: dict[str, Future[Cause | None]] = {}
        for rules in dict.fromkeys(self.cases[n].game.rules for n in explaining):
            assert rules is not None
            rules.lines("", None)  # its explainer imported once, for every process forked
        with paused():
            if explaining and threads() == 1:
                count = min(jobs, len(explaining) // TESTS_PER_PROCESS)
                context = multiprocessing.get_context("fork")
                self.pool = ProcessPoolExecutor(
                    max(1, count), context, _take_suite, (self.cases, os.getpid())
                )
                self.lines = {self.cases[n]: self.pool.submit(_test_lines, n) for n in explaining}

    def find_cause(self, number: int, key: str, mismatch: Mismatch) -> None:
        """Start finding the cause of a wrong output of the suite's test of that number, under
        its key (`CauseKeys`), unless it is being found already."""
        if self.pool is not None and key not in self.causes and self.cases[number].game.tell:
            self.causes[key] = self.pool.submit(_test_cause, number, mismatch)

    def drop_coverage(self) -> None:
        """Drop the coverage's work not started yet (the store keeps it)."""
        for lines in self.lines.values():
            lines.cancel()

    def cause(self, key: str, result: Result) -> Cause | None:
        """A wrong output's cause: the one its process found, or found here (it was not given
        it, or its process was killed)."""
        if key in self.causes:
            try:
                return self.causes[key].result()
            except BrokenProcessPool:
                pass
        return caused(result).cause

    def coverage(self) -> Covered:
        """The suite's coverage, once the processes have found every test's lines (here, if one
        of them was killed); HarnessError if the oracle fails on a test."""
        if not self.lines:
            return coverage(self.cases)
        try:
            return coverage(self.cases, lambda case: self.lines[case].result())
        except BrokenProcessPool:
            return coverage(self.cases)

    def close(self) -> None:
        """Stop the processes, what they have not started dropped."""
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)


def causes_to_find(
    store: Store, graded: GradingPlan, explainers: Explainers
) -> Callable[[int, Result, str | None], None]:
    """What hands the explainers each wrong output of a test (by its number, with its block
    diff's JSON text if made already) as its run ends, unless the store keeps its cause or the
    run printed nothing."""
    kept = causes_of(store.get(CAUSES))
    keys = CauseKeys()

    def find(test: int, result: Result, diff: str | None) -> None:
        if result.outcome is Outcome.FAILED and result.mismatch is not None and not result.silent:
            key = keys(graded.tests[test], result, diff)
            if key not in kept:
                explainers.find_cause(test, key, result.mismatch)

    return find
