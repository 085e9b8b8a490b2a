"""Collisions (spec 6.13): every pair of mover and occupant, with its message."""

from model import turn
from model.actions import MoveTo, PassTurn
from model.enemy import Enemy
from model.game import Game
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
    symbol_at,
)


def test_friendly_projectile_combines_with_a_friendly_one() -> None:
    game = new_game(columns=20)
    mover = put_friendly_projectile(game, "A2", damage=70, speed=5)
    put_friendly_projectile(game, "A4", damage=30, speed=0)
    turn.play(game, PassTurn())
    assert log(game, Section.FRIENDLY)[:2] == [
        "A friendly projectile(id:-1) moves: [A,2] -> [A,7]",
        "  The projectile collides with friendly projectile(id:-2) at location [A,4], combining"
        " damage.",
    ]
    assert mover.damage == 100 and -2 not in game.projectiles


def test_stronger_friendly_projectile_negates_an_enemy_one_and_goes_on() -> None:
    game = new_game(columns=20)
    mover = put_friendly_projectile(game, "A2", damage=70)
    put_enemy_projectile(game, "A4", damage=15, speed=0)
    turn.play(game, PassTurn())
    assert log(game, Section.FRIENDLY)[1] == (
        "  The projectile collides with enemy projectile(id:-2) at location [A,4], negating damage."
    )
    assert mover.damage == 55 and str(mover.position) == "[A,7]"


def test_weaker_friendly_projectile_is_negated_and_weakens_the_enemy_one() -> None:
    game = new_game(columns=20)
    put_friendly_projectile(game, "A2", damage=20)
    stationary = put_enemy_projectile(game, "A4", damage=50, speed=0)
    turn.play(game, PassTurn())
    assert log(game, Section.FRIENDLY)[0] == "A friendly projectile(id:-1) moves: [A,2] -> [A,4]"
    assert -1 not in game.projectiles and stationary.damage == 30


def test_equal_projectiles_both_go() -> None:
    game = new_game(columns=20)
    put_friendly_projectile(game, "A2", damage=50)
    put_enemy_projectile(game, "A4", damage=50, speed=0)
    turn.play(game, PassTurn())
    assert game.projectiles == {}


def test_enemy_projectile_combines_with_an_enemy_one() -> None:
    game = new_game(columns=20)
    mover = put_enemy_projectile(game, "E9", damage=15, speed=4)
    put_enemy_projectile(game, "E7", damage=20, speed=0)
    turn.play(game, PassTurn())
    assert log(game, Section.ENEMY_PROJECTILE)[1] == (
        "  The projectile collides with enemy projectile(id:-2) at location [E,7], combining"
        " damage."
    )
    assert mover.damage == 35


def test_enemy_projectile_heals_an_enemy_up_to_its_total() -> None:
    game = new_game(columns=20)
    put_enemy_projectile(game, "E9", damage=15, speed=4)
    grunt = put_enemy(game, Kind.GRUNT, "E7")
    grunt.health = 90
    turn.play(game, MoveTo(cell("C2")))
    assert log(game, Section.ENEMY_PROJECTILE)[1] == (
        "  The projectile collides with Grunt(id:1) at location [E,7], healing 15 damage."
    )
    assert grunt.health == grunt.total_health


def test_projectile_hits_the_starfighter_less_armour() -> None:
    game = new_game()
    put_enemy_projectile(game, "C3", damage=15, speed=4)
    turn.play(game, PassTurn())
    assert log(game, Section.ENEMY_PROJECTILE)[1] == (
        "  The projectile collides with Starfighter(id:0) at location [C,1], dealing 14 damage."
    )


def test_friendly_projectile_hits_an_enemy_less_armour_and_destroys_it() -> None:
    game = new_game(columns=20)
    put_friendly_projectile(game, "A2", damage=200)
    put_enemy(game, Kind.GRUNT, "A5")
    turn.play(game, PassTurn())
    assert log(game, Section.FRIENDLY) == [
        "A friendly projectile(id:-1) moves: [A,2] -> [A,5]",
        "  The projectile collides with Grunt(id:1) at location [A,5], dealing 199 damage.",
        "  The Grunt at location [A,5] has been destroyed.",
    ]
    assert game.starfighter.focus.score() == 2


def test_starfighter_takes_projectiles_and_trades_with_enemies_along_its_path() -> None:
    game = new_game(columns=20)
    put_enemy_projectile(game, "B1", damage=15, speed=0)
    put_enemy(game, Kind.INTERCEPTOR, "A3")
    turn.play(game, MoveTo(cell("A4")))
    assert log(game, Section.STARFIGHTER) == [
        "The Starfighter(id:0) moves: [C,1] -> [A,4]",
        "  The Starfighter collides with enemy projectile(id:-1) at location [B,1], taking 14"
        " damage.",
        "  The Starfighter collides with Interceptor(id:1) at location [A,3], trading 50 damage.",
        "  The Interceptor at location [A,3] has been destroyed.",
    ]
    assert game.starfighter.health == 70 - 14 - 50


def test_starfighter_destroyed_on_its_path_stops_there_and_pays_for_what_it_travelled() -> None:
    game = new_game(columns=20)
    put_enemy(game, Kind.CARRIER, "A3")
    turn.play(game, MoveTo(cell("A4")))
    assert log(game, Section.STARFIGHTER)[-2:] == [
        "  The Carrier at location [A,3] has been destroyed.",
        "  The Starfighter at location [A,3] has been destroyed.",
    ]
    ship = game.starfighter
    assert game.over and ship.health == 0 and symbol_at(game, "A3") == "X"
    assert ship.energy == 70 - 4 * ship.stats.move_cost


def test_enemy_moving_onto_a_friendly_projectile_takes_its_damage() -> None:
    game = new_game(columns=20)
    put_friendly_projectile(game, "E3", damage=50, speed=0)
    put_enemy(game, Kind.GRUNT, "E5", see=False)
    turn.play(game, MoveTo(cell("A1")))
    assert log(game, Section.ENEMY)[:2] == [
        "A Grunt(id:1) moves: [E,5] -> [E,3]",
        "  The Grunt collides with friendly projectile(id:-1) at location [E,3], taking 49 damage.",
    ]


def test_enemy_moving_onto_an_enemy_projectile_is_healed() -> None:
    game = new_game(columns=20)
    put_enemy_projectile(game, "E4", damage=15, speed=0)
    grunt = put_enemy(game, Kind.GRUNT, "E5")
    grunt.health = 50
    turn.play(game, MoveTo(cell("A1")))
    assert log(game, Section.ENEMY)[1] == (
        "  The Grunt collides with enemy projectile(id:-1) at location [E,4], healing 15 damage."
    )
    assert grunt.health == 50 + 1 + 15


def test_enemy_moving_onto_the_starfighter_trades_and_is_destroyed() -> None:
    game = new_game(columns=20)
    put_enemy(game, Kind.GRUNT, "C3", see=True)
    turn.play(game, MoveTo(cell("C2")))
    assert log(game, Section.ENEMY) == [
        "A Grunt(id:1) moves: [C,3] -> [C,2]",
        "  The Grunt collides with Starfighter(id:0) at location [C,2], trading 100 damage.",
        "  The Grunt at location [C,2] has been destroyed.",
        "  The Starfighter at location [C,2] has been destroyed.",
    ]


def test_enemies_stop_one_cell_before_another_enemy() -> None:
    game = new_game(columns=20)
    move_ship(game, "E1")
    put_enemy(game, Kind.GRUNT, "A7")
    put_enemy(game, Kind.CARRIER, "A5")
    turn.play(game, MoveTo(cell("E2")))
    assert log(game, Section.ENEMY)[:3] == [
        "A Grunt(id:1) moves: [A,7] -> [A,6]",
        "  A enemy projectile(id:-1) spawns at location [A,5].",
        "  The projectile collides with Carrier(id:2) at location [A,5], healing 15 damage.",
    ]


def test_an_enemy_blocked_at_once_stays() -> None:
    game = new_game(columns=20)
    move_ship(game, "E1")
    put_enemy(game, Kind.GRUNT, "A6")
    put_enemy(game, Kind.CARRIER, "A5")
    turn.play(game, MoveTo(cell("E2")))
    assert log(game, Section.ENEMY)[0] == "A Grunt(id:1) stays at: [A,6]"


def test_friendly_projectile_no_stronger_than_an_enemys_armour_does_no_harm() -> None:
    game = new_game(columns=20)
    put_friendly_projectile(game, "A2", damage=15)
    put_enemy(game, Kind.CARRIER, "A5")
    turn.play(game, PassTurn())
    assert log(game, Section.FRIENDLY)[1] == (
        "  The projectile collides with Carrier(id:1) at location [A,5], dealing 0 damage."
    )


def test_projectile_no_stronger_than_the_starfighters_armour_does_no_harm() -> None:
    game = new_game()
    put_enemy_projectile(game, "C3", damage=1, speed=4)
    turn.play(game, PassTurn())
    assert log(game, Section.ENEMY_PROJECTILE)[1] == (
        "  The projectile collides with Starfighter(id:0) at location [C,1], dealing 0 damage."
    )
    assert game.starfighter.health == 70


def test_starfighter_moving_onto_a_projectile_no_stronger_than_its_armour_takes_no_damage() -> None:
    game = new_game(columns=20)
    put_enemy_projectile(game, "B1", damage=1, speed=0)
    turn.play(game, MoveTo(cell("A1")))
    assert log(game, Section.STARFIGHTER)[1] == (
        "  The Starfighter collides with enemy projectile(id:-1) at location [B,1], taking 0"
        " damage."
    )
    assert game.starfighter.health == 70


def test_a_projectile_left_with_1_damage_after_negating_goes_on() -> None:
    game = new_game(columns=20)
    mover = put_friendly_projectile(game, "A2", damage=16)
    put_enemy_projectile(game, "A4", damage=15, speed=0)
    turn.play(game, PassTurn())
    assert mover.damage == 1 and str(mover.position) == "[A,7]"
    assert game.projectiles == {-1: mover}


def test_a_stationary_projectile_left_with_1_damage_after_negating_stays() -> None:
    game = new_game(columns=20)
    put_friendly_projectile(game, "A2", damage=14)
    stationary = put_enemy_projectile(game, "A4", damage=15, speed=0)
    turn.play(game, PassTurn())
    assert stationary.damage == 1 and game.projectiles == {-2: stationary}


def test_projectile_damage_that_leaves_the_starfighter_exactly_0_health_destroys_it() -> None:
    game = new_game()
    put_enemy_projectile(game, "C3", damage=71, speed=4)
    turn.play(game, PassTurn())
    ship = game.starfighter
    assert log(game, Section.ENEMY_PROJECTILE)[1:] == [
        "  The projectile collides with Starfighter(id:0) at location [C,1], dealing 70 damage.",
        "  The Starfighter at location [C,1] has been destroyed.",
    ]
    assert game.over and ship.health == 0 and symbol_at(game, "C1") == "X"


def grunt_hit_for_50(health: int) -> tuple[Game, Enemy]:
    """A Grunt of `health` hit by a projectile dealing 50 damage past its armour of 1."""
    game = new_game(columns=20)
    put_friendly_projectile(game, "A2", damage=51)
    grunt = put_enemy(game, Kind.GRUNT, "A5")
    grunt.health = health
    turn.play(game, PassTurn())
    return game, grunt


def test_damage_that_leaves_an_enemy_exactly_1_health_does_not_destroy_it() -> None:
    game, grunt = grunt_hit_for_50(51)
    assert log(game, Section.FRIENDLY) == [
        "A friendly projectile(id:-1) moves: [A,2] -> [A,5]",
        "  The projectile collides with Grunt(id:1) at location [A,5], dealing 50 damage.",
    ]
    assert grunt.id in game.enemies


def test_damage_that_leaves_an_enemy_exactly_0_health_destroys_it() -> None:
    game, grunt = grunt_hit_for_50(50)
    assert log(game, Section.FRIENDLY)[2] == "  The Grunt at location [A,5] has been destroyed."
    assert grunt.id not in game.enemies and symbol_at(game, "A5") is None
