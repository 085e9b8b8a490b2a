"""What every enemy has (spec 6.9): health, regen, armour, vision and the two vision flags."""

from __future__ import annotations

from dataclasses import dataclass, field

from model.geometry import Position
from model.tables import ENEMIES, Kind


@dataclass(slots=True)
class Enemy:
    """One enemy on the board; its kind's module says how it acts."""

    id: int
    kind: Kind
    position: Position
    health: int
    total_health: int
    regen: int
    armour: int
    vision: int
    seen_by_starfighter: bool = False
    can_see_starfighter: bool = False
    name: str = field(init=False)
    symbol: str = field(init=False)

    def __post_init__(self) -> None:
        """Name and symbol follow from the kind; they are kept since every log line and board
        cell reads them."""
        self.name = ENEMIES[self.kind].name
        self.symbol = self.kind.value

    @classmethod
    def spawned(cls, enemy_id: int, kind: Kind, position: Position) -> Enemy:
        """A new enemy of `kind` with its kind's starting attributes."""
        base = ENEMIES[kind]
        return cls(
            enemy_id, kind, position, base.health, base.health, base.regen, base.armour, base.vision
        )

    @property
    def destroyed(self) -> bool:
        return self.health <= 0

    def regenerate(self) -> None:
        """Health regeneration up to the total; enemies have no energy."""
        self.heal(self.regen)

    def heal(self, amount: int) -> None:
        """Gain `amount` health, never above the total."""
        self.health = min(self.health + amount, self.total_health)

    def take_damage(self, damage: int) -> None:
        self.health -= damage

    def update_vision(self, starfighter_position: Position, starfighter_vision: int) -> None:
        """Phases 4 and 6: who sees whom, by displacement against each one's vision."""
        distance = self.position.distance(starfighter_position)
        self.seen_by_starfighter = distance <= starfighter_vision
        self.can_see_starfighter = distance <= self.vision
