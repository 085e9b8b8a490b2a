"""Orbments and foci (spec 6.15): recursive insertion left to right, multipliers on full foci."""

from model.scoring import Focus, drop
from model.tables import Kind, Orb


def score_of(*kinds: Kind) -> int:
    focus = Focus()
    for kind in kinds:
        focus.add(drop(kind))
    return focus.score()


def test_orbs_score_flat() -> None:
    assert score_of(Kind.GRUNT) == 2
    assert score_of(Kind.FIGHTER) == 3
    assert score_of(Kind.INTERCEPTOR) == 1
    assert score_of(Kind.GRUNT, Kind.FIGHTER, Kind.INTERCEPTOR) == 6


def test_a_focus_that_is_not_full_scores_its_sum() -> None:
    assert score_of(Kind.CARRIER) == 3
    assert score_of(Kind.PYLON) == 1


def test_later_orbs_go_into_an_open_focus() -> None:
    assert score_of(Kind.CARRIER, Kind.GRUNT) == 3 + 2


def test_full_diamond_focus_triples() -> None:
    assert score_of(Kind.CARRIER, Kind.GRUNT, Kind.GRUNT, Kind.FIGHTER) == (3 + 2 + 2 + 3) * 3


def test_full_platinum_focus_doubles() -> None:
    assert score_of(Kind.PYLON, Kind.INTERCEPTOR, Kind.GRUNT) == (1 + 1 + 2) * 2


def test_orbs_after_a_full_focus_go_to_the_starfighter() -> None:
    assert score_of(Kind.PYLON, Kind.GRUNT, Kind.GRUNT, Kind.GRUNT) == (1 + 2 + 2) * 2 + 2


def test_a_focus_nested_in_a_focus_fills_first_and_counts_the_outer_as_full() -> None:
    focus = Focus()
    for kind in (Kind.CARRIER, Kind.PYLON, Kind.GRUNT, Kind.GRUNT):
        focus.add(drop(kind))
    diamond = focus.slots[0]
    assert isinstance(diamond, Focus)
    platinum = diamond.slots[1]
    assert isinstance(platinum, Focus)
    assert platinum.slots == [Orb.BRONZE, Orb.SILVER, Orb.SILVER]
    assert focus.score() == (3 + (1 + 2 + 2) * 2) == 13


def test_every_slot_occupied_triggers_the_multiplier_even_by_an_open_focus() -> None:
    focus = Focus()
    for kind in (Kind.CARRIER, Kind.GRUNT, Kind.GRUNT, Kind.PYLON):
        focus.add(drop(kind))
    assert focus.score() == (3 + 2 + 2 + 1) * 3
    focus.add(drop(Kind.INTERCEPTOR))
    assert focus.score() == (3 + 2 + 2 + (1 + 1)) * 3
