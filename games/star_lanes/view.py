"""Everything Star Lanes prints: screens, announcements and tables, as the listing prints them.

Numbers that a table shows are computed while the row is printed, as in the original, so that a
runtime message (`Overflow`, `Division by zero`) or error lands where the original puts it.
"""

from collections.abc import Iterable, Sequence

from games.basic.console import Console, Tab
from games.basic.single import Single
from games.star_lanes import stock, tables
from games.star_lanes.company import Company
from games.star_lanes.galaxy import Galaxy, Place
from games.star_lanes.players import Merger, Roster


def blank_lines(console: Console, count: int) -> None:
    """`count` empty PRINTs."""
    for _ in range(count):
        console.print()


def title(console: Console) -> None:
    """The opening screen (lines 40-50)."""
    console.print(tables.FORM_FEED, end="")
    blank_lines(console, 3)
    console.print(Tab(tables.TITLE_TAB), end="")
    console.print(tables.TITLE[0], end="")
    console.print(tables.TITLE[1], end="")
    console.print()


def instructions(console: Console) -> None:
    """The rules of the game (lines 8000-8750)."""
    for line in tables.INSTRUCTIONS:
        console.print(line, end="")
        console.print()


def first_player_heading(console: Console) -> None:
    """Before the draw for who moves first (line 170)."""
    console.print()
    console.print(tables.DECIDING, end="")
    blank_lines(console, 2)


def first_player(console: Console, name: str) -> None:
    """Who moves first (line 180)."""
    console.print(name, end="")
    console.print(tables.FIRST_PLAYER, end="")
    console.print()


def galaxy_map(console: Console, galaxy: Galaxy) -> None:
    """The map of the galaxy on a new page (lines 1000-1050)."""
    console.print(tables.FORM_FEED, end="")
    console.print()
    for column, text in (
        (tables.MAP_TITLE_TAB, tables.MAP_TITLE),
        (tables.MAP_RULE_TAB, tables.MAP_RULE),
        (tables.MAP_HEADER_TAB, tables.MAP_HEADER),
    ):
        console.print(Tab(column), end="")
        console.print(text, end="")
        console.print()
    for row in range(1, tables.ROWS + 1):
        console.print(Tab(tables.MAP_ROW_TAB), end="")
        console.print(row, end="")
        for column in range(1, tables.COLUMNS + 1):
            console.print(" ", end="")
            console.print(tables.CELL_SYMBOLS[galaxy.at(Place(row, column)) - 1], end="")
            console.print(" ", end="")
        console.print()


def stock_screen(
    console: Console, companies: Sequence[Company], roster: Roster, player: int
) -> None:
    """The player's holdings in every listed company, on a new page (lines 1440-1480)."""
    console.print(tables.FORM_FEED, end="")
    blank_lines(console, 2)
    columns(console, tables.STOCK_HEADINGS, tables.STOCK_TABS)
    console.print()
    for index in range(1, 6):
        company = companies[index]
        if not company.listed:
            continue
        console.print(company.name, end="")
        console.print(Tab(tables.STOCK_TABS[0]), end="")
        console.print(company.price, end="")
        console.print(Tab(tables.STOCK_TABS[1]), end="")
        console.print(roster.shares(index, player, line=1470), end="")
        console.print()


def columns(console: Console, texts: Sequence[str], tabs: Iterable[int]) -> None:
    """Texts at the given columns, the first at the cursor, without ending the line."""
    console.print(texts[0], end="")
    for text, column in zip(texts[1:], tabs):
        console.print(Tab(column), end="")
        console.print(text, end="")


def announcement(console: Console) -> None:
    """The heading of every special announcement (lines 7900-7920)."""
    console.print(Tab(tables.ANNOUNCEMENT_TAB), end="")
    console.print(tables.ANNOUNCEMENT, end="")
    blank_lines(console, 2)


def new_company(console: Console, name: str) -> None:
    """The announcement of a new company (lines 680-690)."""
    announcement(console)
    console.print(tables.NEW_COMPANY, end="")
    console.print()
    console.print(tables.NEW_COMPANY_NAME, end="")
    console.print(name, end="")
    console.print()


def legal_moves(console: Console, candidates: Sequence[Place]) -> None:
    """The five candidate moves (lines 350-360)."""
    console.print(tables.LEGAL_MOVES, end="")
    console.print()
    for place in candidates:
        console.print(place.row, end="")
        console.print(tables.COLUMN_LETTERS[place.column - 1], end="")
        console.print(tables.CANDIDATE_SEPARATOR, end="")
    console.print()


def whose_move(console: Console, name: str) -> None:
    """A blank line and the mover's name, which the legal moves line goes on (line 340)."""
    console.print()
    console.print(name, end="")


def not_in_list(console: Console) -> None:
    """The answer to a move that is not a candidate (line 390)."""
    console.print(tables.NOT_IN_LIST, end="")
    console.print()


def merger_heading(console: Console, old: str, new: str) -> None:
    """The announcement and column headings of a merger (lines 1180-1230)."""
    announcement(console)
    console.print(old, end="")
    console.print(tables.MERGED_INTO, end="")
    console.print(new, end="")
    console.print("!", end="")
    console.print()
    console.print(tables.MERGE_NOTE, end="")
    console.print()
    console.print()
    console.print(Tab(tables.OLD_STOCK_TAB), end="")
    console.print(tables.OLD_STOCK, end="")
    console.print(old, end="")
    console.print(tables.NEW_STOCK, end="")
    console.print(new, end="")
    blank_lines(console, 2)
    columns(console, tables.MERGE_TABLE_HEADINGS, tables.MERGE_TABLE_TABS)
    console.print()


def merger_row(
    console: Console, roster: Roster, merger: Merger, player: int, players: Iterable[int]
) -> Single:
    """One player's line of a merger table: shares, new shares, bonus (lines 1240-1270).

    The shares outstanding (X1) are summed between the row's prints, as line 1260 does; they
    are returned for the payoff."""
    console.print(roster.name(player, line=1240), end="")
    console.print(Tab(tables.MERGE_TABLE_TABS[0]), end="")
    console.print(roster.shares(merger.old, player, line=1240), end="")
    console.print(Tab(tables.MERGE_TABLE_TABS[1]), end="")
    console.print(stock.converted(roster.shares(merger.old, player, line=1240)), end="")
    console.print(Tab(tables.MERGE_TABLE_TABS[2]), end="")
    held = roster.shares(merger.into, player, line=1250)
    console.print(held + stock.converted(roster.shares(merger.old, player, line=1250)), end="")
    outstanding = roster.outstanding(merger.old, players, line=1260)
    console.print(Tab(tables.MERGE_TABLE_TABS[3]), end="")
    console.print(tables.BONUS_PREFIX, end="")
    shares = roster.shares(merger.old, player, line=1270)
    console.print(stock.bonus(shares, outstanding, merger.old_price), end="")
    console.print()
    return outstanding


def split(console: Console, name: str) -> None:
    """The announcement of a 2 for 1 split (lines 1400-1410)."""
    announcement(console)
    console.print(tables.SPLIT_PREFIX, end="")
    console.print(name, end="")
    console.print(tables.SPLIT_SUFFIX, end="")
    console.print()


def current_cash(console: Console, cash: Single) -> None:
    """YOUR CURRENT CASH= $ n (line 820)."""
    console.print(tables.CASH_LINE, end="")
    console.print(cash, end="")
    console.print()


def offer(console: Console, company: Company, shares: Single) -> None:
    """The offer of one company's shares, which the answer's prompt ends (lines 830-840)."""
    console.print(tables.BUY_PREFIX, end="")
    console.print(company.name, end="")
    console.print(tables.BUY_PRICE, end="")
    console.print(company.price, end="")
    console.print()
    console.print(Tab(tables.OWN_TAB), end="")
    console.print(tables.OWN, end="")
    console.print(shares, end="")


def cannot_afford(console: Console, cash: Single) -> None:
    """YOU ONLY HAVE $ n - TRY AGAIN (line 870)."""
    console.print(tables.ONLY_HAVE, end="")
    console.print(cash, end="")
    console.print(tables.TRY_AGAIN, end="")
    console.print()


def standings_heading(console: Console) -> None:
    """The announcement and headings of the final standings (lines 9500-9520)."""
    announcement(console)
    console.print(tables.GAME_OVER, end="")
    blank_lines(console, 2)
    columns(console, tables.STANDINGS_HEADINGS, tables.STANDINGS_TABS)
    blank_lines(console, 2)


def standing(console: Console, roster: Roster, player: int) -> None:
    """One player's stock value, cash and net worth (lines 9540-9550)."""
    console.print(roster.name(player, line=9540), end="")
    console.print(Tab(tables.STANDINGS_TABS[0]), end="")
    console.print(tables.DOLLAR, end="")
    console.print(roster.worth(player, line=9540), end="")
    console.print(Tab(tables.STANDINGS_TABS[1]), end="")
    console.print(tables.DOLLAR, end="")
    console.print(roster.money(player, line=9540), end="")
    console.print(Tab(tables.STANDINGS_TABS[2]), end="")
    console.print(tables.DOLLAR, end="")
    console.print(roster.worth(player, line=9550) + roster.money(player, line=9550), end="")
    console.print()
