"""Starbases: where one is placed, docking beside it, and the price of destroying one."""

from games.basic.rnd import Rnd
from games.basic.single import Single
from games.super_star_trek import tables
from games.super_star_trek.sectors import Sector, SectorMap, Thing, find_empty_sector

_SIZE = tables.GALAXY_SIZE


def place_starbase(sectors: SectorMap, rnd: Rnd) -> Sector:
    """Line 1880: the quadrant's starbase in an empty sector (B4, B5)."""
    sector = find_empty_sector(sectors, rnd)
    sectors.put(sector, Thing.STARBASE)
    return sector


def starbase_adjacent(sectors: SectorMap, ship: Sector) -> bool:
    """Lines 6430-6540: a starbase in one of the eight sectors around the ship (docking)."""
    row, col = ship
    for near_row in range(row - 1, row + 2):
        for near_col in range(col - 1, col + 2):
            if 1 <= near_row <= _SIZE and 1 <= near_col <= _SIZE:
                if sectors.at((near_row, near_col)) is Thing.STARBASE:
                    return True
    return False


def relieved_of_command(starbases_left: int, klingons_left: int, overdue: Single) -> bool:
    """Line 5360: the last starbase destroyed with no more Klingons than the days overdue
    (T-T0-T9) ends the command; otherwise only a court martial is considered."""
    return not (starbases_left > 0 or klingons_left > overdue)
