"""Board positions, distances and the paths entities travel along."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from model.tables import ROW_LETTERS


class Position(NamedTuple):
    """A cell: row 1 is A, column 1 is the leftmost. May lie outside the board.

    A named tuple rather than a dataclass: positions are dictionary keys on every step.
    """

    row: int
    column: int

    def shifted(self, rows: int, columns: int) -> Position:
        return Position(self.row + rows, self.column + columns)

    def distance(self, other: Position) -> int:
        """Vertical plus horizontal displacement: the measure of vision and movement."""
        return abs(self.row - other.row) + abs(self.column - other.column)

    def __str__(self) -> str:
        return f"[{ROW_LETTERS[self.row - 1]},{self.column}]"


@dataclass(frozen=True)
class Board:
    """The size of the board a game is played on."""

    rows: int
    columns: int

    def contains(self, position: Position) -> bool:
        return 1 <= position.row <= self.rows and 1 <= position.column <= self.columns

    def describe(self, position: Position) -> str:
        """A location as messages print it: `[A,5]`, or `out of board`."""
        return str(position) if self.contains(position) else "out of board"


def line(start: Position, rows: int, columns: int, steps: int) -> Iterator[Position]:
    """The cells after `start`, one step of (rows, columns) at a time, `steps` of them."""
    row, column = start
    for step in range(1, steps + 1):
        yield Position(row + rows * step, column + columns * step)


def vertical_then_horizontal(start: Position, end: Position) -> Iterator[Position]:
    """The cells a Starfighter passes, end included: along its column first, then its row."""
    row_step = 1 if end.row > start.row else -1
    for row in range(start.row + row_step, end.row + row_step, row_step):
        yield Position(row, start.column)
    column_step = 1 if end.column > start.column else -1
    for column in range(start.column + column_step, end.column + column_step, column_step):
        yield Position(end.row, column)
