"""A short differential run: the opening of a few random games, clone against PC-BASIC.

The long run is `make differential` (`at fuzz`, hundreds of whole games). Here each random game
is cut to its first lines, so that PC-BASIC plays it in seconds (and its transcript is cached
by content). On a difference the failure names the first differing line and the shortest
prefix of the inputs that still shows a difference. Skipped with a plain reason when the
listing (../shared) or pcbasic is absent.
"""

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from games.star_lanes import transcript
from games.star_lanes.autoplay import random_inputs

LISTING = Path(__file__).resolve().parents[3] / "shared" / "reference" / "star_lanes" / "oracle.bas"
GAMES = (1, 2, 3)
"""The random generators' seeds of the games compared."""
OPENING_LINES = 25
"""Input lines kept of each random game: the set-up and a few moves with purchases."""


def pcbasic() -> Callable[[list[str], int | None], str] | None:
    """PC-BASIC's transcript of the original listing, or None when it cannot be run."""
    try:
        from acceptance.pcbasic import PcBasicError, pcbasic_executable, transcript

        pcbasic_executable()
    except (ImportError, PcBasicError):
        return None
    return lambda lines, seed: transcript("star_lanes", lines, seed, LISTING)


ORACLE = pcbasic()


def clone(lines: list[str], seed: int | None) -> str:
    """The clone's transcript of these input lines."""
    return transcript("".join(line + "\n" for line in lines), seed)


def first_difference(expected: str, actual: str) -> str:
    """The first line where two transcripts differ, both ways."""
    ours, theirs = actual.split("\n"), expected.split("\n")
    for number, (mine, other) in enumerate(zip(ours, theirs), 1):
        if mine != other:
            return f"line {number}: PC-BASIC {other!r}, clone {mine!r}"
    return f"line {min(len(ours), len(theirs)) + 1}: one transcript ends there"


def shortest_prefix(lines: list[str], seed: int | None, oracle: Callable[..., str]) -> list[str]:
    """The fewest first input lines whose transcripts still differ (a bisection)."""
    low, high = 0, len(lines)  # the transcripts of `high` lines differ
    while high - low > 1:
        middle = (low + high) // 2
        if clone(lines[:middle], seed) != oracle(lines[:middle], seed):
            high = middle
        else:
            low = middle
    return lines[:high]


@pytest.mark.skipif(not LISTING.is_file(), reason="the reference folder ../shared is absent")
@pytest.mark.skipif(ORACLE is None, reason="pcbasic is not installed")
@pytest.mark.parametrize("game", GAMES)
def test_random_opening_matches_pcbasic(game: int) -> None:
    assert ORACLE is not None
    seed, lines = random_inputs(random.Random(game))
    lines = lines[:OPENING_LINES]
    expected, actual = ORACLE(lines, seed), clone(lines, seed)
    if actual != expected:
        shortest = shortest_prefix(lines, seed, ORACLE)
        pytest.fail(
            f"seed {seed}: {first_difference(expected, actual)}; the first {len(shortest)}"
            f" input lines show a difference: {shortest!r}",
            pytrace=False,
        )
