"""A failing test shrunk to the smallest script on which the program still fails the same way
(how it ends, and its difference's cause rule), for `at shrink` and `at run --shrink`: a student
debugs the few commands that show the miss, not the long test around them.

The shrinking is `at fuzz`'s (`fuzz.minimal`), from the test's script instead of a random one,
against the oracle (the reference of a BASIC game): its commands dropped, then each made simpler
where the game's grammar allows.
"""

import time
from dataclasses import dataclass
from pathlib import Path

from acceptance.errors import HarnessError
from acceptance.fuzzing.fuzz import Failure, Finding, Probe, Trial, counted, minimal
from acceptance.fuzzing.shrinker import Units
from acceptance.game_oracles.registry import input_lines
from acceptance.processes.execution import oracle_output, reference_of
from acceptance.progress import SILENT, Progress
from acceptance.running.cases import Case, shown
from acceptance.running.outcome import Producer, Status


@dataclass(frozen=True)
class Shrunk:
    """A failing test shrunk: the test, its units, how the program fails on it, the smallest
    script that fails alike, the oracle's output of that script, and how long it took."""

    case: Case
    units: Units
    failure: Failure
    finding: Finding
    expected: bytes
    seconds: float


def script_of(case: Case) -> str:
    """A test's script text, or a one-line error."""
    try:
        return case.script.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise HarnessError(f"cannot read {shown(case.script)}: {error}") from None


def shrink_case(
    case: Case, program: Producer, scratch: Path, jobs: int, progress: Progress = SILENT
) -> Shrunk:
    """Shrink a test on which the program differs from the oracle to the smallest script on
    which it still fails alike, its runs and length shown as it goes; scratch holds the
    candidates' scripts."""
    started = time.perf_counter()
    progress.begin(f"shrinking {case.name}", "run")
    text = script_of(case)
    probe = Probe(case.game, program, oracle_output, scratch)
    trial = Trial(0, case.seed, tuple(input_lines(text)))
    actual, expected = probe.run(trial.lines, trial.seed)
    if actual.status is Status.NOT_FOUND:
        raise HarnessError(actual.detail)
    if expected.status is not Status.OK:
        raise HarnessError(f"the oracle failed on {shown(case.script)}: {expected.detail}")
    failure = probe.failure(trial.lines, trial.seed)
    if failure is None:
        oracle = reference_of(case.game)
        raise HarnessError(
            f"{case.name}: the program prints what {oracle} prints: nothing to shrink"
        )
    finding = minimal(probe, trial, jobs, alike=True, watch=counted(progress, case.game))
    kept = probe.run(finding.shrunk, trial.seed)[1].stdout
    units = tuple(case.game.units(text))
    return Shrunk(case, units, failure, finding, kept, time.perf_counter() - started)
