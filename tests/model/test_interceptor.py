"""Interceptor (spec 6.9.4): drops vertically to the Starfighter's row when it fires."""

from model import turn
from model.actions import FireWeapon, MoveTo
from model.log import Section
from model.tables import Kind
from tests.model.builders import cell, log, move_ship, new_game, put_enemy, put_enemy_projectile


def test_fire_drops_it_to_the_starfighters_row_and_ends_its_turn() -> None:
    game = new_game(columns=20)
    move_ship(game, "D1")
    put_enemy(game, Kind.INTERCEPTOR, "A15")
    turn.play(game, FireWeapon())
    assert log(game, Section.ENEMY) == ["A Interceptor(id:1) moves: [A,15] -> [D,15]"]


def test_already_in_the_row_it_stays() -> None:
    game = new_game(columns=20)
    put_enemy(game, Kind.INTERCEPTOR, "C15")
    turn.play(game, FireWeapon())
    assert log(game, Section.ENEMY) == ["A Interceptor(id:1) stays at: [C,15]"]


def test_it_stops_before_an_enemy_and_meets_projectiles_on_the_way() -> None:
    game = new_game(columns=20)
    move_ship(game, "E1")
    put_enemy(game, Kind.INTERCEPTOR, "A15")
    put_enemy_projectile(game, "B15", speed=0)
    put_enemy(game, Kind.PYLON, "D15")
    turn.play(game, FireWeapon())
    assert log(game, Section.ENEMY)[:2] == [
        "A Interceptor(id:1) moves: [A,15] -> [C,15]",
        "  The Interceptor collides with enemy projectile(id:-1) at location [B,15], healing 15"
        " damage.",
    ]


def test_in_the_starfighters_column_it_collides_with_it() -> None:
    game = new_game(columns=20)
    move_ship(game, "E6")
    put_enemy(game, Kind.INTERCEPTOR, "A6")
    turn.play(game, FireWeapon())
    assert log(game, Section.ENEMY)[:3] == [
        "A Interceptor(id:1) moves: [A,6] -> [E,6]",
        "  The Interceptor collides with Starfighter(id:0) at location [E,6], trading 50 damage.",
        "  The Interceptor at location [E,6] has been destroyed.",
    ]


def test_otherwise_it_advances_3() -> None:
    game = new_game(columns=20)
    put_enemy(game, Kind.INTERCEPTOR, "A15")
    turn.play(game, MoveTo(cell("C2")))
    assert log(game, Section.ENEMY) == ["A Interceptor(id:1) moves: [A,15] -> [A,12]"]
