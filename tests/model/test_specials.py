"""The five powers (spec 6.8) and their messages (messages.txt, SECTION 6)."""

from model import specials, turn
from model.actions import UseSpecial
from model.log import Section
from model.tables import Kind
from tests.model.builders import (
    log,
    move_ship,
    new_game,
    put_enemy,
    put_enemy_projectile,
    put_friendly_projectile,
)

RECALL, REPAIR, OVERCHARGE, DRONES, STRIKE = 1, 2, 3, 4, 5


def test_recall_teleports_to_spawn_and_costs_50_energy() -> None:
    game = new_game(power=RECALL)
    move_ship(game, "A1")
    turn.play(game, UseSpecial())
    ship = game.starfighter
    assert str(ship.position) == "[C,1]"
    assert ship.energy == 70 - 50
    assert log(game, Section.STARFIGHTER) == [
        "The Starfighter(id:0) uses special, teleporting to: [C,1]"
    ]


def test_recall_collides_at_the_spawn() -> None:
    game = new_game(power=RECALL)
    move_ship(game, "A1")
    put_enemy_projectile(game, "C1", damage=15, speed=0)
    turn.play(game, UseSpecial())
    assert log(game, Section.STARFIGHTER)[1] == (
        "  The Starfighter collides with enemy projectile(id:-1) at location [C,1], taking 14"
        " damage."
    )
    assert game.starfighter.health == 70 - 14


def test_repair_goes_over_the_total_and_stops_health_regen() -> None:
    game = new_game(power=REPAIR)
    turn.play(game, UseSpecial())
    assert game.starfighter.health == 70 + 50
    assert log(game, Section.STARFIGHTER) == [
        "The Starfighter(id:0) uses special, gaining 50 health."
    ]
    turn.play(game, UseSpecial())
    assert game.starfighter.health == 70 + 100


def test_overcharge_spends_up_to_50_health_for_twice_the_energy() -> None:
    game = new_game(power=OVERCHARGE)
    turn.play(game, UseSpecial())
    assert (game.starfighter.health, game.starfighter.energy) == (70 - 50, 70 + 100)
    assert log(game, Section.STARFIGHTER) == [
        "The Starfighter(id:0) uses special, gaining 100 energy at the expense of 50 health."
    ]


def test_overcharge_never_spends_the_last_health_point() -> None:
    game = new_game(power=OVERCHARGE)
    game.starfighter.health = 11
    turn.play(game, UseSpecial())
    assert game.starfighter.health == 1
    turn.play(game, UseSpecial())
    assert log(game, Section.STARFIGHTER) == [
        "The Starfighter(id:0) uses special, gaining 2 energy at the expense of 1 health."
    ]


def test_deploy_drones_clears_projectiles_earliest_first() -> None:
    game = new_game(power=DRONES)
    game.starfighter.energy = 200
    put_friendly_projectile(game, "A5", speed=0)
    put_enemy_projectile(game, "E5", speed=0)
    turn.play(game, UseSpecial())
    assert game.projectiles == {}
    assert log(game, Section.STARFIGHTER) == [
        "The Starfighter(id:0) uses special, clearing projectiles with drones.",
        "  A projectile(id:-1) at location [A,5] has been neutralized.",
        "  A projectile(id:-2) at location [E,5] has been neutralized.",
    ]


def test_orbital_strike_hits_every_enemy_less_armour_lowest_id_first() -> None:
    game = new_game(power=STRIKE)
    game.starfighter.energy = 200
    put_enemy(game, Kind.CARRIER, "A9")
    put_enemy(game, Kind.INTERCEPTOR, "E9")
    turn.play(game, UseSpecial())
    assert log(game, Section.STARFIGHTER) == [
        "The Starfighter(id:0) uses special, unleashing a wave of energy.",
        "  A Carrier(id:1) at location [A,9] takes 85 damage.",
        "  A Interceptor(id:2) at location [E,9] takes 100 damage.",
        "  The Interceptor at location [E,9] has been destroyed.",
    ]
    assert game.starfighter.focus.score() == 1


def test_energy_powers_need_their_cost_after_regeneration() -> None:
    game = new_game(power=RECALL)
    game.starfighter.energy = 46
    assert turn.check(game, UseSpecial()) is not None
    game.starfighter.energy = 47
    assert turn.check(game, UseSpecial()) is None


def test_orbital_strike_does_no_harm_to_an_enemy_with_as_much_armour() -> None:
    game = new_game(power=STRIKE)
    game.starfighter.energy = 200
    fighter = put_enemy(game, Kind.FIGHTER, "A9")
    fighter.armour = 100
    turn.play(game, UseSpecial())
    assert (
        log(game, Section.STARFIGHTER)[1] == "  A Fighter(id:1) at location [A,9] takes 0 damage."
    )
    assert fighter.health == 150


def test_overcharge_with_one_health_converts_nothing() -> None:
    """The spec's example (6.8); no turn reaches it, as regeneration comes first."""
    game = new_game(power=OVERCHARGE)
    ship = game.starfighter
    ship.health = 1
    specials.overcharge(game)
    assert (ship.health, ship.energy) == (1, 70)
