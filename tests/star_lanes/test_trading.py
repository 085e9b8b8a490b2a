"""Dividends and share purchases (lines 800-900)."""

import pytest

from games.basic.single import Single
from games.star_lanes.galaxy import Place
from games.star_lanes.state import Game
from games.star_lanes.trading import pay_dividends, trade
from tests.star_lanes.builders import blank_game, capture, give_shares, put_company


def test_dividends_are_5_percent_of_each_holding_rounded_down_per_company() -> None:
    game = blank_game()
    put_company(game, 1, [Place(1, 1)], price=1100)
    put_company(game, 2, [Place(3, 3)], price=200)
    put_company(game, 3, [Place(5, 5)], price=600)
    put_company(game, 4, [Place(7, 7)], price=200)
    give_shares(game, 1, {1: 4})
    give_shares(game, 2, {1: 21})
    give_shares(game, 3, {1: 6})
    give_shares(game, 4, {1: 2})
    game.roster.cash[1] = Single(35)
    pay_dividends(game)
    # ALICE's 3J in the reference game: .05 * 21 * 200 falls short of 210 in single precision
    assert game.roster.cash[1] == 35 + 220 + 209 + 180 + 20


def test_only_the_mover_is_paid() -> None:
    game = blank_game(mover=2)
    put_company(game, 1, [Place(1, 1)], price=1000)
    give_shares(game, 1, {1: 10, 2: 10})
    pay_dividends(game)
    assert (game.roster.cash[1], game.roster.cash[2]) == (6000, 6500)


def one_company(cash: int = 6000) -> Game:
    """Altair at 500 a share; player 1 holds 5 and has `cash`."""
    game = blank_game()
    put_company(game, 1, [Place(1, 1)], price=500)
    give_shares(game, 1, {1: 5})
    game.roster.cash[1] = Single(cash)
    return game


OFFER = "BUY HOW MANY SHARES OF ALTAIR STARWAYS AT $ 500 \n    YOU NOW OWN 5 ? "


@pytest.mark.parametrize(
    ("answer", "shares", "cash"),
    [
        ("3", 8, 4500),
        ("0", 5, 6000),
        ("12", 17, 0),
        ("-2", 3, 7000),
        ("2.5", 7.5, 4750),
        ("ABC", 5, 6000),
        ("", 5, 6000),
    ],
)
def test_a_purchase_of_what_the_cash_covers(answer: str, shares: float, cash: int) -> None:
    game = one_company()
    console = capture((answer,))
    trade(game, console)
    assert (game.roster.holdings[1][1], game.roster.cash[1]) == (shares, cash)
    assert console.transcript() == "YOUR CURRENT CASH= $ 6000 \n" + OFFER + answer + "\n"


def test_too_many_shares_are_refused_and_asked_again_without_the_cash_line() -> None:
    game = one_company(cash=1000)
    console = capture(("3", "2"))
    trade(game, console)
    assert console.transcript() == (
        "YOUR CURRENT CASH= $ 1000 \n"
        + OFFER
        + "3\nYOU ONLY HAVE $ 1000 - TRY AGAIN\n"
        + OFFER
        + "2\n"
    )
    assert (game.roster.holdings[1][1], game.roster.cash[1]) == (7, 0)


def test_map_and_stock_requests_show_a_screen_and_offer_again() -> None:
    game = one_company()
    console = capture(("MAP", "STOCK", "1"))
    trade(game, console)
    text = console.transcript()
    assert text.count("YOUR CURRENT CASH") == 1
    assert text.count(OFFER) == 3
    assert "MAP OF THE GALAXY" in text
    assert "STOCK                        PRICE PER SHARE     YOUR HOLDINGS\n" in text
    assert game.roster.holdings[1][1] == 6


def test_companies_not_on_the_map_are_not_offered() -> None:
    game = one_company()
    put_company(game, 3, [Place(4, 4)], price=300)
    console = capture(("0", "0"))
    trade(game, console)
    text = console.transcript()
    assert "ALTAIR" in text and "CAPELLA" in text and "BETELGEUSE" not in text
