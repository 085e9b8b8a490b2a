"""The library computer's direction and distance (lines 8220-8460), hand-checked: course 1 is
east (column +1), 3 north (row -1), 5 west, 7 south; between them the fraction of the octant."""

import pytest

from games.basic.numtext import number_text
from games.basic.single import LARGEST, sng
from games.super_star_trek.computer import bearing


def point(row: int, col: int) -> tuple:
    return sng(row), sng(col)


@pytest.mark.parametrize(
    ("end", "direction", "distance"),
    [
        ((5, 8), "1", "3"),
        ((2, 5), "3", "3"),
        ((2, 2), "4", "4.242641"),
        ((5, 2), "5", "3"),
        ((8, 5), "7", "3"),
        ((8, 8), "8", "4.242641"),
        ((4, 7), "1.5", "2.236068"),
        ((8, 9), "8.25", "5"),
        ((7, 4), "6.5", "2.236068"),
        ((3, 4), "3.5", "2.236068"),
    ],
)
def test_bearing_from_the_centre(end: tuple[int, int], direction: str, distance: str) -> None:
    result = bearing(point(5, 5), point(*end))
    assert number_text(result.direction) == " " + direction
    assert number_text(result.distance) == " " + distance
    assert result.before == result.direction_warnings == result.distance_warnings == ()


def test_bearing_to_the_same_point_divides_by_zero() -> None:
    result = bearing(point(3, 3), point(3, 3))
    assert result.direction_warnings == ("Division by zero",)
    assert float(result.direction) == LARGEST
    assert result.distance == 0


def test_bearing_between_huge_points_overflows_where_computed() -> None:
    result = bearing((sng("1E38"), sng("0")), (sng("-1E38"), sng("0")))
    assert result.before == ("Overflow",)
    assert result.distance_warnings == ("Overflow",)
