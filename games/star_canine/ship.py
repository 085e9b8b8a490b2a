"""The player's ship: hull, ammo, slots and the inventory of owned items, some equipped."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.star_canine.equipment import Equipment, Item


@dataclass
class Ship:
    """Hull damage and ammo persist between battles; shield and armor exist only in combat.

    `items` is the inventory in the order the items were gained; `equipped` holds the uids of the
    equipped ones in slot order, the order they were equipped, which is also their firing order.
    """

    hull: int
    max_hull: int
    ammo: int
    max_slots: int
    items: list[Item] = field(default_factory=list)
    equipped: list[int] = field(default_factory=list)
    next_uid: int = 1

    def gain(self, kind: Equipment) -> Item:
        """Add an item of this kind to the inventory, unequipped."""
        item = Item(self.next_uid, kind)
        self.next_uid += 1
        self.items.append(item)
        return item

    def listing(self) -> list[Item]:
        """The inventory as shown and numbered: equipped items in slot order, then the others."""
        return self.equipped_items() + [i for i in self.items if i.uid not in self.equipped]

    def equipped_items(self) -> list[Item]:
        by_uid = {item.uid: item for item in self.items}
        return [by_uid[uid] for uid in self.equipped]

    def is_equipped(self, item: Item) -> bool:
        return item.uid in self.equipped

    def free_slots(self) -> int:
        return self.max_slots - len(self.equipped)

    def equip(self, item: Item) -> None:
        """Put an item in the next slot (the caller checks a slot is free)."""
        self.equipped.append(item.uid)

    def unequip(self, item: Item) -> None:
        self.equipped.remove(item.uid)

    def discard(self, item: Item) -> None:
        """Remove an item from the game, unequipping it first (spec 5.1)."""
        if self.is_equipped(item):
            self.unequip(item)
        self.items.remove(item)

    def replace(self, item: Item, kind: Equipment) -> Item:
        """Put a new item of another kind in this item's inventory place, unequipped."""
        if self.is_equipped(item):
            self.unequip(item)
        new = Item(self.next_uid, kind)
        self.next_uid += 1
        self.items[self.items.index(item)] = new
        return new

    def repair(self, amount: int) -> int:
        """Heal the hull by up to amount, never past max hull; the hull gained."""
        before = self.hull
        self.hull = max(self.hull, min(self.max_hull, self.hull + amount))
        return self.hull - before
