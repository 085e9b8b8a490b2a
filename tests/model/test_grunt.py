"""Grunt (spec 6.9.1): grows on pass and special; advances 2 or 4 and fires 15-damage shots."""

from model import turn
from model.actions import FireWeapon, MoveTo, PassTurn, UseSpecial
from model.log import Section
from model.tables import Kind
from tests.model.builders import cell, log, move_ship, new_game, put_enemy


def test_pass_grows_health_by_10_and_the_turn_goes_on() -> None:
    game = new_game(columns=20)
    grunt = put_enemy(game, Kind.GRUNT, "A15")
    turn.play(game, PassTurn())
    assert (grunt.health, grunt.total_health) == (110, 110)
    assert log(game, Section.ENEMY) == [
        "A Grunt(id:1) gains 10 total health.",
        "A Grunt(id:1) moves: [A,15] -> [A,13]",
        "  A enemy projectile(id:-1) spawns at location [A,12].",
    ]


def test_special_grows_health_by_20() -> None:
    game = new_game(columns=20)
    grunt = put_enemy(game, Kind.GRUNT, "A15")
    turn.play(game, UseSpecial())
    assert grunt.total_health == 120
    assert log(game, Section.ENEMY)[0] == "A Grunt(id:1) gains 20 total health."


def test_fire_and_move_are_not_preempted() -> None:
    game = new_game(columns=20)
    put_enemy(game, Kind.GRUNT, "A15")
    turn.play(game, FireWeapon())
    assert log(game, Section.ENEMY)[0] == "A Grunt(id:1) moves: [A,15] -> [A,13]"


def test_seeing_the_starfighter_advances_4_and_fires() -> None:
    game = new_game(columns=20)
    move_ship(game, "B5")
    grunt = put_enemy(game, Kind.GRUNT, "A10")
    grunt.health = 50
    turn.play(game, MoveTo(cell("B6")))
    assert grunt.can_see_starfighter
    assert grunt.health == 51
    assert log(game, Section.ENEMY) == [
        "A Grunt(id:1) moves: [A,10] -> [A,6]",
        "  A enemy projectile(id:-1) spawns at location [A,5].",
    ]
    shot = game.projectiles[-1]
    assert (shot.damage, shot.speed) == (15, 4)


def test_a_grunt_leaving_the_board_does_not_fire() -> None:
    game = new_game(columns=20)
    move_ship(game, "E1")
    put_enemy(game, Kind.GRUNT, "A2")
    turn.play(game, MoveTo(cell("E2")))
    assert log(game, Section.ENEMY) == ["A Grunt(id:1) moves: [A,2] -> out of board"]
    assert game.enemies == {} and game.starfighter.focus.score() == 0
