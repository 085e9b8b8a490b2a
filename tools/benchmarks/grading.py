"""The grading store's benchmark (`make bench`): a large class graded in the sandbox, then the
same command again on the complete store.

A class of distinct fast programs (each a shell script that prints its script back: every test
fails with a diff, the worst case for the reports) is graded over the Space Defender 2 suite on
every core, each run sandboxed; the figures are the runs per second, the sandbox's cost per run
(the same programs graded unsandboxed, per run and core), the peak memory of `at grade`, the
sizes of the store and the reports, the time of a rerun on the complete store, which starts no
program (the store's run count is checked unchanged), and the time of `at report` writing every
report again from the store.

    python -m tools.benchmarks.grading [--class-size N] [--unsandboxed N]
"""

from __future__ import annotations

import argparse
import os
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from acceptance.errors import HarnessError
from acceptance.grading.grading import REPORTS
from acceptance.store.database import STORE
from tools.benchmarks.common import AT, ENVIRONMENT, ROOT, Figure, fast_programs, why_no_sandbox

CLASS_SIZE = 1000
UNSANDBOXED = 50  # submissions graded both ways for the sandbox's cost per run
RERUN_TARGET = 5.0  # seconds for a rerun on a complete store of the whole class


def main(argv: list[str] | None = None) -> int:
    """Print the figures, each with its target; without a sandbox, say why and exit 0."""
    options = _arguments().parse_args(argv)
    if refusal := why_no_sandbox():
        print(f"grading bench skipped: {refusal}")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        print(*figures(Path(folder), options.class_size, options.unsandboxed), sep="\n")
    return 0


def grade(pupils: list[str], out: Path, *options: str) -> float:
    """The wall time of `at grade` of the class over the Space Defender 2 suite."""
    command = [str(AT), "grade", "--game", "space_defender_2", "--exe", "{}/program"]
    command += ["--out", str(out), *options, *pupils]
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, env=ENVIRONMENT, check=True, cwd=ROOT)
    return time.perf_counter() - start


def stored_runs(out: Path) -> int:
    """How many runs the store of an output folder holds."""
    with sqlite3.connect(out / STORE) as connection:
        return int(connection.execute("SELECT COUNT(*) FROM runs").fetchone()[0])


def figures(folder: Path, size: int, unsandboxed: int) -> list[Figure]:
    """Grade the class, measure, grade it again; the figures."""
    tests = len(list((ROOT / "at").glob("*.txt")))
    runs = size * tests
    pupils = fast_programs(folder / "class", size)
    wall = grade(pupils, folder / "out")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    sizes = {name: (folder / "out" / name).stat().st_size / 1e6 for name in (STORE, *REPORTS)}
    count = stored_runs(folder / "out")
    rerun = grade(pupils, folder / "out")
    if stored_runs(folder / "out") != count or count != runs:
        raise HarnessError(f"the store holds {count:,} runs, not {runs:,}, or the rerun ran some")
    start = time.perf_counter()
    subprocess.run([str(AT), "report", str(folder / "out")], stdout=subprocess.DEVNULL, check=True)
    report = time.perf_counter() - start
    few = pupils[:unsandboxed]
    boxed = grade(few, folder / "boxed")
    bare = grade(few, folder / "bare", "--no-sandbox")
    cores = os.cpu_count() or 1
    cost = (boxed - bare) * cores / (len(few) * tests) * 1000
    print(
        f"grading: {size} submissions x {tests} tests = {runs:,} sandboxed runs in {wall:.1f} s"
        f" on {cores} cores ({runs / wall:,.0f} runs/s); peak memory of at grade {peak:.0f} MB"
    )
    print("sizes: " + ", ".join(f"{name} {megabytes:.1f} MB" for name, megabytes in sizes.items()))
    print(
        f"sandbox: {len(few)} submissions {boxed:.1f} s sandboxed, {bare:.1f} s unsandboxed:"
        f" {cost:.1f} ms per run and core"
    )
    print(f"rerun on the complete store: {rerun:.2f} s, no program started")
    print(f"at report, every report written again from the store: {report:.2f} s")
    return [
        Figure("grade rate", runs / wall, "runs/s", 100, True),
        Figure("rerun", rerun, "s", RERUN_TARGET, False),
    ]


def _arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tools.benchmarks.grading", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--class-size",
        type=int,
        default=CLASS_SIZE,
        help=f"submissions graded (default {CLASS_SIZE})",
    )
    parser.add_argument(
        "--unsandboxed",
        type=int,
        default=UNSANDBOXED,
        help=f"submissions graded both ways for the sandbox's cost (default {UNSANDBOXED})",
    )
    return parser


if __name__ == "__main__":
    sys.exit(main())
