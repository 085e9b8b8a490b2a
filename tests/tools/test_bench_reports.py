"""The reports' benchmark (`make bench`): a class built in memory of every kind of submission,
its reports written and measured; a small class here, so that the bench keeps working."""

import pytest

from acceptance.running.suite import Outcome
from tools.benchmarks import reports as bench_reports


def test_the_class_has_every_kind_and_the_bench_prints_its_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    grades = bench_reports.make_class(20)
    assert len(grades) == 20
    assert {grade.submission.name.rstrip("0123456789") for grade in grades} == set(
        bench_reports.FAULTS
    )
    outcomes = {result.outcome for grade in grades for result in grade.results}
    assert outcomes == {
        Outcome.PASSED,
        Outcome.FAILED,
        Outcome.CRASHED,
        Outcome.TIMED_OUT,
        Outcome.NOT_RUN,
    }
    assert grades[1].results[0] is not grades[2].results[0]  # results of their own, as a run
    assert bench_reports.main(["--class", "20", "--runs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("reports 20x106 ") and "s of CPU" in lines[0]
    assert lines[1].startswith("report.html ") and lines[1].endswith("met")
    assert lines[2].startswith("(wall time ")
