"""Star Lanes speed, side by side with PC-BASIC (`make bench`): one whole game, both ways.

The game is the reference example (../shared/reference/star_lanes/examples) when present, else
the longest script of the acceptance suite. Figures: the clone in-process (`transcript`, median
of several runs), the clone as a command (`star-lanes -b`, start-up included, median), PC-BASIC
running the original listing on the same input (one run, its cache bypassed), and the ratio of
PC-BASIC's time to the command's (target: at least 100).

    python -m tools.bench_star_lanes [--runs N] [--no-pcbasic]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from games.star_lanes import transcript, typed_lines

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT.parent / "shared" / "reference" / "star_lanes" / "examples" / "default.inputs.txt"
SUITE = ROOT / "at" / "star_lanes"
TARGET_RATIO = 100.0


def game_script() -> tuple[Path, int | None]:
    """The input file of the game to time, and its seed."""
    if EXAMPLE.is_file():
        return EXAMPLE, None
    script = max(SUITE.glob("*.txt"), key=lambda path: path.stat().st_size)
    seed_file = script.with_suffix(".seed")
    return script, int(seed_file.read_text()) if seed_file.is_file() else None


def median_seconds(run: list[str] | None, inputs: str, seed: int | None, runs: int) -> float:
    """The median time of `runs` runs: in-process when `run` is None, else that command."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        if run is None:
            transcript(inputs, seed)
        else:
            subprocess.run(run, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def pcbasic_seconds(inputs: str, seed: int | None) -> float:
    """The time PC-BASIC takes to play the same game, its cache bypassed."""
    from acceptance.pcbasic import transcript as oracle_transcript

    start = time.perf_counter()
    oracle_transcript("star_lanes", typed_lines(inputs), seed, use_cache=False)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    """Print the figures (the verdict is printed; the exit status is 0, as for tools.bench)."""
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--runs", type=int, default=5, help="runs of the clone (default 5)")
    options.add_argument("--no-pcbasic", action="store_true", help="time the clone only")
    args = options.parse_args(argv)
    script, seed = game_script()
    inputs = script.read_text(encoding="utf-8")
    command = [str(Path(sys.executable).parent / "star-lanes"), "-b", str(script)]
    if seed is not None:
        command += ["--seed", str(seed)]
    print(f"Star Lanes, one whole game: {script.name} ({len(typed_lines(inputs))} input lines)")
    in_process = median_seconds(None, inputs, seed, args.runs)
    print(f"  clone, in-process:      {in_process * 1000:8.1f} ms")
    as_command = median_seconds(command, inputs, seed, args.runs)
    print(f"  clone, star-lanes -b:   {as_command * 1000:8.1f} ms")
    if args.no_pcbasic:
        return 0
    oracle = pcbasic_seconds(inputs, seed)
    ratio = oracle / as_command
    verdict = "met" if ratio >= TARGET_RATIO else "MISSED"
    print(f"  PC-BASIC, same game:    {oracle * 1000:8.1f} ms")
    print(f"  ratio PC-BASIC / clone: {ratio:8.1f} x (target {TARGET_RATIO:.0f} x: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
