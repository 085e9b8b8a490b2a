"""What the benchmarks share: where the project and its commands are, the environment their runs
see, a figure against its target, runs timed, the CPU clocks, a class of fast programs, and the
adoption of what a grading's runs leave behind."""

from __future__ import annotations

import contextlib
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path

from acceptance.confine.bwrap import sandbox
from acceptance.confine.limits import Limits
from acceptance.errors import HarnessError
from acceptance.processes.spawning import LIBC

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
AT = BIN / "at"
# Runs as on a student's machine: Python writes the bytecode of the project's modules once and
# reuses it (a sandbox may set PYTHONDONTWRITEBYTECODE, which makes every start compile them).
ENVIRONMENT = {
    name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"
}
PROGRAM = '#!/bin/sh\n# submission {number}\nexec cat "$2"\n'
PR_SET_CHILD_SUBREAPER = 36


@dataclass(frozen=True)
class Figure:
    """One measured figure against its target."""

    name: str
    value: float
    unit: str
    target: float
    higher_is_better: bool

    @property
    def met(self) -> bool:
        return self.value >= self.target if self.higher_is_better else self.value <= self.target

    def __str__(self) -> str:
        bound = ">=" if self.higher_is_better else "<="
        verdict = "met" if self.met else "MISSED"
        return (
            f"{self.name:<12} {self.value:>10,.2f} {self.unit:<14}"
            f" target {bound} {self.target:,g}  {verdict}"
        )


def oracle_command() -> list[str]:
    """The `oracle` command of this interpreter's environment."""
    script = BIN / "oracle"
    return [str(script)] if script.exists() else [sys.executable, "-m", "oracle"]


def wall_seconds(argv: list[str], environment: dict[str, str] = ENVIRONMENT) -> float:
    """Wall time of one run in the project folder; a failed run stops the benchmark."""
    start = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def cpu_seconds(argv: list[str]) -> float:
    """CPU time (user and system) of one run in the project folder; a failed run stops."""
    before = children_cpu()
    subprocess.run(argv, cwd=ROOT, env=ENVIRONMENT, stdout=subprocess.DEVNULL, check=True)
    return children_cpu() - before


def median(runs: int, measure: Callable[[], float]) -> float:
    """The median of `runs` measures, after one more that warms the file cache, the bytecode and
    the grammar cache."""
    measure()
    return statistics.median(measure() for _ in range(runs))


def children_cpu() -> float:
    """CPU seconds of the waited-for child processes so far (the adopted orphans' included)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def total_cpu() -> float:
    """CPU seconds of this process and of the child processes it waited for."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime + children_cpu()


def why_no_sandbox() -> str:
    """Why this machine cannot run a program in the sandbox ('' when it can)."""
    try:
        with sandbox(Limits(), 1):
            return ""
    except HarnessError as error:
        return str(error)


def fast_programs(folder: Path, size: int) -> list[str]:
    """`size` submission folders of distinct fast programs, each printing its script back (every
    test fails with a diff, the worst case for the reports)."""
    pupils = []
    for number in range(size):
        pupil = folder / f"s{number:04d}"
        pupil.mkdir(parents=True)
        (pupil / "program").write_text(PROGRAM.format(number=number))
        (pupil / "program").chmod(0o755)
        pupils.append(str(pupil))
    return pupils


def adopt_orphans(adopt: bool = True) -> None:
    """Become the parent of what `at grade`'s runs leave behind: bwrap's first process in each
    sandbox ends after bwrap itself, so only its new parent, reaping it, gets its CPU time (and
    with False, no longer)."""
    LIBC.prctl(PR_SET_CHILD_SUBREAPER, int(adopt), 0, 0, 0)


def children(pid: int | None = None) -> set[int]:
    """This process's children now (or another's), every thread's, the ended ones not yet
    reaped included."""
    found: set[int] = set()
    for listed in Path(f"/proc/{pid or 'self'}/task").glob("*/children"):
        with contextlib.suppress(OSError):
            found.update(int(child) for child in listed.read_text().split())
    return found


def reap_orphans(kept: Collection[int] = ()) -> None:
    """Wait for every adopted process, so that its CPU time counts: every child but those
    `kept` (there before the work: a library's helper that lives on would be waited for ever)."""
    while left := children() - set(kept):
        for pid in left:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)
