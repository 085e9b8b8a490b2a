"""Speed of the integrity review (`at similar`) on a large class: submissions of generated Eiffel,
each written from its own random seed (routines of assignments, conditionals, loops, creations,
calls and string literals, nested at random), an ETF-like base given to all, and a few planted
copies (the identifiers of an original renamed, its files renamed, its routines reversed).

Figures: the wall time and the CPU time (of this process and of the readers it started) of the
whole review (reading, lexing, fingerprinting, the
inverted index and the ranking, not the page), the peak memory, the load average around the run,
the highest score of an independent pair, and the rank and score of each planted copy.

    python -m tools.benchmarks.similarity [--class N] [--lines N] [--copies N] [--jobs N]
        [--folder DIR]
"""

import argparse
import os
import random
import re
import resource
import tempfile
import time
from pathlib import Path

from acceptance.integrity.similarity import similarity
from tools.benchmarks.common import total_cpu

ROUTINE_LINES = 12  # lines of a routine, about
FILE_LINES = 250  # lines of a class file, about
WORDS = (
    "board row column count item grid ship shot list table index cell player score state"
    " message turn enemy health energy fuel move fire pass size width height left right"
).split()
TYPES = ("INTEGER", "STRING", "BOOLEAN", "ARRAY [INTEGER]", "LINKED_LIST [STRING]", "CHARACTER")


def name(rng: random.Random) -> str:
    """An identifier of one or two words."""
    return "_".join(rng.sample(WORDS, rng.randint(1, 2)))


OPERATORS = ("+", "-", "*", "//", "\\\\", "and then", "or else", "implies", "<", ">=", "/=", "~")


def expression(rng: random.Random, depth: int = 0) -> str:
    """An expression: a name, a literal, a call, an operation, a tuple, an array, a range."""
    pick = rng.randrange(11 if depth < 2 else 3)
    inner = [expression(rng, depth + 1) for _ in range(rng.randint(1, 2) if pick > 2 else 0)]
    forms = [
        lambda: str(rng.randint(0, 99)),
        lambda: f'"{name(rng)} {rng.randint(0, 9)}"',
        lambda: name(rng),
        lambda: f"{name(rng)}.{name(rng)} ({', '.join(inner)})",
        lambda: f"({inner[0]} {rng.choice(OPERATORS)} {inner[-1]})",
        lambda: f"not {inner[0]}",
        lambda: f"[{', '.join(inner)}]",
        lambda: f"<<{', '.join(inner)}>>",
        lambda: f"{name(rng)} [{inner[0]}]",
        lambda: f"agent {name(rng)} (?, {inner[0]})",
        lambda: f"attached {{{rng.choice(TYPES)}}} {inner[0]} as {name(rng)}",
    ]
    return forms[pick]()


def statements(rng: random.Random, depth: int, indent: str) -> list[str]:
    """A few statements, some holding others."""
    lines: list[str] = []
    for _ in range(rng.randint(1, 4)):
        pick = rng.randrange(9 if depth < 2 else 4)
        inner = indent + "\t"
        if pick == 0:
            lines.append(f"{indent}{name(rng)} := {expression(rng)}")
        elif pick == 1:
            arguments = ", ".join(expression(rng) for _ in range(rng.randint(0, 3)))
            lines.append(f"{indent}{name(rng)}.{name(rng)} ({arguments})")
        elif pick == 2:
            lines.append(f"{indent}create {name(rng)}.make ({expression(rng)})")
        elif pick == 3:
            lines.append(f"{indent}Result := {expression(rng)}")
        elif pick == 4:
            lines.append(f"{indent}if {expression(rng)} then")
            lines += statements(rng, depth + 1, inner)
            if rng.random() < 0.5:
                lines += [
                    f"{indent}elseif {expression(rng)} then",
                    *statements(rng, depth + 1, inner),
                ]
            lines += [f"{indent}else", *statements(rng, depth + 1, inner), f"{indent}end"]
        elif pick == 5:
            variable = name(rng)
            lines.append(f"{indent}from {variable} := 1 until {variable} > {expression(rng)} loop")
            lines += statements(rng, depth + 1, inner)
            lines += [f"{indent}\t{variable} := {variable} + 1", f"{indent}end"]
        elif pick == 6:
            lines.append(f"{indent}across {expression(rng)} as c loop")
            lines += [*statements(rng, depth + 1, inner), f"{indent}end"]
        elif pick == 7:
            lines.append(f"{indent}inspect {expression(rng)}")
            for value in rng.sample(range(10), rng.randint(1, 3)):
                lines += [f"{indent}when {value} then", *statements(rng, depth + 1, inner)]
            lines.append(f"{indent}end")
        else:
            lines += [f"{indent}check {name(rng)}: {expression(rng)} end"]
    return lines


def routine(rng: random.Random) -> list[str]:
    """A routine: a signature, maybe locals, a body and its end."""
    lines = [f"\t{name(rng)} (a_{name(rng)}: {rng.choice(TYPES)})", "\t\t\t-- generated"]
    if rng.random() < 0.5:
        lines += ["\t\tlocal", f"\t\t\t{name(rng)}: {rng.choice(TYPES)}"]
    lines.append("\t\tdo")
    while len(lines) < ROUTINE_LINES:
        lines += statements(rng, 0, "\t\t\t")
    return [*lines, "\t\tend", ""]


def class_text(rng: random.Random, title: str) -> str:
    """A class of about FILE_LINES lines."""
    lines = [f"class\n\t{title}\n\nfeature -- Everything\n"]
    while sum(text.count("\n") + 1 for text in lines) < FILE_LINES:
        lines.append("\n".join(routine(rng)))
    return "\n".join([*lines, "end\n"])


def write_submission(folder: Path, seed: int, lines: int) -> None:
    """A submission of about `lines` lines of its own, in class files."""
    rng = random.Random(seed)
    folder.mkdir(parents=True)
    for number in range(max(1, lines // FILE_LINES)):
        (folder / f"class_{number}.e").write_text(class_text(rng, f"CLASS_{number}"))


def disguise(original: Path, copy: Path) -> None:
    """A copy of a submission: every identifier renamed, files renamed, routines reversed."""
    copy.mkdir(parents=True)
    for number, path in enumerate(sorted(original.glob("*.e"))):
        head, *routines = re.split(r"\n(?=\t[^\t])", path.read_text())
        renamed = [part.replace("_", "__x_") for part in reversed(routines)]
        (copy / f"renamed_{number}.e").write_text("\n".join([head, *renamed]))


def generate(folder: Path, size: int, lines: int, copies: int) -> tuple[list[Path], Path]:
    """A class of `size` submissions, the last `copies` of them copies of the first ones, and
    the base they were all given: its two classes stand in place of each submission's first
    two, so a submission's `lines` hold the base's."""
    base = folder / "base"
    write_submission(base, -1, 2 * FILE_LINES)
    pupils = [folder / f"pupil_{number:03d}" for number in range(size)]
    for number, pupil in enumerate(pupils[: size - copies]):
        write_submission(pupil, number, lines)
        for path in base.iterdir():
            (pupil / path.name).write_bytes(path.read_bytes())
    for number, pupil in enumerate(pupils[size - copies :]):
        disguise(pupils[number], pupil)
    return pupils, base


def main() -> None:
    """Generate the class, review it once, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--class", dest="size", type=int, default=300)
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--copies", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--folder", type=Path, help="where the class is written (default: a temporary folder)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = args.folder or Path(temporary)
        pupils, base = generate(folder, args.size, args.lines, args.copies)
        load = os.getloadavg()
        started, cpu = time.perf_counter(), total_cpu()
        review = similarity(pupils, [base], jobs=args.jobs)
        wall, cpu = time.perf_counter() - started, total_cpu() - cpu
        after = os.getloadavg()
    copies = {
        f"pupil_{args.size - args.copies + n:03d}": f"pupil_{n:03d}" for n in range(args.copies)
    }
    ranks = {
        frozenset((review.codes[pair.a].name, review.codes[pair.b].name)): (rank, pair.score)
        for rank, pair in enumerate(review.pairs, 1)
    }
    copied = set(copies) | set(copies.values())
    independent = max(
        (
            pair.score
            for pair in review.pairs
            if not {review.codes[pair.a].name, review.codes[pair.b].name} <= copied
        ),
        default=0.0,
    )
    tokens = sum(len(source.lines) for code in review.codes for source in code.sources)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{args.size} submissions of {args.lines} lines, {args.jobs} readers: {wall:.1f} s wall,"
        f" {cpu:.1f} s CPU, peak {peak:.0f} MiB (the main process)"
    )
    print(f"{tokens:,} tokens counted, {tokens / args.size / args.lines:.1f} a line")
    print(f"load average (1, 5, 15 min) before {load}, after {after}")
    print(
        f"{len(review.pairs)} pairs share code;"
        f" the highest independent pair scores {independent:.3f}"
    )
    for copy, original in copies.items():
        rank, score = ranks.get(frozenset((copy, original)), (0, 0.0))
        print(f"planted copy {copy} of {original}: rank {rank}, score {score:.3f}")


if __name__ == "__main__":
    main()
