"""A short differential run: the opening of a few random games of each BASIC game, clone against
PC-BASIC running the original listing.

The long run is `make differential GAME=...` (`at fuzz`, hundreds of games). Here each random
game is cut to its first lines, so that PC-BASIC plays it in seconds (and its transcript is
cached by content). On a difference the failure names the first differing line and the shortest
prefix of the inputs that still shows a difference. Skipped with a plain reason when the
listing (../shared) or pcbasic is absent.
"""

import random
from pathlib import Path

import pytest

from acceptance.game_oracles.registry import GAMES, Game, pcbasic_transcript

pytestmark = pytest.mark.slow  # random games played by PC-BASIC and the clones

GAMES_WITH_A_REFERENCE = [game for game in GAMES.values() if game.reference is not None]
RANDOM_GAMES = (1, 2, 3)
"""The random generators' seeds of the games compared."""
OPENING_LINES = 25
"""Input lines kept of each random game: the set-up and a few moves."""


def listing(game: Game) -> Path:
    """The original listing PC-BASIC runs for the game."""
    return Path(__file__).resolve().parents[4] / "shared" / "reference" / game.name / "oracle.bas"


def pcbasic_missing() -> bool:
    """Whether PC-BASIC cannot be run here."""
    try:
        from acceptance.game_oracles.pcbasic import PcBasicError, pcbasic_executable

        pcbasic_executable()
    except (ImportError, PcBasicError):
        return True
    return False


def transcripts(game: Game, lines: list[str], seed: int | None) -> tuple[str, str]:
    """PC-BASIC's transcript and the clone's, of these input lines."""
    assert game.reference is not None
    text = "".join(line + "\n" for line in lines)
    return game.reference(text, seed), game.clone(text, seed)


def first_difference(expected: str, actual: str) -> str:
    """The first line where two transcripts differ, both ways."""
    ours, theirs = actual.split("\n"), expected.split("\n")
    for number, (mine, other) in enumerate(zip(ours, theirs, strict=False), 1):
        if mine != other:
            return f"line {number}: PC-BASIC {other!r}, clone {mine!r}"
    return f"line {min(len(ours), len(theirs)) + 1}: one transcript ends there"


def shortest_prefix(game: Game, lines: list[str], seed: int | None) -> list[str]:
    """The fewest first input lines whose transcripts still differ (a bisection)."""
    low, high = 0, len(lines)  # the transcripts of `high` lines differ
    while high - low > 1:
        middle = (low + high) // 2
        expected, actual = transcripts(game, lines[:middle], seed)
        if actual != expected:
            high = middle
        else:
            low = middle
    return lines[:high]


@pytest.mark.skipif(pcbasic_missing(), reason="pcbasic is not installed")
@pytest.mark.parametrize("number", RANDOM_GAMES)
@pytest.mark.parametrize("game", GAMES_WITH_A_REFERENCE, ids=lambda game: game.name)
def test_random_opening_matches_pcbasic(game: Game, number: int) -> None:
    if not listing(game).is_file():
        pytest.skip(f"the original listing is absent: {listing(game)} (../shared)")
    seed, lines = game.random_script(random.Random(number))
    lines = lines[:OPENING_LINES]
    expected, actual = transcripts(game, lines, seed)
    if actual != expected:
        shortest = shortest_prefix(game, lines, seed)
        pytest.fail(
            f"{game.name}, seed {seed}: {first_difference(expected, actual)}; the first"
            f" {len(shortest)} input lines show a difference: {shortest!r}",
            pytrace=False,
        )


@pytest.mark.skipif(pcbasic_missing(), reason="pcbasic is not installed")
@pytest.mark.parametrize("game", GAMES_WITH_A_REFERENCE, ids=lambda game: game.name)
def test_a_games_pc_basic_reference_runs_that_games_listing(game: Game) -> None:
    # A reference made now, not the one GAMES made at import: what `pcbasic_transcript` makes
    # must run the game named, with the inputs and the seed, as PC-BASIC prints it.
    if not listing(game).is_file():
        pytest.skip(f"the original listing is absent: {listing(game)} (../shared)")
    seed, lines = game.random_script(random.Random(RANDOM_GAMES[0]))
    text = "".join(line + "\n" for line in lines[:OPENING_LINES])
    assert pcbasic_transcript(game.name)(text, seed) == game.clone(text, seed)
