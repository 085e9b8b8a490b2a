"""Placing a move without a merger: outpost, new company, growth, annexing (lines 400-790)."""

from games.star_lanes.galaxy import Cell, Place
from games.star_lanes.moves import place_move
from tests.star_lanes.builders import blank_game, capture, give_shares, put_company, symbols


def test_a_cell_with_nothing_around_becomes_an_outpost() -> None:
    game = blank_game()
    game.galaxy.put(Place(3, 5), Cell.STAR)  # diagonal: not a neighbour
    place_move(game, capture(), Place(4, 4))
    assert game.galaxy.at(Place(4, 4)) == Cell.OUTPOST
    assert all(not company.exists for company in game.companies)


def test_a_cell_next_to_a_star_founds_the_first_free_company() -> None:
    game = blank_game(mover=2)
    put_company(game, 1, [Place(9, 1)], price=600)
    game.galaxy.put(Place(4, 5), Cell.STAR)
    console = capture()
    place_move(game, console, Place(4, 4))
    betelgeuse = game.companies[2]
    assert (betelgeuse.size, betelgeuse.price) == (1, 100 + 500)
    assert game.roster.holdings[2][2] == 5
    assert game.galaxy.at(Place(4, 4)) == 5
    assert console.transcript() == (
        " " * 21 + "SPECIAL ANNOUNCEMENT!!\n\n"
        "A NEW SHIPPING COMPANY HAS BEEN FORMED!\n"
        "IT'S NAME IS BETELGEUSE, LTD.\n" + "\n" * 5
    )


def test_a_new_company_takes_over_the_outposts_around_it() -> None:
    game = blank_game()
    game.galaxy.put(Place(3, 4), Cell.OUTPOST)
    game.galaxy.put(Place(4, 3), Cell.OUTPOST)
    place_move(game, capture(), Place(4, 4))
    altair = game.companies[1]
    assert (altair.size, altair.price) == (3, 100 + 100 + 100)
    assert symbols(game)[2][3] == "A" and symbols(game)[3][2:4] == "AA"


def test_growth_adds_a_cell_and_100_and_500_per_star_around() -> None:
    game = blank_game()
    put_company(game, 3, [Place(5, 5)], price=600)
    game.galaxy.put(Place(5, 7), Cell.STAR)
    game.galaxy.put(Place(4, 6), Cell.STAR)
    place_move(game, capture(), Place(5, 6))
    capella = game.companies[3]
    assert (capella.size, capella.price) == (2, 600 + 100 + 500 + 500)
    assert game.galaxy.at(Place(5, 6)) == 6
    assert game.galaxy.at(Place(5, 7)) == Cell.STAR


def test_growth_takes_over_outposts_but_not_stars() -> None:
    game = blank_game()
    put_company(game, 1, [Place(1, 1)], price=300)
    game.galaxy.put(Place(2, 2), Cell.OUTPOST)
    game.galaxy.put(Place(3, 1), Cell.OUTPOST)
    place_move(game, capture(), Place(2, 1))
    altair = game.companies[1]
    assert (altair.size, altair.price) == (4, 300 + 100 + 100 + 100)
    assert [row[:2] for row in symbols(game)[:3]] == ["A.", "AA", "A."]


def test_growth_to_3000_exactly_splits_the_stock() -> None:
    game = blank_game(players=3)
    put_company(game, 1, [Place(1, 1)], price=2400)
    game.galaxy.put(Place(1, 3), Cell.STAR)
    give_shares(game, 1, {1: 7, 2: 0, 3: 2.5})
    console = capture()
    place_move(game, console, Place(1, 2))
    assert game.companies[1].price == 1500
    assert [game.roster.holdings[1][player] for player in (1, 2, 3)] == [14, 0, 5]
    assert "THE STOCK OF ALTAIR STARWAYS HAS SPLIT 2 FOR 1!\n" + "\n" * 5 in console.transcript()


def test_growth_below_3000_does_not_split() -> None:
    game = blank_game()
    put_company(game, 1, [Place(1, 1)], price=2899)
    place_move(game, capture(), Place(1, 2))
    assert game.companies[1].price == 2999


def test_with_no_company_free_a_founding_move_makes_an_outpost() -> None:
    game = blank_game()
    for company, row in zip(range(1, 6), (1, 3, 5, 7, 9), strict=True):
        put_company(game, company, [Place(row, 12)], price=200)
    game.galaxy.put(Place(4, 5), Cell.STAR)
    place_move(game, capture(), Place(4, 4))
    assert game.galaxy.at(Place(4, 4)) == Cell.OUTPOST
