"""The reference example beside the project (../shared): the clone's transcript is the oracle's."""

from pathlib import Path

import pytest

from games.super_star_trek import transcript

EXAMPLES = Path(__file__).resolve().parents[3] / "shared/reference/super_star_trek/examples"


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="the reference material ../shared is absent")
def test_reference_example_transcript() -> None:
    seed_text = (EXAMPLES / "default.seed").read_text().strip()
    seed = None if seed_text.lower() == "none" else int(seed_text)
    inputs = (EXAMPLES / "default.inputs.txt").read_text(encoding="utf-8")
    expected = (EXAMPLES / "default.transcript.txt").read_bytes().decode("latin-1")
    assert transcript(inputs, seed) == expected
