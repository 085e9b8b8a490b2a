"""Carrier (spec 6.9.3): regenerates faster against specials, launches Interceptors."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.actions import Action, PassTurn, UseSpecial
from model.enemies.common import advance, gain, launch
from model.enemy import Enemy
from model.tables import (
    CARRIER_MOVE_SEEN,
    CARRIER_MOVE_UNSEEN,
    CARRIER_PASS_MOVE,
    CARRIER_SPECIAL_REGEN_GAIN,
    Kind,
)

if TYPE_CHECKING:
    from model.game import Game


def preempt(game: Game, enemy: Enemy, action: Action) -> bool:
    """On special, gain regen and go on; on pass, act (regenerate, advance, launch above and
    below) and end the turn."""
    if isinstance(action, UseSpecial):
        enemy.regen += CARRIER_SPECIAL_REGEN_GAIN
        gain(game, enemy, CARRIER_SPECIAL_REGEN_GAIN, "regen")
    elif isinstance(action, PassTurn):
        enemy.regenerate()
        advance(game, enemy, CARRIER_PASS_MOVE)
        launch(game, enemy, Kind.INTERCEPTOR, -1, 0)
        launch(game, enemy, Kind.INTERCEPTOR, 1, 0)
        return True
    return False


def act(game: Game, enemy: Enemy) -> None:
    enemy.regenerate()
    if enemy.can_see_starfighter:
        advance(game, enemy, CARRIER_MOVE_SEEN)
        launch(game, enemy, Kind.INTERCEPTOR, 0, -1)
    else:
        advance(game, enemy, CARRIER_MOVE_UNSEEN)
