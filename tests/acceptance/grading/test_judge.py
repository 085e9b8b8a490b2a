"""Each distinct output of a test is judged once in a grading (`SubmissionRunner.judge`): runs
that print the same bytes share one mismatch and one block diff's JSON text, however many
submissions print them; the store writes each distinct block diff once, and every run still
names it."""

import sqlite3
from pathlib import Path

from acceptance.grading.runs import SubmissionRunner
from acceptance.marking.submissions import Submission
from acceptance.running.cases import Case, collect
from acceptance.running.compare import diff_json
from acceptance.running.suite import Outcome, Result, difference
from acceptance.store.database import Store, StoredSubmission, ready
from tests.classroom import ROOT


def suite() -> list[Case]:
    """Two tests of the Space Defender 2 suite."""
    return collect([ROOT / "at" / "at001.txt", ROOT / "at" / "at002.txt"], None)


def grader_of(cases: list[Case]) -> SubmissionRunner:
    """A grader of these tests, their expected bytes read."""
    expected = {case: case.expected.read_bytes() for case in cases if case.expected is not None}
    return SubmissionRunner(expected, timeout=5, give_up=3, timeouts={})


def test_the_same_output_of_a_test_is_judged_once_and_shared() -> None:
    first, _ = cases = suite()
    grader = grader_of(cases)
    wrong = b"a wrong line\n"
    judged = grader.judge(first, wrong)
    assert grader.judge(first, bytes(wrong)) is judged
    assert judged.mismatch == difference(first, grader.expected[first], wrong)
    assert judged.mismatch is not None and judged.diff == diff_json(judged.mismatch)


def test_other_bytes_or_another_test_are_judged_anew() -> None:
    first, second = cases = suite()
    grader = grader_of(cases)
    judged = grader.judge(first, b"a wrong line\n")
    other = grader.judge(first, b"another wrong line\n")
    assert other is not judged and other.mismatch != judged.mismatch
    elsewhere = grader.judge(second, b"a wrong line\n")
    assert elsewhere.mismatch == difference(second, grader.expected[second], b"a wrong line\n")
    right = grader.judge(first, grader.expected[first])
    assert right.mismatch is None and right.diff is None


def test_the_store_writes_a_shared_diff_once_and_every_run_names_it(tmp_path: Path) -> None:
    case = suite()[0]
    grader = grader_of([case])
    judged = grader.judge(case, b"a wrong line\n")
    result = Result(case, Outcome.FAILED, 0.01, judged.mismatch)
    store = Store.open(tmp_path)
    for number in range(3):
        pupil = StoredSubmission(
            Submission(f"s{number}", tmp_path, ("program",)), "content", "", "none"
        )
        store.add(f"run{number}", pupil, ready(result, b"a wrong line\n", judged.diff))
    store.close()
    with sqlite3.connect(tmp_path / store.path.name) as connection:
        diffs = connection.execute("SELECT digest, diff FROM diffs").fetchall()
        named = {row[0] for row in connection.execute("SELECT diff FROM runs")}
    assert [diff for _, diff in diffs] == [judged.diff]
    assert named == {diffs[0][0]}
