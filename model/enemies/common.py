"""What several enemy kinds do alike: advance left, fire left, spawn beside themselves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.enemy import Enemy
from model.geometry import line
from model.log import gains, subject, tag
from model.movement import travel
from model.projectile import enemy_projectile
from model.spawning import spawn_enemy, spawn_projectile
from model.tables import Kind, Shot

if TYPE_CHECKING:
    from model.game import Game


def advance(game: Game, enemy: Enemy, columns: int) -> None:
    """Move `columns` cells left, stopping one cell before another enemy."""
    travel(game, enemy, line(enemy.position, 0, -1, columns), subject(enemy.name, enemy.id))


def shoot(game: Game, enemy: Enemy, shot: Shot) -> None:
    """Fire an enemy projectile from the cell left of the enemy, if the enemy is still on board."""
    if game.is_present(enemy):
        position = enemy.position.shifted(0, -1)
        spawn_projectile(
            game, enemy_projectile(game.ids.projectile(), position, shot.speed, shot.damage)
        )


def launch(game: Game, enemy: Enemy, kind: Kind, rows: int, columns: int) -> None:
    """Spawn an enemy of `kind` at an offset from `enemy`, if `enemy` is still on board."""
    if game.is_present(enemy):
        spawn_enemy(game, kind, enemy.position.shifted(rows, columns), depth=1)


def gain(game: Game, enemy: Enemy, amount: int, attribute: str) -> None:
    game.log.actor(gains(tag(enemy.name, enemy.id), amount, attribute))
