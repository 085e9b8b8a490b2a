"""tools/mutation/cause_mutants.py: a planted mutant run as a student's program through
`at run --exe`, and whether its cause names the mutated function."""

from tools.mutation.cause_mutants import measure
from tools.mutation.mutants import mutants
from tools.mutation.why_mutants import play, public_suite


def test_a_mutant_of_the_armour_rule_is_named_by_its_cause() -> None:
    mutant = next(m for m in mutants() if m.function == "model.collision:_struck")
    outcome = play(mutant, public_suite())
    assert outcome is not None
    measured = measure(outcome)
    assert measured.rule == "collision.armour" and measured.cause_named
    assert measured.first_rule == "collision.armour" and measured.first_named
