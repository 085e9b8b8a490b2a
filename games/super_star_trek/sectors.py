"""The sectors of the quadrant the Enterprise is in (the listing's string Q$, lines 8590-8900)."""

from dataclasses import dataclass, field
from enum import Enum

from games.basic.rnd import Rnd
from games.super_star_trek import tables
from games.super_star_trek.chance import one_to_eight

Sector = tuple[int, int]  # (row, column), each 1 to 8


class Thing(Enum):
    """What a sector holds; its value is how the short range scan shows it."""

    EMPTY = tables.EMPTY_SYMBOL
    ENTERPRISE = tables.ENTERPRISE_SYMBOL
    KLINGON = tables.KLINGON_SYMBOL
    STARBASE = tables.STARBASE_SYMBOL
    STAR = tables.STAR_SYMBOL


_SIZE = tables.GALAXY_SIZE


@dataclass(slots=True)
class SectorMap:
    """The 8 x 8 sectors, row by row."""

    cells: list[Thing] = field(default_factory=lambda: [Thing.EMPTY] * (_SIZE * _SIZE))

    def at(self, sector: Sector) -> Thing:
        """What is in a sector."""
        row, col = sector
        return self.cells[(row - 1) * _SIZE + col - 1]

    def put(self, sector: Sector, thing: Thing) -> None:
        """Put something in a sector, replacing what was there (line 8670)."""
        row, col = sector
        self.cells[(row - 1) * _SIZE + col - 1] = thing


def find_empty_sector(sectors: SectorMap, rnd: Rnd) -> Sector:
    """Lines 8590-8600: draw sectors (row, then column) until an empty one comes up."""
    while True:
        sector = (one_to_eight(rnd), one_to_eight(rnd))
        if sectors.at(sector) is Thing.EMPTY:
            return sector
