"""Movement along a path (spec 6.13): one cell at a time, colliding with whatever is there."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from model.collision import collide
from model.enemy import Enemy
from model.geometry import Position
from model.log import moves, stays

if TYPE_CHECKING:
    from model.game import Entity, Game


def travel(game: Game, mover: Entity, path: Iterable[Position], subject: str) -> None:
    """Move `mover` along `path` and log it as `subject moves: start -> end`.

    The mover stops where it is destroyed, where it leaves the board (and leaves the game), or,
    for an enemy, one cell before another enemy. The Starfighter also stops when destroyed.
    """
    start = mover.position
    mark = game.log.mark()
    game.lift(mover)
    board, present = game.board, True
    stops_before_enemies = isinstance(mover, Enemy)
    for cell in path:
        if not board.contains(cell):
            mover.position = cell
            game.remove(mover)
            present = False
            break
        occupant = game.cells.get(cell)
        if stops_before_enemies and isinstance(occupant, Enemy):
            break
        mover.position = cell
        if occupant is not None:
            collide(game, mover, occupant)
            present = game.is_present(mover)
            if not present or game.over:
                break
    if present:
        game.place(mover)
    if mover.position == start:
        game.log.actor_at(mark, stays(subject, start))
    else:
        game.log.actor_at(mark, moves(subject, start, board.describe(mover.position)))
