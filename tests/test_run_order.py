"""The order of a grading's runs: the runs going on at once are of different submissions (the
class taken -j submissions at a time, their tests in turn), so that a submission's runs follow one
another in one kept sandbox; every run is there once, and one job keeps the class's order."""

from pathlib import Path

from acceptance.grading.grade import Submission, Task, in_turn
from acceptance.running.cases import Case


def tasks(submissions: int, tests: int) -> list[Task]:
    """Each test of each submission, submission by submission."""
    pupils = [Submission(f"s{n}", Path(f"s{n}"), ("program",)) for n in range(submissions)]
    cases = [Case(f"t{n}", Path(f"t{n}.txt"), None) for n in range(tests)]
    return [(pupil, case) for pupil in pupils for case in cases]


def names(order: list[Task]) -> list[str]:
    """Each task as submission/test."""
    return [f"{pupil.name}/{case.name}" for pupil, case in order]


def test_runs_at_once_are_of_different_submissions() -> None:
    assert names(in_turn(tasks(5, 2), 2)) == [
        "s0/t0", "s1/t0", "s0/t1", "s1/t1",
        "s2/t0", "s3/t0", "s2/t1", "s3/t1",
        "s4/t0", "s4/t1",
    ]  # fmt: skip


def test_a_submission_with_fewer_runs_left_ends_its_turn_early() -> None:
    unfinished = [task for task in tasks(2, 3) if names([task]) != ["s0/t1"]]
    assert names(in_turn(unfinished, 2)) == ["s0/t0", "s1/t0", "s0/t2", "s1/t1", "s1/t2"]


def test_one_job_keeps_the_class_order_and_every_run_is_there_once() -> None:
    every = tasks(4, 3)
    assert in_turn(every, 1) == every
    for jobs in (2, 3, 4, 8):
        assert sorted(names(in_turn(every, jobs))) == sorted(names(every))
