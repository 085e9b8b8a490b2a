"""The scaling benchmark (`make bench`): the floor and `at grade` at each number of jobs, with
the ratios to the floor measured again just before each; one submission, unsandboxed, here,
so that the bench keeps working.
"""

import re
import subprocess
import time

import pytest

from tools.benchmarks import scaling as bench_scaling

pytestmark = pytest.mark.slow  # the scaling benchmark run


def test_the_bench_prints_the_floor_then_each_number_of_jobs_against_it(
    capsys: pytest.CaptureFixture[str],
) -> None:

    options = ["--class-size", "1", "--jobs", "1", "2", "--isolations", "none"]
    assert bench_scaling.main(options) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("1 submission x 106 tests = 106 runs; load ")
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


def test_a_measure_waits_for_what_its_work_leaves_not_for_the_children_there_before() -> None:
    lasting = subprocess.Popen(["sleep", "60"])  # as multiprocessing's resource tracker lives on

    def leaving() -> float:
        subprocess.Popen(["sleep", "0.3"])  # left unwaited, as bwrap's first process is
        return 0.0

    try:
        started = time.monotonic()
        bench_scaling.measure(leaving, 1)
        assert 0.3 <= time.monotonic() - started < 30
        assert lasting.poll() is None
    finally:
        lasting.kill()
        lasting.wait()
