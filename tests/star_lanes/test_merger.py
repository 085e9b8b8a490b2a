"""Mergers: the largest company takes over, shares convert 2 for 1, bonuses (1060-1370)."""

from games.star_lanes.galaxy import Cell, Place
from games.star_lanes.moves import place_move
from games.star_lanes.state import Game
from tests.star_lanes.builders import blank_game, capture, give_shares, put_company, symbols


def two_companies() -> Game:
    """Altair (2 cells, 800) west of 5E, Betelgeuse (1 cell, 600) east of it."""
    game = blank_game()
    game.roster.names[1:3] = ["AL", "BO"]
    put_company(game, 1, [Place(5, 3), Place(5, 4)], price=800)
    put_company(game, 2, [Place(5, 6)], price=600)
    give_shares(game, 1, {1: 10, 2: 0})
    give_shares(game, 2, {1: 5, 2: 3})
    return game


def test_the_smaller_company_is_merged_into_the_larger() -> None:
    game = two_companies()
    place_move(game, capture(), Place(5, 5))
    altair, betelgeuse = game.companies[1], game.companies[2]
    assert (altair.size, altair.price) == (2 + 1, 800 + 600)
    assert (betelgeuse.size, betelgeuse.price) == (0, 100)
    assert symbols(game)[4][2:6] == "AAAA"


def test_old_shares_become_half_as_many_rounded_and_a_bonus_is_paid() -> None:
    game = two_companies()
    place_move(game, capture(), Place(5, 5))
    holdings, cash = game.roster.holdings, game.roster.cash
    assert (holdings[1][1], holdings[1][2]) == (10 + 3, 0 + 2)
    assert (holdings[2][1], holdings[2][2]) == (0, 0)
    assert (cash[1], cash[2]) == (6000 + 3750, 6000 + 2250)


def test_the_merger_table_is_printed_with_the_listing_columns() -> None:
    game = two_companies()
    console = capture()
    place_move(game, console, Place(5, 5))
    assert console.transcript() == (
        " " * 21 + "SPECIAL ANNOUNCEMENT!!\n\n"
        "BETELGEUSE, LTD. HAS JUST BEEN MERGED INTO ALTAIR STARWAYS!\n"
        "PLEASE NOTE THE FOLLOWING TRANSACTIONS.\n\n"
        "   OLD STOCK = BETELGEUSE, LTD.       NEW STOCK = ALTAIR STARWAYS\n\n"
        "PLAYER   OLD STOCK   NEW STOCK   TOTAL HOLDINGS     BONUS PAID\n"
        "AL        5           3           13                 $ 3750 \n"
        "BO        3           2           2                  $ 2250 \n" + "\n" * 5
    )


def test_on_equal_sizes_the_first_company_north_south_east_west_survives() -> None:
    game = blank_game()
    put_company(game, 1, [Place(6, 5)], price=300)
    put_company(game, 2, [Place(5, 6)], price=300)
    give_shares(game, 1, {1: 1})
    give_shares(game, 2, {1: 1})
    place_move(game, capture(), Place(5, 5))
    assert game.companies[1].exists and not game.companies[2].exists


def test_three_companies_merge_into_the_largest_one_after_the_other() -> None:
    game = blank_game()
    put_company(game, 1, [Place(3, 5), Place(4, 5), Place(2, 5)], price=500)
    put_company(game, 2, [Place(5, 6)], price=400)
    put_company(game, 3, [Place(5, 4), Place(5, 3)], price=700)
    for company in (1, 2, 3):
        give_shares(game, company, {1: 2})
    console = capture()
    place_move(game, console, Place(5, 5))
    text = console.transcript()
    assert text.index("BETELGEUSE, LTD. HAS JUST") < text.index("CAPELLA FREIGHT CO. HAS JUST")
    assert (game.companies[1].size, game.companies[1].price) == (3 + 1 + 2, 500 + 400 + 700)
    assert game.roster.holdings[1][1] == 2 + 1 + 1


def test_a_merger_does_not_annex_the_stars_around_the_move() -> None:
    game = two_companies()
    game.galaxy.put(Place(4, 5), Cell.STAR)
    place_move(game, capture(), Place(5, 5))
    assert game.companies[1].price == 800 + 600


def test_a_merged_price_above_3000_splits_but_3000_does_not() -> None:
    game = two_companies()
    game.companies[1].price = 2400
    place_move(game, capture(), Place(5, 5))
    assert game.companies[1].price == 3000
    game = two_companies()
    game.companies[1].price = 2401
    console = capture()
    place_move(game, console, Place(5, 5))
    assert game.companies[1].price == 1500
    assert game.roster.holdings[1][1] == 2 * (10 + 3)
    assert console.transcript().endswith(
        "ALTAIR STARWAYS HAS SPLIT 2 FOR 1!\n" + "\n" * 5 + "\n" * 5
    )
