"""Firing (spec 6.7, 6.13.3): each weapon's volley spawns top to bottom, every shot taking an id."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.projectile import Projectile
from model.spawning import spawn_projectile
from model.tables import VOLLEYS

if TYPE_CHECKING:
    from model.game import Game


def fire(game: Game) -> None:
    """Spawn the Starfighter's volley (its cost is already paid)."""
    ship = game.starfighter
    weapon = ship.loadout.weapon
    for barrel in VOLLEYS[weapon.pattern]:
        projectile = Projectile(
            game.ids.projectile(),
            True,
            ship.position.shifted(barrel.rows, barrel.columns),
            weapon.damage,
            barrel.speed,
            rows=barrel.step_rows,
            teleports=barrel.teleports,
            accelerates=barrel.accelerates,
        )
        spawn_projectile(game, projectile)
        if game.over:
            return
