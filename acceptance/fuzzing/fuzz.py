"""Differential fuzzing: random scripts run by a program and by the oracle until their outputs
differ, then the script shrunk to a minimal one that still differs and kept as a new test.

Everything follows from the seed: the scripts tried, the one found (the first that differs, in
order, even when scripts run in parallel) and its shrinking. A time budget only decides how many
scripts are tried.
"""

import hashlib
import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from acceptance.running.cases import (
    SCRIPT_SUFFIX,
    SEED_SUFFIX,
    Case,
    expected_target,
    make_case,
    script_folder,
    shown,
)
from acceptance.errors import HarnessError
from acceptance.running.execution import NOT_STARTED, Output, Producer, Status
from acceptance.games import Game, script_text
from acceptance.fuzzing.shrink import Shrinker, Units, shrink


@dataclass(frozen=True)
class Budget:
    """How many random scripts to try at most, and for how long (None: no time limit)."""

    scripts: int
    seconds: float | None = None


@dataclass
class Probe:
    """Runs candidate scripts of one game, each written once to a scratch folder, through the
    program under test and the oracle; a candidate is interesting when their outputs differ."""

    game: Game
    program: Producer
    oracle: Producer
    folder: Path
    outputs: dict[tuple[Units, int | None], tuple[Output, Output]] = field(default_factory=dict)

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


def search(probe: Probe, seed: int, budget: Budget, jobs: int) -> tuple[int, Trial | None]:
    """Try random scripts, `jobs` at a time, until one differs or the budget is spent; how many
    were tried and the first that differs."""
    started, tried = time.monotonic(), 0
    generated = trials(probe.game, seed)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        while tried < budget.scripts:
            if budget.seconds is not None and time.monotonic() - started >= budget.seconds:
                break
            batch = [next(generated) for _ in range(min(jobs, budget.scripts - tried))]
            found = list(pool.map(lambda trial: checked(probe, trial), batch))
            tried += len(batch)
            first = next(
                (trial for trial, differs in zip(batch, found, strict=True) if differs), None
            )
            if first is not None:
                return tried, first
    return tried, None


def minimal(probe: Probe, trial: Trial, jobs: int) -> Finding:
    """Shrink a differing script: by the game's units if they still differ, else by lines;
    Ctrl-C stops it with the smallest script found so far."""
    shrinker = Shrinker(lambda units: probe.differs(units, trial.seed), jobs)
    try:
        units = tuple(probe.game.units(script_text(trial.lines)))
        if not shrinker.holds(units):
            units = trial.lines
        shrunk = shrink(units, shrinker, probe.game.simpler)
    except KeyboardInterrupt:  # stopped: what was found is kept, not lost
        return Finding(trial, shrinker.smallest or trial.lines, shrinker.runs, stopped=True)
    return Finding(trial, shrunk, shrinker.runs)


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
