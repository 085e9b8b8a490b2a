"""Speed and size of the reports of a graded class (`make bench`): 200 submissions over the 106
Space Defender 2 tests, built in memory (no program is run), of the kinds a class has: exact, a
trailing space on the state line, a wrong rule (a Grunt "spawned"), a wrong echo in the tests that
move, a crash, a hang given up after 3 timeouts; each kind in three variants (one, two or three
spaces; another word; another exit status) so that diffs differ between submissions. Every
submission has results of its own (equal, not shared, objects), as a real run gives.

Figures: the time to write every report of `at grade` (grades.csv, matrix.csv, report.html)
with a points file, as the median CPU time of several runs, which is its wall time
on an idle core (target: under 2 s; the wall time is printed too), and the size of report.html
(target: under 5 MB).

    python -m tools.benchmarks.reports [--runs N] [--class N]
"""

from __future__ import annotations

import argparse
import copy
import re
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from acceptance.grading.grading import REPORTS, report_texts
from acceptance.grading.runs import GIVE_UP
from acceptance.marking.points import parse_points
from acceptance.marking.submissions import Grade, Submission
from acceptance.running.cases import Case, collect
from acceptance.running.suite import Outcome, Result, difference
from tools.benchmarks.common import ROOT, Figure

CLASS_SIZE = 200
TARGET_SECONDS = 2.0
TARGET_MEGABYTES = 5.0
POINTS = "at0* 2\nat1* 3\n"
GRUNT = re.compile(rb"Grunt\(id:(\d+)\) spawns")
CRASH = "exit status {}\nTraceback (most recent call last):\nZeroDivisionError: division by zero"
# Each kind: its share of the class and, for a variant 0-2, what it prints for an expected output.
Fault = Callable[[bytes, int], bytes]
FAULTS: dict[str, tuple[float, Fault]] = {
    "exact": (0.25, lambda expected, variant: expected),
    "spacey": (
        0.175,
        lambda expected, variant: expected.replace(b"\n", b" " * (variant + 1) + b"\n", 1),
    ),
    "spawned": (
        0.175,
        lambda expected, variant: GRUNT.sub(rb"Grunt(id:\1) spawned" + b"!" * variant, expected),
    ),
    "mover": (
        0.175,
        lambda expected, variant: expected.replace(
            b"\n->move(", b"\n->move" + b" " * (variant + 1) + b"("
        ),
    ),
    "crashing": (0.15, lambda expected, variant: b"".join(expected.splitlines(True)[:5])),
    "hanging": (0.075, lambda expected, variant: b"".join(expected.splitlines(True)[:2])),
}


def result_of(kind: str, variant: int, case: Case, expected: bytes, index: int) -> Result:
    """What a submission of a kind gets on a test, as `at grade` would grade it."""
    actual = FAULTS[kind][1](expected, variant)
    mismatch = difference(case, expected, actual)
    if kind == "crashing":
        return Result(case, Outcome.CRASHED, 0.05, mismatch, CRASH.format(variant + 1))
    if kind == "hanging":
        if index >= GIVE_UP:
            return Result(case, Outcome.NOT_RUN, detail=f"{GIVE_UP} runs timed out already")
        return Result(case, Outcome.TIMED_OUT, 10.0, mismatch, "no end after 10s")
    return Result(case, Outcome.FAILED if mismatch else Outcome.PASSED, 0.05, mismatch)


def make_class(size: int) -> list[Grade]:
    """A class of `size` submissions of every kind, built from the suite's expected files."""
    cases = collect([ROOT / "at"])
    expected = {case: case.expected.read_bytes() for case in cases if case.expected}
    memo: dict[tuple[str, int], tuple[Result, ...]] = {}
    counts = {kind: max(1, round(share * size)) for kind, (share, _) in FAULTS.items()}
    counts["exact"] = size - sum(counts.values()) + counts["exact"]
    kinds = [kind for kind, count in counts.items() for _ in range(count)]
    grades = []
    for number, kind in enumerate(kinds):
        key = (kind, number % 3)
        if key not in memo:
            memo[key] = tuple(
                result_of(kind, key[1], case, expected[case], index)
                for index, case in enumerate(cases)
            )
        pupil = Submission(f"{kind}{number:03d}", Path(f"class/{kind}{number:03d}"), ("program",))
        grades.append(Grade(pupil, copy.deepcopy(memo[key])))
    return grades


def main(argv: list[str] | None = None) -> int:
    """Print the two figures with their targets; the exit status is 0 either way."""
    parser = argparse.ArgumentParser(prog="python -m tools.benchmarks.reports", description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs per median (default 5)")
    parser.add_argument("--class", dest="size", type=int, default=CLASS_SIZE, help="submissions")
    options = parser.parse_args(argv)
    grades = make_class(options.size)
    points = parse_points(POINTS, [result.case.name for result in grades[0].results], "points")
    cpu, wall = [], []
    for _ in range(options.runs):
        started = time.process_time(), time.perf_counter()
        texts = report_texts(grades, points)
        cpu.append(time.process_time() - started[0])
        wall.append(time.perf_counter() - started[1])
    sizes = {
        name: len(text.encode("utf-8")) / 1e6 for name, text in zip(REPORTS, texts, strict=True)
    }
    name = f"reports {len(grades)}x{len(grades[0].results)}"
    print(Figure(name, statistics.median(cpu), "s of CPU", TARGET_SECONDS, False))
    print(Figure("report.html", sizes["report.html"], "MB", TARGET_MEGABYTES, False))
    print(
        f"(wall time {statistics.median(wall):.2f} s, the CPU time on an idle core; sizes: "
        + ", ".join(f"{name} {size:.2f} MB" for name, size in sizes.items())
        + ")"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
