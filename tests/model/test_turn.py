"""A turn (spec 6.13): phases in order, the natural spawn, and where a destroyed
Starfighter stops it."""

from model import turn
from model.actions import FireWeapon, MoveTo, PassTurn
from model.log import Section
from model.tables import Kind
from tests.model.builders import (
    cell,
    log,
    move_ship,
    new_game,
    put_enemy,
    put_enemy_projectile,
    put_friendly_projectile,
)


def test_every_turn_that_reaches_phase_7_draws_twice() -> None:
    game = new_game(rows=10, columns=30)
    turn.play(game, PassTurn())
    assert game.drawn == (1, 1)
    turn.play(game, PassTurn())
    assert game.drawn == (1, 37)


def test_thresholds_pick_the_kind_by_intervals() -> None:
    game = new_game(rows=10, columns=30, thresholds=(1, 1, 1, 2, 2))
    turn.play(game, PassTurn())
    assert log(game, Section.SPAWN) == ["A Interceptor(id:1) spawns at location [A,30]."]


def test_a_value_at_or_past_the_last_threshold_spawns_nothing() -> None:
    game = new_game(rows=10, columns=30, thresholds=(1, 1, 1, 1, 1))
    turn.play(game, PassTurn())
    assert log(game, Section.SPAWN) == [] and game.ids.last_enemy == 0


def test_a_spawn_cell_held_by_an_enemy_spawns_nothing_and_uses_no_id() -> None:
    game = new_game(rows=10, columns=30, thresholds=(1, 1, 1, 101, 101))
    move_ship(game, "A1")
    turn.play(game, PassTurn())
    assert log(game, Section.SPAWN) == ["A Interceptor(id:1) spawns at location [A,30]."]
    turn.play(game, FireWeapon())
    assert log(game, Section.ENEMY) == ["A Interceptor(id:1) stays at: [A,30]"]
    assert log(game, Section.SPAWN) == []
    assert game.ids.last_enemy == 1 and game.drawn == (1, 37)


def test_natural_spawn_on_the_starfighter_trades() -> None:
    game = new_game(rows=10, columns=10, thresholds=(101, 101, 101, 101, 101))
    move_ship(game, "A10")
    turn.play(game, PassTurn())
    assert log(game, Section.SPAWN) == [
        "A Grunt(id:1) spawns at location [A,10].",
        "  The Grunt collides with Starfighter(id:0) at location [A,10], trading 100 damage.",
        "  The Grunt at location [A,10] has been destroyed.",
        "  The Starfighter at location [A,10] has been destroyed.",
    ]
    assert game.over


def test_destroyed_in_phase_2_the_rest_of_the_turn_does_not_happen() -> None:
    game = new_game(rows=10, columns=30, thresholds=(101, 101, 101, 101, 101))
    game.starfighter.health = 10
    put_enemy_projectile(game, "E3", damage=100, speed=4)
    put_enemy_projectile(game, "E9", damage=15, speed=4)
    turn.play(game, FireWeapon())
    assert game.over
    assert log(game, Section.ENEMY_PROJECTILE) == [
        "A enemy projectile(id:-1) moves: [E,3] -> [E,1]",
        "  The projectile collides with Starfighter(id:0) at location [E,1], dealing 99 damage.",
        "  The Starfighter at location [E,1] has been destroyed.",
    ]
    assert log(game, Section.STARFIGHTER) == [] and game.drawn is None


def test_destroyed_in_phase_5_the_current_enemy_finishes_and_newer_ones_do_not_act() -> None:
    game = new_game(rows=5, columns=20)
    game.starfighter.health = 5
    put_enemy(game, Kind.GRUNT, "C7")
    put_enemy(game, Kind.GRUNT, "A15")
    turn.play(game, MoveTo(cell("C2")))
    assert log(game, Section.ENEMY) == [
        "A Grunt(id:1) moves: [C,7] -> [C,3]",
        "  A enemy projectile(id:-1) spawns at location [C,2].",
        "  The projectile collides with Starfighter(id:0) at location [C,2], dealing 14 damage.",
        "  The Starfighter at location [C,2] has been destroyed.",
    ]
    assert game.drawn is None


def test_preemptive_actions_all_come_before_normal_actions() -> None:
    game = new_game(rows=5, columns=30)
    put_enemy(game, Kind.GRUNT, "A25")
    put_enemy(game, Kind.FIGHTER, "E25")
    turn.play(game, PassTurn())
    assert [line for line in log(game, Section.ENEMY) if not line.startswith(" ")] == [
        "A Grunt(id:1) gains 10 total health.",
        "A Fighter(id:2) moves: [E,25] -> [E,19]",
        "A Grunt(id:1) moves: [A,25] -> [A,23]",
    ]


def test_vision_flags_change_only_in_phases_4_and_6() -> None:
    game = new_game(rows=5, columns=30)
    grunt = put_enemy(game, Kind.GRUNT, "C20")
    assert not grunt.seen_by_starfighter
    turn.play(game, MoveTo(cell("C9")))
    assert grunt.seen_by_starfighter and str(grunt.position) == "[C,18]"


def test_a_projectile_absorbed_earlier_in_its_phase_does_not_move_and_newer_ones_still_do() -> None:
    game = new_game(columns=20)
    put_friendly_projectile(game, "A2", damage=70, speed=5)
    put_friendly_projectile(game, "A4", damage=30, speed=3)
    put_friendly_projectile(game, "E2", damage=70, speed=5)
    turn.play(game, PassTurn())
    assert log(game, Section.FRIENDLY) == [
        "A friendly projectile(id:-1) moves: [A,2] -> [A,7]",
        "  The projectile collides with friendly projectile(id:-2) at location [A,4], combining"
        " damage.",
        "A friendly projectile(id:-3) moves: [E,2] -> [E,7]",
    ]
