"""Docking (lines 6430-6620): a starbase in one of the eight sectors around the ship docks it,
refilling energy and torpedoes and dropping the shields, before the short range scan."""

import pytest

from games.basic.single import sng
from games.super_star_trek import tables
from games.super_star_trek.events import Notice, ShortRangeScan
from games.super_star_trek.scans import short_range_scan
from games.super_star_trek.starbases import starbase_adjacent
from tests.super_star_trek.helpers import RecordingBridge, ScriptedRnd, make_mission


@pytest.mark.parametrize(
    ("ship", "base", "docked"),
    [
        ((4, 4), (3, 3), True),
        ((4, 4), (5, 5), True),
        ((4, 4), (4, 5), True),
        ((4, 4), (4, 6), False),
        ((1, 1), (2, 2), True),
        ((8, 8), (8, 7), True),
        ((8, 8), (6, 8), False),
    ],
)
def test_adjacent_starbase(ship: tuple[int, int], base: tuple[int, int], docked: bool) -> None:
    mission = make_mission(ScriptedRnd(), sector=ship, starbase=base)
    assert starbase_adjacent(mission.here.sectors, ship) is docked


def test_docking_refills_and_drops_the_shields() -> None:
    mission = make_mission(ScriptedRnd(), starbase=(3, 3), klingons=[((8, 8), "100")])
    ship = mission.ship
    ship.energy, ship.shields, ship.torpedoes = sng("100"), sng("500"), 2
    bridge = RecordingBridge()
    short_range_scan(mission, bridge)
    assert ship.docked and ship.energy == 3000 and ship.shields == 0 and ship.torpedoes == 10
    assert bridge.events[0] is Notice.SHIELDS_DROPPED
    scan = bridge.events[1]
    assert isinstance(scan, ShortRangeScan) and scan.condition == tables.CONDITION_DOCKED


@pytest.mark.parametrize(
    ("klingons", "energy", "condition"),
    [(1, "3000", "*RED*"), (0, "299", "YELLOW"), (0, "300", "GREEN")],
)
def test_condition(klingons: int, energy: str, condition: str) -> None:
    mission = make_mission(ScriptedRnd(), klingons=[((8, 8), "100")] * klingons)
    mission.ship.energy = sng(energy)
    bridge = RecordingBridge()
    short_range_scan(mission, bridge)
    scan = bridge.events[0]
    assert isinstance(scan, ShortRangeScan) and scan.condition == condition


def test_damaged_sensors_show_nothing() -> None:
    mission = make_mission(ScriptedRnd())
    mission.ship.damage[1] = sng("-1")
    bridge = RecordingBridge()
    short_range_scan(mission, bridge)
    assert bridge.events == [Notice.SRS_OUT]
