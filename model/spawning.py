"""Spawning (spec 6.13.3, 6.13.5, 6.13.7): ids, blocked spawns, out-of-board spawns, collisions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.collision import collide
from model.enemy import Enemy
from model.geometry import Position
from model.log import spawns, tag
from model.projectile import Projectile
from model.tables import SPAWN_KIND_RANGE, SPAWN_ORDER, Kind

if TYPE_CHECKING:
    from model.game import Entity, Game


def spawn_projectile(game: Game, projectile: Projectile) -> None:
    """A projectile appears (its id already taken): logged, then it meets what is on its cell."""
    game.log.detail(
        spawns(tag(projectile.name, projectile.id), game.board.describe(projectile.position))
    )
    if game.board.contains(projectile.position):
        game.add_projectile(projectile)
        _arrive(game, projectile)


def spawn_enemy(game: Game, kind: Kind, position: Position, depth: int) -> None:
    """An enemy appears, unless another enemy holds the cell (then no id is used either)."""
    if isinstance(game.occupant(position), Enemy):
        return
    enemy = game.new_enemy(kind, position)
    game.log.write(depth, spawns(tag(enemy.name, enemy.id), game.board.describe(position)))
    if game.board.contains(position):
        ship = game.starfighter
        enemy.update_vision(ship.position, ship.stats.vision)
        game.add_enemy(enemy)
        _arrive(game, enemy)


def _arrive(game: Game, newcomer: Entity) -> None:
    """The newcomer collides with the occupant of its cell, and stays there if it survives."""
    occupant = game.occupant(newcomer.position)
    if occupant is not None:
        collide(game, newcomer, occupant)
    if game.is_present(newcomer):
        game.place(newcomer)


def natural_spawn(game: Game) -> None:
    """Phase 7: two draws, a row of the last column and a kind by the thresholds of `play`."""
    row = game.generator.choose(1, game.board.rows)
    value = game.generator.choose(1, SPAWN_KIND_RANGE)
    game.drawn = (row, value)
    kind = next(
        (
            kind
            for kind, threshold in zip(SPAWN_ORDER, game.thresholds, strict=True)
            if value < threshold
        ),
        None,
    )
    if kind is not None:
        spawn_enemy(game, kind, Position(row, game.board.columns), depth=0)
