"""Which rules of an oracle's table a suite reaches: for each rule, the tests whose expected output
it made (the oracle's explanation of every line of each script, as `-why-json` gives it), and the
rules no test reaches. What `at cover` prints, `at grade`'s report shows and `at fuzz --toward`
leans on; a game with no rule table is left out, and said to be. A grading finds it in
processes of its own while its runs go on (`acceptance.grading.explained.Explainers`).
"""

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from acceptance.errors import HarnessError
from acceptance.game_oracles.registry import Game, Rules
from acceptance.progress import SILENT, Progress
from acceptance.running.cases import Case, shown

Lines = list[tuple[str, tuple[str, ...]]]  # each line of the oracle's output with its rules


@dataclass(frozen=True)
class Reach:
    """One rule of the table: its name, its spec section, the tests whose expected output it made
    (in suite order) and how many of their lines it made, placed a cell of or changed."""

    rule: str
    spec: str
    tests: tuple[str, ...]
    lines: int


@dataclass(frozen=True)
class Coverage:
    """What one game's tests reach of its oracle's rules, every rule of the table in its order;
    `stale`: the tests whose expected file is not what the oracle prints now (their rules are the
    oracle's)."""

    game: Game
    tests: tuple[str, ...]
    rules: tuple[Reach, ...]
    stale: tuple[str, ...] = ()

    @property
    def reached(self) -> tuple[Reach, ...]:
        """The rules some test reaches."""
        return tuple(reach for reach in self.rules if reach.tests)

    @property
    def unreached(self) -> tuple[Reach, ...]:
        """The rules no test reaches."""
        return tuple(reach for reach in self.rules if not reach.tests)

    def weights(self) -> dict[str, float]:
        """Each rule's weight toward which `at fuzz --toward` leans, the square root of
        (1 + tests) / (1 + tests reaching it): 1 for a rule every test reaches, about 10 for one
        that none of 100 tests does, and 4.5 for one that 4 of them do."""
        tests = len(self.tests)
        return {reach.rule: math.sqrt((1 + tests) / (1 + len(reach.tests))) for reach in self.rules}


@dataclass(frozen=True)
class Covered:
    """The coverage of each game of a suite that has a rule table, in the suite's order, and
    how many tests of each game with none were left out."""

    games: tuple[Coverage, ...]
    left_out: tuple[tuple[Game, int], ...] = ()


def script_of(case: Case) -> str:
    """A test's script text; an unreadable one is the user's error."""
    try:
        return case.script.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise HarnessError(f"cannot read {shown(case.script)}: {error}") from None


def explained(rules: Rules, case: Case) -> Lines:
    """Each line of the oracle's output for a test with its rules; the oracle failing on it is a
    one-line error naming the test."""
    text = script_of(case)
    try:
        return rules.lines(text, case.seed)
    except Exception as error:  # a game's own explainer is not the harness's to crash
        name = type(error).__name__
        raise HarnessError(
            f"cannot explain the oracle's output of {case.name}: {name}: {error}"
        ) from None


def is_stale(case: Case, texts: Sequence[str]) -> bool:
    """Whether a test's expected file (if it has one) differs from the oracle's lines now."""
    if case.expected is None:
        return False
    try:
        expected = case.expected.read_text(encoding=case.game.encoding)
    except (OSError, UnicodeDecodeError):
        return True
    return expected.removesuffix("\n").split("\n") != list(texts)


def game_coverage(
    game: Game,
    rules: Rules,
    cases: Sequence[Case],
    lines_of: Callable[[Case], Lines] | None = None,
    progress: Progress = SILENT,
) -> Coverage:
    """What a game's tests reach of its rule table, each test's lines explained by `lines_of`
    (by default here and now), counted on the progress line."""
    tests: dict[str, dict[str, None]] = {}
    lines: dict[str, int] = {}
    stale = []
    for case in cases:
        explained_lines = lines_of(case) if lines_of else explained(rules, case)
        for _, names in explained_lines:
            for rule in names:
                tests.setdefault(rule, {})[case.name] = None
                lines[rule] = lines.get(rule, 0) + 1
        if is_stale(case, [text for text, _ in explained_lines]):
            stale.append(case.name)
        progress.advance()
    table = dict(rules.table())
    table.update({rule: "" for rule in tests if rule not in table})
    reaches = tuple(
        Reach(rule, spec, tuple(tests.get(rule, ())), lines.get(rule, 0))
        for rule, spec in table.items()
    )
    return Coverage(game, tuple(case.name for case in cases), reaches, tuple(stale))


def coverage(
    cases: Sequence[Case],
    lines_of: Callable[[Case], Lines] | None = None,
    progress: Progress = SILENT,
) -> Covered:
    """What a suite reaches of each of its games' rule tables, the games in the suite's order,
    each test's lines explained by `lines_of` (by default here and now), shown as it goes."""
    explaining = sum(case.game.rules is not None for case in cases)
    progress.begin("explaining tests", "test", explaining)
    games, left_out = [], []
    for game in dict.fromkeys(case.game for case in cases):
        mine = [case for case in cases if case.game is game]
        if game.rules is None:
            left_out.append((game, len(mine)))
        else:
            games.append(game_coverage(game, game.rules, mine, lines_of, progress))
    return Covered(tuple(games), tuple(left_out))
