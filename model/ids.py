"""Entity ids (spec 6.12): the Starfighter is 0, projectiles count down from
-1, enemies up from 1."""

from __future__ import annotations

from dataclasses import dataclass

STARFIGHTER_ID = 0


@dataclass
class Ids:
    """The id counters of one game; a new game starts a new one."""

    last_enemy: int = 0
    last_projectile: int = 0

    def enemy(self) -> int:
        self.last_enemy += 1
        return self.last_enemy

    def projectile(self) -> int:
        self.last_projectile -= 1
        return self.last_projectile
