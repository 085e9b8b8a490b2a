"""The oracle's speed benchmark (`make bench`): startup, throughput and the acceptance suite.

Each figure against its target: startup, `oracle -b at/at001.txt` over a bare `python -c pass`,
medians, same interpreter (at most 5); throughput, commands/s of `oracle -b script out` on the
generated script (oracle/generate.py, seed 0, 100,000 commands; at least 20,000); suite, the wall
time of `at run` on the acceptance suite (under 2 s); explained, `oracle -why-json` over `-b` on
20,000 generated commands, the median of three back-to-back ratios of CPU time, which a shared
machine's other work slows alike, unlike wall time (at most 5). `--grade`: the wall time of `at
grade` of 30 copies of our oracle run by its warm server, on every core (under a minute;
`--grade-cold` starts every run cold). `--layers` splits the throughput run, in-process, between
the front end (reading, parsing, type checks, the run loop), the model and the view.
Where the time goes: docs/explanation/speed.md.

    python -m tools.benchmarks.oracle [--runs N] [--commands N] [--layers] [--grade | --grade-cold]
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

import oracle.runner
from commands import Command
from model.view import render
from oracle.generate import script_lines
from oracle.runner import run
from oracle.warm_client import SOCKET_ENVIRONMENT
from tools.benchmarks.common import (
    AT,
    BIN,
    ENVIRONMENT,
    ROOT,
    Figure,
    children_cpu,
    cpu_seconds,
    median,
    oracle_command,
    wall_seconds,
)

CLASS_SIZE = 30
EXPLAINED_COMMANDS = 20_000
EXPLAINED_RUNS = 3


def main(argv: list[str] | None = None) -> int:
    """Print the three figures, each with its target; the exit status is 0 either way."""
    options = _arguments().parse_args(argv)
    figures = [startup(options.runs), throughput(options.commands), suite(options.runs)]
    figures.append(explained(EXPLAINED_COMMANDS))
    if options.grade or options.grade_cold:
        figures.append(grading(CLASS_SIZE, warm=not options.grade_cold))
    if options.layers:
        layers(options.commands)
    print(*figures, sep="\n")
    return 0


def startup(runs: int) -> Figure:
    """`oracle -b at/at001.txt` against `python -c pass` of the same environment (an editable
    install makes that one slower), each the median of `runs` runs; `python -S -c pass`, the
    interpreter alone, is shown too."""
    alone = median(runs, lambda: wall_seconds([sys.executable, "-S", "-c", "pass"]))
    bare = median(runs, lambda: wall_seconds([sys.executable, "-c", "pass"]))
    oracle = median(runs, lambda: wall_seconds([*oracle_command(), "-b", "at/at001.txt"]))
    print(
        f"startup: python -S -c pass {alone * 1000:.0f} ms, python -c pass {bare * 1000:.0f} ms,"
        f" oracle -b at/at001.txt {oracle * 1000:.0f} ms"
    )
    return Figure("startup", oracle / bare, "x python", 5, higher_is_better=False)


def throughput(commands: int) -> Figure:
    """Commands per second of `oracle -b script out` on a generated script."""
    with tempfile.TemporaryDirectory() as folder:
        source, output = Path(folder, "script.txt"), Path(folder, "out.txt")
        source.write_text("".join(line + "\n" for line in script_lines(0, commands)))
        seconds = wall_seconds([*oracle_command(), "-b", str(source), str(output)])
        size = output.stat().st_size
    print(f"throughput: {commands:,} commands in {seconds:.2f} s, {size / 1e6:.0f} MB of trace")
    return Figure("throughput", commands / seconds, "commands/s", 20_000, higher_is_better=True)


def explained(commands: int, runs: int = EXPLAINED_RUNS) -> Figure:
    """`oracle -why-json` against `oracle -b` on the same generated script: CPU times of the two
    run back to back, `runs` times; the median ratio."""
    times: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder, "script.txt")
        source.write_text("".join(line + "\n" for line in script_lines(0, commands)))
        for run in range(runs):
            batch = cpu_seconds(
                [*oracle_command(), "-b", str(source), str(Path(folder, f"b{run}.txt"))]
            )
            why = cpu_seconds(
                [*oracle_command(), "-why-json", str(source), str(Path(folder, f"w{run}.jsonl"))]
            )
            times.append((batch, why))
    batch = statistics.median(b for b, _ in times)
    why = statistics.median(w for _, w in times)
    ratio = statistics.median(w / b for b, w in times)
    print(
        f"explained: {commands:,} commands, CPU time (median of {runs}): -b {batch:.2f} s,"
        f" -why-json {why:.2f} s, {ratio:.1f}x -b against the target of 5x"
    )
    return Figure("explained", ratio, "x -b", 5, higher_is_better=False)


def suite(runs: int) -> Figure:
    """`at run` on the whole acceptance suite, the median of `runs` runs."""
    seconds = median(runs, lambda: wall_seconds([str(AT), "run"]))
    print(f"suite: at run in {seconds:.2f} s")
    return Figure("suite", seconds, "s", 2, higher_is_better=False)


def grading(size: int, warm: bool) -> Figure:
    """`at grade` of `size` submissions over the Space Defender 2 suite, each a launcher of our
    oracle: run by one warm server (oracle/warm.py) or, with `warm` false, started cold."""
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        environment = dict(ENVIRONMENT)
        if warm:
            socket = str(Path(folder, "warm.sock"))
            stack.enter_context(_warm_server(socket))
            environment[SOCKET_ENVIRONMENT] = socket
            program = [sys.executable, "-S", "-I", str(ROOT / "oracle" / "warm_client.py")]
        else:
            program = oracle_command()
        launcher = f'#!/bin/sh\nexec {shlex.join(program)} "$@"\n'
        for number in range(size):
            path = Path(folder, "class", f"s{number:02}", "space_defender_2")
            path.parent.mkdir(parents=True)
            path.write_text(launcher)
            path.chmod(0o755)
        submissions = sorted(str(path) for path in Path(folder, "class").iterdir())
        grade = [str(AT), "grade", "--game", "space_defender_2", "--exe"]
        grade += ["{}/space_defender_2", "--out", str(Path(folder, "out")), *submissions]
        before = children_cpu()
        seconds = wall_seconds(grade, environment)
    cpu = children_cpu() - before
    cores = os.cpu_count() or 1
    how = "by the warm oracle" if warm else "started cold"
    print(
        f"grading: {size} submissions over the suite, each run {how}, in {seconds:.1f} s;"
        f" {cpu:.1f} s of CPU in all, {cpu / cores:.1f} s on {cores} idle cores"
    )
    return Figure("grading", cpu / cores, "s on idle cores", 60, higher_is_better=False)


@contextmanager
def _warm_server(socket: str) -> Iterator[None]:
    """A warm oracle serving on `socket` while the block runs."""
    server = subprocess.Popen(
        [str(BIN / "oracle-warm"), "--socket", socket], env=ENVIRONMENT, stdout=subprocess.PIPE
    )
    try:
        assert server.stdout is not None
        server.stdout.readline()  # the server announces itself once it listens
        yield
    finally:
        server.terminate()
        server.wait()


@dataclass
class Stopwatch:
    """Time spent inside the functions it wraps."""

    seconds: float = 0.0

    def wrap(self, function: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*arguments: Any) -> Any:
            start = time.perf_counter()
            try:
                return function(*arguments)
            finally:
                self.seconds += time.perf_counter() - start

        return timed


def layers(commands: int) -> None:
    """Where the throughput run's time goes: the run in-process, the model and the view timed."""
    lines = list(script_lines(0, commands))
    model, view = Stopwatch(), Stopwatch()
    with ExitStack() as patches:
        patches.enter_context(mock.patch.object(Command, "apply", model.wrap(Command.apply)))
        patches.enter_context(mock.patch.object(oracle.runner, "render", view.wrap(render)))
        start = time.perf_counter()
        sum(map(len, run(lambda: lines)))
        total = time.perf_counter() - start
    front = total - model.seconds - view.seconds
    print(
        f"layers: {total:.2f} s in-process (no file written):"
        f" front end {front:.2f} s ({front / total:.0%}),"
        f" model {model.seconds:.2f} s ({model.seconds / total:.0%}),"
        f" view {view.seconds:.2f} s ({view.seconds / total:.0%})"
    )


def _arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tools.benchmarks.oracle", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--runs", type=int, default=11, help="runs per median (default 11)")
    parser.add_argument(
        "--commands", type=int, default=100_000, help="commands in the script (default 100,000)"
    )
    parser.add_argument(
        "--layers",
        action="store_true",
        help="also split the time between front end, model and view",
    )
    parser.add_argument(
        "--grade",
        action="store_true",
        help=f"also time `at grade` of {CLASS_SIZE} submissions (each our oracle, warm) over the"
        " suite",
    )
    parser.add_argument(
        "--grade-cold",
        action="store_true",
        help="the same with every run of the oracle started cold",
    )
    return parser


if __name__ == "__main__":
    sys.exit(main())
