"""Differential fuzzing: random scripts run by a program and by the oracle until their outputs
differ, then the script shrunk to a minimal one that still differs and kept as a new test.

Everything follows from the seed: the scripts tried, the one found (the first that differs, in
order, even when scripts run in parallel) and its shrinking. A time budget only decides how many
scripts are tried. Searching for every cause (`search_every`) goes on after a difference: the
first script of each way of failing (the program's status, its difference's cause rule) is
shrunk to one that fails alike, the later ones are counted.
"""

import hashlib
import random
import threading
import time
from collections.abc import Generator, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from acceptance.errors import HarnessError
from acceptance.fuzzing.shrinker import Shrinker, Test, Units, Watch, shrink
from acceptance.game_oracles.registry import Game, script_text
from acceptance.progress import SILENT, Progress
from acceptance.running.cases import (
    SCRIPT_SUFFIX,
    SEED_SUFFIX,
    Case,
    expected_target,
    make_case,
    script_folder,
    shown,
)
from acceptance.running.cause import Cause, script_cause
from acceptance.running.compare import compare
from acceptance.running.outcome import NOT_STARTED, Output, Producer, Status
from acceptance.running.places import places_of
from acceptance.running.run_report import plural


@dataclass(frozen=True)
class Budget:
    """How many random scripts to try at most, and for how long (None: no time limit)."""

    scripts: int
    seconds: float | None = None


@dataclass(frozen=True)
class Failure:
    """How a program fails on a script against the oracle: how it ended, and the cause of its
    difference (None for a crash, or where the game cannot tell its oracle's lines). Two
    failures are alike when they end alike with the same cause rule."""

    status: Status
    cause: Cause | None = None

    @property
    def rule(self) -> str | None:
        """The rule of the cause, if there is one."""
        return self.cause.rule if self.cause else None

    def alike(self, other: "Failure | None") -> bool:
        """Whether another failure ends alike with the same cause rule."""
        return other is not None and (other.status, other.rule) == (self.status, self.rule)


@dataclass
class Probe:
    """Runs candidate scripts of one game, each written once to a scratch folder, through the
    program under test and the oracle; a candidate is interesting when their outputs differ."""

    game: Game
    program: Producer
    oracle: Producer
    folder: Path
    outputs: dict[tuple[Units, int | None], tuple[Output, Output]] = field(default_factory=dict)
    failures: dict[tuple[Units, int | None], Failure | None] = field(default_factory=dict)

    def case(self, units: Units, seed: int | None) -> Case:
        """The candidate as a test case: its script file named by its content."""
        text = script_text(units)
        path = self.folder / f"{hashlib.sha1(text.encode()).hexdigest()[:16]}{SCRIPT_SUFFIX}"
        if not path.exists():  # written aside, then moved: a program never reads half a file
            aside = path.with_suffix(f".{threading.get_ident()}")
            aside.write_text(text, encoding="utf-8", newline="\n")
            aside.replace(path)
        return Case(path.stem, path, None, self.game, seed)

    def run(self, units: Units, seed: int | None) -> tuple[Output, Output]:
        """What the program and the oracle print for a candidate."""
        key = units, seed
        if key not in self.outputs:
            case = self.case(units, seed)
            self.outputs[key] = self.program(case), self.oracle(case)
        return self.outputs[key]

    def differs(self, units: Units, seed: int | None) -> bool:
        """Whether the program's output differs from the oracle's (which must have run)."""
        actual, expected = self.run(units, seed)
        if expected.status is not Status.OK:
            return False
        return actual.status is not Status.OK or actual.stdout != expected.stdout

    def failure(self, units: Units, seed: int | None) -> Failure | None:
        """How the program fails on a candidate (None where it agrees with the oracle)."""
        key = units, seed
        if key not in self.failures:
            self.failures[key] = self.failing(units, seed) if self.differs(units, seed) else None
        return self.failures[key]

    def failing(self, units: Units, seed: int | None) -> Failure:
        """How the program fails on a candidate that differs: its status, its difference's cause."""
        actual, expected = self.run(units, seed)
        if actual.status is not Status.OK:
            return Failure(actual.status)
        text = script_text(units)
        mismatch = compare(expected.stdout, actual.stdout, places_of(self.game, text))
        if mismatch is None:
            return Failure(actual.status)
        return Failure(actual.status, script_cause(self.game, text, seed, mismatch))


@dataclass(frozen=True)
class Trial:
    """One random script: its number from 1, the game's seed for it, and its lines."""

    number: int
    seed: int | None
    lines: Units


@dataclass(frozen=True)
class Finding:
    """A difference found: the script that showed it, and the minimal script that still does."""

    trial: Trial
    shrunk: Units
    runs: int
    stopped: bool = False  # by Ctrl-C while shrinking: `shrunk` is the smallest found so far


def trials(game: Game, seed: int) -> Iterator[Trial]:
    """The random scripts of a fuzzing run, the same for the same seed."""
    rng = random.Random(seed)
    number = 0
    while True:
        number += 1
        try:
            game_seed, lines = game.random_script(rng)
        except Exception as error:  # a game's own player is not the harness's to crash
            name = type(error).__name__
            raise HarnessError(f"cannot make random {game.name} scripts: {name}: {error}") from None
        yield Trial(number, game_seed, tuple(lines))


def checked(probe: Probe, trial: Trial) -> bool:
    """Whether a trial's script differs; a program that cannot run or an oracle that fails ends
    the fuzzing with a one-line error."""
    actual, expected = probe.run(trial.lines, trial.seed)
    if actual.status in NOT_STARTED:
        raise HarnessError(actual.detail)
    if expected.status is not Status.OK:
        raise HarnessError(f"the oracle failed on script {trial.number}: {expected.detail}")
    return probe.differs(trial.lines, trial.seed)


@dataclass
class Tried:
    """How many random scripts a search has tried so far."""

    scripts: int = 0


def differing(
    probe: Probe, seed: int, budget: Budget, jobs: int, tried: Tried, progress: Progress
) -> Generator[Trial, None, None]:
    """The random scripts that differ, in order, tried `jobs` at a time until the budget is spent
    (the time a caller takes between two counts against it), counted on the progress line."""
    started = time.monotonic()
    generated = trials(probe.game, seed)
    total = budget.scripts if budget.seconds is None else None
    progress.begin("fuzzing", "script", total, budget.seconds)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        while tried.scripts < budget.scripts:
            if budget.seconds is not None and time.monotonic() - started >= budget.seconds:
                return
            batch = [next(generated) for _ in range(min(jobs, budget.scripts - tried.scripts))]
            found = list(pool.map(lambda trial: checked(probe, trial), batch))
            tried.scripts += len(batch)
            progress.advance(len(batch))
            yield from (trial for trial, differs in zip(batch, found, strict=True) if differs)


def search(
    probe: Probe, seed: int, budget: Budget, jobs: int, progress: Progress = SILENT
) -> tuple[int, Trial | None]:
    """Try random scripts, `jobs` at a time, until one differs or the budget is spent; how many
    were tried and the first that differs."""
    tried = Tried()
    found = differing(probe, seed, budget, jobs, tried, progress)
    first = next(found, None)
    found.close()  # its threads end now, not when it is collected
    return tried.scripts, first


@dataclass
class Caught:
    """A cause caught by `search_every`: the shrunk script that shows it, how the program fails
    there, and how many random scripts failed with that cause."""

    finding: Finding
    failure: Failure
    hits: int = 1


def search_every(
    probe: Probe, seed: int, budget: Budget, jobs: int, progress: Progress = SILENT
) -> tuple[int, list[Caught]]:
    """Try random scripts until the budget is spent, shrinking the first script of each way of
    failing (its status, its cause's rule) to a script that fails alike and counting the rest;
    how many were tried and the causes, in the order found."""
    tried, kept = Tried(), dict[tuple[Status, str | None], Caught]()
    for trial in differing(probe, seed, budget, jobs, tried, progress):
        failure = probe.failure(trial.lines, trial.seed)
        if failure is None:
            continue
        key = failure.status, failure.rule
        if key in kept:
            kept[key].hits += 1
        else:
            found = plural(len(kept), "cause")
            watch = noted(progress, f"{found}; shrinking script {trial.number}:", probe.game)
            kept[key] = Caught(minimal(probe, trial, jobs, alike=True, watch=watch), failure)
        progress.note(plural(len(kept), "cause"))
    return tried.scripts, list(kept.values())


def counted(progress: Progress, game: Game) -> Watch:
    """A shrinking shown as a stage of its own: its runs counted, its smallest script's length
    noted."""
    return lambda runs, smallest: progress.advance(runs, length(smallest, game))


def noted(progress: Progress, before: str, game: Game) -> Watch:
    """A shrinking shown in the note of another stage: its smallest script's length, after
    `before`."""
    return lambda runs, smallest: progress.note(f"{before} {length(smallest, game)}".strip())


def length(smallest: Units | None, game: Game) -> str:
    """The length of the smallest script a shrinking has found, in words ('' before any)."""
    return "" if smallest is None else plural(len(smallest), game.unit.value)


def minimal(
    probe: Probe, trial: Trial, jobs: int, alike: bool = False, watch: Watch | None = None
) -> Finding:
    """Shrink a differing script: by the game's units if they still differ, else by lines; with
    `alike`, to a script on which the program fails as on the trial's (its status, its cause's
    rule), so that the small script shows the same miss; `watch` is told of each batch run.
    Ctrl-C stops it with the smallest script found so far."""
    test = same_failure(probe, trial) if alike else lambda units: probe.differs(units, trial.seed)
    shrinker = Shrinker(test, jobs, watch=watch)
    try:
        units = tuple(probe.game.units(script_text(trial.lines)))
        if not shrinker.holds(units):
            units = trial.lines
        shrunk = shrink(units, shrinker, probe.game.simpler)
    except KeyboardInterrupt:  # stopped: what was found is kept, not lost
        return Finding(trial, shrinker.smallest or trial.lines, shrinker.runs, stopped=True)
    return Finding(trial, shrunk, shrinker.runs)


def same_failure(probe: Probe, trial: Trial) -> Test:
    """Whether a candidate fails as the trial's script does (its status, its cause's rule)."""
    failure = probe.failure(trial.lines, trial.seed)
    return lambda units: failure is not None and failure.alike(probe.failure(units, trial.seed))


def taken(script: Path, game: Game) -> bool:
    """Whether a new test's script, seed or expected file would overwrite one."""
    return any(
        path.exists()
        for path in (script, script.with_suffix(SEED_SUFFIX), expected_target(script, game))
    )


def new_script(game: Game, folder: Path, base: str) -> Path:
    """The script file of a new test named `base` (or `base_2`, ...) that takes no file's place."""
    for number in range(1, 10_000):
        script = folder / ((base if number == 1 else f"{base}_{number}") + SCRIPT_SUFFIX)
        if not taken(script, game):
            return script
    raise HarnessError(f"no free test name {base}_N in {folder}")


def save(
    game: Game, root: Path, name: str, units: Units, seed: int | None, expected: bytes
) -> tuple[Case, list[Path]]:
    """Keep a script as a new test of a game with its expected output, never over a file; the
    test and the files written."""
    folder = script_folder(game, root)
    folder.mkdir(parents=True, exist_ok=True)
    script = new_script(game, folder, name)
    target = expected_target(script, game)
    target.parent.mkdir(parents=True, exist_ok=True)
    files = [(script, script_text(units).encode()), (target, expected)]
    if seed is not None:
        files.append((script.with_suffix(SEED_SUFFIX), f"{seed}\n".encode()))
    try:
        for path, content in files:
            with open(path, "xb") as file:
                file.write(content)
    except OSError as error:
        raise HarnessError(f"cannot save the test {shown(script)}: {error}") from None
    return make_case(script, game), [path for path, _ in files]
