"""The fuzzer's power: how many planted bugs the public suite and `at fuzz` find.

A fixed sample of mutants of model/'s rule functions (`tools.planted.mutants`: one operator or
constant changed in one function), drawn uniformly at random with a fixed seed among all of them,
whether or not they change a public output; a mutant whose code cannot be swapped in is redrawn.
Each is a student's program, `python -m tools.planted MUTANT`, run by `at run --exe` over the
public suite and by `at fuzz --exe --time T --seed F` into a scratch folder.

    python -m tools.planted.fuzz_power [--size N] [--seed S] [--time T] [--list]

Exit status 1 when `at fuzz` misses a mutant the public suite finds.
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from tools.planted.mutants import ROOT, Mutant, mutants, swappable

DEFAULT_SIZE = 60
DEFAULT_SEED = 29
DEFAULT_SECONDS = 30
FUZZ_SEED = 29
AT = Path(sys.executable).parent / "at"
PUBLIC_SUITE = ROOT / "at"
VERDICTS = ("both", "public suite only", "at fuzz only", "neither")
COLUMNS = ("planted", "public", "fuzz", "both", "public-only", "fuzz-only", "neither")
TIMEOUT = 3  # seconds a run of a planted mutant may take (the oracle takes about 0.2 s)


class PowerError(Exception):
    """A run of `at` that neither passed nor found a difference; the message is one line."""


@dataclass(frozen=True)
class Measure:
    """What the public suite and `at fuzz` made of one planted mutant."""

    mutant: Mutant
    public: bool
    seconds: float | None  # from `at fuzz`'s start to its finding; None: nothing found
    shrunk: int | None  # lines of the script `at fuzz` kept

    @property
    def fuzz(self) -> bool:
        return self.seconds is not None

    @property
    def kind(self) -> str:
        """The rule's module, e.g. model.enemies.grunt."""
        return self.mutant.module

    @property
    def verdict(self) -> str:
        """Which of the two found it: one of VERDICTS."""
        if self.public:
            return "both" if self.fuzz else "public suite only"
        return "at fuzz only" if self.fuzz else "neither"


def sample(size: int, seed: int) -> list[Mutant]:
    """`size` mutants drawn uniformly without replacement; an unswappable one is redrawn."""
    order = mutants()
    random.Random(seed).shuffle(order)
    return [mutant for mutant in order if swappable(mutant)][:size]


def program(mutant: Mutant) -> str:
    """The `--exe` command of the planted mutant."""
    return f"{shlex.quote(sys.executable)} -m tools.planted {mutant.name}"


def environment() -> dict[str, str]:
    """This process's environment, with the project on the path so `tools.planted` imports."""
    path = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    return {**os.environ, "PYTHONPATH": path}


def at(arguments: list[str], folder: Path) -> subprocess.Popen[str]:
    """Start `at` with these arguments in `folder`, its output read line by line."""
    if not AT.exists():
        raise PowerError(f"no `at` beside {sys.executable}: run `make install`")
    return subprocess.Popen(
        [str(AT), *arguments],
        cwd=folder,
        env=environment(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finished(process: subprocess.Popen[str], what: str) -> bool:
    """Whether `at` found a difference (exit 1) rather than none (exit 0)."""
    _, errors = process.communicate()
    if process.returncode not in (0, 1):
        last = (errors.strip().splitlines() or ["no message"])[-1]
        raise PowerError(f"{what} exited {process.returncode}: {last}")
    return process.returncode == 1


def public_finds(mutant: Mutant, paths: Iterable[Path] = (PUBLIC_SUITE,)) -> bool:
    """Whether some public test fails with the mutant planted."""
    with tempfile.TemporaryDirectory(prefix="fuzz-power-") as folder:
        arguments = ["run", "--exe", program(mutant), "-j", "2", "--timeout", str(TIMEOUT)]
        arguments += map(str, paths)
        return finished(at(arguments, Path(folder)), "at run")


def fuzz_finds(mutant: Mutant, seconds: float, seed: int) -> tuple[float | None, int | None]:
    """`at fuzz`'s time to find the mutant and the length of the script it kept, or Nones."""
    with tempfile.TemporaryDirectory(prefix="fuzz-power-") as name:
        folder = Path(name)
        arguments = [
            "fuzz",
            "--exe",
            program(mutant),
            "--time",
            f"{seconds:g}",
            "--seed",
            str(seed),
        ]
        arguments += ["--timeout", str(TIMEOUT), "--out", str(folder / "found")]
        started = time.monotonic()
        process = at(arguments, folder)
        found = None
        assert process.stdout is not None
        for line in process.stdout:
            if found is None and line.startswith("script ") and " differs" in line:
                found = time.monotonic() - started
        if not finished(process, "at fuzz") or found is None:
            return None, None
        kept = sorted((folder / "found" / "at").glob("*.txt"))
        if len(kept) != 1:
            raise PowerError(f"at fuzz kept {len(kept)} scripts for {mutant.name}, not one")
        return found, len(kept[0].read_text().splitlines())


def measure(mutant: Mutant, seconds: float, seed: int) -> Measure:
    """Plant one mutant and run both."""
    found, shrunk = fuzz_finds(mutant, seconds, seed)
    return Measure(mutant, public_finds(mutant), found, shrunk)


def line_of(result: Measure) -> str:
    """One mutant's line of --list."""
    fuzz = f"{result.seconds:.1f} s, {result.shrunk} lines" if result.fuzz else "-"
    return f"{result.verdict:<17} {result.mutant} | at fuzz: {fuzz}"


def median(values: list[float]) -> str:
    """The median, or `-` with nothing to take it of."""
    return f"{statistics.median(values):g}" if values else "-"


def summary(results: list[Measure]) -> list[str]:
    """The figures: found by each, by both, one or neither, medians, and per kind."""
    verdicts = Counter(result.verdict for result in results)
    found = [result for result in results if result.fuzz]
    lengths = [float(result.shrunk or 0) for result in found]
    times = [round(result.seconds or 0.0, 1) for result in found]
    lines = [
        f"planted {len(results)}; found by the public suite {sum(r.public for r in results)}, "
        f"by at fuzz {len(found)}",
        ", ".join(f"{verdict} {verdicts[verdict]}" for verdict in VERDICTS),
        f"at fuzz: median shrunk script {median(lengths)} lines, median time to find "
        f"{median(times)} s",
        f"{'kind':<27} {' '.join(COLUMNS)}",
    ]
    for kind in sorted({result.kind for result in results}):
        of = [result for result in results if result.kind == kind]
        counts = Counter(result.verdict for result in of)
        cells = [len(of), sum(r.public for r in of), sum(r.fuzz for r in of)]
        cells += [counts[verdict] for verdict in VERDICTS]
        row = " ".join(f"{cell:>{len(name)}}" for cell, name in zip(cells, COLUMNS, strict=True))
        lines.append(f"{kind:<27} {row}")
    return lines


def run(size: int, seed: int, seconds: float, report: Callable[[Measure], None]) -> list[Measure]:
    """Measure every mutant of the sample, reporting each as it is done."""
    results = []
    for mutant in sample(size, seed):
        results.append(measure(mutant, seconds, FUZZ_SEED))
        report(results[-1])
    return results


def positive(text: str) -> int:
    """A command-line count of at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a positive whole number: {text!r}")
    return int(text)


def main(argv: list[str] | None = None) -> int:
    """Print the figures; exit 1 if at fuzz misses a mutant the public suite finds."""
    parser = argparse.ArgumentParser(
        prog="python -m tools.planted.fuzz_power", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--size", type=positive, default=DEFAULT_SIZE, help="mutants planted")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the sample's draw")
    parser.add_argument(
        "--time", type=positive, default=DEFAULT_SECONDS, help="at fuzz's seconds a mutant"
    )
    parser.add_argument("--list", action="store_true", help="print a line per mutant")
    options = parser.parse_args(argv)

    def report(result: Measure) -> None:
        if options.list:
            print(line_of(result), flush=True)

    started = time.monotonic()
    try:
        results = run(options.size, options.seed, options.time, report)
    except PowerError as error:
        print(f"fuzz_power: {error}", file=sys.stderr)
        return 2
    print("\n".join(summary(results)))
    print(
        f"({len(mutants())} mutants, sample seed {options.seed}, at fuzz --seed {FUZZ_SEED} "
        f"--time {options.time}; {time.monotonic() - started:.0f} s)"
    )
    return 1 if any(result.verdict == "public suite only" for result in results) else 0


if __name__ == "__main__":
    sys.exit(main())
