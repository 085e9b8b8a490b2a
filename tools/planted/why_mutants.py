"""The planted-bug figure of `oracle -why`: does `source` name the function at fault?

A fixed sample of mutants of the rule functions of model/ (one operator or constant changed in
one function) is played, in-process, against the public Space Defender 2 suite. A mutant that
changes some public output is in the sample; for the first test whose output changes, the
mutated oracle's first differing line is explained (`oracle.why.explain_line`), and the figure
counts the mutants whose mutated function that line's `source` names.

    python -m tools.planted.why_mutants [--size N] [--seed S] [--list]

The mutants (`tools.planted.mutants`) are swapped in by replacing the function's code object, so
nothing is written to disk; a mutant that raises or runs longer than a few seconds is left out of
the sample.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass
from types import FrameType

from oracle.runner import run_script, text_source
from oracle.why import explain_line
from provenance import rules
from tools.planted.mutants import ROOT, Mutant, mutants, mutated_code, target

SECONDS = 5
DEFAULT_SIZE = 60
DEFAULT_SEED = 30


@dataclass(frozen=True)
class Outcome:
    """What a mutant did to the suite: the first test it changes, and the explained line."""

    mutant: Mutant
    test: str
    line: int
    rule: str
    source: tuple[str, ...]

    @property
    def named(self) -> bool:
        return self.mutant.function in self.source


class Hang(Exception):
    """A mutant ran past its time."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang


def first_change(
    suite: list[tuple[str, str, str]],
) -> tuple[str, str, int] | None:
    """The first public test whose output changes: its name, script and first changed line."""
    for name, script, expected in suite:
        output = run_script(script)
        if output != expected:
            got, want = output.split("\n"), expected.split("\n")
            line = next(
                (i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b),
                min(len(got), len(want)),
            )
            return name, script, line + 1
    return None


def play(mutant: Mutant, suite: list[tuple[str, str, str]]) -> Outcome | None:
    """The mutant's outcome, or None if it changes no public output, raises or hangs."""
    function = target(mutant)
    original = function.__code__
    code = mutated_code(mutant)
    if code.co_freevars != original.co_freevars:
        return None
    function.__code__ = code
    rules.index()
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        changed = first_change(suite)
        if changed is None:
            return None
        name, script, line = changed
        explained = explain_line(text_source(script), line)
        if explained is None:
            return Outcome(mutant, name, line, "(no such line)", ())
        return Outcome(mutant, name, line, explained.reason.rule, explained.reason.source)
    except Exception:  # a crash or a hang: not an output a line of which can be explained
        return None
    finally:
        signal.alarm(0)
        function.__code__ = original
        rules.index()


def public_suite() -> list[tuple[str, str, str]]:
    """The public Space Defender 2 tests: name, script text, expected output."""
    return [
        (
            script.stem,
            script.read_text(),
            (ROOT / "expected" / f"{script.stem}.expected.txt").read_text(),
        )
        for script in sorted((ROOT / "at").glob("*.txt"))
    ]


def sample(size: int, seed: int, report: Callable[[Outcome], None]) -> list[Outcome]:
    """Mutants in a shuffled fixed order until `size` of them change a public output."""
    suite = public_suite()
    order = mutants()
    random.Random(seed).shuffle(order)
    outcomes: list[Outcome] = []
    for mutant in order:
        outcome = play(mutant, suite)
        if outcome is not None:
            outcomes.append(outcome)
            report(outcome)
            if len(outcomes) == size:
                break
    return outcomes


def main(argv: list[str] | None = None) -> int:
    """Print each mutant of the sample and the figure; exit 1 if under 80 %."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=DEFAULT_SIZE, help="mutants in the sample")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the sample's shuffle")
    parser.add_argument("--list", action="store_true", help="print every mutant of the sample")
    options = parser.parse_args(argv)

    def report(outcome: Outcome) -> None:
        if options.list:
            mark = "named " if outcome.named else "MISSED"
            print(f"{mark} {outcome.mutant} | {outcome.test} line {outcome.line} {outcome.rule}")
            sys.stdout.flush()

    outcomes = sample(options.size, options.seed, report)
    named = sum(outcome.named for outcome in outcomes)
    share = named / len(outcomes) if outcomes else 0.0
    print(
        f"{named} of {len(outcomes)} mutants ({share:.0%}): the source of the first differing "
        f"line names the mutated function ({len(mutants())} mutants, seed {options.seed})"
    )
    return 0 if share >= 0.8 else 1


if __name__ == "__main__":
    sys.exit(main())
