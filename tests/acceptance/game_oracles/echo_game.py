"""A tiny game of typed lines, registered in tests as a sister game would be: each line typed is
echoed after a prompt and answered with a die roll from the seed; QUIT ends the game; a
transcript ends after the prompt when the input runs out. Also an external program
(`python echo_game.py -b SCRIPT [--seed N] [--quirk WORD]`): with a quirk, its answers to lines
that hold WORD differ from the game's."""

import argparse
import random
import sys
from pathlib import Path

from acceptance.game_oracles.registry import Game, Unit, input_lines

PROMPT = "YOUR WORD? "
DEFAULT_SEED = 5
WORDS = ("HELLO", "ROLL", "MAP", "", "SCAN", "WARP")


def transcript(inputs: str, seed: int | None = None, quirk: str | None = None) -> str:
    """The whole transcript of a game played with these lines."""
    rng = random.Random(DEFAULT_SEED if seed is None else seed)
    out = ["ECHO GAME\n"]
    for typed in input_lines(inputs):
        out.append(f"{PROMPT}{typed}\n")
        if typed == "QUIT":
            return "".join(out) + "BYE\n"
        roll = rng.randint(1, 6)
        answer = f"{typed.upper()} SCORES {roll}"
        if quirk is not None and quirk in typed:
            answer = f"{typed.upper()} SCORES  {roll}"
        out.append(answer + "\n")
    return "".join(out) + PROMPT


def random_inputs(rng: random.Random) -> tuple[int | None, list[str]]:
    """A seed and the lines of one random game, mostly common words, now and then a rare one."""
    lines = [rng.choice(WORDS) for _ in range(rng.randint(3, 30))]
    if rng.random() < 0.3:
        lines.insert(rng.randint(0, len(lines)), "XYZZY")
    return rng.randint(0, 99), lines + ["QUIT"]


def game(name: str = "echo", reference: bool = False, quirk: str | None = None) -> Game:
    """The echo game's registry entry; with `reference`, the clone has the quirk and the
    reference (standing for PC-BASIC) has none, as a BASIC game's entry is."""

    def clone(text: str, seed: int | None) -> str:
        return transcript(text, seed, quirk)

    return Game(
        name, "Echo", name, Unit.INPUT_LINE, clone, random_inputs, exact if reference else None
    )


def exact(text: str, seed: int | None) -> str:
    """The echo game without quirk: the reference oracle of a fake BASIC game."""
    return transcript(text, seed)


def main(argv: list[str] | None = None) -> int:
    """The echo game as an external program."""
    parser = argparse.ArgumentParser()
    parser.add_argument("-b", dest="script", required=True)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--quirk")
    options = parser.parse_args(argv)
    text = Path(options.script).read_text(encoding="utf-8")
    sys.stdout.write(transcript(text, options.seed, options.quirk))
    return 0


if __name__ == "__main__":
    sys.exit(main())
