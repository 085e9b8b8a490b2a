"""The player's attack (spec 4.3 step 1): every able weapon fires, modules
multiply, ammo and uses limit."""

from __future__ import annotations

from games.star_canine import combat, upgrades
from games.star_canine.events import HoldReason, Volley, WeaponFired, WeaponHeld
from games.star_canine.tables import Range
from tests.star_canine.builders import (
    BREAKER_SQUADRON,
    COMET_LANCE,
    HANGAR_UPLINK,
    HULL_CUTTER,
    METEOR_SPEAR,
    PLASMA_FANG,
    PRISMATIC_LENS,
    SKIRMISH_WING,
    SOLAR_OVERLOAD,
    SUPPRESSION_DRONES,
    TWIN_NOVA,
    WARHEAD_OPTIMIZER,
    enemy,
    ship_with,
)


def volley(ship_items: tuple[int, ...], at: Range, ammo: int = 12) -> tuple[list[object], int]:
    """The events of one volley at a range against a 1000-hull target, and the ammo left."""
    ship = ship_with(*ship_items, ammo=ammo)
    fight, _ = combat.start(ship, enemy(hull=1000), upgrades.fresh_states())
    return list(combat.player_volley(fight, ship, at)), ship.ammo


def total(events: list[object]) -> int:
    return next(e.damage for e in events if isinstance(e, Volley))


def test_only_weapons_with_damage_at_the_range_fire() -> None:
    events, ammo = volley((COMET_LANCE, HULL_CUTTER, SUPPRESSION_DRONES), Range.CLOSE)
    assert [e.item for e in events if isinstance(e, WeaponFired)] == ["⚡ Hull Cutter"]
    assert (total(events), ammo) == (10, 12)


def test_all_able_weapons_fire_together_and_their_damage_adds_up() -> None:
    events, ammo = volley((COMET_LANCE, METEOR_SPEAR, TWIN_NOVA), Range.LONG)
    assert total(events) == 40 + 50 + 65
    assert ammo == 12 - 3 - 3 - 6


def test_a_module_multiplies_its_weapon_type_only() -> None:
    events, _ = volley((PLASMA_FANG, HULL_CUTTER, PRISMATIC_LENS, WARHEAD_OPTIMIZER), Range.CLOSE)
    assert total(events) == (15 + 10) * 2


def test_two_modules_of_a_type_stack_multiplicatively() -> None:
    events, _ = volley((PLASMA_FANG, PRISMATIC_LENS, PRISMATIC_LENS), Range.CLOSE)
    fired = [e for e in events if isinstance(e, WeaponFired)]
    assert [(e.base, e.multiplier, e.damage) for e in fired] == [(15, 4, 60)]


def test_three_modules_make_times_eight() -> None:
    items = (SUPPRESSION_DRONES, HANGAR_UPLINK, HANGAR_UPLINK, HANGAR_UPLINK)
    events, _ = volley(items, Range.MID)
    assert total(events) == 10 * 8


def test_short_ammo_fires_weapons_in_slot_order_and_skips_the_one_it_cannot_pay() -> None:
    # 7 ammo: Comet Lance (3) fires, Twin Nova Rack (6) cannot, Meteor Spear (3) still can.
    events, ammo = volley((COMET_LANCE, TWIN_NOVA, METEOR_SPEAR), Range.LONG, ammo=7)
    fired = [e.item for e in events if isinstance(e, WeaponFired)]
    held = [e for e in events if isinstance(e, WeaponHeld)]
    assert fired == ["🚀 Comet Lance", "🚀 Meteor Spear"]
    assert [(h.item, h.reason, h.ammo_cost, h.ammo) for h in held] == [
        ("🚀 Twin Nova Rack", HoldReason.NO_AMMO, 6, 4)
    ]
    assert (total(events), ammo) == (90, 1)


def test_slot_order_decides_who_fires_when_ammo_is_short() -> None:
    events, ammo = volley((TWIN_NOVA, COMET_LANCE, METEOR_SPEAR), Range.LONG, ammo=7)
    assert [e.item for e in events if isinstance(e, WeaponFired)] == ["🚀 Twin Nova Rack"]
    assert (total(events), ammo) == (65, 1)


def test_no_ammo_means_no_missile_but_free_weapons_still_fire() -> None:
    events, ammo = volley((BREAKER_SQUADRON, SUPPRESSION_DRONES), Range.MID, ammo=1)
    assert [e.item for e in events if isinstance(e, WeaponFired)] == ["✈️ Suppression Drones"]
    assert (total(events), ammo) == (10, 1)


def test_a_weapon_with_one_use_per_battle_fires_once_across_turns() -> None:
    ship = ship_with(SOLAR_OVERLOAD, HULL_CUTTER)
    fight, _ = combat.start(ship, enemy(hull=1000), upgrades.fresh_states())
    first = combat.player_volley(fight, ship, Range.CLOSE)
    second = combat.player_volley(fight, ship, Range.CLOSE)
    assert total(list(first)) == 35
    assert total(list(second)) == 10
    assert [(e.item, e.reason) for e in second if isinstance(e, WeaponHeld)] == [
        ("⚡ Solar Overload", HoldReason.NO_USES)
    ]


def test_two_items_of_the_same_id_have_their_own_use_counters() -> None:
    ship = ship_with(SKIRMISH_WING, SKIRMISH_WING)
    fight, _ = combat.start(ship, enemy(hull=1000), upgrades.fresh_states())
    first = combat.player_volley(fight, ship, Range.MID)
    second = combat.player_volley(fight, ship, Range.MID)
    assert total(list(first)) == 40
    assert sum(isinstance(e, WeaponFired) for e in second) == 0


def test_use_counters_reset_at_the_next_combat() -> None:
    ship = ship_with(SOLAR_OVERLOAD)
    for _ in range(2):
        fight, _ = combat.start(ship, enemy(hull=1000), upgrades.fresh_states())
        assert total(list(combat.player_volley(fight, ship, Range.CLOSE))) == 25


def test_firepower_preview_counts_every_able_weapon_with_multipliers() -> None:
    ship = ship_with(COMET_LANCE, METEOR_SPEAR, WARHEAD_OPTIMIZER, HULL_CUTTER)
    states = upgrades.fresh_states()
    assert combat.firepower(ship, states, Range.LONG) == ((40 + 50) * 2, 6)
    assert combat.firepower(ship, states, Range.MID) == (0, 0)
    assert combat.firepower(ship, states, Range.CLOSE) == (10, 0)
