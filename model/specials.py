"""The five powers (spec 6.8), used by the `special` command once their cost is paid."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.collision import collide
from model.log import neutralized, subject, tag, takes, uses_special
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


def _announce(game: Game, effect: str) -> None:
    ship = game.starfighter
    game.log.actor(uses_special(subject(ship.name, ship.id), effect))


def recall(game: Game) -> None:
    """Teleport back to the spawn cell, colliding with whatever is there."""
    ship = game.starfighter
    _announce(game, f"teleporting to: {ship.spawn}")
    game.lift(ship)
    ship.position = ship.spawn
    occupant = game.occupant(ship.position)
    if occupant is not None:
        collide(game, ship, occupant)
    game.place(ship)


def repair(game: Game) -> None:
    """Gain health, above the total if need be."""
    game.starfighter.health += REPAIR_HEALTH
    _announce(game, f"gaining {REPAIR_HEALTH} health.")


def overcharge(game: Game) -> None:
    """Turn up to 50 health, never the last point, into twice as much energy."""
    ship = game.starfighter
    spent = max(min(OVERCHARGE_MAX_HEALTH, ship.health - 1), 0)
    gained = spent * OVERCHARGE_ENERGY_PER_HEALTH
    ship.health -= spent
    ship.energy += gained
    _announce(game, f"gaining {gained} energy at the expense of {spent} health.")


def deploy_drones(game: Game) -> None:
    """Clear every projectile, earliest spawned first."""
    _announce(game, "clearing projectiles with drones.")
    for projectile in list(game.projectiles.values()):
        game.log.detail(neutralized(projectile.id, projectile.position))
        game.remove(projectile)


def orbital_strike(game: Game) -> None:
    """Every enemy, earliest spawned first, takes the strike's damage less its armour."""
    _announce(game, "unleashing a wave of energy.")
    for enemy in list(game.enemies.values()):
        damage = max(ORBITAL_STRIKE_DAMAGE - enemy.armour, 0)
        game.log.detail(takes(tag(enemy.name, enemy.id), enemy.position, damage))
        game.damage(enemy, damage)


POWERS = {
    PowerKind.RECALL: recall,
    PowerKind.REPAIR: repair,
    PowerKind.OVERCHARGE: overcharge,
    PowerKind.DEPLOY_DRONES: deploy_drones,
    PowerKind.ORBITAL_STRIKE: orbital_strike,
}
