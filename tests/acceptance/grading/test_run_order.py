"""The order of a grading's runs (`Turns`): each worker keeps to one submission until its runs are
all taken, so that a submission's runs follow one another in one kept sandbox; then takes the
next submission no worker has, and once none is left, helps the one with the most runs left (one
submission still runs -j at once); every run is taken once. The workers tell their own runs
(`grade_runs`), one at a time."""

import itertools
import threading
import time
from pathlib import Path

import pytest

from acceptance.grading.runs import Turns, grade_runs
from acceptance.marking.submissions import Submission, Task
from acceptance.processes.execution import Guard
from acceptance.running.cases import Case

JOBS = 3


def tasks(submissions: int, tests: int) -> list[Task]:
    """Each test of each submission, submission by submission."""
    pupils = [Submission(f"s{n}", Path(f"s{n}"), ("program",)) for n in range(submissions)]
    cases = [Case(f"t{n}", Path(f"t{n}.txt"), None) for n in range(tests)]
    return [(pupil, case) for pupil in pupils for case in cases]


def name(task: Task | None) -> str:
    """A task as submission/test."""
    assert task is not None
    return f"{task[0].name}/{task[1].name}"


def test_each_worker_keeps_to_its_submission_then_takes_the_next_nobody_has() -> None:
    turns = Turns(tasks(3, 2))
    first, second = turns.take(None), turns.take(None)
    assert [name(first), name(second)] == ["s0/t0", "s1/t0"]
    assert name(turns.take("s1")) == "s1/t1"
    assert name(turns.take("s1")) == "s2/t0"
    assert name(turns.take("s0")) == "s0/t1"
    assert name(turns.take("s0")) == "s2/t1"
    assert turns.take("s2") is None


def test_with_no_submission_left_a_worker_helps_the_one_with_most_runs_left() -> None:
    turns = Turns(tasks(2, 4))
    assert name(turns.take(None)) == "s0/t0"
    assert name(turns.take(None)) == "s1/t0"
    assert name(turns.take("s1")) == "s1/t1"
    assert name(turns.take("s1")) == "s1/t2"
    assert name(turns.take("s1")) == "s1/t3"
    assert name(turns.take("s1")) == "s0/t1"  # s0 has the most left: it is helped
    assert name(turns.take("s0")) == "s0/t2"


def test_the_submission_helped_is_the_one_with_most_runs_left_not_the_last_by_name() -> None:
    """s0 has 4 runs and s1 2: once each is taken, the workers with none help s0 while it has
    more runs left than s1, though s1 comes later by name; on a tie, the first in class order."""
    s1 = Submission("s1", Path("s1"), ("program",))
    turns = Turns(tasks(1, 4) + [(s1, case) for _, case in tasks(1, 2)])
    assert [name(turns.take(None)), name(turns.take(None))] == ["s0/t0", "s1/t0"]
    assert name(turns.take(None)) == "s0/t1"  # 3 runs left of s0, 1 of s1
    assert name(turns.take(None)) == "s0/t2"  # 2 and 1
    assert name(turns.take(None)) == "s0/t3"  # 1 and 1
    assert name(turns.take(None)) == "s1/t1"
    assert turns.take(None) is None


def test_one_submission_is_shared_by_every_worker_and_every_run_is_taken_once() -> None:
    turns = Turns(tasks(1, 3))
    assert [name(turns.take(None)) for _ in range(3)] == ["s0/t0", "s0/t1", "s0/t2"]
    assert turns.take(None) is None
    every = tasks(5, 7)
    turns = Turns(every)
    taken, mine = [], None
    while (task := turns.take(mine)) is not None:
        taken.append(task)
        mine = task[0].name if len(taken) % 3 else None
    assert sorted(map(name, taken)) == sorted(map(name, every))


def test_each_run_is_told_once_one_at_a_time_with_no_more_than_jobs_untold() -> None:
    """The workers tell their own runs, under one lock, before taking another: every run is
    told once, never two at once, and at no moment are more than `jobs` runs begun and untold."""
    every = tasks(4, 5)
    lock = threading.Lock()
    begun, telling = [0], [0]
    told: list[str] = []

    def work(submission: Submission, case: Case) -> str:
        with lock:
            begun[0] += 1
            assert begun[0] - len(told) <= JOBS
        time.sleep(0.001)
        return f"{submission.name}/{case.name}"

    def on_result(submission: Submission, done: str) -> None:
        telling[0] += 1
        assert telling[0] == 1  # no other run is being told now
        time.sleep(0.001)
        with lock:
            told.append(done)
        telling[0] -= 1

    grade_runs(every, work, Guard(), JOBS, on_result)
    assert sorted(told) == sorted(map(name, every))


def test_each_grading_worker_keeps_to_its_submission_until_its_runs_are_all_taken() -> None:
    """One worker runs the class submission by submission; of several, each runs a submission's
    runs one after another and never comes back to a submission it has left."""
    order: list[str] = []
    grade_runs(
        tasks(3, 3), lambda s, c: f"{s.name}/{c.name}", Guard(), 1, lambda s, d: order.append(d)
    )
    assert order == list(map(name, tasks(3, 3)))
    by_worker: dict[int, list[str]] = {}

    def work(submission: Submission, case: Case) -> str:
        time.sleep(0.001)
        by_worker.setdefault(threading.get_ident(), []).append(submission.name)
        return submission.name

    grade_runs(tasks(2 * JOBS, 4), work, Guard(), JOBS, lambda submission, done: None)
    for names in by_worker.values():
        runs_of = [submission for submission, _ in itertools.groupby(names)]
        assert len(runs_of) == len(set(runs_of)), names


def test_what_a_worker_raises_stops_the_guard_and_goes_up() -> None:
    guard = Guard()

    def work(submission: Submission, case: Case) -> str:
        if case.name == "t2":
            raise OSError("the disk is full")
        return case.name

    with pytest.raises(OSError, match="the disk is full"):
        grade_runs(tasks(2, 4), work, guard, JOBS, lambda submission, done: None)
    assert guard.stopped
