"""The planted-bug figure of causes: does the cause `at run` gives name the function at fault?

The sample of `tools.planted.why_mutants` (mutants of model/'s rule functions, shuffled with its
seed, each with the first public test whose output it changes) is run as a student's program:
`at run --exe "python -m tools.planted MUTANT" --json TEST`. For each mutant the figure counts
whether the cause's `source` names the mutated function, against the source of the first
differing line's explanation (`oracle.why`, the oracle unchanged), and whether the cause is a
rendering rule (`view.*`, `echo.*`, `notice.*`).

With `--every`, the same figures over every public test each mutant of the sample fails, found
in-process: the mutant's outputs, then each difference's cause from the unchanged oracle's lines
(`acceptance.running.cause.find_cause`), and the rendering rules counted by rule.

    python -m tools.planted.cause_mutants [--size N] [--seed S] [--list] [--every]
"""

from __future__ import annotations

import argparse
import json
import shlex
import signal
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from acceptance.game_oracles.tellers import space_defender_2
from acceptance.game_oracles.told import Telling
from acceptance.running.cause import find_cause
from acceptance.running.compare import compare
from oracle.runner import run_script, text_source
from oracle.why import explain_line
from tools.planted.mutants import ROOT, Mutant, mutated_code, target
from tools.planted.why_mutants import (
    DEFAULT_SEED,
    DEFAULT_SIZE,
    SECONDS,
    Outcome,
    _alarm,
    public_suite,
    sample,
)

RENDERING = ("view.", "echo.", "notice.")


@dataclass(frozen=True)
class Measured:
    """One mutant: its name, the test, the cause's rule, and what names the mutated function."""

    mutant: str
    test: str
    rule: str
    first_rule: str
    cause_named: bool
    first_named: bool


def measure(outcome: Outcome) -> Measured:
    """Run the mutant on its first changed test through `at run --exe --json`."""
    mutant = outcome.mutant
    program = shlex.join([sys.executable, "-m", "tools.planted", mutant.name])
    script = ROOT / "at" / f"{outcome.test}.txt"
    command = [str(Path(sys.executable).with_name("at")), "run", "--json", "--exe", program]
    run = subprocess.run([*command, str(script)], capture_output=True, text=True, cwd=ROOT)
    test = json.loads(run.stdout)["tests"][0]
    cause = test["cause"] or {"rule": "(none)", "source": []}
    first = explain_line(text_source(script.read_text(encoding="utf-8")), test["line"])
    first_rule, first_source = (first.reason.rule, first.reason.source) if first else ("", ())
    return Measured(
        mutant.name,
        outcome.test,
        cause["rule"],
        first_rule,
        mutant.function in cause["source"],
        mutant.function in first_source,
    )


@dataclass
class Every:
    """The figures over every failing test of the sample: tests, those whose cause and whose
    first differing line name the mutated function, and the causes that are rendering rules."""

    tests: int = 0
    cause_named: int = 0
    first_named: int = 0
    rendering: Counter[str] = field(default_factory=Counter)
    tellings: dict[str, Telling] = field(default_factory=dict)  # the oracle's, by test

    def count(self, mutant: Mutant, suite: list[tuple[str, str, str]]) -> None:
        """Count the mutant's failing tests: each one's cause from the oracle's lines told."""
        outputs = mutated_outputs(mutant, suite)
        for name, script, expected in suite:
            output = outputs.get(name)
            mismatch = None if output is None else compare(expected.encode(), output.encode())
            if mismatch is None:
                continue
            if name not in self.tellings:  # the whole output told: any block's lines are there
                self.tellings[name] = space_defender_2(script, None, sys.maxsize)
            telling = self.tellings[name]
            cause = find_cause(telling, mismatch)
            first = next((line for line in telling.lines if line.line == mismatch.line), None)
            self.tests += 1
            self.first_named += first is not None and mutant.function in first.source
            self.cause_named += cause is not None and mutant.function in cause.source
            if cause is not None and cause.rule.startswith(RENDERING):
                self.rendering[cause.rule] += 1

    def line(self) -> str:
        """The figures as one line."""
        rules = ", ".join(f"{rule} {count}" for rule, count in self.rendering.most_common())
        return (
            f"every failing test: {self.tests}; the cause names the mutated function in "
            f"{self.cause_named} (the first differing line's explanation: {self.first_named}); "
            f"{sum(self.rendering.values())} causes are rendering rules ({rules or 'none'})"
        )


def mutated_outputs(mutant: Mutant, suite: list[tuple[str, str, str]]) -> dict[str, str]:
    """The mutant's output of each public test (none for a test it crashes or hangs on)."""
    function = target(mutant)
    original = function.__code__
    function.__code__ = mutated_code(mutant)
    signal.signal(signal.SIGALRM, _alarm)
    outputs: dict[str, str] = {}
    try:
        for name, script, _ in suite:
            signal.alarm(SECONDS)
            try:
                outputs[name] = run_script(script)
            except Exception:  # a crash or a hang: no output, no cause
                continue
            finally:
                signal.alarm(0)
    finally:
        function.__code__ = original
    return outputs


def main(argv: list[str] | None = None) -> int:
    """Print each mutant (with --list) and the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=DEFAULT_SIZE, help="mutants in the sample")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the sample's shuffle")
    parser.add_argument("--list", action="store_true", help="print every mutant of the sample")
    parser.add_argument(
        "--every", action="store_true", help="the figures over every failing test too"
    )
    options = parser.parse_args(argv)
    measured = []
    every, suite = Every(), public_suite()
    for outcome in sample(options.size, options.seed, lambda outcome: None):
        result = measure(outcome)
        measured.append(result)
        if options.every:
            every.count(outcome.mutant, suite)
        if options.list:
            mark = "named " if result.cause_named else "MISSED"
            print(
                f"{mark} {result.mutant} | {result.test} cause {result.rule}, first line "
                f"{result.first_rule}",
                flush=True,
            )
    count = len(measured)
    rendering = sum(m.rule.startswith(RENDERING) for m in measured)
    first_rendering = sum(m.first_rule.startswith(RENDERING) for m in measured)
    print(
        f"{sum(m.cause_named for m in measured)} of {count} causes name the mutated function "
        f"(the first differing line's explanation: {sum(m.first_named for m in measured)}); "
        f"{rendering} of {count} causes are rendering rules (first lines: {first_rendering})"
    )
    if options.every:
        print(every.line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
