"""Damage resolution per range (spec 4.4): LONG shield then hull, MID hull only,
CLOSE armor then hull."""

from __future__ import annotations

from games.star_canine.combat import Side, resolve_hit
from games.star_canine.tables import Range


def side(hull: int = 100, shield: int = 20, armor: int = 30) -> Side:
    return Side("Target", hull, shield, armor)


def test_long_damage_goes_to_the_shield_first_then_the_hull() -> None:
    target = side()
    hit = resolve_hit(target, Range.LONG, 50)
    assert (target.shield, target.armor, target.hull) == (0, 30, 70)
    assert (hit.defence_before, hit.defence_after, hit.hull_before, hit.hull_after) == (
        20,
        0,
        100,
        70,
    )


def test_long_damage_below_the_shield_leaves_the_hull_whole() -> None:
    target = side()
    resolve_hit(target, Range.LONG, 15)
    assert (target.shield, target.hull) == (5, 100)


def test_a_spent_shield_stays_spent_for_the_next_long_hit() -> None:
    target = side()
    resolve_hit(target, Range.LONG, 15)
    resolve_hit(target, Range.LONG, 15)
    assert (target.shield, target.hull) == (0, 90)


def test_mid_damage_ignores_shield_and_armor() -> None:
    target = side()
    hit = resolve_hit(target, Range.MID, 25)
    assert (target.shield, target.armor, target.hull) == (20, 30, 75)
    assert (hit.defence_before, hit.defence_after) == (0, 0)


def test_close_damage_goes_to_the_armor_first_then_the_hull() -> None:
    target = side()
    resolve_hit(target, Range.CLOSE, 45)
    assert (target.shield, target.armor, target.hull) == (20, 0, 85)


def test_close_damage_does_not_touch_the_shield_nor_long_the_armor() -> None:
    target = side(shield=10, armor=10)
    resolve_hit(target, Range.CLOSE, 5)
    resolve_hit(target, Range.LONG, 5)
    assert (target.shield, target.armor, target.hull) == (5, 5, 100)


def test_overkill_takes_the_hull_below_zero() -> None:
    target = side(hull=30, shield=0)
    resolve_hit(target, Range.LONG, 40)
    assert target.hull == -10
