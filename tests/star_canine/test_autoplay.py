"""The random player of `at fuzz`: sensible lines the game accepts, games that end, and a pin."""

from __future__ import annotations

import hashlib
import random

import pytest

from games.star_canine import autoplay
from games.star_canine.autoplay import LONGEST_GAME, MISTYPES, random_inputs
from games.star_canine.game import Scene
from games.star_canine.session import new_game

GAMES = range(30)


def test_its_sensible_lines_are_never_refused_and_it_stops_when_the_game_does() -> None:
    for number in GAMES:
        seed, lines = random_inputs(random.Random(number))
        game = new_game(seed)
        for index, line in enumerate(lines):
            assert not game.ended, (number, index)
            step = game.play(line)
            assert line in MISTYPES or step.error is None, (number, index, line, step.error)
        finished = game.ended or game.scene in (Scene.GAME_OVER, Scene.GAME_CLEAR)
        assert finished or len(lines) == LONGEST_GAME


def test_one_game_in_five_or_so_keeps_the_default_seed() -> None:
    seeds = [random_inputs(random.Random(number))[0] for number in GAMES]
    assert 2 <= seeds.count(None) <= 12
    assert all(seed is None or 0 <= seed < 1_000_000 for seed in seeds)


def test_the_first_games_are_pinned() -> None:
    """Its choices are its own, not a rule: a change to the player updates these on purpose."""
    pinned = []
    for number in range(6):
        seed, lines = random_inputs(random.Random(number))
        digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
        pinned.append((seed, len(lines), digest))
    assert pinned == [
        (794772, 24, "ee1d5e278f45e27f"),
        (596853, 33, "9f78857e529be9f8"),
        (None, 32, "5808e9a1e461bf76"),
        (621429, 34, "4506d1ba20916191"),
        (318031, 33, "a2593c5870d1e888"),
        (267853, 36, "99e3545daaf3a308"),
    ]


def test_thirty_games_are_pinned() -> None:
    """The seeds and lines of the first thirty games, as one digest (see above)."""
    digest = hashlib.sha256()
    for number in GAMES:
        digest.update(repr(random_inputs(random.Random(number))).encode())
    assert digest.hexdigest()[:16] == "41d7a5f6cd0ce6c3"


def test_a_game_stops_at_the_longest_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(autoplay, "LONGEST_GAME", 5)
    for number in range(5):
        assert len(random_inputs(random.Random(number))[1]) == 5


class Mistyping(random.Random):
    """A player's dice that always roll a mistype, and the first one: a game that never ends."""

    def random(self) -> float:
        return 0.0


def test_a_player_who_only_mistypes_stops_after_1500_lines() -> None:
    """The cap on a random game, pinned as its choices are: a change is meant."""
    seed, lines = random_inputs(Mistyping())
    assert (seed, len(lines), set(lines)) == (None, 1500, {MISTYPES[0]})
