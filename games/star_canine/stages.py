"""The run's fixed course: three acts of nine stages, in order (spec 2.4)."""

from __future__ import annotations

from dataclasses import dataclass

from games.star_canine.events import Changed, Event, Stat
from games.star_canine.ship import Ship
from games.star_canine.tables import ACTS, Act, StageRule


@dataclass(frozen=True)
class Stage:
    """A stage in the course: its act, its number in the act (from 1) and its rule."""

    act: Act
    number: int
    rule: StageRule

    @property
    def is_first_of_act(self) -> bool:
        return self.number == 1

    @property
    def is_last_of_act(self) -> bool:
        return self.number == len(self.act.stages)


COURSE = tuple(
    Stage(act, number, rule) for act in ACTS for number, rule in enumerate(act.stages, 1)
)
"""Every stage of a run; the run is cleared when it has gone past the last one."""


def supply_at_act_start(act: Act, ship: Ship) -> list[Event]:
    """What an act's start story gives, as it says: ACT II restores the hull and adds 12 ammo."""
    events: list[Event] = []
    if act.start_full_repair:
        before = ship.hull
        ship.repair(ship.max_hull)
        events.append(Changed(act.start_supplies, Stat.HULL, before, ship.hull))
    if act.start_ammo:
        before = ship.ammo
        ship.ammo += act.start_ammo
        events.append(Changed(act.start_supplies, Stat.AMMO, before, ship.ammo))
    return events
