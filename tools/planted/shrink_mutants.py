"""The shrinking figure: how small and how fast `at shrink` makes a planted bug's longest failing
public test.

The sample of `tools.planted.why_mutants` (mutants of model/'s rule functions, shuffled with its
seed) is run as a student's program (`python -m tools.planted MUTANT`); for each mutant,
its longest failing public test (the most commands; found in-process) is shrunk by
`at shrink --json`, timed. A mutant meets the aim when the shrunk script has at most
max(6, half the test's) commands and took at most 90 s.

    python -m tools.planted.shrink_mutants [--size N] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from acceptance.game_oracles.script_commands import commands_of
from tools.planted.cause_mutants import mutated_outputs
from tools.planted.mutants import ROOT, Mutant
from tools.planted.why_mutants import DEFAULT_SEED, public_suite, sample

SECONDS_AIM = 90.0
DEFAULT_SIZE = 10


@dataclass(frozen=True)
class Shrunk:
    """One mutant's longest failing test shrunk: commands and output lines before and after,
    the cause rule, the seconds taken (None where `at shrink` gave no result)."""

    mutant: str
    test: str
    commands: tuple[int, int]
    lines: tuple[int, int]
    rule: str
    seconds: float

    @property
    def met(self) -> bool:
        """Whether the shrunk script is small enough, soon enough."""
        before, after = self.commands
        return after <= max(6, before // 2) and self.seconds <= SECONDS_AIM


def longest_failing(mutant: Mutant, suite: list[tuple[str, str, str]]) -> str | None:
    """The mutant's failing public test with the most commands (a crash or hang is no output)."""
    outputs = mutated_outputs(mutant, suite)
    failing = [
        (name, script)
        for name, script, expected in suite
        if outputs.get(name, expected) != expected
    ]
    sizes = [(len(commands_of(script) or []), name) for name, script in failing]
    return max(sizes)[1] if sizes else None


def shrink(mutant: Mutant, test: str, out: Path) -> Shrunk | None:
    """`at shrink --json` of the mutant as a program on one public test, timed."""
    program = shlex.join([sys.executable, "-m", "tools.planted", mutant.name])
    at = str(Path(sys.executable).with_name("at"))
    script = ROOT / "at" / f"{test}.txt"
    command = [at, "shrink", "--json", "--out", str(out), "--exe", program, str(script)]
    started = time.perf_counter()
    run = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    seconds = time.perf_counter() - started
    if run.returncode != 1:
        print(f"{mutant.name} {test}: at shrink ended {run.returncode}: {run.stderr.strip()}")
        return None
    found = json.loads(run.stdout)
    expected = (ROOT / "expected" / f"{test}.expected.txt").read_text().count("\n")
    kept = Path(found["expected"]).read_text().count("\n")
    rule = found["cause"]["rule"] if found["cause"] else "(none)"
    commands = (len(found["from"]["commands"]), len(found["commands"]))
    return Shrunk(mutant.name, test, commands, (expected, kept), rule, seconds)


def main(argv: list[str] | None = None) -> int:
    """Print each mutant's shrinking and the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=DEFAULT_SIZE, help="mutants in the sample")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the sample's shuffle")
    options = parser.parse_args(argv)
    suite, done = public_suite(), []
    with tempfile.TemporaryDirectory(prefix="shrink-mutants-") as folder:
        for outcome in sample(options.size, options.seed, lambda outcome: None):
            test = longest_failing(outcome.mutant, suite)
            result = None if test is None else shrink(outcome.mutant, test, Path(folder))
            if result is None:
                continue
            done.append(result)
            (before, after), (lines, kept) = result.commands, result.lines
            print(
                f"{'met   ' if result.met else 'MISSED'} {result.mutant} | {result.test}:"
                f" {before} -> {after} commands, {lines} -> {kept} lines, {result.rule},"
                f" {result.seconds:.1f} s",
                flush=True,
            )
    if not done:
        return 1
    print(
        f"{sum(result.met for result in done)} of {len(done)} met the aim; medians: commands"
        f" {statistics.median(r.commands[0] for r in done):g} -> "
        f"{statistics.median(r.commands[1] for r in done):g}, output lines"
        f" {statistics.median(r.lines[0] for r in done):g} -> "
        f"{statistics.median(r.lines[1] for r in done):g}, seconds"
        f" {statistics.median(r.seconds for r in done):.1f}"
        f" (most {max(r.seconds for r in done):.1f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
