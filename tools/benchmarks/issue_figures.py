"""The speed figures people wait on, each against its target, measured side by side in one run
(`make speed-figures`), and printed as one table (the last one taken: docs/explanation/speed.md):

- the web page: a first and a return visit to ready in a fresh Chromium, beside `oracle -b
  at/at001.txt` of the same run (a return visit in at most a third of a first's time and at most
  10 times the oracle's);
- start-up: `oracle -b at/at001.txt` against `python -c pass`, medians of runs in turn (at most 3x);
- throughput: `oracle -b` of the generated 100,000-command script, its second run
  (at least 30,000 commands/s);
- explanations: `oracle -why-json` against `-b`, CPU time, 5,000 commands, on Python 3.13 (at most
  5x), in `.nox/bench-3.13` made from uv.lock (the python3.13 that `make matrix` finds);
- `at run` of every game's suite in-process (under 2 s of wall time).

    python -m tools.benchmarks.issue_figures [--runs N] [--skip web] [--why-python PATH]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from acceptance.game_oracles.registry import GAMES
from oracle.generate import script_lines
from tools.benchmarks.common import (
    AT,
    BIN,
    ENVIRONMENT,
    ROOT,
    cpu_seconds,
    median,
    oracle_command,
    wall_seconds,
)
from tools.benchmarks.web import visits
from tools.webpage.browser import chromium, serving
from tools.webpage.static_site import WEB, build

THROUGHPUT_COMMANDS = 100_000
EXPLAINED_COMMANDS = 5_000
WHY_PYTHON = "3.13"
WHY_ENVIRONMENT = ROOT / ".nox" / f"bench-{WHY_PYTHON}"
FIGURES = ("web", "startup", "throughput", "explained", "suite")


@dataclass(frozen=True)
class Row:
    """One figure: what was measured, the target, and whether it is met (None: not measured)."""

    figure: str
    measured: str
    target: str
    met: bool | None


def main(argv: list[str] | None = None) -> int:
    """Measure every figure not skipped, then print the table; exit 0 either way."""
    options = _arguments().parse_args(argv)
    rows: list[Row] = []
    measures: dict[str, Callable[[], list[Row]]] = {
        "web": lambda: web(options.runs),
        "startup": lambda: [startup(options.runs)],
        "throughput": lambda: [throughput()],
        "explained": lambda: [explained(options.why_python, options.runs)],
        "suite": lambda: [suite(options.runs)],
    }
    for name in FIGURES:
        if name not in options.skip:
            rows.extend(measures[name]())
    print(table(rows))
    return 0


def table(rows: list[Row]) -> str:
    """The rows as a Markdown table."""
    lines = ["| figure | measured | target | met |", "| --- | --- | --- | --- |"]
    verdicts = {True: "yes", False: "**no**", None: "not measured"}
    lines += [f"| {r.figure} | {r.measured} | {r.target} | {verdicts[r.met]} |" for r in rows]
    return "\n".join(lines)


def oracle_at001() -> float:
    """Wall seconds of one `oracle -b at/at001.txt`."""
    return wall_seconds([*oracle_command(), "-b", "at/at001.txt"])


def web(runs: int) -> list[Row]:
    """A first and a return visit to ready, against `oracle -b at/at001.txt` in the same run."""
    browser = chromium()
    if browser is None:
        return [Row("web page", "chromium is not installed", "", None)]
    dist = WEB / "dist"
    if not (dist / "version.json").is_file():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=WEB, check=True)
        build(dist)
    with serving(dist) as site:
        pairs = [visits(browser, site) for _ in range(max(1, runs // 4))]
    first = statistics.median(first for first, _ in pairs) / 1000
    again = statistics.median(again for _, again in pairs) / 1000
    oracle = median(runs, oracle_at001)
    return [
        Row(
            "web page: return visit against first visit",
            f"{again:.2f} s against {first:.2f} s ({again / first:.2f})",
            "at most 1/3",
            again <= first / 3,
        ),
        Row(
            "web page: return visit against `oracle -b at/at001.txt`",
            f"{again:.2f} s against {oracle:.3f} s ({again / oracle:.1f} x)",
            "at most 10 x",
            again <= 10 * oracle,
        ),
    ]


def startup(runs: int) -> Row:
    """`oracle -b at/at001.txt` against `python -c pass`, runs taken in turn, medians."""
    oracle_at001()
    bare, oracle = [], []
    for _ in range(runs):
        bare.append(wall_seconds([sys.executable, "-c", "pass"]))
        oracle.append(oracle_at001())
    ratio = statistics.median(oracle) / statistics.median(bare)
    return Row(
        "start-up: `oracle -b at/at001.txt` against `python -c pass`",
        f"{statistics.median(oracle) * 1000:.0f} ms against"
        f" {statistics.median(bare) * 1000:.0f} ms ({ratio:.2f} x)",
        "at most 3 x",
        ratio <= 3,
    )


def throughput() -> Row:
    """Commands per second of `oracle -b` on the generated 100,000-command script, to a file."""
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder, "script.txt")
        script.write_text("".join(line + "\n" for line in script_lines(0, THROUGHPUT_COMMANDS)))
        # Once first, as a second run finds it: its pieces parsed and kept, the bytecode written.
        wall_seconds([*oracle_command(), "-b", str(script), str(Path(folder, "first.txt"))])
        seconds = wall_seconds([*oracle_command(), "-b", str(script), str(Path(folder, "out.txt"))])
    rate = THROUGHPUT_COMMANDS / seconds
    return Row(
        f"throughput: {THROUGHPUT_COMMANDS:,} generated commands to a file",
        f"{seconds:.2f} s: {rate:,.0f} commands/s",
        "at least 30,000",
        rate >= 30_000,
    )


def explained(python: str | None, runs: int) -> Row:
    """`-why-json` against `-b` on 5,000 generated commands, CPU time, median of the pairs' ratios,
    with Python 3.13."""
    figure = f"`-why-json` against `-b`, {EXPLAINED_COMMANDS:,} commands, CPU, Python 3.13"
    interpreter = python or why_python()
    if interpreter is None:
        return Row(figure, f"no Python {WHY_PYTHON} found", "at most 5 x", None)
    oracle = [interpreter, "-m", "oracle"]
    ratios = []
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder, "script.txt")
        script.write_text("".join(line + "\n" for line in script_lines(0, EXPLAINED_COMMANDS)))
        cpu_seconds([*oracle, "-b", str(script), str(Path(folder, "warm.txt"))])
        for run in range(max(3, runs // 4)):
            batch = cpu_seconds([*oracle, "-b", str(script), str(Path(folder, f"b{run}.txt"))])
            why = cpu_seconds(
                [*oracle, "-why-json", str(script), str(Path(folder, f"w{run}.jsonl"))]
            )
            ratios.append((batch, why))
    ratio = statistics.median(why / batch for batch, why in ratios)
    batch = statistics.median(batch for batch, _ in ratios)
    why = statistics.median(why for _, why in ratios)
    return Row(
        figure, f"{why:.2f} s against {batch:.2f} s ({ratio:.2f} x)", "at most 5 x", ratio <= 5
    )


def why_python() -> str | None:
    """The Python of an environment of the project on Python 3.13, made from uv.lock if need be;
    None where no Python 3.13 is found."""
    python = WHY_ENVIRONMENT / "bin" / "python"
    if python.exists():
        return str(python)
    from noxfile import interpreter  # the matrix's way of finding each Python

    folder = interpreter(WHY_PYTHON)
    if folder is None:
        return None
    environment = dict(os.environ, UV_PROJECT_ENVIRONMENT=str(WHY_ENVIRONMENT))
    command = [str(BIN / "uv"), "sync", "--locked", "--quiet", "--python"]
    subprocess.run([*command, str(folder / f"python{WHY_PYTHON}")], env=environment, check=True)
    return str(python)


def suite(runs: int) -> Row:
    """`at run` of every game's public suite, in-process, median wall time."""
    folders = [str(Path("at", game.folder)) for game in GAMES.values()]
    seconds = median(runs, lambda: wall_seconds([str(AT), "run", *folders], ENVIRONMENT))
    return Row(
        f"`at run {' '.join(folders)}` (every game's suite)",
        f"{seconds:.2f} s",
        "under 2 s",
        seconds < 2,
    )


def _arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tools.benchmarks.issue_figures", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--runs", type=int, default=11, help="runs per median (default 11)")
    parser.add_argument(
        "--skip", nargs="*", choices=FIGURES, default=[], help="figures not to measure"
    )
    parser.add_argument(
        "--why-python", help=f"the Python {WHY_PYTHON} of an environment of the project"
    )
    return parser


if __name__ == "__main__":
    sys.exit(main())
