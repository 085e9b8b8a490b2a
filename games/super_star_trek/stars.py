"""Stars: scattered in empty sectors of a quadrant; a torpedo that meets one is absorbed."""

from games.basic.rnd import Rnd
from games.super_star_trek.sectors import SectorMap, Thing, find_empty_sector


def place_stars(sectors: SectorMap, count: int, rnd: Rnd) -> None:
    """Line 1910: each star in a random empty sector."""
    for _ in range(count):
        sectors.put(find_empty_sector(sectors, rnd), Thing.STAR)
