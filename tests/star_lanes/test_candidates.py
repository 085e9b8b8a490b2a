"""Candidate moves: empty cells, distinct, and no sixth company while all five exist (220-337)."""

from games.basic.single import Single
from games.star_lanes.galaxy import Cell, Place
from games.star_lanes.moves import choose_candidates, may_offer
from games.star_lanes.state import Game
from tests.star_lanes.builders import blank_game, put_company


class ScriptedRnd:
    """RND values given in advance: each pair of draws is (row, column) via INT(9*x+1) etc."""

    def __init__(self, places: list[tuple[int, int]]) -> None:
        self.values = [
            value for row, column in places for value in ((row - 0.5) / 9, (column - 0.5) / 12)
        ]

    def rnd(self) -> Single:
        return Single(self.values.pop(0))


def all_five_exist() -> Game:
    """A game whose five companies are each one cell on the east edge."""
    game = blank_game()
    for company, row in zip(range(1, 6), (1, 3, 5, 7, 9), strict=True):
        put_company(game, company, [Place(row, 12)], price=200)
    return game


def test_an_occupied_cell_is_never_offered() -> None:
    game = blank_game()
    game.galaxy.put(Place(2, 2), Cell.STAR)
    game.galaxy.put(Place(3, 3), Cell.OUTPOST)
    assert not may_offer(game, Place(2, 2))
    assert not may_offer(game, Place(3, 3))


def test_while_a_company_is_free_any_empty_cell_is_offered() -> None:
    game = blank_game()
    game.galaxy.put(Place(2, 2), Cell.STAR)
    assert may_offer(game, Place(2, 3))


def test_with_all_five_companies_a_cell_that_would_found_a_sixth_is_not_offered() -> None:
    game = all_five_exist()
    game.galaxy.put(Place(2, 2), Cell.STAR)
    game.galaxy.put(Place(6, 6), Cell.OUTPOST)
    assert not may_offer(game, Place(2, 3))
    assert not may_offer(game, Place(6, 7))
    assert may_offer(game, Place(4, 4))


def test_with_all_five_companies_a_cell_next_to_a_company_is_offered_even_by_a_star() -> None:
    game = all_five_exist()
    game.galaxy.put(Place(2, 11), Cell.STAR)
    assert may_offer(game, Place(1, 11))


def test_candidates_are_drawn_in_pairs_and_redrawn_when_repeated_or_occupied() -> None:
    game = blank_game()
    game.galaxy.put(Place(4, 4), Cell.STAR)
    draws = [(1, 1), (1, 1), (4, 4), (2, 3), (9, 12), (5, 5), (6, 1)]
    choose_candidates(game, ScriptedRnd(draws))  # type: ignore[arg-type]
    assert game.candidates == [Place(1, 1), Place(2, 3), Place(9, 12), Place(5, 5), Place(6, 1)]
