"""The sandbox's benchmark (`make bench`): what a run costs in the sandbox, and a class graded in
it.

- run: one run of the same program on `at/at001.txt`, in the sandbox and not, medians of several
  runs (the sandbox's cost is the difference); `true`, a program that does nothing, too;
- grading: `at grade` of 30 submissions over the Space Defender 2 suite on every core, each run
  in the sandbox, and the same class with `--no-sandbox` (`--class-size` makes it smaller).

The program is a submission as a student would hand it in: a copy of the project's oracle, lark
included, run by the system's python3, with its parser's cache in its folder (read-only in the
sandbox). It starts cold in every run: the warm oracle of `tools.benchmarks.oracle --grade` serves
runs through a socket of the grader's, which a sandboxed run cannot reach (nor should).

    python -m tools.benchmarks.sandbox [--runs N] [--class-size N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import lark as lark_module

from acceptance.confine.bwrap import PATH, sandbox
from acceptance.confine.jail import Confined
from acceptance.confine.limits import Limits
from acceptance.errors import HarnessError
from acceptance.processes.execution import External
from acceptance.running.cases import collect
from acceptance.running.outcome import Producer, Status
from tools.benchmarks.common import (
    AT,
    ENVIRONMENT,
    ROOT,
    Figure,
    adopt_orphans,
    children,
    children_cpu,
    median,
    reap_orphans,
)

CLASS_SIZE = 30  # as `tools.benchmarks.oracle --grade`'s
PACKAGES = ("oracle", "model", "commands")
MAIN = """import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle.cli import main
sys.exit(main())
"""
LAUNCHER = (
    '#!/bin/sh\nhere=$(dirname "$0")\n'
    'XDG_CACHE_HOME="$here/cache" exec {python} "$here/main.py" "$@"\n'
)


def main(argv: list[str] | None = None) -> int:
    """Print the two figures, each with its target; without a sandbox, say why and exit 0."""
    options = _arguments().parse_args(argv)
    python = shutil.which("python3", path=PATH)
    if python is None:
        print(f"sandbox bench skipped: no python3 on {PATH}")
        return 0
    try:
        figures = [run_cost(options.runs, python), grading(options.class_size, python)]
    except HarnessError as error:
        print(f"sandbox bench skipped: {error}")
        return 0
    print(*figures, sep="\n")
    return 0


def submission(folder: Path, python: str) -> Path:
    """A self-contained submission of the project's oracle, its parser's cache made by one run."""
    for package in PACKAGES:
        shutil.copytree(ROOT / package, folder / package, ignore=shutil.ignore_patterns("*.pyc"))
    lark = Path(str(lark_module.__file__)).parent
    shutil.copytree(lark, folder / "lark", ignore=shutil.ignore_patterns("*.pyc"))
    (folder / "main.py").write_text(MAIN)
    program = folder / "space_defender_2"
    program.write_text(LAUNCHER.format(python=python))
    program.chmod(0o755)
    subprocess.run([python, "-m", "compileall", "-q", str(folder)], check=True)
    _quiet([str(program), "-b", str(ROOT / "at" / "at001.txt")])
    return folder


def _quiet(argv: list[str]) -> None:
    """Run a command, its output dropped, finding programs where a sandboxed run finds them."""
    environment = {**ENVIRONMENT, "PATH": PATH}
    subprocess.run(argv, stdout=subprocess.DEVNULL, env=environment, check=True)


def run_cost(runs: int, python: str) -> Figure:
    """The median time of one run, in the sandbox and not, of `true` and of the oracle."""
    with tempfile.TemporaryDirectory() as folder, sandbox(Limits(), 1) as box:
        own = submission(Path(folder, "s"), python)
        jail = box.jail(own)
        medians = {}
        for name, plain, inside in (
            ("true", ("true",), ("true",)),
            ("oracle", (str(own / "space_defender_2"),), ("/submission/space_defender_2",)),
        ):
            medians[name] = (
                _median(runs, External(plain, 30)),
                _median(runs, Confined(box, jail, inside, 30)),
            )
    for name, (plain_time, boxed) in medians.items():
        print(
            f"run: {name} -b at/at001.txt {plain_time * 1000:.0f} ms as is,"
            f" {boxed * 1000:.0f} ms in the sandbox (+{(boxed - plain_time) * 1000:.0f} ms)"
        )
    plain_time, boxed = medians["oracle"]
    return Figure("sandbox", (boxed - plain_time) * 1000, "ms per run", 100, False)


def _median(runs: int, producer: Producer) -> float:
    """The median wall time of a program's run on at001 (a failed run stops the benchmark)."""
    case = collect([ROOT / "at" / "at001.txt"], None)[0]
    os.environ["PATH"] = PATH  # the plain runs find the same programs as the sandboxed ones

    def once() -> float:
        start = time.perf_counter()
        output = producer(case)
        if output.status is not Status.OK:
            raise HarnessError(f"the benchmark's program failed: {output.detail}")
        return time.perf_counter() - start

    return median(runs, once)


def grading(size: int, python: str) -> Figure:
    """`at grade` of `size` copies of the self-contained oracle over the Space Defender 2 suite,
    in the sandbox, then the same with --no-sandbox."""
    with tempfile.TemporaryDirectory() as folder:
        first = submission(Path(folder, "class", "s00"), python)
        for number in range(1, size):
            shutil.copytree(first, Path(folder, "class", f"s{number:02}"), symlinks=True)
        pupils = sorted(str(path) for path in Path(folder, "class").iterdir())
        grade = [str(AT), "grade", "--game", "space_defender_2", "--exe"]
        grade += ["{}/space_defender_2", "--fresh", "--out", str(Path(folder, "out")), *pupils]
        cores = os.cpu_count() or 1
        seconds = {}
        adopt_orphans()
        for mode, extra in (("in the sandbox", []), ("not isolated", ["--no-sandbox"])):
            before, there = children_cpu(), children()
            start = time.perf_counter()
            _quiet([*grade, *extra])
            reap_orphans(there)
            seconds[mode] = (time.perf_counter() - start, children_cpu() - before)
            wall, cpu = seconds[mode]
            print(
                f"grading: {size} submissions over the suite, each run cold {mode},"
                f" in {wall:.1f} s; {cpu:.1f} s of CPU in all,"
                f" {cpu / cores:.1f} s on {cores} idle cores"
            )
    wall, cpu = seconds["in the sandbox"]
    return Figure("grading", cpu / cores, "s on idle cores", 60, higher_is_better=False)


def _arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tools.benchmarks.sandbox", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--runs", type=int, default=11, help="runs per median (default 11)")
    parser.add_argument(
        "--class-size",
        type=int,
        default=CLASS_SIZE,
        help=f"submissions graded (default {CLASS_SIZE})",
    )
    return parser


if __name__ == "__main__":
    sys.exit(main())
