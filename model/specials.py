"""The five powers (spec 6.8), used by the `special` command once their cost is paid."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.collision import collide
from model.log import tag
from model.tables import (
    ORBITAL_STRIKE_DAMAGE,
    OVERCHARGE_ENERGY_PER_HEALTH,
    OVERCHARGE_MAX_HEALTH,
    REPAIR_HEALTH,
    PowerKind,
)

if TYPE_CHECKING:
    from model.game import Game


def use(game: Game) -> None:
    """Apply the Starfighter's power and log it."""
    POWERS[game.starfighter.loadout.power.kind](game)


def _subject(game: Game) -> str:
    return f"The {tag(game.starfighter.name, game.starfighter.id)} uses special"


def recall(game: Game) -> None:
    """Teleport back to the spawn cell, colliding with whatever is there."""
    ship = game.starfighter
    game.log.actor(f"{_subject(game)}, teleporting to: {ship.spawn}")
    game.lift(ship)
    ship.position = ship.spawn
    occupant = game.occupant(ship.position)
    if occupant is not None:
        collide(game, ship, occupant)
    game.place(ship)


def repair(game: Game) -> None:
    """Gain health, above the total if need be."""
    game.starfighter.health += REPAIR_HEALTH
    game.log.actor(f"{_subject(game)}, gaining {REPAIR_HEALTH} health.")


def overcharge(game: Game) -> None:
    """Turn up to 50 health, never the last point, into twice as much energy."""
    ship = game.starfighter
    spent = max(min(OVERCHARGE_MAX_HEALTH, ship.health - 1), 0)
    gained = spent * OVERCHARGE_ENERGY_PER_HEALTH
    ship.health -= spent
    ship.energy += gained
    game.log.actor(f"{_subject(game)}, gaining {gained} energy at the expense of {spent} health.")


def deploy_drones(game: Game) -> None:
    """Clear every projectile, earliest spawned first."""
    game.log.actor(f"{_subject(game)}, clearing projectiles with drones.")
    for projectile in list(game.projectiles.values()):
        game.log.detail(f"A {tag('projectile', projectile.id)} at location {projectile.position} has been neutralized.")
        game.remove(projectile)


def orbital_strike(game: Game) -> None:
    """Every enemy, earliest spawned first, takes the strike's damage less its armour."""
    game.log.actor(f"{_subject(game)}, unleashing a wave of energy.")
    for enemy in list(game.enemies.values()):
        damage = max(ORBITAL_STRIKE_DAMAGE - enemy.armour, 0)
        game.log.detail(f"A {tag(enemy.name, enemy.id)} at location {enemy.position} takes {damage} damage.")
        game.damage(enemy, damage)


POWERS = {
    PowerKind.RECALL: recall,
    PowerKind.REPAIR: repair,
    PowerKind.OVERCHARGE: overcharge,
    PowerKind.DEPLOY_DRONES: deploy_drones,
    PowerKind.ORBITAL_STRIKE: orbital_strike,
}
