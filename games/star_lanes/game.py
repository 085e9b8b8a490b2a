"""The program from title to last answer: set-up, 48 moves, final standings, another game."""

from games.basic.console import SEMICOLON, Console
from games.basic.errors import at_line
from games.basic.functions import ASC, INT, LEFT, RIGHT, VAL
from games.basic.rnd import Rnd
from games.star_lanes import tables, view
from games.star_lanes.galaxy import Cell, Place, playable_places
from games.star_lanes.moves import choose_candidates, place_move
from games.star_lanes.players import subscript
from games.star_lanes.state import Game
from games.star_lanes.trading import pay_dividends, trade


def run(console: Console, rnd: Rnd) -> None:
    """Play games until the answer to ANOTHER GAME is not yes (lines 40-9560)."""
    game = Game()
    view.title(console)
    while True:
        start(game, rnd)
        set_up(game, console, rnd)
        for move in range(tables.LAST_MOVE):
            if move:
                next_player(game)
            play_move(game, console, rnd)
        final_standings(game, console)
        if not says_yes(console.input_string(tables.ANOTHER_GAME_PROMPT)):
            return


def says_yes(answer: str) -> bool:
    """An answer is yes when it starts with Y (lines 150, 9560)."""
    return answer.startswith(tables.YES)


def start(game: Game, rnd: Rnd) -> None:
    """Reset the companies and players and chart a new galaxy (lines 70-130)."""
    for company in game.companies[1:]:
        company.reset()
    game.roster.reset()
    chart(game, rnd)


def chart(game: Game, rnd: Rnd) -> None:
    """Each cell, row by row, is a star when INT(RND*20)+1 = 10, else empty (lines 100-130)."""
    for place in playable_places():
        draw = INT(rnd.rnd() * tables.STAR_DRAW_SCALE) + 1
        game.galaxy.put(place, Cell.STAR if draw == tables.STAR_DRAW_VALUE else Cell.EMPTY)


def set_up(game: Game, console: Console, rnd: Rnd) -> None:
    """Player count, instructions, names, and the first player drawn (lines 130-190)."""
    game.player_count = console.input_number(tables.PLAYER_COUNT_PROMPT)
    if says_yes(console.input_string(tables.INSTRUCTIONS_PROMPT)):
        view.instructions(console)
    for player in game.player_numbers():
        console.print(tables.PLAYER_LABEL, player, SEMICOLON)
        name = console.input_string(tables.NAME_PROMPT)
        game.roster.set_name(player, name, line=160)
    view.first_player_heading(console)
    first = subscript(INT(game.player_count * rnd.rnd() + 1), line=180)
    view.first_player(console, game.roster.name(first, line=180))
    game.player = first


def next_player(game: Game) -> None:
    """The next player, back to player 1 after player P1 (line 210)."""
    game.player += 1
    if game.player == game.player_count + 1:
        game.player = 1


def play_move(game: Game, console: Console, rnd: Rnd) -> None:
    """One player's turn: candidates, the move, dividends, trading (lines 220-900)."""
    choose_candidates(game, rnd)
    view.galaxy_map(console, game.galaxy)
    view.whose_move(console, game.roster.name(game.player, line=340))
    place_move(game, console, read_move(game, console))
    pay_dividends(game)
    trade(game, console)


def read_move(game: Game, console: Console) -> Place:
    """Ask until the answer names a candidate: row from its first character, column from its
    last; M and S show the map or the holdings and list the moves again (lines 350-390)."""
    while True:
        view.legal_moves(console, game.candidates)
        while True:
            answer = console.input_string(tables.MOVE_PROMPT)
            if answer.startswith(tables.MAP_REQUEST):
                view.galaxy_map(console, game.galaxy)
                break
            if answer.startswith(tables.STOCK_REQUEST):
                view.stock_screen(console, game.companies, game.roster, game.player)
                break
            row = VAL(LEFT(answer, 1))
            with at_line(380):
                column = ASC(RIGHT(answer, 1)) - tables.COLUMN_CODE_OFFSET
            for place in game.candidates:
                if row == place.row and column == place.column:
                    return place
            view.not_in_list(console)


def final_standings(game: Game, console: Console) -> None:
    """Each player's stock value at current prices, cash and net worth (lines 9500-9550)."""
    view.standings_heading(console)
    roster = game.roster
    for player in game.player_numbers():
        for company in range(1, 6):
            worth = roster.worth(player, line=9530)
            value = game.companies[company].price * roster.shares(company, player, line=9530)
            roster.set_worth(player, worth + value, line=9530)
    for player in game.player_numbers():
        view.standing(console, roster, player)
