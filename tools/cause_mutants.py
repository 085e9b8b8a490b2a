"""The planted-bug figure of causes: does the cause `at run` gives name the function at fault?

The sample of `tools.why_mutants` (mutants of model/'s rule functions, shuffled with its seed,
each with the first public test whose output it changes) is run as a student's program:
`at run --exe "python -m tools.planted MUTANT" --json TEST`. For each mutant the figure counts
whether the cause's `source` names the mutated function, against the source of the first
differing line's explanation (`oracle.why`, the oracle unchanged), and whether the cause is a
rendering rule (`view.*`, `echo.*`, `notice.*`).

    python -m tools.cause_mutants [--size N] [--seed S] [--list]
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from oracle.runner import text_source
from oracle.why import explain_line
from tools.mutants import ROOT
from tools.why_mutants import DEFAULT_SEED, DEFAULT_SIZE, Outcome, sample

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


def main(argv: list[str] | None = None) -> int:
    """Print each mutant (with --list) and the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=DEFAULT_SIZE, help="mutants in the sample")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the sample's shuffle")
    parser.add_argument("--list", action="store_true", help="print every mutant of the sample")
    options = parser.parse_args(argv)
    measured = []
    for outcome in sample(options.size, options.seed, lambda outcome: None):
        result = measure(outcome)
        measured.append(result)
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
