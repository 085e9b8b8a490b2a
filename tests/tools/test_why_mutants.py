"""tools/planted/why_mutants.py: planted mutants of model/ and the function the explanation
names."""

import pytest

from tools.planted.mutants import mutants, target
from tools.planted.why_mutants import main, play, public_suite


def test_every_mutant_points_at_a_live_function_of_the_rule_modules() -> None:
    found = mutants()
    assert len(found) > 150
    assert all(target(mutant).__code__.co_qualname == mutant.qualname for mutant in found)


def test_a_mutant_of_the_armour_rule_is_named_by_the_collision_line() -> None:
    mutant = next(m for m in mutants() if m.function == "model.collision:_struck")
    outcome = play(mutant, public_suite())
    assert outcome is not None and outcome.named
    assert outcome.rule == "collision.armour"


def test_the_function_is_restored_after_its_mutant_is_played() -> None:
    mutant = next(m for m in mutants() if m.function == "model.collision:_struck")
    code = target(mutant).__code__
    play(mutant, public_suite())
    assert target(mutant).__code__ is code


def test_a_small_sample_prints_its_figure(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--size", "5"])
    assert "of 5 mutants" in capsys.readouterr().out
