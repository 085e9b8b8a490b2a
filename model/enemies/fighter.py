"""Fighter (spec 6.9.2): armours up against fire, charges on pass, otherwise advances and fires."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.actions import Action, FireWeapon, PassTurn
from model.enemies.common import advance, gain, shoot
from model.enemy import Enemy
from model.tables import (
    FIGHTER_FIRE_ARMOUR_GAIN,
    FIGHTER_MOVE_SEEN,
    FIGHTER_MOVE_UNSEEN,
    FIGHTER_PASS_MOVE,
    FIGHTER_PASS_SHOT,
    FIGHTER_SHOT_SEEN,
    FIGHTER_SHOT_UNSEEN,
)

if TYPE_CHECKING:
    from model.game import Game


def preempt(game: Game, enemy: Enemy, action: Action) -> bool:
    """On fire, gain armour and go on; on pass, act hard and end the turn.

    A preemptive action that ends the turn works as a normal action does (spec 6.13.5):
    regeneration first, then movement, then firing.
    """
    if isinstance(action, FireWeapon):
        enemy.armour += FIGHTER_FIRE_ARMOUR_GAIN
        gain(game, enemy, FIGHTER_FIRE_ARMOUR_GAIN, "armour")
    elif isinstance(action, PassTurn):
        enemy.regenerate()
        advance(game, enemy, FIGHTER_PASS_MOVE)
        shoot(game, enemy, FIGHTER_PASS_SHOT)
        return True
    return False


def act(game: Game, enemy: Enemy) -> None:
    enemy.regenerate()
    seen = enemy.can_see_starfighter
    advance(game, enemy, FIGHTER_MOVE_SEEN if seen else FIGHTER_MOVE_UNSEEN)
    shoot(game, enemy, FIGHTER_SHOT_SEEN if seen else FIGHTER_SHOT_UNSEEN)
