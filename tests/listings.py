"""The original BASIC listings in ../shared (facts, read by tests only; nothing of them is kept
in the project): where one is, and its line numbers."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

REFERENCE = Path(__file__).resolve().parent.parent.parent / "shared" / "reference"
NUMBERED = re.compile(r"\s*(\d+)\s")


def listing(game: str) -> Path:
    """The listing the game's oracle (PC-BASIC) runs."""
    return REFERENCE / game / "oracle.bas"


def needs_listing(game: str) -> pytest.MarkDecorator:
    """Skip where ../shared is absent, saying so; never in CI, which has it."""
    absent = not listing(game).is_file() and os.environ.get("CI") != "true"
    return pytest.mark.skipif(absent, reason=f"the reference listing {listing(game)} is absent")


def line_numbers(game: str) -> tuple[int, ...]:
    """The line numbers of the game's listing, in order."""
    text = listing(game).read_text(encoding="latin-1")
    return tuple(int(found.group(1)) for found in map(NUMBERED.match, text.splitlines()) if found)
