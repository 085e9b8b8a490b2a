"""Projectiles (spec 6.7, 6.9): friendly ones by weapon pattern, enemy ones by who fired them."""

from __future__ import annotations

from dataclasses import dataclass

from model.geometry import Position, line
from model.tables import ENEMY_PROJECTILE_SYMBOL, FRIENDLY_SYMBOL


@dataclass(slots=True)
class Projectile:
    """A projectile on the board: it travels `speed` steps of (`rows`, `columns`) per turn."""

    id: int
    friendly: bool
    position: Position
    damage: int
    speed: int
    rows: int = 0
    columns: int = 1
    teleports: bool = False
    accelerates: bool = False

    @property
    def name(self) -> str:
        return "friendly projectile" if self.friendly else "enemy projectile"

    @property
    def symbol(self) -> str:
        return FRIENDLY_SYMBOL if self.friendly else ENEMY_PROJECTILE_SYMBOL

    def path(self) -> list[Position]:
        """The cells this turn's move passes, in order, destination last."""
        cells = list(line(self.position, self.rows, self.columns, self.speed))
        return cells[-1:] if self.teleports else cells

    def after_move(self) -> None:
        """A rocket doubles its speed once it has acted."""
        if self.accelerates:
            self.speed *= 2


def enemy_projectile(projectile_id: int, position: Position, speed: int, damage: int) -> Projectile:
    """An enemy projectile: it travels left."""
    return Projectile(projectile_id, False, position, damage, speed, columns=-1)
