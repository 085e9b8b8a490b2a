"""Fighter (spec 6.9.2): armour against fire, a charge on pass, otherwise advance and fire."""

from model import turn
from model.actions import FireWeapon, MoveTo, PassTurn
from model.log import Section
from model.tables import Kind
from tests.model.builders import cell, log, move_ship, new_game, put_enemy


def test_fire_gains_armour_and_the_turn_goes_on() -> None:
    game = new_game(columns=30)
    move_ship(game, "E1")
    fighter = put_enemy(game, Kind.FIGHTER, "A25")
    turn.play(game, FireWeapon())
    assert fighter.armour == 11
    assert log(game, Section.ENEMY) == [
        "A Fighter(id:1) gains 1 armour.",
        "A Fighter(id:1) moves: [A,25] -> [A,22]",
        "  A enemy projectile(id:-2) spawns at location [A,21].",
    ]


def test_pass_regenerates_charges_6_fires_a_100_damage_shot_and_ends_the_turn() -> None:
    game = new_game(columns=30)
    move_ship(game, "E1")
    fighter = put_enemy(game, Kind.FIGHTER, "A25")
    fighter.health = 100
    turn.play(game, PassTurn())
    assert log(game, Section.ENEMY) == [
        "A Fighter(id:1) moves: [A,25] -> [A,19]",
        "  A enemy projectile(id:-1) spawns at location [A,18].",
    ]
    shot = game.projectiles[-1]
    assert (shot.damage, shot.speed) == (100, 10)
    assert fighter.health == 105


def test_unseen_advances_3_with_a_20_damage_shot() -> None:
    game = new_game(columns=30)
    fighter = put_enemy(game, Kind.FIGHTER, "A25")
    fighter.health = 100
    turn.play(game, MoveTo(cell("C2")))
    assert fighter.health == 105
    assert log(game, Section.ENEMY)[0] == "A Fighter(id:1) moves: [A,25] -> [A,22]"
    shot = game.projectiles[-1]
    assert (shot.damage, shot.speed) == (20, 3)


def test_seen_advances_1_with_a_50_damage_shot() -> None:
    game = new_game(columns=30)
    put_enemy(game, Kind.FIGHTER, "A8")
    turn.play(game, MoveTo(cell("C2")))
    assert log(game, Section.ENEMY)[0] == "A Fighter(id:1) moves: [A,8] -> [A,7]"
    shot = game.projectiles[-1]
    assert (shot.damage, shot.speed) == (50, 6)
