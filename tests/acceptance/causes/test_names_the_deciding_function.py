"""A cause names the function whose decision first differs, even where the line it changes is a
listing, a score or an empty section of the log: for a planted bug of when an enemy counts as
destroyed (the score differs), of natural spawning (the program spawns where the oracle draws
nothing) and of how a position prints (the Starfighter's location at launch)."""

from pathlib import Path

import pytest

from acceptance.running.cases import Case
from acceptance.running.cause import Kind, cause_of
from acceptance.running.compare import compare
from oracle.runner import run_script
from tools.planted.mutants import mutant_named, mutated_code, target

ROOT = Path(__file__).resolve().parents[3]


def mutated_output(name: str, test: str) -> str:
    """What the oracle prints for a public test with the named mutant planted (then taken out)."""
    mutant = mutant_named(name)
    function = target(mutant)
    original = function.__code__
    function.__code__ = mutated_code(mutant)
    try:
        return run_script((ROOT / "at" / f"{test}.txt").read_text(encoding="utf-8"))
    finally:
        function.__code__ = original


@pytest.mark.parametrize(
    ("mutant", "test", "rule", "kind"),
    [
        ("model.enemy:Enemy.destroyed:0", "at456", "score.orbment", Kind.DIFFERENT),
        ("model.spawning:natural_spawn:3", "at001", "spawn.natural", Kind.EXTRA),
        ("model.geometry:Position.__str__:0", "at001", "game.launch", Kind.DIFFERENT),
    ],
)
def test_the_cause_names_the_mutated_function(
    mutant: str, test: str, rule: str, kind: Kind
) -> None:
    expected = ROOT / "expected" / f"{test}.expected.txt"
    mismatch = compare(expected.read_bytes(), mutated_output(mutant, test).encode())
    assert mismatch is not None
    found = cause_of(Case(test, ROOT / "at" / f"{test}.txt", expected), mismatch)
    assert found is not None and (found.rule, found.kind) == (rule, kind)
    assert mutant_named(mutant).function in found.source


def test_an_empty_spawn_section_tells_why_nothing_is_logged() -> None:
    name = "model.spawning:natural_spawn:3"
    expected = ROOT / "expected" / "at001.expected.txt"
    mismatch = compare(expected.read_bytes(), mutated_output(name, "at001").encode())
    assert mismatch is not None
    found = cause_of(Case("at001", ROOT / "at" / "at001.txt", expected), mismatch)
    assert found is not None and found.text == "  Natural Enemy Spawn:"
    assert (
        found.why
        == "Nothing is logged under Natural Enemy Spawn this turn: spawn.natural decided so."
    )
    assert found.source == ("model.spawning:natural_spawn", "model.rng:Generator.__init__")
