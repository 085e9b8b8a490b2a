"""Reading the course's ETF_Test_Parameters.py without running it: only assignments of literal
values are read (`ast`, `literal_eval`), so that a parameters file can do nothing on the machine
that reads it (a grader's as well as the student's)."""

import ast
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from acceptance.errors import HarnessError
from acceptance.running.cases import shown

DEFAULT_PARAMETERS = Path("ETF_Test_Parameters.py")
REQUIRED = ("acceptance_tests", "executable")
SHOWN_SOURCE = 60  # characters of a refused statement quoted in its error


@dataclass(frozen=True)
class Parameters:
    """The settings of ETF_Test.py as a parameters file gives them; paths are as written, relative
    to the parameters file's folder (where ETF_Test.py is run from)."""

    acceptance_tests: tuple[str, ...]
    executable: str
    root: str = ""
    is_expected: bool = False
    oracle: str = ""
    print_only_errors: bool = False
    format_for_diff: str = ""
    is_tolerant_on_white_spaces: bool = False
    ignore_warnings: bool = False


def statement_text(source: str, node: ast.stmt) -> str:
    """The first line of a statement's source, cut short, to quote in an error."""
    text = (ast.get_source_segment(source, node) or "").splitlines()[:1]
    line = text[0] if text else type(node).__name__
    return line if len(line) <= SHOWN_SOURCE else line[: SHOWN_SOURCE - 3] + "..."


def assignment(source: str, node: ast.stmt) -> tuple[list[str], Any] | None:
    """The names a statement assigns and the literal value it gives them; None for a docstring
    or other bare literal; an error for anything else, which is never run."""
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        return None
    targets: list[ast.expr] = []
    value: ast.expr | None = None
    if isinstance(node, ast.Assign):
        targets, value = node.targets, node.value
    elif isinstance(node, ast.AnnAssign) and node.value is not None:
        targets, value = [node.target], node.value
    if value is not None and all(isinstance(target, ast.Name) for target in targets):
        try:
            return [target.id for target in targets if isinstance(target, ast.Name)], (
                ast.literal_eval(value)
            )
        except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
            pass
    raise ValueError(statement_text(source, node))


def assignments(source: str, path: Path) -> dict[str, tuple[int, Any]]:
    """Each name a parameters file assigns, with the line and literal value it last gets."""
    where = shown(path)
    try:
        module = ast.parse(source, filename=where)
    except SyntaxError as error:
        raise HarnessError(f"{where}, line {error.lineno}: not Python: {error.msg}") from None
    except (ValueError, RecursionError, MemoryError) as error:
        raise HarnessError(f"{where}: not Python: {error}") from None
    values: dict[str, tuple[int, Any]] = {}
    for node in module.body:
        try:
            found = assignment(source, node)
        except ValueError as error:
            raise HarnessError(
                f"{where}, line {node.lineno}: only assignments of literal values are read, "
                f"never run: {error}"
            ) from None
        if found is not None:
            names, value = found
            values.update((name, (node.lineno, value)) for name in names)
    return values


def checked(name: str, value: Any) -> Any:
    """A setting's value in the type ETF_Test.py uses it as; ValueError saying what it should be."""
    if name == "acceptance_tests":
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise ValueError("must be a list of paths (strings)")
        return tuple(value)
    if name == "format_for_diff" and value is None:
        return ""
    kind = next(field.type for field in fields(Parameters) if field.name == name)
    if kind is bool and not isinstance(value, bool):
        raise ValueError("must be True or False")
    if kind is str and not isinstance(value, str):
        raise ValueError("must be a string")
    return value


def parameters_of(source: str, path: Path) -> Parameters:
    """The settings a parameters file's text gives; unknown names are left alone."""
    values = assignments(source, path)
    missing = [name for name in REQUIRED if name not in values]
    if missing:
        raise HarnessError(f"{shown(path)} sets no {' nor '.join(missing)}")
    settings: dict[str, Any] = {}
    for field in fields(Parameters):
        if field.name in values:
            line, value = values[field.name]
            try:
                settings[field.name] = checked(field.name, value)
            except ValueError as error:
                raise HarnessError(f"{shown(path)}, line {line}: {field.name} {error}") from None
    return Parameters(**settings)


def read_parameters(path: Path) -> Parameters:
    """The settings of a parameters file, read and never run; a one-line error if it cannot be
    read or holds anything but assignments of literal values."""
    try:
        source = path.read_text(encoding="utf-8-sig")  # a byte-order mark, as Python skips it
    except FileNotFoundError:
        raise HarnessError(
            f"no parameters file {shown(path)} (give its path: at etf PATH)"
        ) from None
    except UnicodeDecodeError:
        raise HarnessError(f"{shown(path)} is not UTF-8 text") from None
    except OSError as error:
        raise HarnessError(f"cannot read {shown(path)}: {error.strerror}") from None
    return parameters_of(source, path)
