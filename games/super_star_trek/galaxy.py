"""The galaxy: 8 x 8 quadrants, what each holds, what the computer has seen, and their names."""

from dataclasses import dataclass

from games.basic.functions import INT
from games.basic.rnd import Rnd
from games.basic.single import sng
from games.super_star_trek import tables
from games.super_star_trek.chance import draw, one_to_eight

Quadrant = tuple[int, int]  # (row, column), each 1 to 8

_SIZE = tables.GALAXY_SIZE
_THREE = sng(tables.THREE_KLINGONS_ABOVE)
_TWO = sng(tables.TWO_KLINGONS_ABOVE)
_ONE = sng(tables.ONE_KLINGON_ABOVE)
_BASE = sng(tables.STARBASE_ABOVE)
_HUNDREDTH = sng(".01")
_TENTH = sng(".1")


@dataclass(slots=True)
class Galaxy:
    """G(I,J) = Klingons*100 + starbases*10 + stars; Z(I,J) the computer's record (0: unseen)."""

    contents: list[list[int]]
    record: list[list[int]]
    klingons: int  # K9
    starbases: int  # B9

    def at(self, quadrant: Quadrant) -> int:
        """G of a quadrant."""
        return self.contents[quadrant[0] - 1][quadrant[1] - 1]

    def set(self, quadrant: Quadrant, value: int) -> None:
        """Change G of a quadrant."""
        self.contents[quadrant[0] - 1][quadrant[1] - 1] = value

    def remember(self, quadrant: Quadrant) -> None:
        """Z(I,J) = G(I,J): the computer records what the sensors saw."""
        self.record[quadrant[0] - 1][quadrant[1] - 1] = self.at(quadrant)


def populate(rnd: Rnd) -> Galaxy:
    """Lines 820-1040: each quadrant draws its Klingons, then a starbase, then 1-8 stars."""
    contents = [[0] * _SIZE for _ in range(_SIZE)]
    klingons = starbases = 0
    for row in contents:
        for col in range(_SIZE):
            chance = draw(rnd)
            here = 3 if chance > _THREE else 2 if chance > _TWO else 1 if chance > _ONE else 0
            klingons += here
            base = 1 if draw(rnd) > _BASE else 0
            starbases += base
            row[col] = (
                here * tables.KLINGON_DIGIT + base * tables.STARBASE_DIGIT + one_to_eight(rnd)
            )
    return Galaxy(contents, [[0] * _SIZE for _ in range(_SIZE)], klingons, starbases)


def in_galaxy(row: int, col: int) -> bool:
    """Whether a quadrant's coordinates lie inside the galaxy."""
    return 1 <= row <= _SIZE and 1 <= col <= _SIZE


def decode(value: int) -> tuple[int, int, int]:
    """Lines 1500-1540: Klingons, starbases and stars of a G value, in single precision."""
    klingons = int(INT(value * _HUNDREDTH))
    starbases = int(INT(value * _TENTH)) - tables.STARBASE_DIGIT * klingons
    stars = value - tables.KLINGON_DIGIT * klingons - tables.STARBASE_DIGIT * starbases
    return klingons, starbases, stars


def region_name(quadrant: Quadrant) -> str:
    """Lines 9030-9200 with G5=1: the region, named by row and by half of the galaxy."""
    row, col = quadrant
    return (tables.WEST_REGIONS if col <= _SIZE // 2 else tables.EAST_REGIONS)[row - 1]


def quadrant_name(quadrant: Quadrant) -> str:
    """Lines 9030-9260: the region's name and the quadrant's numeral in it."""
    return (
        region_name(quadrant)
        + tables.QUADRANT_SUFFIXES[(quadrant[1] - 1) % len(tables.QUADRANT_SUFFIXES)]
    )
