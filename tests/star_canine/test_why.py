"""Star Canine's explanations (games/star_canine/why.py): every line of every public transcript."""

import hashlib
from pathlib import Path

import pytest
from pytest_regressions.data_regression import DataRegressionFixture

from acceptance.game_oracles.registry import GAMES
from games.star_canine.why import (
    REFUSED,
    RULES,
    SCENE,
    TYPED,
    Reason,
    _lines,
    explained,
    explanation,
)

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPTS = sorted((ROOT / "at" / "star_canine").glob("*.txt"))
NAMES = {rule.name for rule in RULES.values()} | {SCENE.name, TYPED.name, REFUSED.name}


def seed_of(script: Path) -> int | None:
    seed = script.with_suffix(".seed")
    return int(seed.read_text()) if seed.exists() else None


def test_the_explanations_of_the_public_transcripts_are_the_ones_kept(
    data_regression: DataRegressionFixture,
) -> None:
    """Every line of every public transcript with its explanation as `at run -v` tells it (stage,
    rule, spec section, sentence, numbers), one digest a script: a change must be meant
    (`pytest --force-regen`). First in the file: it fails fastest when a rule's text changes."""
    digests = {}
    for script in SCRIPTS:
        lines = explained(script.read_text(encoding="utf-8"), seed_of(script))
        told = "\n".join("\n".join([text, *reason.told()]) for text, reason in lines)
        digests[script.stem] = hashlib.sha256(told.encode()).hexdigest()
    data_regression.check(digests)


@pytest.mark.parametrize("script", SCRIPTS, ids=[script.stem for script in SCRIPTS])
def test_every_line_of_a_public_transcript_is_explained(script: Path) -> None:
    expected = ROOT / "expected" / "star_canine" / f"{script.stem}.expected.txt"
    lines = explained(script.read_text(encoding="utf-8"), seed_of(script))
    assert "\n".join(text for text, _ in lines) == expected.read_text(
        encoding="utf-8"
    ).removesuffix("\n")
    assert all(reason.rule.name in NAMES and reason.rule.spec for _, reason in lines)


def test_every_rule_is_reached_by_a_public_transcript() -> None:
    reached = {
        reason.rule.name
        for script in SCRIPTS
        for _, reason in explained(script.read_text(encoding="utf-8"), seed_of(script))
    }
    assert reached == NAMES


def test_at_run_v_tells_a_log_line_with_its_event_numbers() -> None:
    script = ROOT / "at" / "star_canine" / "boss_draw.txt"
    explain = GAMES["star_canine"].explain
    assert explain is not None
    told = explain(script.read_text(encoding="utf-8"), seed_of(script), 109)
    assert told == [
        "oracle line 109:   Volley: 40 damage; ammo 12 -> 9.",
        "scene combat_log | combat.volley (spec 4.3 Attack Resolution Rule)",
        "The weapons' damage adds up; ammo is spent.",
        "numbers: damage=40, ammo_before=12, ammo_after=9",
    ]


def test_at_run_v_tells_the_first_and_last_lines_and_none_past_them() -> None:
    script = ROOT / "at" / "star_canine" / "game_clear.txt"  # seeded: not the default seed
    inputs, seed = script.read_text(encoding="utf-8"), seed_of(script)
    assert seed is not None and explained(inputs, None) != explained(inputs, seed)
    lines = explained(inputs, seed)
    last = len(lines)
    assert explanation(inputs, seed, 1) == [f"oracle line 1: {lines[0][0]}", *lines[0][1].told()]
    assert explanation(inputs, seed, last) == [
        f"oracle line {last}: {lines[-1][0]}",
        *lines[-1][1].told(),
    ]
    assert explanation(inputs, seed, 0) == ["the oracle's output has no line 0"]
    assert explanation(inputs, seed, last + 1) == [f"the oracle's output has no line {last + 1}"]


def test_a_line_printed_in_several_pieces_is_their_join_with_the_reason_of_its_last() -> None:
    scene, typed = Reason(SCENE, "stage"), Reason(TYPED, "stage")
    pieces = [("> ", scene), ("en", typed), ("gage\nnext", typed), ("\n", scene)]
    assert _lines(pieces, "> engage\nnext\n") == [("> engage", typed), ("next", scene)]
