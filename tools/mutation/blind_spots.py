"""The mutants mutmut leaves out, made and run here: decorated functions, the values assigned at
module and class level (the tables), and the defaults mutmut skips (docs/explanation/mutation.md).

mutmut 3 switches a mutant on through a trampoline that stands in for a function, so it leaves
out code that runs once, at import, and every function whose decorator would wrap the
trampoline. Here such a mutant is compiled into its module as the module is imported, in a test
process of its own: a `sitecustomize` on PYTHONPATH installs an import hook that reads
BLIND_MUTANT, so the oracle's subprocesses that the tests start import the mutant too. A mutant
is named MODULE::PLACE::N. A script run on its own (ALONE: `python -I -S`, which loads no
`sitecustomize`) is mutated whole, and its mutant is loaded from a file of its own, which those
who start the script from its module's `__file__` then run. What is mutated and what is not, and
why: "What is mutated, and what is not" in docs/explanation/mutation.md.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from tools.mutation.operators import change, change_of

ROOT = Path(__file__).resolve().parents[2]
VARIABLE = "BLIND_MUTANT"
SEPARATOR = "::"  # in a mutant's name; never in one of mutmut's
PRAGMA = "# pragma: no mutate"
# Scripts run on their own (`python -I -S`), out of mutmut's reach: every function of theirs is a
# place, and a mutant of theirs is written to a file of its own (under ALONE_FILES) and loaded
# from there, so that the script started from the module's `__file__` is the mutant.
ALONE = frozenset({"acceptance.confine.forkserver"})
ALONE_FILES = ROOT / ".mutation" / "alone"
SITE = (
    "from tools.mutation.blind_spots import install_from_environment\ninstall_from_environment()\n"
)
# mutmut passes over functions by these names (file_mutation.py), and over an Enum's hooks.
UNTOUCHED_NAMES = {"__getattribute__", "__setattr__", "__new__"}
UNTOUCHED_IN_ENUMS = {"__init__", "_generate_next_value_"}
ENUM_BASES = {"Enum", "IntEnum", "StrEnum", "Flag", "IntFlag"}
# Type-level calls whose arguments name types, not rules.
TYPE_CALLS = {"TypeVar", "NewType", "ParamSpec", "cast"}
# A dataclass field's options say how the class is made (its __init__, repr, ...), not a rule.
FIELD_OPTIONS = {"init", "repr", "compare", "hash", "kw_only"}


@dataclass(frozen=True)
class Mutant:
    """One change at one point of a place mutmut leaves out."""

    module: str
    place: str
    point: int
    line: int
    change: str

    @property
    def name(self) -> str:
        return SEPARATOR.join((self.module, self.place, str(self.point)))

    def __str__(self) -> str:
        return f"{self.name} (line {self.line}: {self.change})"


def module_name(path: Path) -> str:
    """The dotted name of a module of the project from its path (a package's: its folder's)."""
    parts = path.resolve().relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_path(module: str) -> Path:
    """The source file of a module of the project (a package's `__init__.py`)."""
    path = Path(ROOT, *module.split("."))
    return path.with_suffix(".py") if path.with_suffix(".py").exists() else path / "__init__.py"


def _is_docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def _children(node: ast.AST) -> Iterator[ast.AST]:
    """The children a mutation may reach: no annotation, decorator, docstring or type call."""
    if isinstance(node, (ast.JoinedStr, ast.Assert)):
        return
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id in TYPE_CALLS:
            return
        if node.func.id == "field":
            yield from node.args
            yield from (k for k in node.keywords if k.arg not in FIELD_OPTIONS)
            return
    for field, value in ast.iter_fields(node):
        if field in ("annotation", "returns", "decorator_list", "type_comment"):
            continue
        items = value if isinstance(value, list) else [value]
        for position, item in enumerate(items):
            if not isinstance(item, ast.AST):
                continue
            if field == "body" and position == 0 and isinstance(item, ast.stmt):
                if _is_docstring(item):
                    continue
            yield item


def points(node: ast.AST) -> list[tuple[ast.AST, str]]:
    """The mutation points under a node, depth first in the syntax tree's order, with changes."""
    found: list[tuple[ast.AST, str]] = []
    pending = [node]
    while pending:
        current = pending.pop()
        what = change_of(current)
        if what is not None:
            found.append((current, what))
        pending.extend(reversed(list(_children(current))))
    return found


def _untouched(function: ast.FunctionDef, enum: bool) -> bool:
    """Whether mutmut leaves this function's body alone."""
    decorators = function.decorator_list
    lone = (
        len(decorators) == 1
        and isinstance(decorators[0], ast.Name)
        and decorators[0].id in ("staticmethod", "classmethod")
    )
    names = UNTOUCHED_NAMES | (UNTOUCHED_IN_ENUMS if enum else set())
    return (bool(decorators) and not lone) or function.name in names


def _skipped_defaults(function: ast.FunctionDef) -> list[ast.expr]:
    """The defaults mutmut skips: any but a plain name, number or string."""
    arguments = function.args
    defaults = [*arguments.defaults, *(d for d in arguments.kw_defaults if d is not None)]
    return [d for d in defaults if not isinstance(d, (ast.Name, ast.Constant))]


def _target(statement: ast.Assign | ast.AnnAssign | ast.AugAssign) -> str:
    targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
    return ",".join(ast.unparse(target) for target in targets)


def places(
    body: Sequence[ast.stmt], prefix: str = "", enum: bool = False, whole: bool = False
) -> Iterator[tuple[str, list[ast.AST]]]:
    """The places of a module's (or class's) code that mutmut leaves out, with their nodes (all
    its functions too where mutmut leaves out the `whole` module)."""
    other: list[ast.AST] = []
    for statement in body:
        if isinstance(statement, ast.ClassDef):
            bases = {ast.unparse(base).rpartition(".")[2] for base in statement.bases}
            yield from places(
                statement.body, f"{prefix}{statement.name}.", bool(bases & ENUM_BASES), whole
            )
        elif isinstance(statement, ast.FunctionDef):
            if whole or _untouched(statement, enum):
                yield f"{prefix}{statement.name}", [statement]
            elif defaults := _skipped_defaults(statement):
                yield f"{prefix}{statement.name}.(defaults)", list(defaults)
        elif isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            target = _target(statement)
            if statement.value is not None and not (
                target.startswith("__") and target.endswith("__")
            ):
                yield f"{prefix}{target}", [statement.value]
        elif isinstance(statement, (ast.If, ast.Try, ast.With, ast.For)):
            yield from places(
                [s for s in ast.iter_child_nodes(statement) if isinstance(s, ast.stmt)],
                prefix,
                enum,
                whole,
            )
        elif not isinstance(statement, (ast.Import, ast.ImportFrom)) and not _is_docstring(
            statement
        ):
            other.append(statement)
    if other:
        yield f"{prefix}(module)" if not prefix else f"{prefix}(class)", other


def place_points(nodes: list[ast.AST]) -> list[tuple[ast.AST, str]]:
    """The mutation points of a place, in order."""
    return [point for node in nodes for point in points(node)]


def unmarked(source: str, tree: ast.Module, whole: bool) -> list[tuple[str, list[ast.AST]]]:
    """The module's places with their points, less those on lines marked `# pragma: no mutate`
    (as mutmut reads it: a value that only tunes speed, such as a cache's size or file)."""
    marked = {number for number, line in enumerate(source.splitlines(), 1) if PRAGMA in line}
    return [
        (
            place,
            [node for node, _ in place_points(nodes) if getattr(node, "lineno", 0) not in marked],
        )
        for place, nodes in places(tree.body, whole=whole)
    ]


def module_mutants(module: str) -> list[Mutant]:
    """Every mutant of one module, in a fixed order."""
    source = module_path(module).read_text(encoding="utf-8")
    found = []
    for place, nodes in unmarked(source, ast.parse(source), module in ALONE):
        for point, node in enumerate(nodes):
            what = change_of(node)
            assert what is not None  # a mutation point
            found.append(Mutant(module, place, point, getattr(node, "lineno", 0), what))
    return found


def mutants(files: Sequence[Path]) -> list[Mutant]:
    """Every mutant of these source files."""
    return [mutant for path in files for mutant in module_mutants(module_name(path))]


def digest(module: str) -> str:
    """The digest of a module's source: a mutant's result holds while it is unchanged."""
    return hashlib.sha256(module_path(module).read_bytes()).hexdigest()[:16]


def mutated_tree(name: str) -> tuple[str, ast.Module]:
    """The module a mutant changes and its syntax tree with the change made."""
    module, place, point = name.split(SEPARATOR)
    source = module_path(module).read_text(encoding="utf-8")
    tree = ast.parse(source)
    change(dict(unmarked(source, tree, module in ALONE))[place][int(point)])
    return module, ast.fix_missing_locations(tree)


class _Loader(importlib.abc.Loader):
    """Executes the mutated syntax tree in place of the module's source."""

    def __init__(self, tree: ast.Module, path: str) -> None:
        self.tree, self.path = tree, path

    def exec_module(self, module: ModuleType) -> None:
        exec(compile(self.tree, self.path, "exec"), module.__dict__)


def alone_file(name: str, tree: ast.Module) -> Path:
    """The file of a script's mutant (ALONE), written (whole, at once) if it is not yet."""
    module = name.split(SEPARATOR)[0]
    key = hashlib.sha256(f"{name} {digest(module)}".encode()).hexdigest()[:16]
    path = ALONE_FILES / key / module_path(module).name
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}")
        partial.write_text(ast.unparse(tree) + "\n", encoding="utf-8")
        os.replace(partial, path)
    return path


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the mutated module where it is, and loads it through the mutant's tree (a script's
    mutant, from its own file)."""

    def __init__(self, module: str, tree: ast.Module, file: Path | None) -> None:
        self.module, self.tree, self.file = module, tree, file

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name != self.module:
            return None
        if self.file is not None:
            return importlib.util.spec_from_file_location(name, self.file)
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is None or spec.origin is None:
            return None
        spec.loader = _Loader(self.tree, spec.origin)
        spec.cached = None
        return spec


def install_from_environment() -> None:
    """Make the import of the module BLIND_MUTANT names compile its mutant (if one is named)."""
    name = os.environ.get(VARIABLE, "")
    if name:
        module, tree = mutated_tree(name)
        file = alone_file(name, tree) if module in ALONE else None
        sys.meta_path.insert(0, _Finder(module, tree, file))


def site(folder: Path) -> Path:
    """A folder holding the `sitecustomize` that installs the hook: for PYTHONPATH."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sitecustomize.py").write_text(SITE, encoding="utf-8")
    return folder


def environment(name: str, folder: Path) -> dict[str, str]:
    """The environment of a test process with the mutant named on (none: "")."""
    path = os.pathsep.join([str(site(folder)), str(ROOT)])
    return {**os.environ, VARIABLE: name, "PYTHONPATH": path, "PYTHONDONTWRITEBYTECODE": "1"}
