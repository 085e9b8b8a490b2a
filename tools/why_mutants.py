"""The planted-bug figure of `oracle -why` (issue 30): does `source` name the function at fault?

A fixed sample of mutants of the rule functions of model/ (one operator or constant changed in
one function) is played, in-process, against the public Space Defender 2 suite. A mutant that
changes some public output is in the sample; for the first test whose output changes, the
mutated oracle's first differing line is explained (`oracle.why.explain_line`), and the figure
counts the mutants whose mutated function that line's `source` names.

    python -m tools.why_mutants [--size N] [--seed S] [--list]

The mutants are swapped in by replacing the function's code object, so nothing is written to
disk; a mutant that raises or runs longer than a few seconds is left out of the sample.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import random
import signal
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import CodeType, FrameType, FunctionType
from typing import Any

from oracle.runner import run_script
from oracle.why import explain_line
from provenance import rules
from tools.blind_spots import OPERATORS

ROOT = Path(__file__).resolve().parent.parent
# The modules whose functions are rules: not the texts (log), the view, or the tables.
MODULES = (
    "model.collision",
    "model.enemy",
    "model.game",
    "model.geometry",
    "model.ids",
    "model.movement",
    "model.projectile",
    "model.rng",
    "model.scoring",
    "model.session",
    "model.spawning",
    "model.specials",
    "model.starfighter",
    "model.turn",
    "model.weapons",
    "model.enemies.carrier",
    "model.enemies.common",
    "model.enemies.fighter",
    "model.enemies.grunt",
    "model.enemies.interceptor",
    "model.enemies.pylon",
)
SECONDS = 5
DEFAULT_SIZE = 60
DEFAULT_SEED = 30


@dataclass(frozen=True)
class Mutant:
    """One change in one function: where, and what it becomes."""

    module: str
    qualname: str
    point: int  # the index of the changed node among the function's mutation points
    line: int
    change: str

    @property
    def function(self) -> str:
        return f"{self.module}:{self.qualname}"

    def __str__(self) -> str:
        return f"{self.function} line {self.line}: {self.change}"


@dataclass(frozen=True)
class Outcome:
    """What a mutant did to the suite: the first test it changes, and the explained line."""

    mutant: Mutant
    test: str
    line: int
    rule: str
    source: tuple[str, ...]

    @property
    def named(self) -> bool:
        return self.mutant.function in self.source


def points(function: ast.AST) -> list[tuple[ast.AST, str]]:
    """The nodes of a function one mutation can change, in a fixed order, with the change."""
    found: list[tuple[ast.AST, str]] = []
    for node in ast.walk(function):
        if isinstance(node, ast.Assert):
            continue
        if isinstance(node, (ast.BinOp, ast.AugAssign, ast.BoolOp)) and type(node.op) in OPERATORS:
            found.append((node, f"{type(node.op).__name__} -> {OPERATORS[type(node.op)].__name__}"))
        elif (
            isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in OPERATORS
        ):
            old = type(node.ops[0])
            found.append((node, f"{old.__name__} -> {OPERATORS[old].__name__}"))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            found.append((node, f"{node.value} -> {node.value + 1}"))
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            found.append((node, f"{node.value} -> {not node.value}"))
    return found


def change(node: ast.AST) -> None:
    """Apply a mutation point's change to its node, in place."""
    if isinstance(node, (ast.BinOp, ast.AugAssign, ast.BoolOp)):
        node.op = OPERATORS[type(node.op)]()
    elif isinstance(node, ast.Compare):
        node.ops = [OPERATORS[type(node.ops[0])]()]
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        node.value += 1
    elif isinstance(node, ast.Constant):
        node.value = not node.value


def functions(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef]]:
    """The module's functions and methods, by qualified name."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    yield f"{node.name}.{item.name}", item


def source_tree(module: str) -> ast.Module:
    """The syntax tree of a module of the project."""
    return ast.parse(Path(ROOT, *module.split(".")).with_suffix(".py").read_text())


def mutants() -> list[Mutant]:
    """Every mutant of the rule modules, in a fixed order."""
    found = []
    for module in MODULES:
        for qualname, function in functions(source_tree(module)):
            for point, (node, what) in enumerate(points(function)):
                found.append(Mutant(module, qualname, point, getattr(node, "lineno", 0), what))
    return found


def mutated_code(mutant: Mutant) -> CodeType:
    """The function's code with the mutant's change."""
    tree = source_tree(mutant.module)
    function = dict(functions(tree))[mutant.qualname]
    change(points(function)[mutant.point][0])
    path = str(Path(ROOT, *mutant.module.split(".")).with_suffix(".py"))
    code = compile(ast.fix_missing_locations(tree), path, "exec")
    return next(inner for inner in _codes(code) if inner.co_qualname == mutant.qualname)


def _codes(code: CodeType) -> Iterator[CodeType]:
    """Every code object nested in `code`."""
    for constant in code.co_consts:
        if isinstance(constant, CodeType):
            yield constant
            yield from _codes(constant)


def target(mutant: Mutant) -> FunctionType:
    """The live function object the mutant changes (a property's getter, a classmethod's)."""
    owner: Any = importlib.import_module(mutant.module)
    *classes, name = mutant.qualname.split(".")
    for part in classes:
        owner = getattr(owner, part)
    value = vars(owner)[name]
    value = getattr(value, "fget", None) or getattr(value, "__func__", None) or value
    assert isinstance(value, FunctionType)
    return value


class Hang(Exception):
    """A mutant ran past its time."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang


def first_change(
    suite: list[tuple[str, str, str]],
) -> tuple[str, str, int] | None:
    """The first public test whose output changes: its name, script and first changed line."""
    for name, script, expected in suite:
        output = run_script(script)
        if output != expected:
            got, want = output.split("\n"), expected.split("\n")
            line = next(
                (i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b),
                min(len(got), len(want)),
            )
            return name, script, line + 1
    return None


def play(mutant: Mutant, suite: list[tuple[str, str, str]]) -> Outcome | None:
    """The mutant's outcome, or None if it changes no public output, raises or hangs."""
    function = target(mutant)
    original = function.__code__
    code = mutated_code(mutant)
    if code.co_freevars != original.co_freevars:
        return None
    function.__code__ = code
    rules.index()
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        changed = first_change(suite)
        if changed is None:
            return None
        name, script, line = changed
        explained = explain_line(lambda: script.split("\n"), line)
        if explained is None:
            return Outcome(mutant, name, line, "(no such line)", ())
        return Outcome(mutant, name, line, explained.reason.rule, explained.reason.source)
    except Exception:  # a crash or a hang: not an output a line of which can be explained
        return None
    finally:
        signal.alarm(0)
        function.__code__ = original
        rules.index()


def public_suite() -> list[tuple[str, str, str]]:
    """The public Space Defender 2 tests: name, script text, expected output."""
    return [
        (
            script.stem,
            script.read_text(),
            (ROOT / "expected" / f"{script.stem}.expected.txt").read_text(),
        )
        for script in sorted((ROOT / "at").glob("*.txt"))
    ]


def sample(size: int, seed: int, report: Callable[[Outcome], None]) -> list[Outcome]:
    """Mutants in a shuffled fixed order until `size` of them change a public output."""
    suite = public_suite()
    order = mutants()
    random.Random(seed).shuffle(order)
    outcomes: list[Outcome] = []
    for mutant in order:
        outcome = play(mutant, suite)
        if outcome is not None:
            outcomes.append(outcome)
            report(outcome)
            if len(outcomes) == size:
                break
    return outcomes


def main(argv: list[str] | None = None) -> int:
    """Print each mutant of the sample and the figure; exit 1 if under 80 %."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=DEFAULT_SIZE, help="mutants in the sample")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the sample's shuffle")
    parser.add_argument("--list", action="store_true", help="print every mutant of the sample")
    options = parser.parse_args(argv)

    def report(outcome: Outcome) -> None:
        if options.list:
            mark = "named " if outcome.named else "MISSED"
            print(f"{mark} {outcome.mutant} | {outcome.test} line {outcome.line} {outcome.rule}")
            sys.stdout.flush()

    outcomes = sample(options.size, options.seed, report)
    named = sum(outcome.named for outcome in outcomes)
    share = named / len(outcomes) if outcomes else 0.0
    print(
        f"{named} of {len(outcomes)} mutants ({share:.0%}): the source of the first differing "
        f"line names the mutated function ({len(mutants())} mutants, seed {options.seed})"
    )
    return 0 if share >= 0.8 else 1


if __name__ == "__main__":
    sys.exit(main())
