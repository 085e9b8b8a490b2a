"""The galaxy: region names by row and half, numerals by column (lines 9030-9260), and the
three digits of a quadrant's contents (lines 1500-1540)."""

import pytest

from games.super_star_trek.galaxy import decode, populate, quadrant_name, region_name
from tests.super_star_trek.helpers import ScriptedRnd


@pytest.mark.parametrize(
    ("quadrant", "name"),
    [
        ((1, 1), "ANTARES I"),
        ((7, 6), "ARCTURUS II"),
        ((6, 4), "ALTAIR IV"),
        ((8, 8), "SPICA IV"),
        ((4, 7), "BETELGEUSE III"),
    ],
)
def test_quadrant_name(quadrant: tuple[int, int], name: str) -> None:
    assert quadrant_name(quadrant) == name


def test_region_name_has_no_numeral() -> None:
    assert region_name((7, 1)) == "SAGITTARIUS"


@pytest.mark.parametrize(
    ("value", "contents"),
    [(318, (3, 1, 8)), (100, (1, 0, 0)), (7, (0, 0, 7)), (210, (2, 1, 0)), (99, (0, 9, 9))],
)
def test_decode(value: int, contents: tuple[int, int, int]) -> None:
    assert decode(value) == contents


def test_a_quadrants_draws_count_only_above_their_thresholds() -> None:
    """Lines 850-980: RND > .98 gives three Klingons, > .95 two, > .8 one, and RND > .96 a
    starbase; a draw equal to a threshold falls below it. FNR(1) of .1 is one star."""
    at_thresholds = [".98", ".96", ".1", ".95", ".1", ".1", ".8", ".1", ".1"]
    above = [".981", ".961", ".1", ".951", ".1", ".1", ".801", ".1", ".1"]
    galaxy = populate(ScriptedRnd(*at_thresholds, *above, *[".1"] * 3 * 58))
    assert galaxy.contents[0][:6] == [201, 101, 1, 311, 201, 101]
    assert galaxy.klingons == 2 + 1 + 3 + 2 + 1 and galaxy.starbases == 1
