"""random_inputs plays whole games through the clone, the same for the same generator; and no
typed input, sensible or not, makes the clone raise."""

import random

from games.super_star_trek import tables, transcript
from games.super_star_trek.autoplay import INPUT_LIMIT, course_between, random_inputs


def played(seed: int | None, lines: list[str]) -> str:
    return transcript("".join(line + "\n" for line in lines), seed)


def test_the_same_generator_gives_the_same_game() -> None:
    assert random_inputs(random.Random(5)) == random_inputs(random.Random(5))


def test_random_games_are_complete_and_use_every_command() -> None:
    used: set[str] = set()
    for number in range(12):
        seed, lines = random_inputs(random.Random(number))
        text = played(seed, lines)
        assert 0 < len(lines) <= 2 * INPUT_LIMIT
        assert text.endswith("\n")  # the program ended; it is not waiting for input
        used |= {line[:3] for line in lines if line[:3] in tables.COMMANDS}
    assert used == set(tables.COMMANDS)


def test_course_between_points_as_the_computer_does() -> None:
    assert course_between((5, 5), (5, 8)) == 1.0
    assert course_between((5, 5), (2, 5)) == 3.0
    assert course_between((5, 5), (5, 1)) == 5.0
    assert course_between((5, 5), (8, 5)) == 7.0
    assert course_between((5, 5), (4, 6)) == 2.0


def test_garbage_input_never_raises() -> None:
    rng = random.Random(1978)
    alphabet = "NAVSRLPHTOEDMCX0123456789.,-+E \"'?&\t\x03\x08\x1b\xe9\u20ac"
    for _ in range(30):
        lines = [
            "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))) for _ in range(60)
        ]
        lines += rng.sample(list(tables.COMMANDS) * 5, 20)
        text = played(rng.choice((None, rng.randint(-(10**9), 10**9))), lines)
        assert "Traceback" not in text
