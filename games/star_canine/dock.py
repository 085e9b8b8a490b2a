"""The dock: pay by discarding items, then repair or resupply; or skip it (spec 5.1)."""

from __future__ import annotations

from dataclasses import dataclass

from games.star_canine import upgrades
from games.star_canine.equipment import Item
from games.star_canine.events import Changed, Discarded, Event, Stat
from games.star_canine.ship import Ship
from games.star_canine.tables import DOCK_REPAIR_PERCENT, DOCK_RESUPPLY_AMMO
from games.star_canine.upgrades import UpgradeStates

DOCK = "Dock"


@dataclass
class DockVisit:
    """A dock's payment: due items (the act's number, doubled by a penalty) and those given."""

    due: int
    paid: int = 0

    @property
    def paid_at_dock(self) -> bool:
        return self.paid >= self.due

    @property
    def left(self) -> int:
        return self.due - self.paid


def visit(act_number: int, states: UpgradeStates) -> DockVisit:
    """Arrive at a dock of this act."""
    return DockVisit(act_number * upgrades.dock_payment_factor(states))


def can_pay(visit: DockVisit, ship: Ship) -> bool:
    """The ship still owns enough items to complete the payment."""
    return len(ship.items) >= visit.left


def discard(visit: DockVisit, ship: Ship, item: Item) -> Event:
    """Give one item, equipped or not, as payment; it is gone for good."""
    ship.discard(item)
    visit.paid += 1
    return Discarded(item.name, visit.paid, visit.due)


def repair_amount(ship: Ship) -> int:
    """30% of max hull, rounded down (before the cap at max hull)."""
    return ship.max_hull * DOCK_REPAIR_PERCENT // 100


def repair(ship: Ship) -> Event:
    before = ship.hull
    ship.repair(repair_amount(ship))
    return Changed(DOCK, Stat.HULL, before, ship.hull)


def resupply(ship: Ship) -> Event:
    before = ship.ammo
    ship.ammo += DOCK_RESUPPLY_AMMO
    return Changed(DOCK, Stat.AMMO, before, ship.ammo)
