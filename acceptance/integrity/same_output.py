"""Behavioural evidence of a graded class: pairs of submissions that print byte for byte the same
wrong output of a test where no other submission prints it. Two programs written apart rarely
fail a test the same way; the grading store keeps a digest of every run's output, so the
evidence costs no run. Like code similarity, these are pairs to look at, not findings."""

from dataclasses import dataclass

from acceptance.running.suite import Outcome
from acceptance.store.database import GradingPlan, Store


@dataclass(frozen=True)
class SameOutput:
    """Two submissions (by name) and the failed tests whose wrong output only they print."""

    a: str
    b: str
    tests: tuple[str, ...]


def same_outputs(store: Store, graded: GradingPlan) -> list[SameOutput]:
    """The pairs of a grading that alone print the same wrong, non-empty output of a test, most
    tests first."""
    stored = store.outputs()
    printers: dict[tuple[int, str], set[int]] = {}
    for (number, test), key in graded.keys().items():
        outcome, output, size = stored.get(key, (Outcome.PASSED.name, "", 0))
        if outcome != Outcome.PASSED.name and size > 0:
            printers.setdefault((test, output), set()).add(number)
    shared: dict[tuple[int, int], list[int]] = {}
    for (test, _), numbers in printers.items():
        if len(numbers) == 2:
            a, b = sorted(numbers)
            shared.setdefault((a, b), []).append(test)
    pupils, cases = graded.submissions, graded.cases
    found = [
        SameOutput(pupils[a].name, pupils[b].name, tuple(cases[t].name for t in sorted(tests)))
        for (a, b), tests in shared.items()
    ]
    return sorted(found, key=lambda pair: (-len(pair.tests), pair.a, pair.b))
