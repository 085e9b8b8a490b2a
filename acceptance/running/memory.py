"""What `at run` remembers of its last runs in the folder it runs from, and what changed since: a
fix that breaks another rule shows as a regression, not as one more failure among many.

The memory is one small JSON file: for each program run lately (the --exe command, or the clone),
each test's last outcome and cause rule, keyed by its script's absolute path. A run merges its
results into it (so running one test, then the suite, still compares each test with its own last
run) and writes it aside, then moves it in place: two runs that overlap never leave half a file,
the later one wins. A memory that cannot be read is no memory; one that cannot be written is
skipped, never the run's failure.
"""

import json
import os
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from acceptance.running.suite import Result, Summary

MEMORY_FILE = ".at-last-run.json"
PROGRAMS_KEPT = 8  # the programs remembered, the most recent first: the file stays small
CLONE = ""  # how the memory names the clone, the program `at run` grades without --exe


@dataclass(frozen=True)
class Remembered:
    """A test's outcome in its last run: whether it passed, and its cause's rule if it had one."""

    passed: bool
    rule: str | None


Memory = dict[str, Remembered]  # each test's last run, by its script's absolute path


@dataclass(frozen=True)
class SinceLast:
    """What changed since the last run, in case order: the tests that passed then and fail now
    (regressions), and those that failed then and pass now."""

    newly_failing: tuple[Result, ...]
    newly_passing: tuple[Result, ...]

    def as_json(self) -> dict[str, list[str]]:
        """The change as `at run --json` gives it: the tests' names."""
        return {
            "newly_failing": [result.case.name for result in self.newly_failing],
            "newly_passing": [result.case.name for result in self.newly_passing],
        }


def memory_path(folder: Path) -> Path:
    """The memory file of the runs from a folder."""
    return folder / MEMORY_FILE


def key(result: Result) -> str:
    """The key of a test in the memory: its script's absolute path."""
    return str(result.case.script.absolute())


def read_programs(path: Path) -> list[dict[str, Any]]:
    """The memory file's programs, the most recent first (none where it is missing or
    unreadable)."""
    try:
        programs = json.loads(path.read_text(encoding="utf-8"))["programs"]
    except (OSError, ValueError, KeyError, TypeError):
        return []
    return (
        [entry for entry in programs if isinstance(entry, dict)]
        if isinstance(programs, list)
        else []
    )


def recall(path: Path, program: str) -> Memory:
    """Each test's last run by this program, as the memory file keeps it."""
    for entry in read_programs(path):
        if entry.get("program") == program and isinstance(entry.get("tests"), dict):
            return {
                script: Remembered(bool(test.get("passed")), test.get("rule"))
                for script, test in entry["tests"].items()
                if isinstance(test, dict)
            }
    return {}


def since_last(summary: Summary, memory: Memory) -> SinceLast:
    """The tests of this run whose outcome changed since their last run."""
    before = [(result, memory[key(result)]) for result in summary.results if key(result) in memory]
    return SinceLast(
        tuple(result for result, last in before if last.passed and not result.passed),
        tuple(result for result, last in before if result.passed and not last.passed),
    )


def remember(path: Path, program: str, summary: Summary) -> None:
    """Merge this run into the memory file: written aside (a file of its own), then moved in
    place; where the folder cannot be written, the run is not remembered."""
    programs = read_programs(path)
    kept: Any = next((entry["tests"] for entry in programs if entry.get("program") == program), {})
    tests = dict(kept) if isinstance(kept, dict) else {}
    for result in summary.results:
        tests[key(result)] = {"passed": result.passed, "rule": rule_of(result)}
    others = [entry for entry in programs if entry.get("program") != program]
    text = json.dumps({"programs": [{"program": program, "tests": tests}, *others][:PROGRAMS_KEPT]})
    try:
        descriptor, aside = tempfile.mkstemp(prefix=f"{path.name}.", dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(aside, path)
    except OSError:
        Path(aside).unlink(missing_ok=True)


def rule_of(result: Result) -> str | None:
    """The rule of a test's cause, if it has one."""
    return result.cause.rule if result.cause else None


def new_causes(summary: Summary, memory: Memory) -> list[Result]:
    """One failing test for each cause rule that no failing test had in its last run (the one
    with the shortest script), in the order of the run."""
    known = {last.rule for last in memory.values() if not last.passed and last.rule}
    fresh: dict[str, Result] = {}
    for result in summary.results:
        rule = rule_of(result)
        if rule is None or rule in known:
            continue
        if rule not in fresh or script_size(result) < script_size(fresh[rule]):
            fresh[rule] = result
    return ordered(summary.results, fresh.values())


def script_size(result: Result) -> int:
    """A test's script size in bytes (0 where it cannot be read)."""
    try:
        return result.case.script.stat().st_size
    except OSError:
        return 0


def ordered(results: Sequence[Result], chosen: Iterable[Result]) -> list[Result]:
    """The chosen results in the run's order."""
    wanted = set(map(id, chosen))
    return [result for result in results if id(result) in wanted]
