"""A command is declared once: in the command table (oracle/declarations.py) and its rule.

For each command name (those of space_defender_2.grammar.txt, plus toggle_RNG_out), the test
counts the files under oracle/, commands/ and model/ that declare it, and asserts at most two:
the table and the Session method that carries the command out. A file declares a name when
- a Python string literal's value is exactly the name (a table key, a name compared against or
  built into a call), or a non-Python file (script.lark) holds it in quotes; or
- a class or a method (a `def` in a class body) has the name, compared in lower case without
  underscores, so that `toggle_rng_out` and a class `ToggleRngOut` count for toggle_RNG_out.
Not counted, since they are not the command: comments and docstrings; references (`Session.move`,
`MOVE.name`); module-level functions, variables, fields and parameters, where the game has verbs
and stats named like commands (the Starfighter's `move` stat, `weapons.fire`, `turn.play`), whose
qualified names -why-json prints. `PRINTED_WORDS` lists a string that is a word of the output.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from oracle.declarations import DECLARATIONS
from tests.listings import REFERENCE

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("oracle", "commands", "model")
GRAMMAR = REFERENCE / "space_defender_2" / "space_defender_2.grammar.txt"
# A command's signature starts a line of the grammar: `name`, `name(` or `name (`.
GRAMMAR_COMMAND = re.compile(r"^([A-Za-z_]\w*)[ \t]*(?:\(|$)", re.MULTILINE)
QUOTED = re.compile(r"\"([^\"\n]*)\"|'([^'\n]*)'")
# (file, name): a string literal that is a word the oracle prints, not the command.
PRINTED_WORDS = {("model/view.py", "move")}  # the projectile line's `move:` (its speed)


def _key(name: str) -> str:
    return name.lower().replace("_", "")


def _declarations(text: str, python: bool) -> tuple[set[str], set[str]]:
    """The exact string literals, and the keyed names of classes and methods, of a file."""
    if not python:
        return {single or double for double, single in QUOTED.findall(text)}, set()
    strings: set[str] = set()
    keys: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            strings.add(node.value)
        elif isinstance(node, ast.ClassDef):
            methods = (ast.FunctionDef, ast.AsyncFunctionDef)
            keys |= {_key(item.name) for item in node.body if isinstance(item, methods)}
            keys.add(_key(node.name))
    return strings, keys


def _declares(text: str, python: bool, name: str, printed: frozenset[str] = frozenset()) -> bool:
    strings, keys = _declarations(text, python)
    return name in strings - printed or _key(name) in keys


def _files_declaring(name: str) -> list[str]:
    files = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            where = path.relative_to(ROOT).as_posix()
            if path.suffix not in (".py", ".lark"):
                continue
            printed = frozenset(word for file, word in PRINTED_WORDS if file == where)
            text = path.read_text(encoding="utf-8")
            if _declares(text, path.suffix == ".py", name, printed):
                files.append(where)
    return files


@pytest.mark.skipif(not GRAMMAR.is_file(), reason=f"the reference grammar {GRAMMAR} is absent")
def test_the_table_declares_every_command_of_the_grammar() -> None:
    grammar_commands = set(GRAMMAR_COMMAND.findall(GRAMMAR.read_text(encoding="utf-8")))
    assert len(grammar_commands) == 10
    assert grammar_commands <= set(DECLARATIONS)


@pytest.mark.parametrize("name", list(DECLARATIONS))
def test_a_command_name_is_declared_in_at_most_two_files(name: str) -> None:
    files = _files_declaring(name)
    assert "oracle/declarations.py" in files
    assert len(files) <= 2, files


@pytest.mark.parametrize(
    ("text", "python", "name", "declares"),
    [
        ('KEYS = {"move": 1}', True, "move", True),
        ("class ToggleRngOut: ...", True, "toggle_RNG_out", True),
        ("class Session:\n    def toggle_rng_out(self): ...", True, "toggle_RNG_out", True),
        ('command: "move" NAME', False, "move", True),
        ('"""Move the Starfighter: move."""\nx = Session.move  # move', True, "move", False),
        ("def move(): ...\nmove = 1\nclass Stats:\n    move: int", True, "move", False),
        ('LABEL = "move:"\nNAMES = ("Move", "pass_turn")', True, "move", False),
        ('"move"', False, "fire", False),
    ],
)
def test_the_count_sees_strings_classes_and_methods_but_not_references(
    text: str, python: bool, name: str, declares: bool
) -> None:
    assert _declares(text, python, name) is declares


def test_a_printed_word_is_not_a_declaration() -> None:
    assert not _declares('LINE = ("damage", "move")', True, "move", frozenset({"move"}))
