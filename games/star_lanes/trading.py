"""After the move: the mover's dividends, then an offer of every company's shares (800-900)."""

from games.basic.console import Console
from games.basic.functions import VAL
from games.basic.single import Single
from games.star_lanes import stock, tables, view
from games.star_lanes.state import Game


def pay_dividends(game: Game) -> None:
    """The mover earns 5% of the value of each holding, company by company (line 800)."""
    roster = game.roster
    for company in range(1, 6):
        cash = roster.money(game.player, line=800)
        shares = roster.shares(company, game.player, line=800)
        dividend = stock.dividend(shares, game.companies[company].price)
        roster.set_money(game.player, cash + dividend, line=800)


def trade(game: Game, console: Console) -> None:
    """Offer the shares of each company on the map, in order (lines 810-900)."""
    for company in range(1, 6):
        if game.companies[company].exists:
            view.current_cash(console, game.roster.money(game.player, line=820))
            buy(game, company, ask_amount(game, console, company))


def ask_amount(game: Game, console: Console, company: int) -> Single:
    """How many shares the mover buys: any number VAL reads, if the cash covers it (830-870).

    An answer starting with M or S shows the map or the holdings and asks again. Nothing stops a
    negative or fractional amount: a negative one sells, at the current price.
    """
    firm, roster = game.companies[company], game.roster
    while True:
        view.offer(console, firm, roster.shares(company, game.player, line=840))
        answer = console.input_string(None)
        if answer.startswith(tables.MAP_REQUEST):
            view.galaxy_map(console, game.galaxy)
            continue
        if answer.startswith(tables.STOCK_REQUEST):
            view.stock_screen(console, game.companies, roster, game.player)
            continue
        amount = VAL(answer)
        if stock.cost(amount, firm.price) <= roster.money(game.player, line=860):
            return amount
        view.cannot_afford(console, roster.money(game.player, line=870))


def buy(game: Game, company: int, amount: Single) -> None:
    """Add the shares and take their cost from the cash (lines 880-890)."""
    if amount == 0:
        return
    roster, price = game.roster, game.companies[company].price
    shares = roster.shares(company, game.player, line=890)
    roster.set_shares(company, game.player, shares + amount, line=890)
    cash = roster.money(game.player, line=890)
    roster.set_money(game.player, cash - stock.cost(amount, price), line=890)
