"""Random and garbage input never breaks the game, and the same input gives the same bytes."""

from __future__ import annotations

import random
import string

from games.star_canine import json_transcript, transcript
from games.star_canine.autoplay import random_inputs
from games.star_canine.game import Scene
from games.star_canine.session import new_game
from games.star_canine.view import PROMPT

GAMES = 100
GARBAGE_GAMES = 60


def garbage_line(rng: random.Random) -> str:
    alphabet = string.printable + "é€😀\x00\x1b\u200b"
    words = ["equip", "take", "discard", "unequip", "ammo", "quit", "", "9" * 12, "-3", "2"]
    if rng.random() < 0.5:
        return " ".join(rng.choice(words) for _ in range(rng.randrange(4)))
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(12)))


def test_random_players_complete_games_without_raising() -> None:
    rng = random.Random(7)
    ends = set()
    for _ in range(GAMES):
        seed, lines = random_inputs(rng)
        text = transcript("\n".join(lines), seed)
        assert text.endswith(PROMPT) or text.endswith("Goodbye.\n")
        game = new_game(seed)
        for line in lines:
            game.play(line)
        ends.add(game.scene)
    assert {Scene.GAME_OVER, Scene.ENDED} <= ends


def test_garbage_lines_are_refused_and_never_raise() -> None:
    rng = random.Random(8)
    for _ in range(GARBAGE_GAMES):
        seed, lines = random_inputs(rng)
        for _ in range(len(lines) // 4):
            lines.insert(rng.randrange(len(lines) + 1), garbage_line(rng))
        game = new_game(seed)
        for line in lines:
            step = game.play(line)
            assert step.error is None or "\n" not in step.error


def test_the_same_seed_and_inputs_give_the_same_bytes() -> None:
    rng = random.Random(9)
    for _ in range(10):
        seed, lines = random_inputs(rng)
        inputs = "\n".join(lines)
        assert transcript(inputs, seed).encode() == transcript(inputs, seed).encode()
        assert json_transcript(inputs, seed) == json_transcript(inputs, seed)


def test_random_inputs_are_reproducible_from_the_generator() -> None:
    assert random_inputs(random.Random(3)) == random_inputs(random.Random(3))
