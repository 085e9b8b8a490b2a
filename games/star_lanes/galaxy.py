"""The map of the galaxy, M(10,13): cells coded as the listing codes them, inside a border of 0s."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple

from games.star_lanes import tables


class Cell(IntEnum):
    """A cell code of M(R,C) below the companies; company k (1 to 5) is coded k + 3."""

    BORDER = 0
    EMPTY = 1
    OUTPOST = 2
    STAR = 3


COMPANY_CODE_OFFSET = 3
"""M(R,C) = company + 3, and company = M(R,C) - 3 (lines 540, 1060)."""


class Place(NamedTuple):
    """A cell of the galaxy: row 1-9, column 1-12 (A-L)."""

    row: int
    column: int


class Neighbours(NamedTuple):
    """The codes of the four cells around a move, in the listing's order A1-A4 (line 400)."""

    north: int
    south: int
    east: int
    west: int


def company_code(company: int) -> int:
    """The map code of a company's cells."""
    return company + COMPANY_CODE_OFFSET


def company_of(code: int) -> int:
    """The company of a cell code, or 0 for anything that is not a company (F = A-3, 1060)."""
    return max(code - COMPANY_CODE_OFFSET, 0)


def is_company(code: int) -> bool:
    """Whether a cell code belongs to a company (A > 3)."""
    return code > Cell.STAR


@dataclass
class Galaxy:
    """M(10,13): rows 0-10 and columns 0-13, the playable 9 x 12 surrounded by border cells."""

    cells: list[list[int]]

    @classmethod
    def blank(cls) -> Galaxy:
        """A galaxy of border codes only, as DIM leaves it."""
        return cls([[Cell.BORDER] * (tables.COLUMNS + 2) for _ in range(tables.ROWS + 2)])

    def at(self, place: Place) -> int:
        """The code of a cell (border cells included)."""
        return self.cells[place.row][place.column]

    def row(self, row: int) -> list[int]:
        """The codes of a row's playable cells, columns A to L."""
        return self.cells[row][1 : tables.COLUMNS + 1]

    def put(self, place: Place, code: int) -> None:
        """Set the code of a cell."""
        self.cells[place.row][place.column] = code

    def neighbours(self, place: Place) -> Neighbours:
        """The four codes around a cell: north, south, east, west (lines 400, 1317)."""
        row, column = place
        return Neighbours(
            self.cells[row - 1][column],
            self.cells[row + 1][column],
            self.cells[row][column + 1],
            self.cells[row][column - 1],
        )

    def recolour(self, old: int, new: int) -> None:
        """Turn every cell of company `old` into company `new` (lines 1310-1315)."""
        old_code, new_code = company_code(old), company_code(new)
        for row in self.cells:
            for column, code in enumerate(row):
                if code == old_code:
                    row[column] = new_code


def playable_places() -> list[Place]:
    """Every cell of the 9 x 12 board, row by row (the order of lines 100-130)."""
    return [
        Place(row, column)
        for row in range(1, tables.ROWS + 1)
        for column in range(1, tables.COLUMNS + 1)
    ]
