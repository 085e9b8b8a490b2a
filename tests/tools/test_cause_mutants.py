"""tools/planted/cause_mutants.py: a planted mutant run as a student's program through
`at run --exe`, and whether its cause names the mutated function."""

from tools.planted.cause_mutants import Every, measure
from tools.planted.mutants import mutants
from tools.planted.why_mutants import play, public_suite


def test_a_mutant_of_the_armour_rule_is_named_by_its_cause() -> None:
    mutant = next(m for m in mutants() if m.function == "model.collision:_struck")
    outcome = play(mutant, public_suite())
    assert outcome is not None
    measured = measure(outcome)
    assert measured.rule == "collision.armour" and measured.cause_named
    assert measured.first_rule == "collision.armour" and measured.first_named


def test_every_failing_test_of_a_mutant_is_counted_with_its_cause() -> None:
    """The armour rule's mutant fails ten public tests; every cause names `_struck`, the
    normal-mode board row too (a cell the program shows occupied, told by the collision its
    turn's log would show in debug mode), where the first differing line's explanation misses it."""
    mutant = next(m for m in mutants() if m.function == "model.collision:_struck")
    every = Every()
    every.count(mutant, public_suite())
    assert every.tests == 10 and every.cause_named == 10 and every.first_named == 9
    assert not every.rendering
    assert every.line() == (
        "every failing test: 10; the cause names the mutated function in 10 (the first differing "
        "line's explanation: 9); 0 causes are rendering rules (none)"
    )
