"""SRS and LRS: the short range scan (with the docking check that precedes it, lines
6430-7260) and the long range scan of the nine quadrants around the ship (lines 4000-4230)."""

from games.basic.single import sng
from games.super_star_trek import tables
from games.super_star_trek.enterprise import dock
from games.super_star_trek.events import Bridge, LongRangeScan, Notice, ShortRangeScan
from games.super_star_trek.galaxy import in_galaxy
from games.super_star_trek.mission import Mission
from games.super_star_trek.starbases import starbase_adjacent
from games.super_star_trek.steps import Step

_YELLOW_FRACTION = sng(tables.YELLOW_ENERGY_FRACTION)


def short_range_scan(mission: Mission, bridge: Bridge) -> Step:
    """Lines 6430-7260: dock beside a starbase, set the condition, show the quadrant."""
    ship, here = mission.ship, mission.here
    if starbase_adjacent(here.sectors, ship.sector):
        dock(ship)
        condition = tables.CONDITION_DOCKED
        bridge.report(Notice.SHIELDS_DROPPED)
    else:
        ship.docked = False
        condition = _condition(mission)
    if ship.damaged(tables.SHORT_RANGE_SENSORS):
        bridge.report(Notice.SRS_OUT)
        return Step.PROMPT
    bridge.report(
        ShortRangeScan(
            tuple(thing.value for thing in here.sectors.cells),
            mission.stardate,
            condition,
            ship.quadrant,
            ship.sector,
            ship.torpedoes,
            ship.energy + ship.shields,
            ship.shields,
            mission.galaxy.klingons,
        )
    )
    return Step.PROMPT


def _condition(mission: Mission) -> str:
    """Lines 6650-6660: RED with Klingons about, YELLOW under a tenth of the energy."""
    if mission.here.klingon_count > 0:
        return tables.CONDITION_RED
    if mission.ship.energy < tables.INITIAL_ENERGY * _YELLOW_FRACTION:
        return tables.CONDITION_YELLOW
    return tables.CONDITION_GREEN


def long_range_scan(mission: Mission, bridge: Bridge) -> Step:
    """Lines 4000-4230: the contents of the nine quadrants around, which the computer records."""
    if mission.ship.damaged(tables.LONG_RANGE_SENSORS):
        bridge.report(Notice.LRS_INOPERABLE)
        return Step.PROMPT
    galaxy = mission.galaxy
    centre_row, centre_col = mission.ship.quadrant
    rows = []
    for row in range(centre_row - 1, centre_row + 2):
        cells: list[int | None] = []
        for col in range(centre_col - 1, centre_col + 2):
            if in_galaxy(row, col):
                galaxy.remember((row, col))
                cells.append(galaxy.at((row, col)))
            else:
                cells.append(None)
        rows.append(tuple(cells))
    bridge.report(LongRangeScan(mission.ship.quadrant, tuple(rows)))
    return Step.PROMPT
