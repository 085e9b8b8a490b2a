"""Each acceptance script of at/star_canine/ against its expected transcript, byte for byte."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from games.star_canine import transcript

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "at" / "star_canine").glob("*.txt"))


def seed_of(script: Path) -> int | None:
    seed_file = script.with_suffix(".seed")
    return int(seed_file.read_text(encoding="utf-8")) if seed_file.exists() else None


def test_there_are_acceptance_scripts() -> None:
    assert len(SCRIPTS) >= 10


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_transcript_matches_the_expected_file(script: Path) -> None:
    expected_file = ROOT / "expected" / "star_canine" / f"{script.stem}.expected.txt"
    expected = expected_file.read_bytes().decode("utf-8")
    actual = transcript(script.read_bytes().decode("utf-8"), seed_of(script))
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            "expected",
            "actual",
        )
        pytest.fail("".join(list(diff)[:60]), pytrace=False)
