"""The code's text (DEVELOPERS.md): every module docstring of the project is at most 15 lines,
what and why, the rest on the page it points to. The lines' length is held by ruff (E501 in
pyproject.toml's lint select)."""

import ast
import os
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LONGEST_DOCSTRING = 15
# Not the project's modules: the web page's tools and the built site; nor is any hidden folder
# (.venv, .nox: installed packages; .mutation: mutmut's copies; .git; the tools' caches).
OUTSIDE = {"web/node_modules", "docs/_build"}


def modules() -> Iterator[Path]:
    """Every .py file of the project, outside OUTSIDE, hidden folders and caches."""
    for folder, subfolders, files in os.walk(ROOT):
        here = Path(folder)
        subfolders[:] = [
            name
            for name in subfolders
            if (here / name).relative_to(ROOT).as_posix() not in OUTSIDE
            and name != "__pycache__"
            and not name.startswith(".")
        ]
        yield from (here / name for name in files if name.endswith(".py"))


def test_the_project_has_modules_to_check() -> None:
    assert ROOT / "tests" / "docs" / "test_code_text.py" in set(modules())


def test_every_module_docstring_is_at_most_15_lines() -> None:
    long = {}
    for path in modules():
        docstring = ast.get_docstring(ast.parse(path.read_bytes(), str(path)))
        if docstring is not None and len(docstring.splitlines()) > LONGEST_DOCSTRING:
            long[path.relative_to(ROOT).as_posix()] = len(docstring.splitlines())
    assert long == {}
