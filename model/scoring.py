"""Orbments and foci (spec 6.15): recursive insertion and recursive scoring."""

from __future__ import annotations

from dataclasses import dataclass, field

from model.tables import DROPS, FocusKind, Kind, Orb


@dataclass
class Focus:
    """A container of orbments; `capacity` None is the Starfighter's unlimited focus."""

    capacity: int | None = None
    multiplier: int = 1
    slots: list[Orb | Focus] = field(default_factory=list)
    cached_score: int | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def dropped(cls, kind: FocusKind) -> Focus:
        """A focus as an enemy drops it, its first slot already holding an orb."""
        return cls(kind.capacity, kind.multiplier, [kind.first])

    @property
    def full(self) -> bool:
        return self.capacity is not None and len(self.slots) >= self.capacity

    def add(self, orbment: Orb | Focus) -> bool:
        """Put `orbment` in the first slot, left to right, that takes it; False if none does."""
        for slot in self.slots:
            if isinstance(slot, Focus) and slot.add(orbment):
                self.cached_score = None
                return True
        if self.full:
            return False
        self.slots.append(orbment)
        self.cached_score = None
        return True

    def score(self) -> int:
        """The sum of the slots' scores, multiplied when every slot is occupied.

        Kept until the next `add`, since every state shows it and a long game holds many orbs.
        """
        if self.cached_score is None:
            total = sum(
                slot.score() if isinstance(slot, Focus) else slot.value for slot in self.slots
            )
            self.cached_score = total * self.multiplier if self.full else total
        return self.cached_score


def drop(kind: Kind) -> Orb | Focus:
    """The orbment an enemy of this kind drops when destroyed."""
    loot = DROPS[kind]
    return Focus.dropped(loot) if isinstance(loot, FocusKind) else loot
