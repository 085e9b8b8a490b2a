"""Planted mutants of model/'s rule functions: one operator or constant changed in one function.

Shared by `tools.planted.why_mutants` (does `oracle -why` name the function at fault?) and
`tools.planted.fuzz_power` (do the public suite and `at fuzz` find the bug?). A mutant is swapped
in by replacing the live function's code object, so nothing is written to disk.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import CodeType, FunctionType
from typing import Any

from tools.mutation.operators import change, change_of

ROOT = Path(__file__).resolve().parents[2]
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

    @property
    def name(self) -> str:
        """`MODULE:QUALNAME:POINT`, the mutant's name on a command line."""
        return f"{self.function}:{self.point}"

    def __str__(self) -> str:
        return f"{self.function} line {self.line}: {self.change}"


def points(function: ast.AST) -> list[tuple[ast.AST, str]]:
    """The nodes of a function one mutation can change, in a fixed order, with the change: the
    blind spots' changes of operators, whole numbers and truth values (no strings)."""
    found: list[tuple[ast.AST, str]] = []
    for node in ast.walk(function):
        if isinstance(node, ast.Assert):
            continue
        if isinstance(node, ast.Constant) and type(node.value) not in (int, bool):
            continue
        what = change_of(node)
        if what is not None:
            found.append((node, what))
    return found


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


def swappable(mutant: Mutant) -> bool:
    """Whether the mutated code can replace the live function's (the same free variables)."""
    return mutated_code(mutant).co_freevars == target(mutant).__code__.co_freevars


def mutant_named(name: str) -> Mutant:
    """The mutant called `MODULE:QUALNAME:POINT`; ValueError with a one-line reason if none is."""
    module, qualname, point = (name.split(":") + ["", ""])[:3]
    if module not in MODULES:
        raise ValueError(
            f"no rule module {module!r} (MODULE:QUALNAME:POINT, e.g. model.turn:check:0)"
        )
    found = dict(functions(source_tree(module))).get(qualname)
    if found is None:
        raise ValueError(f"no function {qualname!r} in {module}")
    changes = points(found)
    if not point.isdigit() or int(point) >= len(changes):
        raise ValueError(
            f"{module}:{qualname} has mutation points 0 to {len(changes) - 1}, not {point!r}"
        )
    node, what = changes[int(point)]
    return Mutant(module, qualname, int(point), getattr(node, "lineno", 0), what)


def plant(mutant: Mutant) -> None:
    """Swap the mutated code into the live function, for the rest of the process."""
    if not swappable(mutant):
        raise ValueError(f"{mutant.name}: its mutated code has other free variables")
    target(mutant).__code__ = mutated_code(mutant)
