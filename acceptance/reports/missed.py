"""What a class misses: each failing test's cause (the oracle's line that best explains its
difference, with its rule: `acceptance.running.cause`), and the rules those causes name, each
with how many submissions and tests it explains, the most submissions first: what to teach
again. Written as `causes.csv`, shown in report.html and, per test, in Gradescope's results.

Causes are found for wrong outputs only (not for crashes or timeouts), from the stored result
alone (the test and where its output differs), without the programs; submissions that fail a
test at the same line share the oracle's explanation of it, made once (`acceptance.grading
.explained` keeps them in the grading store).
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from acceptance.game_oracles.registry import Game
from acceptance.marking.submissions import Grade
from acceptance.reports.grade_report import csv_text
from acceptance.reports.slips import submissions_in, tests_in
from acceptance.running.cause import cause_of
from acceptance.running.suite import Outcome, Result

CAUSES_COLUMNS = ("rule", "spec", "submissions", "tests")
TOLD = 256  # the oracle's explanations kept (a test's lines through one block each)


@dataclass(frozen=True)
class Missed:
    """A rule that explains failing tests of a class: its name, its spec section, and every
    (submission, test) whose cause it is, in class order."""

    rule: str
    spec: str
    where: tuple[tuple[str, str], ...]

    @property
    def submissions(self) -> tuple[str, ...]:
        """The submissions it explains a failure of, each once."""
        return submissions_in(self.where)

    @property
    def tests(self) -> tuple[str, ...]:
        """The tests it explains a failure of, each once."""
        return tests_in(self.where)


_REMEMBERING: dict[Game, Game] = {}


def remembering(game: Game) -> Game:
    """The game with a teller that keeps its last TOLD explanations: a class's submissions that
    fail a test at the same line share the oracle's lines, told once."""
    if game.tell is None:
        return game
    if game not in _REMEMBERING:
        _REMEMBERING[game] = replace(game, tell=lru_cache(maxsize=TOLD)(game.tell))
    return _REMEMBERING[game]


@lru_cache(maxsize=1 << 14)
def caused(result: Result) -> Result:
    """A result with the cause of its difference, where it is a wrong output whose game can tell
    one (found once per result: Gradescope's results are written again as each test ends)."""
    if result.cause is not None or result.outcome is not Outcome.FAILED or not result.mismatch:
        return result
    case = replace(result.case, game=remembering(result.case.game))
    cause = cause_of(case, result.mismatch)
    return result if cause is None else replace(result, cause=cause)


def missed(grades: Sequence[Grade]) -> list[Missed]:
    """The rules the causes of a class's failing tests name, the most submissions first, then
    the most tests, then by name."""
    found: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for grade in grades:
        for result in grade.results:
            if result.cause is not None:
                key = (result.cause.rule, result.cause.spec)
                found.setdefault(key, []).append((grade.submission.name, result.case.name))
    rules = [Missed(rule, spec, tuple(where)) for (rule, spec), where in found.items()]
    return sorted(rules, key=lambda rule: (-len(rule.submissions), -len(rule.tests), rule.rule))


def causes_csv(grades: Sequence[Grade]) -> str:
    """`causes.csv`: each rule the class misses, its spec section, and how many submissions and
    tests it explains a failure of."""
    rows = [(m.rule, m.spec, len(m.submissions), len(m.tests)) for m in missed(grades)]
    return csv_text([CAUSES_COLUMNS, *rows])
