"""The worker of `python -m tools.mutation.run --differential`: plays a fixed corpus of games with a
clone, as one of its mutants, and says whether every transcript is the expected one.

    MUTANT_UNDER_TEST=NAME PYTHONPATH=MUTANTS \
        python -P tools/mutation/mutant_games.py PACKAGE CORPUS

MUTANTS is mutmut's folder of trampolined code, first on the path so that PACKAGE (the clone,
e.g. games.star_lanes) is imported from it, with the mutant NAME switched on (none: "").
CORPUS is a JSON list of games, each its script, its seed and the expected transcript
(PC-BASIC's). Exits with 0 when every game agrees; else prints the number of the first game
that differs and exits with 1 (a clone that raises exits with Python's own error).
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import TypedDict, cast

from acceptance.game_oracles.registry import GameModule


class Played(TypedDict):
    """One game of the corpus: the lines typed, the seed, and what the reference printed."""

    script: str
    seed: int | None
    expected: str


def first_difference(clone: GameModule, games: list[Played]) -> int | None:
    """The number (from 1) of the first game whose transcript is not the expected one."""
    for number, game in enumerate(games, 1):
        if clone.transcript(game["script"], game["seed"]) != game["expected"]:
            return number
    return None


def main(argv: list[str]) -> int:
    """Play the corpus with the clone: 0 if every game agrees, else 1."""
    package, corpus = argv
    clone = cast(GameModule, importlib.import_module(package))
    games = cast(list[Played], json.loads(Path(corpus).read_text(encoding="utf-8")))
    number = first_difference(clone, games)
    if number is None:
        return 0
    print(f"game {number} of {len(games)} differs")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
