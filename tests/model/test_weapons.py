"""Firing (spec 6.7): each weapon's volley, its travel, its cost, ids for shots off the board."""

from model import turn
from model.actions import FireWeapon, PassTurn
from model.log import Section
from model.tables import Kind
from tests.model.builders import (
    log,
    move_ship,
    new_game,
    put_enemy,
    put_enemy_projectile,
    symbol_at,
)


def positions(game):
    return {p.id: str(p.position) for p in game.projectiles.values()}


def test_standard_spawns_right_and_travels_five() -> None:
    game = new_game(columns=20, weapon=1)
    turn.play(game, FireWeapon())
    assert positions(game) == {-1: "[C,2]"}
    assert log(game, Section.STARFIGHTER) == [
        "The Starfighter(id:0) fires at location [C,1].",
        "  A friendly projectile(id:-1) spawns at location [C,2].",
    ]
    turn.play(game, PassTurn())
    assert positions(game) == {-1: "[C,7]"}
    assert log(game, Section.FRIENDLY) == ["A friendly projectile(id:-1) moves: [C,2] -> [C,7]"]


def test_spread_fires_three_top_to_bottom_and_travels_true_diagonals() -> None:
    game = new_game(weapon=2)
    move_ship(game, "B2")
    put_enemy_projectile(game, "A4", damage=1, speed=0)
    turn.play(game, FireWeapon())
    assert [str(p.position) for p in game.projectiles.values() if p.friendly] == [
        "[A,3]",
        "[B,3]",
        "[C,3]",
    ]
    turn.play(game, PassTurn())
    assert log(game, Section.FRIENDLY) == [
        "A friendly projectile(id:-2) moves: [A,3] -> out of board",
        "A friendly projectile(id:-3) moves: [B,3] -> [B,4]",
        "A friendly projectile(id:-4) moves: [C,3] -> [D,4]",
    ]
    assert symbol_at(game, "A4") == "<"


def test_snipe_teleports_eight_and_meets_only_its_destination() -> None:
    game = new_game(columns=20, weapon=3)
    turn.play(game, FireWeapon())
    put_enemy_projectile(game, "C5", speed=0)
    turn.play(game, PassTurn())
    assert log(game, Section.FRIENDLY) == ["A friendly projectile(id:-1) moves: [C,2] -> [C,10]"]
    assert symbol_at(game, "C5") == "<"


def test_rockets_appear_behind_and_double_their_speed() -> None:
    game = new_game(columns=30, weapon=4)
    move_ship(game, "C2")
    turn.play(game, FireWeapon())
    assert positions(game) == {-1: "[B,1]", -2: "[D,1]"}
    speeds = []
    for _ in range(4):
        turn.play(game, PassTurn())
        speeds.append(game.projectiles[-1].speed)
    assert speeds == [2, 4, 8, 16]
    assert str(game.projectiles[-1].position) == "[B,16]"


def test_rocket_costs_health() -> None:
    game = new_game(weapon=4)
    turn.play(game, FireWeapon())
    assert game.starfighter.health == game.starfighter.stats.health - 10


def test_shots_off_the_board_still_take_ids() -> None:
    game = new_game(weapon=4)
    turn.play(game, FireWeapon())
    assert log(game, Section.STARFIGHTER)[1:] == [
        "  A friendly projectile(id:-1) spawns at location out of board.",
        "  A friendly projectile(id:-2) spawns at location out of board.",
    ]
    assert game.projectiles == {}


def test_splitter_stays_put() -> None:
    game = new_game(weapon=5)
    turn.play(game, FireWeapon())
    turn.play(game, PassTurn())
    assert log(game, Section.FRIENDLY) == ["A friendly projectile(id:-1) stays at: [C,2]"]


def test_a_shot_spawning_on_an_enemy_hits_it_and_keeps_its_id() -> None:
    game = new_game(weapon=1)
    put_enemy(game, Kind.GRUNT, "C2")
    turn.play(game, FireWeapon())
    assert log(game, Section.STARFIGHTER)[1:3] == [
        "  A friendly projectile(id:-1) spawns at location [C,2].",
        "  The projectile collides with Grunt(id:1) at location [C,2], dealing 69 damage.",
    ]
    assert -1 not in game.projectiles
