"""Everything Star Lanes prints: screens, announcements and tables, as the listing prints them.

Numbers that a table shows are computed while the row is printed, as in the original, so that a
runtime message (`Overflow`, `Division by zero`) or error lands where the original puts it.
"""

from collections.abc import Iterable, Sequence

from games.basic.console import Console
from games.basic.single import Single
from games.star_lanes import stock, tables
from games.star_lanes.company import Company
from games.star_lanes.galaxy import Galaxy, Place
from games.star_lanes.players import Merger, Roster


def blank_lines(console: Console, count: int) -> None:
    """`count` empty PRINTs."""
    for _ in range(count):
        console.newline()


def title(console: Console) -> None:
    """The opening screen (lines 40-50)."""
    console.write(tables.FORM_FEED)
    blank_lines(console, 3)
    console.tab(tables.TITLE_TAB)
    console.write(tables.TITLE[0])
    console.write(tables.TITLE[1])
    console.newline()


def instructions(console: Console) -> None:
    """The rules of the game (lines 8000-8750)."""
    for line in tables.INSTRUCTIONS:
        console.write(line)
        console.newline()


def first_player_heading(console: Console) -> None:
    """Before the draw for who moves first (line 170)."""
    console.newline()
    console.write(tables.DECIDING)
    blank_lines(console, 2)


def first_player(console: Console, name: str) -> None:
    """Who moves first (line 180)."""
    console.write(name)
    console.write(tables.FIRST_PLAYER)
    console.newline()


def galaxy_map(console: Console, galaxy: Galaxy) -> None:
    """The map of the galaxy on a new page (lines 1000-1050)."""
    console.write(tables.FORM_FEED)
    console.newline()
    for column, text in (
        (tables.MAP_TITLE_TAB, tables.MAP_TITLE),
        (tables.MAP_RULE_TAB, tables.MAP_RULE),
        (tables.MAP_HEADER_TAB, tables.MAP_HEADER),
    ):
        console.tab(column)
        console.write(text)
        console.newline()
    for row in range(1, tables.ROWS + 1):
        console.tab(tables.MAP_ROW_TAB)
        console.number(row)
        for column in range(1, tables.COLUMNS + 1):
            console.write(" ")
            console.write(tables.CELL_SYMBOLS[galaxy.at(Place(row, column)) - 1])
            console.write(" ")
        console.newline()


def stock_screen(
    console: Console, companies: Sequence[Company], roster: Roster, player: int
) -> None:
    """The player's holdings in every listed company, on a new page (lines 1440-1480)."""
    console.write(tables.FORM_FEED)
    blank_lines(console, 2)
    columns(console, tables.STOCK_HEADINGS, tables.STOCK_TABS)
    console.newline()
    for index in range(1, 6):
        company = companies[index]
        if not company.listed:
            continue
        console.write(company.name)
        console.tab(tables.STOCK_TABS[0])
        console.number(company.price)
        console.tab(tables.STOCK_TABS[1])
        console.number(roster.shares(index, player, line=1470))
        console.newline()


def columns(console: Console, texts: Sequence[str], tabs: Iterable[int]) -> None:
    """Texts at the given columns, the first at the cursor, without ending the line."""
    console.write(texts[0])
    for text, column in zip(texts[1:], tabs):
        console.tab(column)
        console.write(text)


def announcement(console: Console) -> None:
    """The heading of every special announcement (lines 7900-7920)."""
    console.tab(tables.ANNOUNCEMENT_TAB)
    console.write(tables.ANNOUNCEMENT)
    blank_lines(console, 2)


def new_company(console: Console, name: str) -> None:
    """The announcement of a new company (lines 680-690)."""
    announcement(console)
    console.write(tables.NEW_COMPANY)
    console.newline()
    console.write(tables.NEW_COMPANY_NAME)
    console.write(name)
    console.newline()


def legal_moves(console: Console, candidates: Sequence[Place]) -> None:
    """The five candidate moves (lines 350-360)."""
    console.write(tables.LEGAL_MOVES)
    console.newline()
    for place in candidates:
        console.number(place.row)
        console.write(tables.COLUMN_LETTERS[place.column - 1])
        console.write(tables.CANDIDATE_SEPARATOR)
    console.newline()


def whose_move(console: Console, name: str) -> None:
    """A blank line and the mover's name, which the legal moves line goes on (line 340)."""
    console.newline()
    console.write(name)


def not_in_list(console: Console) -> None:
    """The answer to a move that is not a candidate (line 390)."""
    console.write(tables.NOT_IN_LIST)
    console.newline()


def merger_heading(console: Console, old: str, new: str) -> None:
    """The announcement and column headings of a merger (lines 1180-1230)."""
    announcement(console)
    console.write(old)
    console.write(tables.MERGED_INTO)
    console.write(new)
    console.write("!")
    console.newline()
    console.write(tables.MERGE_NOTE)
    console.newline()
    console.newline()
    console.tab(tables.OLD_STOCK_TAB)
    console.write(tables.OLD_STOCK)
    console.write(old)
    console.write(tables.NEW_STOCK)
    console.write(new)
    blank_lines(console, 2)
    columns(console, tables.MERGE_TABLE_HEADINGS, tables.MERGE_TABLE_TABS)
    console.newline()


def merger_row(
    console: Console, roster: Roster, merger: Merger, player: int, players: Iterable[int]
) -> None:
    """One player's line of a merger table: shares, new shares, bonus (lines 1240-1270)."""
    console.write(roster.name(player, line=1240))
    console.tab(tables.MERGE_TABLE_TABS[0])
    console.number(roster.shares(merger.old, player, line=1240))
    console.tab(tables.MERGE_TABLE_TABS[1])
    console.number(stock.converted(roster.shares(merger.old, player, line=1240)))
    console.tab(tables.MERGE_TABLE_TABS[2])
    held = roster.shares(merger.into, player, line=1250)
    console.number(held + stock.converted(roster.shares(merger.old, player, line=1250)))
    outstanding = roster.outstanding(merger.old, players, line=1260)
    console.tab(tables.MERGE_TABLE_TABS[3])
    console.write(tables.BONUS_PREFIX)
    shares = roster.shares(merger.old, player, line=1270)
    console.number(stock.bonus(shares, outstanding, merger.old_price))
    console.newline()
    return outstanding


def split(console: Console, name: str) -> None:
    """The announcement of a 2 for 1 split (lines 1400-1410)."""
    announcement(console)
    console.write(tables.SPLIT_PREFIX)
    console.write(name)
    console.write(tables.SPLIT_SUFFIX)
    console.newline()


def current_cash(console: Console, cash: Single) -> None:
    """YOUR CURRENT CASH= $ n (line 820)."""
    console.write(tables.CASH_LINE)
    console.number(cash)
    console.newline()


def offer(console: Console, company: Company, shares: Single) -> None:
    """The offer of one company's shares, which the answer's prompt ends (lines 830-840)."""
    console.write(tables.BUY_PREFIX)
    console.write(company.name)
    console.write(tables.BUY_PRICE)
    console.number(company.price)
    console.newline()
    console.tab(tables.OWN_TAB)
    console.write(tables.OWN)
    console.number(shares)


def cannot_afford(console: Console, cash: Single) -> None:
    """YOU ONLY HAVE $ n - TRY AGAIN (line 870)."""
    console.write(tables.ONLY_HAVE)
    console.number(cash)
    console.write(tables.TRY_AGAIN)
    console.newline()


def standings_heading(console: Console) -> None:
    """The announcement and headings of the final standings (lines 9500-9520)."""
    announcement(console)
    console.write(tables.GAME_OVER)
    blank_lines(console, 2)
    columns(console, tables.STANDINGS_HEADINGS, tables.STANDINGS_TABS)
    blank_lines(console, 2)


def standing(console: Console, roster: Roster, player: int) -> None:
    """One player's stock value, cash and net worth (lines 9540-9550)."""
    console.write(roster.name(player, line=9540))
    console.tab(tables.STANDINGS_TABS[0])
    console.write(tables.DOLLAR)
    console.number(roster.worth(player, line=9540))
    console.tab(tables.STANDINGS_TABS[1])
    console.write(tables.DOLLAR)
    console.number(roster.money(player, line=9540))
    console.tab(tables.STANDINGS_TABS[2])
    console.write(tables.DOLLAR)
    console.number(roster.worth(player, line=9550) + roster.money(player, line=9550))
    console.newline()
