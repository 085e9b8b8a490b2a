"""Pylon (spec 6.9.5): unseen it advances 2 and heals around it; seen it advances 1 and fires."""

from model import turn
from model.actions import MoveTo, PassTurn
from model.log import Section
from model.tables import Kind
from tests.model.builders import cell, log, move_ship, new_game, put_enemy


def test_unseen_it_heals_every_enemy_in_its_vision_itself_included() -> None:
    game = new_game(columns=30)
    grunt = put_enemy(game, Kind.GRUNT, "A27")
    put_enemy(game, Kind.PYLON, "A25")
    far = put_enemy(game, Kind.GRUNT, "E10")
    grunt.health = far.health = 50
    turn.play(game, MoveTo(cell("C2")))
    assert log(game, Section.ENEMY)[:6] == [
        "A Grunt(id:1) moves: [A,27] -> [A,26]",
        "  A enemy projectile(id:-1) spawns at location [A,25].",
        "  The projectile collides with Pylon(id:2) at location [A,25], healing 15 damage.",
        "A Pylon(id:2) moves: [A,25] -> [A,23]",
        "  The Pylon heals Grunt(id:1) at location [A,26] for 10 damage.",
        "  The Pylon heals Pylon(id:2) at location [A,23] for 10 damage.",
    ]
    assert grunt.health == 50 + 1 + 10
    assert far.health == 51


def test_seen_it_advances_1_and_fires_a_70_damage_shot() -> None:
    game = new_game(columns=30)
    move_ship(game, "A10")
    put_enemy(game, Kind.PYLON, "A14")
    turn.play(game, MoveTo(cell("A11")))
    assert log(game, Section.ENEMY) == [
        "A Pylon(id:1) moves: [A,14] -> [A,13]",
        "  A enemy projectile(id:-1) spawns at location [A,12].",
    ]
    shot = game.projectiles[-1]
    assert (shot.damage, shot.speed) == (70, 2)


def test_it_has_no_preemptive_action() -> None:
    game = new_game(columns=30)
    put_enemy(game, Kind.PYLON, "A25")
    turn.play(game, PassTurn())
    assert log(game, Section.ENEMY)[0] == "A Pylon(id:1) moves: [A,25] -> [A,23]"


def test_unseen_a_pylon_that_leaves_the_board_heals_no_one() -> None:
    game = new_game(columns=30)
    move_ship(game, "E30")
    put_enemy(game, Kind.PYLON, "A2")
    grunt = put_enemy(game, Kind.GRUNT, "B4")
    grunt.health = 50
    turn.play(game, MoveTo(cell("E29")))
    assert 1 not in game.enemies
    assert not any("heals" in line for line in log(game, Section.ENEMY))
    assert grunt.health == 50 + 1
