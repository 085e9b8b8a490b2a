"""Games set up by hand for the rule tests: a blank galaxy, companies and holdings as wanted."""

from games.basic.console import Console
from games.basic.program import batch_console
from games.basic.single import Single
from games.star_lanes.galaxy import Cell, Place, company_code
from games.star_lanes.state import Game


def blank_game(players: int = 2, mover: int = 1) -> Game:
    """A new game's state on an empty galaxy, with `players` players and `mover` to move."""
    game = Game()
    game.roster.reset()
    for row in range(1, 10):
        for column in range(1, 13):
            game.galaxy.put(Place(row, column), Cell.EMPTY)
    game.player_count = Single(players)
    game.player = mover
    return game


def put_company(game: Game, company: int, places: list[Place], price: int) -> None:
    """Company `company` on these cells, with that price, its size the number of cells."""
    for place in places:
        game.galaxy.put(place, company_code(company))
    game.companies[company].size = len(places)
    game.companies[company].price = price


def give_shares(game: Game, company: int, shares: dict[int, float]) -> None:
    """Set holdings of one company: player number -> shares."""
    for player, amount in shares.items():
        game.roster.holdings[company][player] = Single(amount)


def symbols(game: Game) -> list[str]:
    """The map as rows of cell symbols, for compact assertions."""
    return [
        "".join(".+*ABCDE"[game.galaxy.at(Place(row, column)) - 1] for column in range(1, 13))
        for row in range(1, 10)
    ]


def capture(lines: tuple[str, ...] = ()) -> Console:
    """A console that types these lines and records the screen."""
    return batch_console(list(lines))
