"""The order of a grading's runs (`Turns`): each worker keeps to one submission until its runs are
all taken, so that a submission's runs follow one another in one kept sandbox; then takes the
next submission no worker has, and once none is left, helps the one with the most runs left (one
submission still runs -j at once); every run is taken once."""

from pathlib import Path

from acceptance.grading.grade import Submission, Task, Turns
from acceptance.running.cases import Case


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
