"""A run is a verdict only when its program caused its end: a run ended by a signal that may have
come from outside (not a fault's, no limit explaining it) or failed on the grader's side is run
again, up to three runs in all. A program killed from outside once is graded as if undisturbed; a
program that kills itself every time is a crash; a grader's side that fails each time stops the
grading in one line, never a submission's mark. In each isolation the machine has."""

import csv
import errno
import os
import signal
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from acceptance.cli.main import main
from acceptance.errors import HarnessError
from acceptance.grading.runs import RUNS, undisturbed
from acceptance.marking.submissions import Submission
from acceptance.processes.execution import External
from acceptance.running.cases import Case
from acceptance.running.outcome import Doubt, Ending, Output, Status, verdict
from tests.acceptance.confine.test_sandbox import sandbox_trouble, suite
from tests.acceptance.confine.test_sandbox_limits import need

ISOLATIONS = ["no sandbox", "bubblewrap", "unprivileged users"]
SLOW_START = '#!/bin/sh\nsleep 1\ncat "$(dirname "$0")/out.txt"\n'  # killed while it sleeps
SELF_KILLING = '#!/bin/sh\nhead -n 2 "$(dirname "$0")/out.txt"\nkill -KILL $$\n'


def isolated(isolation: str, monkeypatch: pytest.MonkeyPatch, refused: Path) -> list[str]:
    """The options of `at grade` for an isolation, the test skipped where the machine lacks it."""
    if isolation == "no sandbox":
        return ["--no-sandbox"]
    need(sandbox_trouble())
    if isolation == "unprivileged users":
        need("" if os.geteuid() == 0 else "unprivileged users need root")
        monkeypatch.setenv("PATH", f"{refused}:{os.environ['PATH']}")
    return []


def submission(folder: Path, name: str, text: str, output: bytes) -> Path:
    """A submission whose program `name` is `text`, beside the output it prints (out.txt)."""
    folder.mkdir(parents=True)
    (folder / name).write_text(text)
    (folder / name).chmod(0o755)
    (folder / "out.txt").write_bytes(output)
    folder.chmod(0o755)
    return folder


def parent(pid: int) -> int:
    """A process's parent."""
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


@pytest.fixture
def killer(request: pytest.FixtureRequest) -> Iterator[tuple[str, list[int]]]:
    """A name for a program, and the pids killed: the first process found running a program of
    that name with a script (`-b`), or its parent (its helper: a fork server) where the test's
    `target` says so, is killed with SIGKILL from outside, once."""
    name = f"victim_{uuid.uuid4().hex[:12]}"
    helper = request.node.callspec.params.get("target") == "its helper"
    killed: list[int] = []
    done = threading.Event()

    def watch() -> None:
        while not done.wait(0.005) and not killed:
            for pid in filter(str.isdigit, os.listdir("/proc")):
                try:
                    argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
                except OSError:
                    continue
                if b"-b" in argv and any(word.endswith(name.encode()) for word in argv):
                    killed.append(parent(int(pid)) if helper else int(pid))
                    os.kill(killed[0], signal.SIGKILL)
                    return

    watcher = threading.Thread(target=watch)
    watcher.start()
    yield name, killed
    done.set()
    watcher.join()


def grades(out: Path) -> dict[str, str]:
    """Each submission's score in grades.csv."""
    with (out / "grades.csv").open(newline="") as table:
        return {row["submission"]: row["score"] for row in csv.DictReader(table)}


@pytest.mark.parametrize(
    ("isolation", "target"),
    [(isolation, "the program") for isolation in ISOLATIONS]
    + [(isolation, "its helper") for isolation in ISOLATIONS[1:]],
)
def test_a_run_killed_from_outside_once_is_graded_as_if_undisturbed(
    isolation: str,
    target: str,
    monkeypatch: pytest.MonkeyPatch,
    refused_bubblewrap: Path,
    killer: tuple[str, list[int]],
    tmp_path: Path,
) -> None:
    options = isolated(isolation, monkeypatch, refused_bubblewrap)
    name, killed = killer
    tests = suite(tmp_path / "suite", ("at001",))
    expected = (tests / "expected" / "at001.expected.txt").read_bytes()
    pupil = submission(tmp_path / "class" / "slow", name, SLOW_START, expected)
    out = tmp_path / "out"
    command = ["grade", "--exe", "{}/" + name, "--tests", str(tests / "at"), "--out", str(out)]
    assert main([*command, *options, str(pupil)]) == 0
    assert len(killed) == 1 and grades(out) == {"slow": "100.0"}


@pytest.mark.parametrize("isolation", ISOLATIONS)
def test_a_program_that_kills_itself_every_time_is_a_crash(
    isolation: str,
    monkeypatch: pytest.MonkeyPatch,
    refused_bubblewrap: Path,
    tmp_path: Path,
) -> None:
    options = isolated(isolation, monkeypatch, refused_bubblewrap)
    tests = suite(tmp_path / "suite", ("at001",))
    expected = (tests / "expected" / "at001.expected.txt").read_bytes()
    pupil = submission(tmp_path / "class" / "killer", "program", SELF_KILLING, expected)
    out = tmp_path / "out"
    command = ["grade", "--exe", "{}/program", "--tests", str(tests / "at"), "--out", str(out)]
    assert main([*command, *options, str(pupil)]) == 0
    assert grades(out) == {"killer": "0.0"}
    assert "crashed" in (out / "matrix.csv").read_text() + (out / "report.html").read_text()
    assert "killed by SIGKILL" in (out / "report.html").read_text()


class Program:
    """A program whose runs end as listed, one after another."""

    def __init__(self, *outputs: Output) -> None:
        self.outputs = list(outputs)
        self.runs = 0

    def __call__(self, case: Case) -> Output:
        """The next ending."""
        self.runs += 1
        return self.outputs.pop(0)


KILLED = Output(Status.CRASHED, b"", "killed by SIGKILL", Doubt.SIGNAL)
LOST = Output(
    Status.CRASHED, b"", "cannot run the sandbox: the fork server has ended", Doubt.GRADER
)
PASSED = Output(Status.OK, b"out\n")
PUPIL = Submission("s1", Path("s1"), ("s1/program",))
CASE = Case("at001", Path("at001.txt"), None)


@pytest.mark.parametrize("first", [KILLED, LOST])
def test_a_run_whose_end_may_not_be_its_programs_doing_is_run_again(first: Output) -> None:
    program = Program(first, first, PASSED)
    assert undisturbed(program, PUPIL, CASE) == PASSED and program.runs == 3


def test_a_run_a_signal_ends_each_time_is_recorded_as_it_ended() -> None:
    program = Program(*[KILLED] * RUNS)
    assert undisturbed(program, PUPIL, CASE) == KILLED and program.runs == RUNS


def test_a_grader_whose_side_fails_each_time_stops_marking_no_one() -> None:
    with pytest.raises(HarnessError, match=r"^s1, at001: cannot run the sandbox: .* \(3 times\)"):
        undisturbed(Program(*[LOST] * RUNS), PUPIL, CASE)


@pytest.mark.parametrize(
    ("code", "doubt"),
    [
        (-signal.SIGKILL, Doubt.SIGNAL),
        (-signal.SIGTERM, Doubt.SIGNAL),
        (-signal.SIGSEGV, Doubt.NONE),
        (-signal.SIGABRT, Doubt.NONE),
        (1, Doubt.NONE),
        (0, Doubt.NONE),
    ],
)
def test_only_a_signal_not_a_faults_may_have_come_from_outside(code: int, doubt: Doubt) -> None:
    assert verdict(Ending(b"", b"", code), 10, code).doubt is doubt


def test_a_signal_a_limit_explains_is_a_verdict() -> None:
    ending = Ending(b"", b"", -signal.SIGKILL)
    assert verdict(ending, 10, -signal.SIGKILL, Status.OVER_CPU).doubt is Doubt.NONE


@pytest.mark.parametrize(
    ("number", "status", "doubt"),
    [
        (errno.ENOENT, Status.NOT_FOUND, Doubt.NONE),
        (errno.EACCES, Status.NOT_EXECUTABLE, Doubt.NONE),
        (errno.EMFILE, Status.CRASHED, Doubt.GRADER),
        (errno.EAGAIN, Status.CRASHED, Doubt.GRADER),
    ],
)
def test_a_program_the_grader_cannot_start_is_the_programs_fault_only_when_it_is_not_runnable(
    number: int, status: Status, doubt: Doubt, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def failing(*_: object) -> int:
        raise OSError(number, os.strerror(number))

    monkeypatch.setattr("acceptance.processes.execution.spawn", failing)
    script = tmp_path / "at001.txt"
    script.write_text("")
    output = External(("program",), 10)(Case("at001", script, None))
    assert (output.status, output.doubt) == (status, doubt)
