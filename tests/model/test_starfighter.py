"""The Starfighter (spec 6.6, 6.13.3): sum of parts, regeneration caps, costs and move checks."""

from model import turn
from model.actions import FireWeapon, MoveTo, PassTurn
from model.log import Section
from model.tables import Error
from tests.model.builders import cell, log, new_game


def test_attributes_are_the_sum_of_the_parts() -> None:
    ship = new_game(weapon=3, armour=2, engine=2).starfighter
    assert (ship.stats.health, ship.stats.energy, ship.stats.vision, ship.stats.move) == (
        75,
        130,
        25,
        13,
    )
    assert (ship.stats.health_regen, ship.stats.energy_regen, ship.stats.armour) == (2, 6, 3)


def test_spawn_is_column_1_of_the_middle_row_rounded_up() -> None:
    assert str(new_game(rows=5).starfighter.position) == "[C,1]"
    assert str(new_game(rows=10).starfighter.position) == "[E,1]"
    assert str(new_game(rows=7).starfighter.position) == "[D,1]"


def test_pass_regenerates_twice_up_to_the_cap() -> None:
    game = new_game()
    ship = game.starfighter
    ship.health, ship.energy = 60, 69
    turn.play(game, PassTurn())
    assert (ship.health, ship.energy) == (62, 70)
    assert log(game, Section.STARFIGHTER) == [
        "The Starfighter(id:0) passes at location [C,1], doubling regen rate."
    ]


def test_no_regeneration_above_the_cap() -> None:
    game = new_game()
    ship = game.starfighter
    ship.health, ship.energy = 100, 90
    turn.play(game, PassTurn())
    assert (ship.health, ship.energy) == (100, 90)


def test_move_goes_vertically_then_horizontally_and_pays_per_cell() -> None:
    game = new_game(columns=20)
    turn.play(game, MoveTo(cell("A4")))
    ship = game.starfighter
    assert str(ship.position) == "[A,4]"
    assert ship.energy == 70 - 5 * 3
    assert log(game, Section.STARFIGHTER) == ["The Starfighter(id:0) moves: [C,1] -> [A,4]"]


def test_move_errors_in_priority_order() -> None:
    game = new_game(rows=5, columns=10)
    assert turn.check(game, MoveTo(cell("F1"))) is Error.OUTSIDE_BOARD
    assert turn.check(game, MoveTo(cell("C11"))) is Error.OUTSIDE_BOARD
    assert turn.check(game, MoveTo(cell("C1"))) is Error.ALREADY_THERE
    assert turn.check(game, MoveTo(cell("A10"))) is Error.MOVE_RANGE
    game.starfighter.energy = 2
    assert turn.check(game, MoveTo(cell("C3"))) is Error.MOVE_RESOURCES
    assert turn.check(game, MoveTo(cell("C2"))) is None


def test_resources_count_this_turns_regeneration() -> None:
    game = new_game()
    game.starfighter.energy = 2
    assert turn.check(game, FireWeapon()) is None
    game.starfighter.energy = 1
    assert turn.check(game, FireWeapon()) is Error.FIRE_RESOURCES


def test_health_cost_weapons_check_health_after_regeneration() -> None:
    game = new_game(weapon=4)
    ship = game.starfighter
    ship.health, ship.energy = 1, 0
    assert ship.stats.health_regen == 11
    assert turn.check(game, FireWeapon()) is None
    turn.play(game, FireWeapon())
    assert ship.health == 1 + 11 - 10
