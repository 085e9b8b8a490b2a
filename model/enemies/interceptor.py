"""Interceptor (spec 6.9.4): drops into the Starfighter's row when it fires, else advances."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.actions import Action, FireWeapon
from model.enemies.common import advance
from model.enemy import Enemy
from model.geometry import line
from model.log import subject
from model.movement import travel
from model.tables import INTERCEPTOR_MOVE

if TYPE_CHECKING:
    from model.game import Game


def preempt(game: Game, enemy: Enemy, action: Action) -> bool:
    """On fire, move vertically toward the Starfighter's row, ending the turn."""
    if not isinstance(action, FireWeapon):
        return False
    enemy.regenerate()
    rows = game.starfighter.position.row - enemy.position.row
    step = 1 if rows > 0 else -1
    travel(game, enemy, line(enemy.position, step, 0, abs(rows)), subject(enemy.name, enemy.id))
    return True


def act(game: Game, enemy: Enemy) -> None:
    enemy.regenerate()
    advance(game, enemy, INTERCEPTOR_MOVE)
