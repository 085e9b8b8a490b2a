"""The random player: whole games, read from the clone's prompts, the same for the same seed."""

import random

from games.star_lanes import transcript
from games.star_lanes.autoplay import MAX_LINES, last_prompt, listed_moves, random_inputs


def test_the_same_rng_seed_gives_the_same_game() -> None:
    assert random_inputs(random.Random(5)) == random_inputs(random.Random(5))


def test_games_are_played_to_their_end_and_input_stops_there() -> None:
    ended = 0
    for number in range(12):
        seed, lines = random_inputs(random.Random(number))
        assert 0 < len(lines) < MAX_LINES
        shown = transcript("".join(line + "\n" for line in lines), seed)
        assert shown.endswith(lines[-1] + "\n") or "\xff" in shown
        ended += "ANOTHER GAME? " in shown
    assert ended >= 6


def test_the_prompt_is_the_last_question_on_the_screen() -> None:
    assert last_prompt("HOW MANY PLAYERS (2-4)? ") == "HOW MANY PLAYERS (2-4)"
    screen = "WHAT IS YOUR MOVE? 1A\nBUY ...\n    YOU NOW OWN 5 ? X,Y\n?Redo from start\n? "
    assert last_prompt(screen) == "YOU NOW OWN"


def test_the_listed_moves_are_read_from_the_last_list() -> None:
    screen = (
        "A, HERE ARE YOUR LEGAL MOVES FOR THIS TURN:\n 1 A / 2 B / 3 C / 4 D / 5 E /\n"
        "B, HERE ARE YOUR LEGAL MOVES FOR THIS TURN:\n 9 L / 8 K / 7 J / 6 I / 5 H /\n"
        "WHAT IS YOUR MOVE? "
    )
    assert listed_moves(screen) == [(9, "L"), (8, "K"), (7, "J"), (6, "I"), (5, "H")]
