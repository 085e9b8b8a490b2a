"""Grunt (spec 6.9.1): grows on pass and special, advances and fires every turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.actions import Action, PassTurn, UseSpecial
from model.enemies.common import advance, gain, shoot
from model.enemy import Enemy
from model.tables import (
    GRUNT_MOVE_SEEN,
    GRUNT_MOVE_UNSEEN,
    GRUNT_PASS_GAIN,
    GRUNT_SHOT,
    GRUNT_SPECIAL_GAIN,
)

if TYPE_CHECKING:
    from model.game import Game


def preempt(game: Game, enemy: Enemy, action: Action) -> bool:
    """On pass or special, gain total and current health; the turn goes on."""
    amount = {PassTurn: GRUNT_PASS_GAIN, UseSpecial: GRUNT_SPECIAL_GAIN}.get(type(action))
    if amount is not None:
        enemy.total_health += amount
        enemy.health += amount
        gain(game, enemy, amount, "total health")
    return False


def act(game: Game, enemy: Enemy) -> None:
    enemy.regenerate()
    advance(game, enemy, GRUNT_MOVE_SEEN if enemy.can_see_starfighter else GRUNT_MOVE_UNSEEN)
    shoot(game, enemy, GRUNT_SHOT)
