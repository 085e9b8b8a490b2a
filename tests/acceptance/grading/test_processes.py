"""Grading in worker processes: past `--threads` jobs, a class's runs go in several processes,
each with whole submissions, its own threads and its own sandbox, and each finished run goes to
the grading's process, which alone keeps the store; the reports are those of one process, a worker
ends with the grading however it ends, and a worker's failure is a one-line error. (The kills and
stops in worker processes: tests/acceptance/store/test_database.py; the hostile corpus:
tests/acceptance/confine/test_sandbox.py.)
"""

import contextlib
import ctypes
import dataclasses
import multiprocessing
import os
import pickle
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from acceptance.cli.grade import REPORTS
from acceptance.cli.main import main
from acceptance.confine.forkserver import LIBC, PR_SET_PDEATHSIG, prctl
from acceptance.confine.limits import DEFAULT_LIMITS
from acceptance.errors import HarnessError
from acceptance.grading import grading, isolation
from acceptance.grading.isolation import Isolation
from acceptance.grading.runs import SubmissionRunner
from acceptance.grading.stopping import helping
from acceptance.grading.workers import (
    WORKER,
    Sent,
    Spread,
    WorkerShare,
    grade_in_processes,
    jobs_of,
    parts_of,
    processes_for,
    receive,
    received,
    sent,
    work_part,
)
from acceptance.marking.submissions import expected_bytes, submissions
from acceptance.running.cases import collect
from acceptance.running.suite import Outcome
from acceptance.store.database import STORE, Ready, kept_runs, ready
from tests.acceptance.confine.test_sandbox_limits import need
from tests.classroom import EXACT, ROOT, TEMPLATE, TRAILING_SPACE, Kind, copy_suite, make_class
from tools.benchmarks.scaling import helper_pids

TESTS = [ROOT / "at" / f"at{number:03d}.txt" for number in range(1, 7)]
AT = Path(sys.executable).with_name("at")
PR_GET_PDEATHSIG = 2  # prctl's option: the signal this process gets when its parent ends


@pytest.fixture
def course(tmp_path: Path) -> tuple[Path, list[Path]]:
    """A suite of six tests and a class of five whose programs log their parent's pid."""
    copy_suite(tmp_path / "suite", TESTS)
    log = f'echo "$PPID" >> {tmp_path / "parents.log"}\n'
    kinds = {"exact": Kind(3, log + EXACT), "spacey": Kind(2, log + TRAILING_SPACE % 2)}
    pupils = make_class(tmp_path / "class", kinds)
    for pupil in pupils:  # no two alike: identical submissions share their runs
        (pupil / "program").write_text((pupil / "program").read_text() + f"# {pupil.name}\n")
    return tmp_path, pupils


def grade(place: Path, pupils: list[Path], out: str, *options: str) -> dict[str, bytes]:
    """The class graded without a sandbox into an output folder; its reports."""
    command = ["grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", str(place / "suite")]
    arguments = [*command, "--out", str(place / out), *options, *map(str, pupils)]
    assert main(arguments) == 0
    return {name: (place / out / name).read_bytes() for name in REPORTS}


def parents(place: Path) -> set[int]:
    """The pids of the processes that started the class's programs so far, the log then emptied."""
    log = place / "parents.log"
    pids = {int(line) for line in log.read_text().split()}
    log.write_text("")
    return pids


def test_past_its_threads_a_grading_runs_in_worker_processes_and_reports_as_one(
    course: tuple[Path, list[Path]],
) -> None:
    place, pupils = course
    alone = grade(place, pupils, "threads", "-j", "2")
    assert parents(place) == {os.getpid()}
    spread = grade(place, pupils, "processes", "-j", "2", "--threads", "1")
    workers = parents(place)
    assert len(workers) == 2 and os.getpid() not in workers
    assert spread == alone


def test_worker_processes_start_up_while_the_grading_gets_ready(
    course: tuple[Path, list[Path]], monkeypatch: pytest.MonkeyPatch
) -> None:
    place, pupils = course
    starting: list[set[int]] = []  # the workers running as the grading finds its isolation

    def confine(*given: Any) -> Any:
        starting.append(worker_pids())
        return isolation.confine(*given)

    monkeypatch.setattr(grading, "confine", confine)
    reports = grade(place, pupils, "out", "-j", "2", "--threads", "1")
    assert len(starting) == 1 and len(starting[0]) == 2
    assert parents(place) == starting[0]  # and they ran the class
    assert grade(place, pupils, "out", "-j", "2", "--threads", "1") == reports
    assert len(starting[1]) == 2 and not parents(place)  # done already: started, given nothing
    assert not worker_pids()  # and ended


def worker_pids() -> set[int]:
    """The pids of this process's worker processes running (started, not yet joined)."""
    return {
        child.pid
        for child in multiprocessing.active_children()
        if child.name == WORKER and child.pid is not None
    }


def test_a_grading_has_no_more_worker_processes_than_submissions(
    course: tuple[Path, list[Path]],
) -> None:
    place, pupils = course
    grade(place, pupils[:1], "one", "-j", "3", "--threads", "1")
    assert parents(place) == {os.getpid()}  # one submission: its runs are one process's


@pytest.mark.slow
def test_a_killed_grading_takes_its_worker_processes_with_it(
    course: tuple[Path, list[Path]],
) -> None:
    grader, started = in_two_workers(*course, "30", stderr=subprocess.DEVNULL)
    for pid in started:  # spawned, not forked from a grading that has threads
        assert b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    grader.kill()
    grader.wait()
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in started) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in started if alive(pid)]


def in_two_workers(
    place: Path, pupils: list[Path], pause: str, **popen: Any
) -> tuple[subprocess.Popen[bytes], set[int]]:
    """`at grade` of the class started as a process of its own, in two worker processes of one
    job, each program first sleeping `pause` seconds; once both workers run a program, the
    grader and the workers' pids."""
    for pupil in pupils:
        program = pupil / "program"
        program.write_text(program.read_text().replace("cat ", f"sleep {pause}; cat "))
    command = [str(AT), "grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", str(place / "suite")]
    arguments = [*command, "-j", "2", "--threads", "1", "--out", str(place / "out")]
    grader = subprocess.Popen([*arguments, *map(str, pupils)], **popen)
    deadline = time.monotonic() + 60
    while len(started := parents_so_far(place)) < 2:
        assert grader.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    return grader, started


def parents_so_far(place: Path) -> set[int]:
    """The pids that started the class's programs so far (the log kept)."""
    log = place / "parents.log"
    return {int(line) for line in log.read_text().split()} if log.exists() else set()


def alive(pid: int) -> bool:
    """Whether a process is still running (a zombie is not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_worker_that_cannot_make_the_gradings_isolation_is_a_one_line_error(
    course: tuple[Path, list[Path]], monkeypatch: pytest.MonkeyPatch
) -> None:
    place, pupils = course
    refuse_bubblewrap(place, monkeypatch)
    part = first_submissions_part(place, pupils, Isolation.BUBBLEWRAP)
    with pytest.raises(HarnessError) as error:
        grade_in_processes([part], lambda submission, done: None)
    assert "\n" not in str(error.value)
    assert "bwrap" in str(error.value) or "isolation" in str(error.value)


def test_every_worker_process_starts_before_any_is_given_its_part(tmp_path: Path) -> None:
    # A part holds the suite's expected outputs, more than a pipe holds: given at a worker's
    # start, it would hold up the next start until that worker, started up, had read it.
    copy_suite(tmp_path / "suite", TESTS[:1])
    stamp = "$(sed 's/.*) //' /proc/$PPID/stat | cut -d' ' -f20) $(cut -d' ' -f1 /proc/uptime)"
    log = tmp_path / "started.log"
    pupils = make_class(tmp_path / "class", {"s": Kind(2, f'echo "$PPID {stamp}" >> {log}\n')})
    cases = collect([tmp_path / "suite"], None)
    expected = {case: b"x" * 2**20 for case in cases}
    spread = Spread(2, Isolation.NONE, ())
    parts = [
        WorkerShare(((pupil, cases[0]),), expected, 10, 3, {}, 1, DEFAULT_LIMITS, spread)
        for pupil in submissions(TEMPLATE, pupils)
    ]
    grade_in_processes(parts, lambda submission, done: None)
    ticks = os.sysconf("SC_CLK_TCK")
    started = {}  # each worker: when it started, and when it first ran a program (since boot)
    for line in log.read_text().splitlines():
        worker, start, ran = line.split()
        started[worker] = (int(start) / ticks, float(ran))
    assert len(started) == 2
    (first, first_ran), (second, _) = sorted(started.values())
    assert second - first < (first_ran - first) / 2


def test_a_worker_makes_the_isolation_the_grading_chose_and_tries_no_other(
    course: tuple[Path, list[Path]], monkeypatch: pytest.MonkeyPatch
) -> None:
    need("" if os.geteuid() == 0 else "unprivileged users need root")
    place, pupils = course
    tried = refuse_bubblewrap(place, monkeypatch)
    part = first_submissions_part(place, pupils, Isolation.UNPRIVILEGED)
    done: list[Ready] = []
    grade_in_processes([part], lambda submission, run: done.append(run))
    assert len(done) == len(part.tasks)  # each ran as a user, who cannot read the expected files
    assert all(run.result.outcome is not Outcome.NOT_RUN for run in done)
    assert not tried.exists()  # the grading found bubblewrap refused: its worker never asks


def refuse_bubblewrap(place: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A bwrap first on the PATH that refuses every sandbox, as a container may; the file it
    makes when asked."""
    tried = place / "bwrap-tried"
    refusing = place / "refusing"
    refusing.mkdir()
    (refusing / "bwrap").write_text(
        f"#!/bin/sh\ntouch {tried}\necho 'bwrap: refused' >&2\nexit 1\n"
    )
    (refusing / "bwrap").chmod(0o755)
    monkeypatch.setenv("PATH", f"{refusing}:{os.environ['PATH']}")
    return tried


def first_submissions_part(place: Path, pupils: list[Path], isolation: Isolation) -> WorkerShare:
    """The runs of the class's first submission as a worker's part, one job, in an isolation."""
    cases = collect([place / "suite"], None)
    grader = SubmissionRunner(expected_bytes(cases), 10, 3, {}, None)
    tasks = tuple((pupil, case) for pupil in submissions(TEMPLATE, pupils[:1]) for case in cases)
    return WorkerShare(
        tasks, grader.expected, 10, 3, {}, 1, DEFAULT_LIMITS, Spread(2, isolation, ())
    )


@pytest.mark.parametrize(
    ("stop", "whom", "status"), [(signal.SIGTERM, "grader", 143), (signal.SIGINT, "group", 130)]
)
def test_a_stopped_grading_stops_its_workers_without_a_word_from_them(
    course: tuple[Path, list[Path]], stop: signal.Signals, whom: str, status: int
) -> None:
    grader, _ = in_two_workers(  # as from a terminal: Ctrl-C reaches its whole process group
        *course,
        "30",
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    if whom == "group":
        os.killpg(grader.pid, stop)
    else:
        grader.send_signal(stop)
    _, err = grader.communicate(timeout=60)
    assert grader.returncode == status
    told = err.decode().splitlines()  # the runs in flight are lost: no finished one to keep
    assert len(told) == 1 and re.fullmatch(r"at: stopped: graded \d of 30 runs", told[0])


@pytest.mark.slow
def test_a_worker_killed_from_outside_is_a_one_line_error_and_its_finished_runs_are_kept(
    course: tuple[Path, list[Path]],
) -> None:
    place, pupils = course
    grader, started = in_two_workers(place, pupils, "0.2", stderr=subprocess.PIPE)
    for pid in started:  # each named for `ps`, and by that name the scaling benchmark's
        assert Path(f"/proc/{pid}/comm").read_text() == f"{WORKER}\n"
    assert started <= set(helper_pids(grader.pid))
    time.sleep(0.5)  # a few runs finish
    os.kill(min(started), signal.SIGKILL)
    _, err = grader.communicate(timeout=60)
    assert grader.returncode == 2
    assert err.decode().splitlines() == [
        "at: a grading process ended with signal 9: the runs it finished are kept;"
        " the same command goes on from them"
    ]
    kept = kept_runs(place / "out" / STORE)
    assert kept is not None and kept > 0
    assert isinstance(grader.args, list)
    assert main(grader.args[1:]) == 0  # the same command finishes it
    assert kept_runs(place / "out" / STORE) == 30


def test_a_worker_that_ends_with_its_acknowledgements_unread_has_sent_all_its_runs() -> None:
    receiving, sending = multiprocessing.get_context("spawn").Pipe()
    messages = [("a", number) for number in range(3)]
    for message in messages:
        sending.send(message)
    receiving.send_bytes(b"")  # an acknowledgement the worker never reads
    sending.close()  # the reader's next read after its runs: a reset, not an end of file
    told: list[object] = []
    receive([receiving], told.append)
    assert told == messages


def test_runs_are_shared_in_whole_submissions_evenly_and_jobs_as_evenly() -> None:
    pupils = submissions(TEMPLATE, [Path(f"/class/{name}") for name in "abcde"])
    cases = collect([ROOT / "at" / "at001.txt", ROOT / "at" / "at002.txt"], None)
    counts = {"a": 2, "b": 1, "c": 2, "d": 1, "e": 2}
    tasks = [(pupil, case) for pupil in pupils for case in cases[: counts[pupil.name]]]
    split = parts_of(tasks, 2)
    assert sorted(len(part) for part in split) == [4, 4]
    for part in split:
        names = [submission.name for submission, _ in part]
        assert all(names.count(name) == counts[name] for name in names)
    assert sum(split, []).count(tasks[0]) == 1 and len(sum(split, [])) == len(tasks)
    assert parts_of(tasks[:2], 4) == [tasks[:2]]
    assert jobs_of(7, 3) == [3, 2, 2] and jobs_of(4, 4) == [1, 1, 1, 1]
    assert processes_for(16, 4, 100) == 4 and processes_for(17, 4, 100) == 5
    assert processes_for(16, 4, 2) == 2 and processes_for(4, 4, 100) == 1
    assert processes_for(2, 1, 0) == 1


def test_a_run_crosses_to_the_grading_whole_each_distinct_diff_sent_once(
    course: tuple[Path, list[Path]],
) -> None:
    place, pupils = course
    cases = collect([place / "suite"], None)
    grader = SubmissionRunner(expected_bytes(cases), 10, 3, {}, None)
    spacey = submissions(TEMPLATE, [pupils[3], pupils[4]])
    known: set[str] = set()
    diffs: dict[str, tuple[object, str]] = {}
    for submission in spacey:
        done = ready(*grader(submission, cases[1]))
        assert done.diff is not None
        message = sent(submission.name, 1, done, known)
        assert (message[9] is None) is (submission is spacey[1])  # the diff's lines: once
        through = pickle.loads(pickle.dumps(message))
        crossed = received(through, cases, diffs)  # type: ignore[arg-type]
        assert crossed == done
    passed = ready(*grader(submissions(TEMPLATE, [pupils[0]])[0], cases[0]))
    assert received(sent("exact00", 0, passed, known), cases, {}) == passed


def test_a_case_crosses_processes_as_the_same_game() -> None:
    case = collect([ROOT / "at" / "at001.txt"], None)[0]
    crossed = pickle.loads(pickle.dumps(case))
    assert crossed == case and crossed.game is case.game


def test_a_resumed_grading_in_worker_processes_counts_each_submissions_earlier_timeouts(
    tmp_path: Path,
) -> None:
    copy_suite(tmp_path / "suite", TESTS[:4])
    pupils = make_class(tmp_path / "class", {"hanging": Kind(2, "exec sleep 30\n")})
    for pupil in pupils:  # no two alike: identical submissions share their runs
        (pupil / "program").write_text((pupil / "program").read_text() + f"# {pupil.name}\n")
    command = ["grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", str(tmp_path / "suite")]
    command += ["--timeout", "0.3", "-j", "2", "--threads", "1", "--out", str(tmp_path / "out")]
    assert main([*command, "--give-up", "1", *map(str, pupils)]) == 0
    assert kept_runs(tmp_path / "out" / STORE) == 2  # one timeout each, the rest not run
    assert main([*command, "--give-up", "2", *map(str, pupils)]) == 0
    rows = (tmp_path / "out" / "matrix.csv").read_text().splitlines()[1:]
    for row in rows:  # one more timeout each reaches the give-up: the earlier one counted
        assert row.split(",")[1:] == ["timed out"] * 2 + ["not run"] * 2


def death_signal() -> int:
    """The signal this process gets when its parent ends (0: none)."""
    number = ctypes.c_int(0)
    assert LIBC.prctl(PR_GET_PDEATHSIG, ctypes.byref(number), 0, 0, 0) == 0
    return number.value


@pytest.fixture
def as_a_helper() -> Iterator[None]:
    """This test's process made a grading's helper for a while: its name, Ctrl-C's handling and
    its parent's death signal given back afterwards."""
    comm = Path("/proc/self/comm")
    name, interrupt = comm.read_text().rstrip("\n"), signal.getsignal(signal.SIGINT)
    try:
        yield
    finally:
        prctl(PR_SET_PDEATHSIG, 0)
        signal.signal(signal.SIGINT, interrupt)
        comm.write_text(name)


def test_a_helping_process_ends_with_the_grader_is_named_and_leaves_ctrl_c_to_it(
    as_a_helper: None,
) -> None:
    helping(os.getppid(), "at test helper")
    assert Path("/proc/self/comm").read_text() == "at test helper\n"
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    assert death_signal() == signal.SIGKILL


def worked_here(part: WorkerShare) -> list[Sent | str]:
    """What a worker sends the grading for a part, the worker run in this process (its runs not
    acknowledged: the part has as many jobs as runs)."""
    receiving, sending = multiprocessing.Pipe()
    receiving.send(part)
    work_part(sending, os.getppid())
    told: list[Sent | str] = []
    with contextlib.suppress(EOFError):  # the worker's end closed, or (still held) nothing left
        while receiving.poll(0):
            told.append(receiving.recv())
    receiving.close()
    return told


def test_a_worker_sends_each_run_of_its_part_and_its_error_as_one_line(
    course: tuple[Path, list[Path]], monkeypatch: pytest.MonkeyPatch, as_a_helper: None
) -> None:
    place, pupils = course
    part = first_submissions_part(place, pupils, Isolation.NONE)
    part = dataclasses.replace(part, tasks=part.tasks[:2], jobs=2)
    runs = worked_here(part)
    assert Path("/proc/self/comm").read_text() == f"{WORKER}\n"
    assert sorted((run[0], run[1]) for run in runs) == [(pupils[0].name, 0), (pupils[0].name, 1)]
    assert all(run[2] == Outcome.PASSED.value for run in runs)
    refuse_bubblewrap(place, monkeypatch)
    (error,) = worked_here(dataclasses.replace(part, spread=Spread(2, Isolation.BUBBLEWRAP, ())))
    assert isinstance(error, str) and "\n" not in error and "bwrap" in error
