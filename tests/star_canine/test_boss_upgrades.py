"""Boss Upgrades (spec 2.5, 4.6.2): offers, taking one, and each upgrade's effects."""

from __future__ import annotations

import random

from games.star_canine import combat, dock, rewards, upgrades
from games.star_canine.data import packaged_data
from games.star_canine.events import Changed, FighterBonus, Stat, UpgradeTaken, WeaponFired
from games.star_canine.tables import BOSS_UPGRADES, BROKEN_SCRAP_ID, Range, UpgradeState
from tests.star_canine.builders import (
    COMET_LANCE,
    HANGAR_UPLINK,
    MAGNETIC_VEIL,
    SKIRMISH_WING,
    enemy,
    kind,
    ship_with,
)


def upgrade(key: str) -> upgrades.Upgrade:
    return next(u for u in BOSS_UPGRADES if u.key == key)


def owning(*keys: str) -> upgrades.UpgradeStates:
    states = upgrades.fresh_states()
    for key in keys:
        states[key] = UpgradeState.OWNED
    return states


def test_a_run_starts_with_every_upgrade_not_seen() -> None:
    states = upgrades.fresh_states()
    assert list(states) == [
        "regenerative_hull_plating",
        "automated_ammo_synthesizer",
        "forward_shield_projector",
        "reinforced_hangar",
        "expanded_hardpoint_array",
        "overloaded_logistics_core",
    ]
    assert set(states.values()) == {UpgradeState.NOT_SEEN}


def test_an_offer_is_three_different_upgrades_not_seen() -> None:
    for seed in range(50):
        offer = upgrades.draw_offer(upgrades.fresh_states(), random.Random(seed))
        assert len({u.key for u in offer}) == 3


def test_taking_one_owns_it_and_skips_the_others_for_good() -> None:
    states = upgrades.fresh_states()
    ship = ship_with(hull=50)
    first = upgrades.draw_offer(states, random.Random(1))
    upgrades.take(states, first, first[1], ship)
    assert states[first[1].key] is UpgradeState.OWNED
    assert {states[u.key] for u in (first[0], first[2])} == {UpgradeState.SKIPPED}
    second = upgrades.draw_offer(states, random.Random(2))
    assert {u.key for u in second} == {u.key for u in BOSS_UPGRADES} - {u.key for u in first}


def test_taking_an_upgrade_restores_the_hull_to_max() -> None:
    ship = ship_with(hull=50)
    states = upgrades.fresh_states()
    chosen = upgrade("automated_ammo_synthesizer")
    assert upgrades.take(states, [chosen], chosen, ship) == [
        UpgradeTaken("Automated Ammo Synthesizer", ()),
        Changed("Automated Ammo Synthesizer", Stat.HULL, 50, 200),
    ]
    assert (ship.hull, ship.max_hull, ship.max_slots) == (200, 200, 6)


def test_regenerative_hull_plating_raises_max_hull_at_once_and_repairs_at_combat_start() -> None:
    ship = ship_with(hull=50)
    states = upgrades.fresh_states()
    chosen = upgrade("regenerative_hull_plating")
    assert upgrades.take(states, [chosen], chosen, ship)[1:] == [
        Changed("Regenerative Hull Plating", Stat.MAX_HULL, 200, 240),
        Changed("Regenerative Hull Plating", Stat.HULL, 50, 240),
    ]
    assert (ship.hull, ship.max_hull) == (240, 240)
    ship.hull = 100
    _, events = combat.start(ship, enemy(), states)
    assert ship.hull == 120
    assert Changed("Regenerative Hull Plating", Stat.HULL, 100, 120) in events


def test_regenerative_repair_stops_at_max_hull() -> None:
    ship = ship_with(hull=190)
    fight, _ = combat.start(ship, enemy(), owning("regenerative_hull_plating"))
    assert ship.hull == fight.player.hull == 200


def test_automated_ammo_synthesizer_adds_one_ammo_at_each_combat_start() -> None:
    ship = ship_with(ammo=2)
    states = owning("automated_ammo_synthesizer")
    combat.start(ship, enemy(), states)
    combat.start(ship, enemy(), states)
    assert ship.ammo == 4


def test_automated_ammo_lets_a_missile_fire_that_could_not() -> None:
    ship = ship_with(COMET_LANCE, ammo=2)
    fight, _ = combat.start(ship, enemy(hull=40), owning("automated_ammo_synthesizer"))
    events = combat.fight(fight, ship, kind(BROKEN_SCRAP_ID))
    assert any(isinstance(e, WeaponFired) for e in events)
    assert ship.ammo == 0


def test_forward_shield_projector_adds_a_slot_and_fifteen_shield_to_the_items() -> None:
    ship = ship_with(MAGNETIC_VEIL)
    states = upgrades.fresh_states()
    chosen = upgrade("forward_shield_projector")
    upgrades.take(states, [chosen], chosen, ship)
    assert ship.max_slots == 7
    assert combat.loadout_defences(ship, states) == (30, 0)
    # 30 shield against LONG 40: hull 200 -> 190.
    fight, _ = combat.start(ship, enemy(damage=(40, None, None), uses=(1, None, None)), states)
    combat.fight(fight, ship, kind(BROKEN_SCRAP_ID))
    assert ship.hull == 190


def test_reinforced_hangar_adds_five_to_fighter_base_damage_before_multipliers() -> None:
    # Skirmish Wing 20 with Hangar Uplink x2: (20 + 5) x 2 = 50, not 20 x 2 + 5 = 45.
    ship = ship_with(SKIRMISH_WING, HANGAR_UPLINK, COMET_LANCE)
    states = owning("reinforced_hangar")
    fight, events = combat.start(ship, enemy(hull=1000), states)
    assert FighterBonus("Reinforced Hangar", 5) in events
    mid = combat.player_volley(fight, ship, Range.MID)
    long = combat.player_volley(fight, ship, Range.LONG)
    assert [
        (e.base, e.bonus, e.multiplier, e.damage) for e in mid if isinstance(e, WeaponFired)
    ] == [(20, 5, 2, 50)]
    assert [e.damage for e in long if isinstance(e, WeaponFired)] == [40]


def test_reinforced_hangar_adds_a_slot() -> None:
    ship = ship_with()
    states = upgrades.fresh_states()
    chosen = upgrade("reinforced_hangar")
    upgrades.take(states, [chosen], chosen, ship)
    assert ship.max_slots == 7


def test_expanded_hardpoint_array_adds_two_slots_and_cuts_rewards_to_one_choice() -> None:
    ship = ship_with()
    states = upgrades.fresh_states()
    chosen = upgrade("expanded_hardpoint_array")
    upgrades.take(states, [chosen], chosen, ship)
    assert ship.max_slots == 8
    for seed in range(20):
        assert len(rewards.draw_offer(packaged_data(), states, random.Random(seed))) == 1
        plain = rewards.draw_offer(packaged_data(), upgrades.fresh_states(), random.Random(seed))
        assert len(plain) == 3


def test_overloaded_logistics_core_adds_two_slots_and_doubles_the_dock_payment() -> None:
    ship = ship_with()
    states = upgrades.fresh_states()
    chosen = upgrade("overloaded_logistics_core")
    upgrades.take(states, [chosen], chosen, ship)
    assert ship.max_slots == 8
    assert [dock.visit(act, states).due for act in (1, 2, 3)] == [2, 4, 6]
    assert [dock.visit(act, upgrades.fresh_states()).due for act in (1, 2, 3)] == [1, 2, 3]


def test_slot_bonuses_add_up_past_six() -> None:
    ship = ship_with()
    states = upgrades.fresh_states()
    for key in ("expanded_hardpoint_array", "overloaded_logistics_core"):
        upgrades.take(states, [upgrade(key)], upgrade(key), ship)
    assert ship.max_slots == 10
