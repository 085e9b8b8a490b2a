"""A grade is what a submission's program printed, whatever else happens on the machine: while a
class is graded, programs are killed from outside and, in a sandbox, the grader's helper processes
that started them (fork servers, kept sandboxes); or the grader's children are killed and then the
grader (as `pkill -KILL -P` then `kill -KILL` do), and the same command is run again. Each trial
ends with the grades of an undisturbed grading of the same class, byte for byte (grades.csv), a
self-killing submission kept as a crash. Seeded: which runs are killed, and how, follows from the
seed and the run alone, so a failing trial is replayed by its test id, which ends with its seed
(`...grades[no sandbox-1]`); AT_CHAOS_SEEDS=10 tries seeds 1 to 10. In each isolation the machine
has."""

import contextlib
import os
import random
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from acceptance.cli.main import main
from tests.acceptance.confine.test_sandbox import suite
from tests.acceptance.store.test_database import APART, children, started
from tests.promises.test_disturbed_runs import ISOLATIONS, isolated, parent

pytestmark = pytest.mark.slow  # chaos: gradings killed at random, in every isolation (minutes)

TOKEN = "chaos_"  # in every graded program's command line, before its submission's name
TESTS = ("at001", "at002", "at003")
# Each kind's program: its command line names its submission; it prints the output kept beside it
# for the test (NAME.out), the first lines only where it is wrong, and the self-killer kills
# itself after printing them.
PROGRAM = (
    '#!/bin/sh\nexec sh -c \'sleep 0.3; n=$(basename "$3" .txt);'
    ' {print} "$(dirname "$1")/$n.out"{end}\' ' + TOKEN + '{name} "$0" "$@"\n'
)

KINDS = {
    "honest": {"print": "cat", "end": ""},
    "wrong": {"print": "head -n 3", "end": ""},
    "selfkiller": {"print": "head -n 3", "end": "; kill -KILL $$"},
}
CLASS = ("honest1", "honest2", "honest3", "wrong1", "wrong2", "selfkiller1")
SEEDS = range(1, 1 + int(os.environ.get("AT_CHAOS_SEEDS", "2")))  # more: AT_CHAOS_SEEDS=10
SHARE = 0.4, 0.2  # the share of runs whose program is killed, and (in a sandbox) whose helper is


def a_class(place: Path, tests: Path) -> list[Path]:
    """The class, each program beside the expected output of each test."""
    pupils = []
    for name in CLASS:
        folder = place / name
        folder.mkdir(parents=True)
        kind = KINDS[name.rstrip("0123456789")]
        (folder / "program").write_text(PROGRAM.format(name=name, **kind))
        (folder / "program").chmod(0o755)
        for test in TESTS:
            expected = tests / "expected" / f"{test}.expected.txt"
            shutil.copy(expected, folder / f"{test}.out")
        folder.chmod(0o755)
        pupils.append(folder)
    return pupils


def command(place: Path, options: list[str]) -> list[str]:
    """`at grade`'s arguments for the class, made in a fresh folder, graded into `place/out`."""
    tests = suite(place / "suite", TESTS)
    pupils = a_class(place / "class", tests)
    out = ["--out", str(place / "out")]
    return ["grade", "--exe", "{}/program", "--tests", str(tests / "at"), *out, *options] + [
        str(pupil) for pupil in pupils
    ]


def graded(place: Path, options: list[str]) -> bytes:
    """grades.csv of the class graded in a fresh folder."""
    assert main(command(place, options)) == 0
    return (place / "out" / "grades.csv").read_bytes()


REFERENCES: dict[str, bytes] = {}


def reference(isolation: str, options: list[str]) -> bytes:
    """grades.csv of an undisturbed grading in the isolation, made once."""
    if isolation not in REFERENCES:
        with tempfile.TemporaryDirectory() as place:
            os.chmod(place, 0o755)
            REFERENCES[isolation] = graded(Path(place), options)
    return REFERENCES[isolation]


Run = tuple[bytes, bytes]  # a submission's name in its program's command line, and its test


class Runs:
    """Watches a grading from outside: each run seen (a submission's test) once, while its program
    runs, is handed to `act` with the program's pid."""

    def __init__(self, act: Callable[[int, Run], None]) -> None:
        self.act = act
        self.seen: set[Run] = set()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.watch)

    def watch(self) -> None:
        """Look for runs every few milliseconds until told to stop."""
        while not self.done.wait(0.005):
            for pid in filter(str.isdigit, os.listdir("/proc")):
                try:
                    argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
                    self.met(int(pid), argv)
                except (OSError, IndexError, ValueError):
                    continue

    def met(self, pid: int, argv: list[bytes]) -> None:
        """A process: handed on if it runs a program of the class not seen before."""
        named = [word for word in argv if word.startswith(TOKEN.encode())]
        if not named or b"-b" not in argv:
            return
        run = named[0], os.path.basename(argv[argv.index(b"-b") + 1])
        if run not in self.seen:
            self.seen.add(run)
            self.act(pid, run)

    def __enter__(self) -> "Runs":
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.done.set()
        self.thread.join()


class Chaos:
    """Kills some runs of a grading as it goes on, each by a roll of its own from the seed: its
    program, or in a sandbox the helper that started it (its parent), or nothing."""

    def __init__(self, seed: int, helpers: bool) -> None:
        self.seed = seed
        self.helpers = helpers
        self.killed: list[str] = []

    def __call__(self, pid: int, run: Run) -> None:
        roll = random.Random(f"{self.seed}/{run[0]!r}/{run[1]!r}").random()
        if roll < SHARE[0]:
            os.kill(pid, signal.SIGKILL)
            self.killed.append(f"program {run}")
        elif roll < sum(SHARE) and self.helpers:
            os.kill(parent(pid), signal.SIGKILL)
            self.killed.append(f"helper {run}")


class Halt:
    """Kills a grading at the seed's run: the grader's children first, then the grader."""

    def __init__(self, seed: int, grader: "subprocess.Popen[bytes]") -> None:
        self.grader = grader
        self.at = random.Random(seed).randrange(1, len(CLASS) * len(TESTS))
        self.runs = 0

    def __call__(self, pid: int, run: Run) -> None:
        self.runs += 1
        if self.runs == self.at:
            for child in children(self.grader.pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(child, signal.SIGKILL)
            time.sleep(APART)
            self.grader.kill()


@dataclass(frozen=True)
class Trial:
    """One isolation's trial: `at grade`'s options there, the grades of an undisturbed grading,
    whether the grader has helpers to kill (in a sandbox), and a fresh folder a run's user may
    enter."""

    options: list[str]
    expected: bytes
    helpers: bool
    place: Path


@pytest.fixture(params=ISOLATIONS)
def trial(
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
    refused_bubblewrap: Path,
    tmp_path: Path,
) -> Trial:
    """A trial in each isolation the machine has."""
    tmp_path.chmod(0o755)
    options = isolated(request.param, monkeypatch, refused_bubblewrap)
    return Trial(
        options, reference(request.param, options), request.param != "no sandbox", tmp_path
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_runs_and_helpers_killed_from_outside_leave_the_undisturbed_grades(
    trial: Trial, seed: int
) -> None:
    chaos = Chaos(seed, trial.helpers)
    with Runs(chaos):
        grades = graded(trial.place, trial.options)
    assert chaos.killed, "the seed killed nothing: choose another"
    assert grades == trial.expected, f"seed {seed}, killed: {chaos.killed}"
    assert b"selfkiller1,0,0,3,0.0,3 crashed" in grades


@pytest.mark.parametrize("seed", SEEDS)
def test_a_grading_killed_children_first_then_run_again_gives_the_undisturbed_grades(
    trial: Trial, seed: int
) -> None:
    arguments = command(trial.place, trial.options)
    grader = started(arguments)
    halt = Halt(seed, grader)
    with Runs(halt):
        grader.wait(timeout=120)
    assert grader.returncode == -signal.SIGKILL, f"seed {seed}: ended before its run {halt.at}"
    assert main(arguments) == 0
    assert (trial.place / "out" / "grades.csv").read_bytes() == trial.expected, f"seed {seed}"
