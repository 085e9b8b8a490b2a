"""Equipment (the data's items) and owned items: what a weapon deals, modules' multipliers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from games.star_canine.tables import WEAPON_TYPES, ItemType, Range


@dataclass(frozen=True)
class Equipment:
    """One entry of Equipment_data.json; fields a type does not use are None or 0."""

    id: int
    name: str
    type: ItemType
    reward: bool
    disposable: bool
    damage: Mapping[Range, int | None]
    ammo_cost: int
    uses_per_battle: int | None
    shield: int
    armor: int
    target_type: ItemType | None
    multiplier: int

    @property
    def is_weapon(self) -> bool:
        return self.type in WEAPON_TYPES

    def damage_at(self, at: Range) -> int | None:
        """The base damage at this range, None when the weapon cannot fire there."""
        return self.damage.get(at)


@dataclass(frozen=True)
class Item:
    """An owned piece of equipment; the uid tells apart two items of the same id."""

    uid: int
    kind: Equipment

    @property
    def name(self) -> str:
        return self.kind.name


def multiplier_for(weapon_type: ItemType, modules: Iterable[Equipment]) -> int:
    """The product of the multipliers of the modules boosting this weapon type (spec 4.2)."""
    product = 1
    for module in modules:
        if module.type is ItemType.MODULE and module.target_type is weapon_type:
            product *= module.multiplier
    return product


def weapon_damage(weapon: Equipment, at: Range, modules: Iterable[Equipment], bonus: int) -> int:
    """A weapon's damage at a range: (base + bonus) x modules' multipliers; 0 if it cannot fire."""
    base = weapon.damage_at(at)
    if base is None:
        return 0
    return (base + bonus) * multiplier_for(weapon.type, modules)


def fighter_bonus(weapon: Equipment, bonus: int) -> int:
    """The Reinforced Hangar's base-damage bonus applies to FIGHTER attacks only."""
    return bonus if weapon.type is ItemType.FIGHTER else 0
