"""Carrier (spec 6.9.3): regen against specials, Interceptors on pass and when it sees."""

from model import turn
from model.actions import MoveTo, PassTurn, UseSpecial
from model.log import Section
from model.tables import Kind
from tests.model.builders import cell, log, move_ship, new_game, put_enemy


def test_special_gains_10_regen_and_the_turn_goes_on() -> None:
    game = new_game(columns=30)
    game.starfighter.energy = 70
    carrier = put_enemy(game, Kind.CARRIER, "C25")
    carrier.health = 100
    turn.play(game, UseSpecial())
    assert carrier.regen == 20 and carrier.health == 120
    assert log(game, Section.ENEMY) == [
        "A Carrier(id:1) gains 10 regen.",
        "A Carrier(id:1) moves: [C,25] -> [C,23]",
    ]


def test_pass_regenerates_advances_2_and_launches_above_then_below_ending_the_turn() -> None:
    game = new_game(columns=30)
    carrier = put_enemy(game, Kind.CARRIER, "C25")
    carrier.health = 100
    turn.play(game, PassTurn())
    assert log(game, Section.ENEMY) == [
        "A Carrier(id:1) moves: [C,25] -> [C,23]",
        "  A Interceptor(id:2) spawns at location [B,23].",
        "  A Interceptor(id:3) spawns at location [D,23].",
    ]
    assert carrier.health == 110


def test_launches_off_the_board_take_ids_and_occupied_cells_block() -> None:
    game = new_game(columns=30)
    put_enemy(game, Kind.CARRIER, "A25")
    put_enemy(game, Kind.PYLON, "B23")
    turn.play(game, PassTurn())
    assert log(game, Section.ENEMY)[:3] == [
        "A Carrier(id:1) moves: [A,25] -> [A,23]",
        "  A Interceptor(id:3) spawns at location out of board.",
        "A Pylon(id:2) moves: [B,23] -> [B,21]",
    ]
    assert game.ids.last_enemy == 3


def test_seen_advances_1_and_launches_to_its_left() -> None:
    game = new_game(columns=30)
    move_ship(game, "C10")
    put_enemy(game, Kind.CARRIER, "C20")
    turn.play(game, MoveTo(cell("C11")))
    assert log(game, Section.ENEMY) == [
        "A Carrier(id:1) moves: [C,20] -> [C,19]",
        "  A Interceptor(id:2) spawns at location [C,18].",
    ]


def test_launched_interceptors_do_not_act_the_turn_they_appear() -> None:
    game = new_game(columns=30)
    put_enemy(game, Kind.CARRIER, "C25")
    turn.play(game, PassTurn())
    assert all(not line.startswith("A Interceptor") for line in log(game, Section.ENEMY))
