"""The Star Lanes acceptance suite's size, and the reference example against its transcript.

Each script is compared with its expected file (printed by PC-BASIC running the original listing,
`at regen`) by the project's acceptance suite, tests/test_acceptance.py, byte for byte.
"""

import difflib
from pathlib import Path

import pytest

from games.star_lanes import transcript

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPTS = ROOT / "at" / "star_lanes"
EXPECTED = ROOT / "expected" / "star_lanes"
EXAMPLES = ROOT.parent / "shared" / "reference" / "star_lanes" / "examples"


def read_seed(path: Path) -> int | None:
    """The seed of a script or example: an integer, or none (absent file or `none`)."""
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8").strip()
    return None if text == "none" else int(text)


def assert_same(actual: str, expected: str, name: str) -> None:
    """Equal transcripts, or a failure showing a unified diff of the first differences."""
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            f"{name} (PC-BASIC)",
            f"{name} (clone)",
            n=2,
        )
        pytest.fail("".join(list(diff)[:60]), pytrace=False)


def scripts() -> list[Path]:
    """The acceptance scripts of the game."""
    return sorted(SCRIPTS.glob("*.txt"))


def test_the_suite_has_at_least_twenty_games() -> None:
    assert len(scripts()) >= 20


def test_every_script_has_its_expected_transcript() -> None:
    missing = [
        path.name for path in scripts() if not (EXPECTED / f"{path.stem}.expected.txt").is_file()
    ]
    assert missing == []


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="the reference folder ../shared is absent")
def test_the_reference_example_matches() -> None:
    inputs = (EXAMPLES / "default.inputs.txt").read_text(encoding="utf-8")
    expected = (EXAMPLES / "default.transcript.txt").read_bytes().decode("latin-1")
    actual = transcript(inputs, read_seed(EXAMPLES / "default.seed"))
    assert_same(actual, expected, "default")
