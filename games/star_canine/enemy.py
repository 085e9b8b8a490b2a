"""Enemies: the data's hostile units, and which one a combat stage meets (spec 2.2, 2.4)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.star_canine.chance import pick
from games.star_canine.tables import EnemyType, Range, StageRule


@dataclass(frozen=True)
class EnemyKind:
    """One entry of Enemy_data.json; a null shield or armor is 0, a null use count unlimited."""

    name: str
    hull: int
    shield: int
    armor: int
    damage: Mapping[Range, int | None]
    uses: Mapping[Range, int | None]
    difficulty: int
    type: EnemyType

    @property
    def is_boss(self) -> bool:
        return self.type is EnemyType.BOSS


def candidates(rule: StageRule, enemies: Sequence[EnemyKind]) -> list[EnemyKind]:
    """The enemies a combat stage may meet: its difficulty and type; failing that, its difficulty.

    The v0.3.2 data has no Elite at difficulty 5 (ACT I stage 5) and no Normal at 24 (ACT III
    stages 6 and 7): there the stage's difficulty alone decides (README, decisions).
    """
    exact = [e for e in enemies if e.difficulty == rule.difficulty and e.type is rule.enemy_type]
    return exact or [e for e in enemies if e.difficulty == rule.difficulty]


def choose_enemy(rule: StageRule, enemies: Sequence[EnemyKind], rng: random.Random) -> EnemyKind:
    """The enemy of a combat stage: one of its candidates, drawn when there are several."""
    return pick(rng, candidates(rule, enemies))
