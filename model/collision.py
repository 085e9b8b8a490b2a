"""Collision resolution (spec 6.13): what happens when a mover or a spawn meets an occupant.

One mechanism serves every mover and every spawn: projectiles, the Starfighter and enemies,
moving along a path or appearing on a cell. Enemies never collide with enemies; movement stops
them one cell before (see `model.movement`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.enemy import Enemy
from model.log import collides, tag
from model.projectile import Projectile
from model.starfighter import Starfighter

if TYPE_CHECKING:
    from model.game import Entity, Game


def collide(game: Game, mover: Entity, occupant: Entity) -> None:
    """Resolve `mover` arriving on `occupant`'s cell, logging at detail depth."""
    if isinstance(mover, Projectile):
        _projectile_meets(game, mover, occupant)
    elif isinstance(mover, Starfighter):
        _starfighter_meets(game, mover, occupant)
    else:
        _enemy_meets(game, mover, occupant)


def _log(game: Game, mover: str, occupant: Entity, effect: str) -> None:
    game.log.detail(collides(mover, tag(occupant.name, occupant.id), occupant.position, effect))


def _projectile_meets(game: Game, projectile: Projectile, occupant: Entity) -> None:
    if isinstance(occupant, Projectile) and occupant.friendly == projectile.friendly:
        _log(game, "projectile", occupant, "combining damage")
        projectile.damage += occupant.damage
        game.remove(occupant)
    elif isinstance(occupant, Projectile):
        _log(game, "projectile", occupant, "negating damage")
        _negate(game, projectile, occupant)
    elif isinstance(occupant, Enemy) and not projectile.friendly:
        _log(game, "projectile", occupant, f"healing {projectile.damage} damage")
        occupant.heal(projectile.damage)
        game.remove(projectile)
    else:
        damage = max(projectile.damage - occupant.armour, 0)
        _log(game, "projectile", occupant, f"dealing {damage} damage")
        game.remove(projectile)
        game.damage(occupant, damage)


def _negate(game: Game, mover: Projectile, occupant: Projectile) -> None:
    """Opposing projectiles cancel out: the weaker one goes, the stronger keeps the difference."""
    mover_damage, occupant_damage = mover.damage, occupant.damage
    mover.damage -= occupant_damage
    occupant.damage -= mover_damage
    if occupant.damage <= 0:
        game.remove(occupant)
    if mover.damage <= 0:
        game.remove(mover)


def _starfighter_meets(game: Game, ship: Starfighter, occupant: Entity) -> None:
    if isinstance(occupant, Projectile):
        _struck(game, ship, occupant)
    elif isinstance(occupant, Enemy):
        _log(game, ship.name, occupant, f"trading {occupant.health} damage")
        _trade(game, ship, occupant)


def _enemy_meets(game: Game, enemy: Enemy, occupant: Entity) -> None:
    if isinstance(occupant, Projectile) and occupant.friendly:
        _struck(game, enemy, occupant)
    elif isinstance(occupant, Projectile):
        _log(game, enemy.name, occupant, f"healing {occupant.damage} damage")
        game.remove(occupant)
        enemy.heal(occupant.damage)
    elif isinstance(occupant, Starfighter):
        _log(game, enemy.name, occupant, f"trading {enemy.health} damage")
        _trade(game, occupant, enemy)


def _struck(game: Game, target: Starfighter | Enemy, projectile: Projectile) -> None:
    """`target` moves onto a projectile that harms it: armour absorbs part, it takes the rest."""
    damage = max(projectile.damage - target.armour, 0)
    _log(game, target.name, projectile, f"taking {damage} damage")
    game.remove(projectile)
    game.damage(target, damage)


def _trade(game: Game, ship: Starfighter, enemy: Enemy) -> None:
    """Starfighter meets enemy: the enemy is destroyed, the Starfighter loses the enemy's health."""
    damage = enemy.health
    game.destroy(enemy)
    game.damage(ship, damage)
