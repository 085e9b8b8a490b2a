"""Speed of a BASIC game's clone beside PC-BASIC (`make bench`): one whole game, both ways.

The game is the reference example (../shared/reference/GAME/examples) when present, else the
longest script of the game's acceptance suite. Figures: the clone in-process (`transcript`,
median of several runs), the clone as a command (`GAME -b`, start-up included, median), PC-BASIC
running the original listing on the same input (one run, its cache bypassed), and the ratio of
PC-BASIC's time to the command's (target: at least 100). The command runs as on a player's
machine: Python keeps the modules' bytecode (the environment's PYTHONDONTWRITEBYTECODE is
dropped, as tools.benchmarks.oracle does).

    python -m tools.benchmarks.basic GAME [--runs N] [--no-pcbasic]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from acceptance.game_oracles.registry import GAMES, input_lines
from tools.benchmarks.common import BIN, ENVIRONMENT, ROOT

BASIC_GAMES = ("star_lanes", "super_star_trek")
TARGET_RATIO = 100.0


def game_script(game: str) -> tuple[Path, int | None]:
    """The input file of the game to time, and its seed."""
    example = ROOT.parent / "shared" / "reference" / game / "examples"
    if (example / "default.inputs.txt").is_file():
        return example / "default.inputs.txt", seed_of(example / "default.seed")
    script = max((ROOT / "at" / game).glob("*.txt"), key=lambda path: path.stat().st_size)
    return script, seed_of(script.with_suffix(".seed"))


def seed_of(path: Path) -> int | None:
    """The seed written in a file; none when the file is absent or says `none`."""
    if not path.is_file():
        return None
    text = path.read_text().strip()
    return None if text.lower() in ("", "none") else int(text)


def median_seconds(run: Callable[[], object], runs: int) -> float:
    """The median time of `runs` calls."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def pcbasic_seconds(game: str, inputs: str, seed: int | None) -> float:
    """The time PC-BASIC takes to play the same game, its cache bypassed."""
    from acceptance.game_oracles.pcbasic import transcript as oracle_transcript

    start = time.perf_counter()
    oracle_transcript(game, input_lines(inputs), seed, use_cache=False)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    """Print the figures (the verdict is printed; the exit status is 0, as for
    tools.benchmarks.oracle)."""
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("game", choices=BASIC_GAMES, help="the BASIC game")
    options.add_argument("--runs", type=int, default=5, help="runs of the clone (default 5)")
    options.add_argument("--no-pcbasic", action="store_true", help="time the clone only")
    args = options.parse_args(argv)
    game = GAMES[args.game]
    script, seed = game_script(game.name)
    inputs = script.read_text(encoding="utf-8")
    command = [str(BIN / game.name.replace("_", "-")), "-b", str(script)]
    command += ["--seed", str(seed)] if seed is not None else []
    print(f"{game.title}, one whole game: {script.name} ({len(input_lines(inputs))} input lines)")
    in_process = median_seconds(lambda: game.clone(inputs, seed), args.runs)
    print(f"  clone, in-process:      {in_process * 1000:8.1f} ms")
    quiet = subprocess.DEVNULL
    as_command = median_seconds(
        lambda: subprocess.run(command, check=True, stdout=quiet, env=ENVIRONMENT), args.runs
    )
    print(f"  clone, {command[0].rsplit('/', 1)[-1]} -b: {as_command * 1000:8.1f} ms")
    if args.no_pcbasic:
        return 0
    oracle = pcbasic_seconds(game.name, inputs, seed)
    ratio = oracle / as_command
    verdict = "met" if ratio >= TARGET_RATIO else "MISSED"
    print(f"  PC-BASIC, same game:    {oracle * 1000:8.1f} ms")
    print(f"  ratio PC-BASIC / clone: {ratio:8.1f} x (target {TARGET_RATIO:.0f} x: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
