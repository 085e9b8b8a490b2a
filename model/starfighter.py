"""The Starfighter (spec 6.6, 6.13.3): the sum of its parts, its resources and its regeneration."""

from __future__ import annotations

from dataclasses import dataclass, field

from model.geometry import Position
from model.ids import STARFIGHTER_ID
from model.scoring import Focus
from model.tables import (
    DESTROYED_SYMBOL,
    STARFIGHTER_SYMBOL,
    CostKind,
    Part,
    Power,
    Stats,
    Weapon,
)

NAME = "Starfighter"


@dataclass(frozen=True)
class Loadout:
    """The four parts selected in setup."""

    weapon: Weapon
    armour: Part
    engine: Part
    power: Power

    @property
    def stats(self) -> Stats:
        return self.weapon.stats + self.armour.stats + self.engine.stats


@dataclass(slots=True)
class Starfighter:
    """The player's ship: current health and energy, where it is, and the orbments it holds."""

    loadout: Loadout
    stats: Stats
    spawn: Position
    position: Position
    health: int
    energy: int
    focus: Focus = field(default_factory=Focus)
    destroyed: bool = False

    id = STARFIGHTER_ID
    name = NAME

    @classmethod
    def launched(cls, loadout: Loadout, spawn: Position) -> Starfighter:
        """A Starfighter at its spawn with full health and energy."""
        stats = loadout.stats
        return cls(loadout, stats, spawn, spawn, stats.health, stats.energy)

    @property
    def symbol(self) -> str:
        return DESTROYED_SYMBOL if self.destroyed else STARFIGHTER_SYMBOL

    @property
    def armour(self) -> int:
        return self.stats.armour

    def regenerated(self, times: int = 1) -> tuple[int, int]:
        """Health and energy after `times` regenerations, never raising what is over its cap."""
        health, energy = self.health, self.energy
        for _ in range(times):
            health = _regenerate(health, self.stats.health_regen, self.stats.health)
            energy = _regenerate(energy, self.stats.energy_regen, self.stats.energy)
        return health, energy

    def regenerate(self, times: int = 1) -> None:
        self.health, self.energy = self.regenerated(times)

    def can_afford(self, cost: int, kind: CostKind) -> bool:
        """Whether, after this turn's regeneration, the Starfighter can pay `cost`."""
        health, energy = self.regenerated()
        return (health if kind is CostKind.HEALTH else energy) >= cost

    def pay(self, cost: int, kind: CostKind) -> None:
        if kind is CostKind.HEALTH:
            self.health -= cost
        else:
            self.energy -= cost

    def take_damage(self, damage: int) -> None:
        """Lose `damage` health; at 0 or below the Starfighter is destroyed, with 0 health."""
        self.health -= damage
        if self.health <= 0:
            self.health = 0
            self.destroyed = True


def _regenerate(current: int, regen: int, cap: int) -> int:
    return min(current + regen, cap) if current < cap else current
