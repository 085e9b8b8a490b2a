"""The scaling benchmark (`make bench`): the floor and `at grade` at each number of jobs, with the
ratios to the floor measured again just before each; one submission, unsandboxed, here, so that the bench keeps working.
"""

import re

import pytest

from tools.benchmarks import scaling as bench_scaling


def test_the_bench_prints_the_floor_then_each_number_of_jobs_against_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    options = ["--class-size", "1", "--jobs", "1", "2", "--isolations", "none"]
    assert bench_scaling.main(options) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("1 submissions x 106 tests = 106 runs; load ")
    rows = [re.split(r"\s{2,}", line)[0] for line in lines[1:5]]
    assert rows == [
        "the floor (one at a time)",
        "the floor, 2 loops at once",
        "none -j 1",
        "none -j 2",
    ]
    assert "(1.00 x the floor)" in lines[1] and "ms CPU/run (the floor's +" in lines[4]
    assert all("; the floor just before: " in line for line in lines[3:5])
    assert lines[5].startswith("load ")
