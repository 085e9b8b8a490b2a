"""How grading scales (`make bench`): runs/s and CPU per run of `at grade` at -j 1 to -j N, in each
isolation this machine allows, against the floor (a plain loop starting the same programs one at
a time) and, for the most jobs, the machine's own bound (N such loops at once, each over its share).

The class is `tools.benchmarks.grading`'s fast programs over the Space Defender 2 suite, under
/opt when root may write there (for unprivileged users to read). The CPU per run is that of `at
grade`, all it started and bwrap's first process in each sandbox (only this benchmark, adopting
it, can count it), not this benchmark's reading of /proc. A shared machine drifts: each row is
set against the floor measured again just before it, on a quarter of the class (the whole
class's floor comes first, for reference). With two submissions or more, each row also grades
the first alone: its processes' CPU, the programs' apart, is the fixed cost; what the rest adds
per run, less a run's cost in the floor's loop, is the grader's own CPU per run (`own`), the
programs' CPU (the noisiest figure) left out of both.
How to run it and the figures: docs/explanation/speed.md.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from acceptance.confine.unprivileged import available
from acceptance.grading.explained import EXPLAINER
from acceptance.grading.workers import WORKER
from acceptance.processes.pools import pool_start
from acceptance.running.run_report import plural
from tools.benchmarks.common import (
    AT,
    ENVIRONMENT,
    ROOT,
    adopt_orphans,
    children,
    children_cpu,
    fast_programs,
    reap_orphans,
    total_cpu,
    why_no_sandbox,
)

CLASS_SIZE = 200  # a course's class, 21,200 runs: the fixed cost is spread as in a real one
REFUSING = "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\nexit 1\n"
ISOLATIONS = ("none", "bubblewrap", "unprivileged")
POLL = 0.01  # seconds between two readings of a grader's own CPU
FLOOR_SHARE = 4  # each row's floor is measured again just before it, on this share of the class


def main(argv: list[str] | None = None) -> int:
    """Print the table (see `table`), adopting meanwhile what the runs leave behind."""
    options = _arguments().parse_args(argv)
    adopt_orphans()
    try:
        return table(options)
    finally:
        adopt_orphans(False)


def table(options: argparse.Namespace) -> int:
    """Print the table: the floor, then each isolation at each number of jobs."""
    cores = os.cpu_count() or 1
    jobs = options.jobs or sorted({1, 2, *range(4, cores + 1, 4), cores})
    isolations = [name for name in options.isolations if not why_not(name)]
    for name in set(options.isolations) - set(isolations):
        print(f"{name}: skipped ({why_not(name)})")
    base = Path("/opt") if os.access("/opt", os.W_OK) else None
    with tempfile.TemporaryDirectory(dir=base) as folder:
        place = Path(folder)
        place.chmod(0o755)
        pupils = fast_programs(place / "class", options.class_size)
        runs = len(pupils) * len(tests())
        size = plural(len(pupils), "submission")
        print(f"{size} x {len(tests())} tests = {runs} runs; load {load()}")
        floor = measure(lambda: plain_loop(pupils), runs)
        print(line("the floor (one at a time)", floor, floor))
        if (most := max(jobs)) > 1:
            at_once = measure(partial(loops_at_once, pupils, most), runs)
            print(line(f"the floor, {most} loops at once", at_once, floor))
        sample = pupils[: max(1, len(pupils) // FLOOR_SHARE)]
        for isolation in isolations:
            for count, threads in settings(jobs, options.threads or [None]):
                out = place / f"out-{isolation}-{count}-{threads}"
                grading = partial(grade, place, pupils, out, threads)
                floor = measure(partial(plain_loop, sample), len(sample) * len(tests()))
                figures = measure(partial(grading, isolation, count), runs, children_cpu)
                shown = "" if threads is None else f" --threads {threads}"
                row = line(f"{isolation} -j {count}{shown}", figures, floor)
                if len(pupils) > 1:
                    single = out.with_name(f"{out.name}-1")
                    alone = partial(grade, place, pupils[:1], single, threads)
                    first = measure(partial(alone, isolation, count), len(tests()), children_cpu)
                    row += own(figures, first, floor)
                print(f"{row}; the floor just before: {floor.rate:.0f} runs/s, {floor.cpu:.2f} ms")
    print(f"load {load()}")
    return 0


def settings(jobs: Sequence[int], threads: Sequence[int | None]) -> list[tuple[int, int | None]]:
    """Each number of jobs with each --threads (one job: the first alone, all are the same)."""
    return [(count, each) for count in jobs for each in (threads[:1] if count == 1 else threads)]


def why_not(isolation: str) -> str:
    """Why this machine cannot grade in an isolation ('' when it can)."""
    if isolation == "unprivileged" and not available():
        return "needs root"
    if isolation == "bubblewrap":
        return why_no_sandbox()
    return ""


def tests() -> list[Path]:
    """The Space Defender 2 suite's scripts."""
    return sorted((ROOT / "at").glob("*.txt"))


def plain_loop(pupils: Sequence[str]) -> float:
    """Start each program on each script, one at a time, as a shell would; the loop's own CPU
    seconds (its programs' apart)."""
    started = os.times()
    for pupil in pupils:
        for script in tests():
            program = [str(Path(pupil, "program")), "-b", str(script)]
            subprocess.run(program, capture_output=True, check=False)
    ended = os.times()
    return ended.user + ended.system - started.user - started.system


def loops_at_once(pupils: Sequence[str], count: int) -> float:
    """`count` plain loops at once, each over its share of the class: how many runs a second
    the machine itself starts on `count` cores, the bound of `-j count`; their own CPU
    seconds."""
    shares = [pupils[number::count] for number in range(count)]
    with ProcessPoolExecutor(count, mp_context=pool_start()) as pool:
        return sum(pool.map(plain_loop, shares))


def grade(
    place: Path,
    pupils: Sequence[str],
    out: Path,
    threads: int | None,
    isolation: str,
    jobs: int,
) -> float:
    """`at grade` of the class in an isolation (the unprivileged user: bwrap refused), at most
    `threads` runs at once in a process if given; the CPU seconds of its own processes (its
    programs' apart)."""
    environment = dict(ENVIRONMENT)
    options = ["-j", str(jobs)] + (["--no-sandbox"] if isolation == "none" else [])
    options += [] if threads is None else ["--threads", str(threads)]
    if isolation == "unprivileged":
        refusing = place / "refusing"
        refusing.mkdir(exist_ok=True)
        (refusing / "bwrap").write_text(REFUSING)
        (refusing / "bwrap").chmod(0o755)
        environment["PATH"] = f"{refusing}:{environment['PATH']}"
    command = [str(AT), "grade", "--game", "space_defender_2", "--exe", "{}/program"]
    command += ["--out", str(out), *options, *pupils]
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment
    )
    seconds = own_seconds(process.pid)
    if process.wait():
        raise subprocess.CalledProcessError(process.returncode, command)
    return seconds


def own_seconds(pid: int) -> float:
    """The CPU seconds of a grading's own processes (its worker and explaining processes' too),
    their programs' apart, read from /proc as it runs until it has ended (not yet waited for, its
    figures are final then; a helper's, read last at most POLL seconds before it ended)."""
    tick = os.sysconf("SC_CLK_TCK")
    helpers: dict[int, int] = {}
    while True:
        fields = stat_fields(pid)
        if fields is not None and fields[0] == "Z":
            return (ticks(fields) + sum(helpers.values())) / tick
        for child in helper_pids(pid):
            if (found := stat_fields(child)) is not None:
                helpers[child] = ticks(found)
        time.sleep(POLL)


def stat_fields(pid: int) -> list[str] | None:
    """A process's /proc stat fields after its name (None: it is gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def ticks(fields: list[str]) -> int:
    """A process's own CPU in clock ticks (its children's apart), from its stat fields."""
    return int(fields[11]) + int(fields[12])


def helper_pids(pid: int) -> list[int]:
    """The grading's processes that are not programs, by the names they give themselves: its
    worker processes and those that explain (the suite's coverage, the wrong outputs' causes)."""
    helpers = []
    for child in sorted(children(pid)):
        with contextlib.suppress(OSError):
            if Path(f"/proc/{child}/comm").read_text().strip() in (WORKER, EXPLAINER):
                helpers.append(child)
    return helpers


@dataclass(frozen=True)
class Figures:
    """What a work measured: its runs, runs per second, milliseconds of CPU per run (its
    process's and its programs'), and the CPU seconds of its own process alone."""

    runs: int
    rate: float
    cpu: float
    own: float


def measure(
    work: Callable[[], float], runs: int, counted: Callable[[], float] | None = None
) -> Figures:
    """The figures of a work that starts `runs` runs and says its own process's CPU seconds, its
    CPU counted by `counted` (default: this process's and its children's)."""
    counted = counted or total_cpu
    started, cpu, there = time.perf_counter(), counted(), children()
    mine = work()
    reap_orphans(there)
    seconds = time.perf_counter() - started
    return Figures(runs, runs / seconds, 1000 * (counted() - cpu) / runs, mine)


def own(whole: Figures, first: Figures, floor: Figures) -> str:
    """The grader's own CPU per run, its fixed cost apart: what the class's other submissions
    add per run to the grader's process alone, less what a run adds to the floor's loop; and
    that fixed cost, the first submission's less its runs at that rate."""
    added = (whole.own - first.own) / (whole.runs - first.runs)
    fixed = first.own - first.runs * added
    return (
        f"; own {1000 * (added - floor.own / floor.runs):5.2f} ms/run, fixed {fixed:4.2f} s apart"
    )


def line(name: str, figures: Figures, floor: Figures) -> str:
    """One row of the table, with the ratios to the floor."""
    rate, cpu = figures.rate, figures.cpu
    return (
        f"{name:28s} {rate:7.0f} runs/s ({rate / floor.rate:4.2f} x the floor)"
        f" {cpu:6.2f} ms CPU/run (the floor's + {cpu - floor.cpu:5.2f} ms)"
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
    parser.add_argument(
        "--threads",
        type=int,
        nargs="+",
        help="at grade's --threads values, each a row (default at grade's own)",
    )
    return parser


if __name__ == "__main__":
    sys.exit(main())
