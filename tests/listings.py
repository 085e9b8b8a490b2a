"""The original BASIC listings in ../shared (facts, read by tests only; nothing of them is kept
in the project): where one is, and its line numbers."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

REFERENCE = Path(__file__).resolve().parent.parent.parent / "shared" / "reference"
NUMBERED = re.compile(r"\s*(\d+)\s")
LITERAL = re.compile(r'"([^"]*)"?')
FIELD = re.compile(r"\{[^}]*\}")


def listing(game: str) -> Path:
    """The listing the game's oracle (PC-BASIC) runs."""
    return REFERENCE / game / "oracle.bas"


def needs_listing(game: str) -> pytest.MarkDecorator:
    """Skip where ../shared is absent, saying so; never in CI, which has it."""
    absent = not listing(game).is_file() and os.environ.get("CI") != "true"
    return pytest.mark.skipif(absent, reason=f"the reference listing {listing(game)} is absent")


@cache
def source(game: str) -> str:
    """The listing's text, read once."""
    return listing(game).read_text(encoding="latin-1")


@cache
def printed_text(game: str) -> str:
    """The listing's string literals, a line's joined, and a line ending in `;` (PRINT's
    trailing semicolon) joined to the next: where the game's texts come from."""
    joined = []
    for line in source(game).splitlines():
        joined.append("".join(LITERAL.findall(line)))
        joined.append("" if line.rstrip().endswith(";") else "\n")
    return "".join(joined)


def is_the_listings(text: str, game: str) -> bool:
    """Whether each piece of `text` between its `{}` fields is printed by the listing, or is
    a number or a CHR$ of its code."""
    code = source(game)

    def found(piece: str) -> bool:
        printed = piece in printed_text(game) or piece in code
        return printed or len(piece) == 1 and f"CHR$({ord(piece)})" in code

    return all(found(piece) for piece in FIELD.split(text) if piece)


def texts(module: ModuleType) -> Iterator[tuple[str, str]]:
    """Every string of a module's upper-case constants, those in tuples too, by name."""
    for name, value in vars(module).items():
        if name.isupper():
            yield from _strings(name, value)


def _strings(name: str, value: object) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield name, value
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            yield from _strings(f"{name}[{index}]", item)


def line_numbers(game: str) -> tuple[int, ...]:
    """The line numbers of the game's listing, in order."""
    lines = source(game).splitlines()
    return tuple(int(found.group(1)) for found in map(NUMBERED.match, lines) if found)
