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
        _projectile_hits(game, mover, occupant)
    elif isinstance(mover, Starfighter):
        _starfighter_hits(game, mover, occupant)
    else:
        _enemy_hits(game, mover, occupant)


def _projectile_hits(game: Game, projectile: Projectile, occupant: Entity) -> None:
    where = occupant.position
    target = tag(occupant.name, occupant.id)
    if isinstance(occupant, Projectile):
        if occupant.friendly == projectile.friendly:
            game.log.detail(collides("projectile", target, where, "combining damage"))
            projectile.damage += occupant.damage
            game.remove(occupant)
        else:
            game.log.detail(collides("projectile", target, where, "negating damage"))
            _negate(game, projectile, occupant)
    elif isinstance(occupant, Enemy) and not projectile.friendly:
        game.log.detail(collides("projectile", target, where, f"healing {projectile.damage} damage"))
        occupant.heal(projectile.damage)
        game.remove(projectile)
    else:
        damage = max(projectile.damage - occupant.armour, 0)
        game.log.detail(collides("projectile", target, where, f"dealing {damage} damage"))
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


def _starfighter_hits(game: Game, ship: Starfighter, occupant: Entity) -> None:
    where = occupant.position
    target = tag(occupant.name, occupant.id)
    if isinstance(occupant, Projectile):
        damage = max(occupant.damage - ship.armour, 0)
        game.log.detail(collides(ship.name, target, where, f"taking {damage} damage"))
        game.remove(occupant)
        game.damage(ship, damage)
    else:
        _trade(game, ship, occupant, collides(ship.name, target, where, f"trading {occupant.health} damage"))


def _enemy_hits(game: Game, enemy: Enemy, occupant: Entity) -> None:
    where = occupant.position
    target = tag(occupant.name, occupant.id)
    if isinstance(occupant, Projectile) and occupant.friendly:
        damage = max(occupant.damage - enemy.armour, 0)
        game.log.detail(collides(enemy.name, target, where, f"taking {damage} damage"))
        game.remove(occupant)
        game.damage(enemy, damage)
    elif isinstance(occupant, Projectile):
        game.log.detail(collides(enemy.name, target, where, f"healing {occupant.damage} damage"))
        game.remove(occupant)
        enemy.heal(occupant.damage)
    elif isinstance(occupant, Starfighter):
        _trade(game, occupant, enemy, collides(enemy.name, target, where, f"trading {enemy.health} damage"))


def _trade(game: Game, ship: Starfighter, enemy: Enemy, message: str) -> None:
    """Starfighter meets enemy: the enemy is destroyed, the Starfighter loses the enemy's health."""
    game.log.detail(message)
    damage = enemy.health
    game.destroy(enemy)
    game.damage(ship, damage)
