"""Whole combats computed by hand: turn order, enemy attacks and their uses, outcomes, burn-out."""

from __future__ import annotations

from games.star_canine import combat, upgrades
from games.star_canine.enemy import EnemyKind
from games.star_canine.events import (
    BurnedOut,
    CombatEnded,
    EnemyAttack,
    EnemyHolds,
    Event,
    Hit,
    HoldReason,
    TurnStarted,
    WeaponFired,
)
from games.star_canine.log_text import event_line
from games.star_canine.ship import Ship
from games.star_canine.tables import BROKEN_SCRAP_ID, RANGE_SEQUENCE, Outcome, Range
from tests.star_canine.builders import (
    COMET_LANCE,
    FINAL_GAMBIT,
    HULL_CUTTER,
    PLATING,
    SINGULARITY_CORE,
    SUPPRESSION_DRONES,
    enemy,
    kind,
    ship_with,
)


def fight(ship: Ship, foe: EnemyKind) -> tuple[combat.Combat, list[Event]]:
    states = upgrades.fresh_states()
    state, events = combat.start(ship, foe, states)
    return state, events + combat.fight(state, ship, kind(BROKEN_SCRAP_ID))


def test_the_range_sequence_is_long_mid_close_close_mid_long() -> None:
    long, mid, close = Range.LONG, Range.MID, Range.CLOSE
    assert RANGE_SEQUENCE == (long, mid, close, close, mid, long)
    _, events = fight(ship_with(), enemy())
    turns = [e.at for e in events if isinstance(e, TurnStarted)]
    assert turns == list(RANGE_SEQUENCE)


def test_both_alive_after_six_turns_is_a_draw() -> None:
    # Nothing equipped against 10 at CLOSE, 3 uses: hit on turns 3 and 4 only -> 180.
    ship = ship_with()
    state, events = fight(ship, enemy(hull=30, damage=(None, None, 10), uses=(None, None, 3)))
    assert state.outcome is Outcome.DRAW and state.turns == 6
    assert ship.hull == 180
    assert events[-1] == CombatEnded(Outcome.DRAW, 6)


def test_the_enemy_attacks_only_at_ranges_it_has_damage_for() -> None:
    _, events = fight(ship_with(), enemy(damage=(20, None, None)))
    holds = [e for e in events if isinstance(e, EnemyHolds)]
    assert [e.at for e in holds] == [Range.MID, Range.CLOSE, Range.CLOSE, Range.MID]
    assert all(e.reason is HoldReason.CANNOT_AT_RANGE for e in holds)


def test_enemy_uses_are_counted_per_range() -> None:
    # LONG 20 with 1 use: turn 1 only; CLOSE 10 with 1 use: turn 3 only. 200 - 20 - 10.
    ship = ship_with()
    foe = enemy(damage=(20, None, 10), uses=(1, None, 1))
    _, events = fight(ship, foe)
    attacks = [(e.at, e.uses_left) for e in events if isinstance(e, EnemyAttack)]
    assert attacks == [(Range.LONG, 0), (Range.CLOSE, 0)]
    assert ship.hull == 170
    no_uses = [e.at for e in events if isinstance(e, EnemyHolds) and e.reason is HoldReason.NO_USES]
    assert no_uses == [Range.CLOSE, Range.LONG]


def test_unlimited_enemy_uses_hit_on_every_turn_of_the_range() -> None:
    ship = ship_with()
    fight(ship, enemy(damage=(None, 7, None)))
    assert ship.hull == 200 - 7 - 7


def test_a_destroyed_enemy_does_not_attack_in_that_turn() -> None:
    # Comet Lance 40 at LONG kills a 40-hull enemy before its 100 LONG shot.
    ship = ship_with(COMET_LANCE)
    state, events = fight(ship, enemy(hull=40, damage=(100, None, None)))
    assert state.outcome is Outcome.VICTORY and state.turns == 1
    assert ship.hull == 200
    assert not any(isinstance(e, EnemyAttack) for e in events)


def test_the_player_is_destroyed_at_zero_hull() -> None:
    ship = ship_with(hull=30)
    state, _ = fight(ship, enemy(damage=(30, None, None)))
    assert state.outcome is Outcome.DEFEAT and state.turns == 1
    assert ship.hull == 0


def test_armor_spent_at_close_is_gone_for_the_second_close_turn() -> None:
    # Plating 25 against CLOSE 20 twice: turn 3 armor 25 -> 5, turn 4 armor 5 -> 0 and hull -15.
    ship = ship_with(PLATING)
    state, _ = fight(ship, enemy(damage=(None, None, 20), uses=(None, None, 2)))
    assert ship.hull == 185
    assert state.player.armor == 0


def test_a_victory_on_turn_three_after_armor() -> None:
    # Hull Cutters 2 x 10 at CLOSE vs hull 20 armor 10: turn 3 armor 10 -> 0 hull 20 -> 10;
    # the enemy's CLOSE 15 hits plating 25 -> 10; turn 4 hull 10 -> -10, victory.
    ship = ship_with(HULL_CUTTER, HULL_CUTTER, PLATING)
    state, _ = fight(ship, enemy(hull=20, armor=10, damage=(None, None, 15)))
    assert (state.outcome, state.turns) == (Outcome.VICTORY, 4)
    assert (state.foe.hull, state.foe.armor, state.player.armor, ship.hull) == (-10, 0, 10, 200)


def test_disposables_burn_out_into_broken_scrap_whether_fired_or_not() -> None:
    # Final Gambit fires and kills at turn 1; Singularity Core never fires: both burn out.
    ship = ship_with(FINAL_GAMBIT, SINGULARITY_CORE, SUPPRESSION_DRONES)
    _, events = fight(ship, enemy(hull=100))
    assert [e for e in events if isinstance(e, BurnedOut)] == [
        BurnedOut("💥 Final Gambit"),
        BurnedOut("⚡ Singularity Core"),
    ]
    assert [item.kind.id for item in ship.items] == [BROKEN_SCRAP_ID, BROKEN_SCRAP_ID, 12]
    assert [item.kind.id for item in ship.equipped_items()] == [12]


def test_an_unequipped_disposable_does_not_burn_out() -> None:
    ship = ship_with(COMET_LANCE)
    ship.gain(kind(FINAL_GAMBIT))
    fight(ship, enemy(hull=10))
    assert [item.kind.id for item in ship.items] == [1, FINAL_GAMBIT]


def test_ammo_spent_in_combat_stays_spent() -> None:
    # Comet Lance fires at turns 1 and 6 against a 100-hull enemy that never dies: 12 -> 6.
    ship = ship_with(COMET_LANCE)
    fight(ship, enemy(hull=1000))
    assert ship.ammo == 6


def test_an_enemy_left_with_1_hull_is_not_destroyed_and_attacks() -> None:
    # Comet Lance 40 at LONG leaves a 41-hull enemy at 1; its LONG 100 (1 use) hits 200 -> 100.
    ship = ship_with(COMET_LANCE)
    state, events = fight(ship, enemy(hull=41, damage=(100, None, None), uses=(1, None, None)))
    assert [(e.at, e.damage) for e in events if isinstance(e, EnemyAttack)] == [(Range.LONG, 100)]
    assert state.turns > 1 and ship.hull == 100


def test_the_player_left_with_1_hull_is_not_destroyed() -> None:
    ship = ship_with(hull=31)
    state, _ = fight(ship, enemy(damage=(30, None, None), uses=(1, None, None)))
    assert state.outcome is Outcome.DRAW and ship.hull == 1


def test_two_weapons_of_one_use_each_both_fire() -> None:
    # Two Final Gambits, 1 use each, are two items: both fire on turn 1.
    ship = ship_with(FINAL_GAMBIT, FINAL_GAMBIT)
    _, events = fight(ship, enemy(hull=10_000))
    first_turn = events[: next(i for i, e in enumerate(events) if isinstance(e, Hit))]
    assert [type(e) for e in first_turn].count(WeaponFired) == 2


def test_a_shield_of_exactly_1_is_shown_absorbing() -> None:
    ship = ship_with(COMET_LANCE)
    _, events = fight(ship, enemy(hull=1000, shield=1))
    hit = next(e for e in events if isinstance(e, Hit))
    assert event_line(hit).strip() == "Target takes 40 at LONG: shield 1 -> 0, hull 1000 -> 961."
