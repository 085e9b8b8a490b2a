"""The galaxy map: codes, neighbours in the listing's order, the border, recolouring."""

import pytest

from games.basic.rnd import Rnd
from games.star_lanes.galaxy import Cell, Galaxy, Neighbours, Place, company_of, playable_places
from games.star_lanes.game import chart
from games.star_lanes.state import Game


def test_a_blank_galaxy_is_border_only() -> None:
    galaxy = Galaxy.blank()
    assert len(galaxy.cells) == 11 and all(len(row) == 14 for row in galaxy.cells)
    assert all(code == Cell.BORDER for row in galaxy.cells for code in row)


def test_neighbours_are_north_south_east_west() -> None:
    galaxy = Galaxy.blank()
    galaxy.put(Place(4, 5), Cell.STAR)
    galaxy.put(Place(6, 5), Cell.OUTPOST)
    galaxy.put(Place(5, 6), 4)
    galaxy.put(Place(5, 4), 8)
    assert galaxy.neighbours(Place(5, 5)) == Neighbours(Cell.STAR, Cell.OUTPOST, 4, 8)


def test_a_corner_cell_sees_the_border() -> None:
    galaxy = Galaxy.blank()
    for place in playable_places():
        galaxy.put(place, Cell.EMPTY)
    assert galaxy.neighbours(Place(1, 1)) == Neighbours(0, 1, 1, 0)
    assert galaxy.neighbours(Place(9, 12)) == Neighbours(1, 0, 0, 1)


@pytest.mark.parametrize(("code", "company"), [(0, 0), (1, 0), (2, 0), (3, 0), (4, 1), (8, 5)])
def test_company_of_a_code(code: int, company: int) -> None:
    assert company_of(code) == company


def test_recolour_turns_every_cell_of_one_company_into_another() -> None:
    galaxy = Galaxy.blank()
    galaxy.put(Place(1, 1), 5)
    galaxy.put(Place(9, 12), 5)
    galaxy.put(Place(5, 5), 6)
    galaxy.recolour(2, 3)
    assert galaxy.at(Place(1, 1)) == 6 and galaxy.at(Place(9, 12)) == 6
    assert galaxy.at(Place(5, 5)) == 6


def test_the_power_on_galaxy_has_the_reference_games_stars() -> None:
    """The reference example's first map: stars where INT(RND*20)+1 = 10, row by row."""
    game = Game()
    chart(game, Rnd())
    stars = [place for place in playable_places() if game.galaxy.at(place) == Cell.STAR]
    assert stars == [
        Place(1, 7),
        Place(1, 8),
        Place(2, 11),
        Place(3, 12),
        Place(4, 2),
        Place(6, 2),
        Place(6, 4),
        Place(8, 2),
    ]
