"""The quadrant the Enterprise is in: its sectors, Klingon slots, counts and starbase."""

from dataclasses import dataclass, field

from games.basic.single import Single
from games.super_star_trek.klingons import Klingon, empty_slots
from games.super_star_trek.sectors import Sector, SectorMap


@dataclass(slots=True)
class Quadrant:
    """Q$, K(1..3), K3, B3, S3, the starbase's sector (B4,B5) and D4, the repair time spread
    drawn on entry."""

    sectors: SectorMap = field(default_factory=SectorMap)
    klingons: list[Klingon] = field(default_factory=empty_slots)
    klingon_count: int = 0
    starbase_count: int = 0
    star_count: int = 0
    starbase: Sector = (0, 0)
    repair_spread: Single = Single(0)
