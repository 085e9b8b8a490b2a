"""How grading scales (`make bench`): runs/s and CPU per run of `at grade` at -j 1 to -j N, in each
isolation this machine allows, against the floor, a plain loop that starts the same programs one
at a time.

The class is that of `tools.benchmarks.grading`: distinct fast programs, each printing its script back
(every test fails with a diff), over the Space Defender 2 suite, in a world-readable folder under
/opt when root may write there (so that unprivileged users can read it). The CPU per run is that
of `at grade` and everything it started, its start-up included.

    python -m tools.benchmarks.scaling [--class-size N] [--jobs N ...] [--isolations NAME ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from acceptance.errors import HarnessError
from acceptance.grading.sandbox import Limits, sandbox
from acceptance.grading.unprivileged import available
from tools.benchmarks.oracle import ENVIRONMENT
from tools.benchmarks.grading import make_class

ROOT = Path(__file__).resolve().parents[2]
AT = Path(sys.executable).with_name("at")
CLASS_SIZE = 8
REFUSING = "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\nexit 1\n"
ISOLATIONS = ("none", "bubblewrap", "unprivileged")


def main(argv: list[str] | None = None) -> int:
    """Print the table: the floor, then each isolation at each number of jobs."""
    options = _arguments().parse_args(argv)
    cores = os.cpu_count() or 1
    jobs = options.jobs or sorted({1, 2, *range(4, cores + 1, 4), cores})
    isolations = [name for name in options.isolations if not why_not(name)]
    for name in set(options.isolations) - set(isolations):
        print(f"{name}: skipped ({why_not(name)})")
    base = Path("/opt") if os.access("/opt", os.W_OK) else None
    with tempfile.TemporaryDirectory(dir=base) as folder:
        place = Path(folder)
        place.chmod(0o755)
        pupils = make_class(place / "class", options.class_size)
        runs = len(pupils) * len(tests())
        print(f"{len(pupils)} submissions x {len(tests())} tests = {runs} runs; load {load()}")
        floor = measure(lambda: plain_loop(pupils), runs)
        print(line("the floor (one at a time)", floor, floor))
        for isolation in isolations:
            for count in jobs:
                out = place / f"out-{isolation}-{count}"
                figures = measure(partial(grade, place, pupils, out, isolation, count), runs)
                print(line(f"{isolation} -j {count}", figures, floor))
    print(f"load {load()}")
    return 0


def why_not(isolation: str) -> str:
    """Why this machine cannot grade in an isolation ('' when it can)."""
    if isolation == "unprivileged" and not available():
        return "needs root"
    if isolation == "bubblewrap":
        try:
            with sandbox(Limits(), 1):
                return ""
        except HarnessError as error:
            return str(error)
    return ""


def tests() -> list[Path]:
    """The Space Defender 2 suite's scripts."""
    return sorted((ROOT / "at").glob("*.txt"))


def plain_loop(pupils: Sequence[str]) -> None:
    """Start each program on each script, one at a time, as a shell would."""
    for pupil in pupils:
        for script in tests():
            program = [str(Path(pupil, "program")), "-b", str(script)]
            subprocess.run(program, capture_output=True, check=False)


def grade(place: Path, pupils: Sequence[str], out: Path, isolation: str, jobs: int) -> None:
    """`at grade` of the class in an isolation (the unprivileged user: bwrap refused)."""
    environment = dict(ENVIRONMENT)
    options = ["-j", str(jobs)] + (["--no-sandbox"] if isolation == "none" else [])
    if isolation == "unprivileged":
        refusing = place / "refusing"
        refusing.mkdir(exist_ok=True)
        (refusing / "bwrap").write_text(REFUSING)
        (refusing / "bwrap").chmod(0o755)
        environment["PATH"] = f"{refusing}:{environment['PATH']}"
    command = [str(AT), "grade", "--game", "space_defender_2", "--exe", "{}/program"]
    command += ["--out", str(out), *options, *pupils]
    subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment, check=True
    )


def measure(work: Callable[[], None], runs: int) -> tuple[float, float]:
    """Runs per second and milliseconds of CPU per run (of the processes it started) of a work."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    started, cpu = time.perf_counter(), usage.ru_utime + usage.ru_stime
    work()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = time.perf_counter() - started
    return runs / seconds, 1000 * (usage.ru_utime + usage.ru_stime - cpu) / runs


def line(name: str, figures: tuple[float, float], floor: tuple[float, float]) -> str:
    """One row of the table, with the ratios to the floor."""
    rate, cpu = figures
    return (
        f"{name:28s} {rate:7.0f} runs/s ({rate / floor[0]:4.2f} x the floor)"
        f" {cpu:6.2f} ms CPU/run (the floor's + {cpu - floor[1]:5.2f} ms)"
    )


def load() -> str:
    """The machine's load averages."""
    return ", ".join(f"{value:.1f}" for value in os.getloadavg())


def _arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tools.benchmarks.scaling", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--class-size", type=int, default=CLASS_SIZE, help="submissions graded")
    parser.add_argument(
        "--jobs", type=int, nargs="+", help="the -j values (default 1, 2, then by 4 to the cores)"
    )
    parser.add_argument(
        "--isolations",
        nargs="+",
        choices=ISOLATIONS,
        default=list(ISOLATIONS),
        help="(default all)",
    )
    return parser


if __name__ == "__main__":
    sys.exit(main())
