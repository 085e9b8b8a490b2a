"""Pylon (spec 6.9.5): heals the enemies near it when unseen, fires when it sees the Starfighter."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.actions import Action
from model.enemies.common import advance, shoot
from model.enemy import Enemy
from model.log import heals, tag
from model.tables import PYLON_HEAL, PYLON_MOVE_SEEN, PYLON_MOVE_UNSEEN, PYLON_SHOT

if TYPE_CHECKING:
    from model.game import Game


def preempt(game: Game, enemy: Enemy, action: Action) -> bool:
    """A Pylon has no preemptive action."""
    return False


def act(game: Game, enemy: Enemy) -> None:
    enemy.regenerate()
    if enemy.can_see_starfighter:
        advance(game, enemy, PYLON_MOVE_SEEN)
        shoot(game, enemy, PYLON_SHOT)
    else:
        advance(game, enemy, PYLON_MOVE_UNSEEN)
        if game.is_present(enemy):
            _heal_around(game, enemy)


def _heal_around(game: Game, pylon: Enemy) -> None:
    """Heal every enemy within the Pylon's vision, itself included, lowest id first."""
    for other in list(game.enemies.values()):
        if pylon.position.distance(other.position) <= pylon.vision:
            other.heal(PYLON_HEAL)
            game.log.detail(
                heals(pylon.name, tag(other.name, other.id), other.position, PYLON_HEAL)
            )
