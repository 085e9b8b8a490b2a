"""Everything Star Lanes prints: screens, announcements and tables, as the listing prints them.

One `console.print` per PRINT statement of the listing. Where the listing computes a number or
reads an array in the middle of a PRINT (the merger table, the standings), the statement is
printed in parts and the value computed between them, so that a runtime message (`Overflow`,
`Division by zero`) or error lands where the original puts it.
"""

from collections.abc import Iterable, Sequence

from games.basic.console import SEMICOLON, Console, PrintItem, Tab
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
    console.print(tables.FORM_FEED)
    blank_lines(console, 2)
    console.print(Tab(tables.TITLE_TAB), tables.TITLE[0], SEMICOLON)
    console.print(tables.TITLE[1])


def instructions(console: Console) -> None:
    """The rules of the game (lines 8000-8750)."""
    for line in tables.INSTRUCTIONS:
        console.print(line)


def first_player_heading(console: Console) -> None:
    """Before the draw for who moves first (line 170)."""
    console.print()
    console.print(tables.DECIDING)
    console.print()


def first_player(console: Console, name: str) -> None:
    """Who moves first (line 180)."""
    console.print(name, tables.FIRST_PLAYER)


def galaxy_map(console: Console, galaxy: Galaxy) -> None:
    """The map of the galaxy on a new page (lines 1000-1050)."""
    console.print(tables.FORM_FEED)
    for column, text in (
        (tables.MAP_TITLE_TAB, tables.MAP_TITLE),
        (tables.MAP_RULE_TAB, tables.MAP_RULE),
        (tables.MAP_HEADER_TAB, tables.MAP_HEADER),
    ):
        console.print(Tab(column), text)
    for row in range(1, tables.ROWS + 1):
        # The row's 36 one-character items (" ", symbol, " ") always fit on the line: one text.
        cells = "".join(f" {tables.CELL_SYMBOLS[code - 1]} " for code in galaxy.row(row))
        console.print(Tab(tables.MAP_ROW_TAB), row, cells)


def stock_screen(
    console: Console, companies: Sequence[Company], roster: Roster, player: int
) -> None:
    """The player's holdings in every listed company, on a new page (lines 1440-1480)."""
    console.print(tables.FORM_FEED)
    console.print()
    console.print(*columns(tables.STOCK_HEADINGS, tables.STOCK_TABS))
    for index in range(1, 6):
        company = companies[index]
        if company.listed:
            console.print(company.name, Tab(tables.STOCK_TABS[0]), company.price, SEMICOLON)
            console.print(Tab(tables.STOCK_TABS[1]), roster.shares(index, player, line=1470))


def columns(texts: Sequence[str], tabs: Iterable[int]) -> list[PrintItem]:
    """The items of a heading: texts at the given columns, the first at the cursor."""
    items: list[PrintItem] = [texts[0]]
    for text, column in zip(texts[1:], tabs, strict=True):
        items += [Tab(column), text]
    return items


def announcement(console: Console) -> None:
    """The heading of every special announcement (lines 7900-7920)."""
    console.print(Tab(tables.ANNOUNCEMENT_TAB), tables.ANNOUNCEMENT)
    console.print()


def new_company(console: Console, name: str) -> None:
    """The announcement of a new company (lines 680-690)."""
    announcement(console)
    console.print(tables.NEW_COMPANY)
    console.print(tables.NEW_COMPANY_NAME, name)


def legal_moves(console: Console, candidates: Sequence[Place]) -> None:
    """The five candidate moves (lines 350-360)."""
    console.print(tables.LEGAL_MOVES)
    for place in candidates:
        letter = tables.COLUMN_LETTERS[place.column - 1]
        console.print(place.row, letter, tables.CANDIDATE_SEPARATOR, SEMICOLON)
    console.print()


def whose_move(console: Console, name: str) -> None:
    """A blank line and the mover's name, which the legal moves line goes on (line 340)."""
    console.print()
    console.print(name, SEMICOLON)


def not_in_list(console: Console) -> None:
    """The answer to a move that is not a candidate (line 390)."""
    console.print(tables.NOT_IN_LIST)


def merger_heading(console: Console, old: str, new: str) -> None:
    """The announcement and column headings of a merger (lines 1180-1230)."""
    announcement(console)
    console.print(old, tables.MERGED_INTO, SEMICOLON)
    console.print(new, "!")
    console.print(tables.MERGE_NOTE)
    console.print()
    console.print(Tab(tables.OLD_STOCK_TAB), tables.OLD_STOCK, old, tables.NEW_STOCK, SEMICOLON)
    console.print(new)
    console.print()
    console.print(*columns(tables.MERGE_TABLE_HEADINGS, tables.MERGE_TABLE_TABS))


def merger_row(
    console: Console, roster: Roster, merger: Merger, player: int, players: Iterable[int]
) -> Single:
    """One player's line of a merger table: shares, new shares, bonus (lines 1240-1270).

    The shares outstanding (X1) are summed between the row's prints, as line 1260 does; they
    are returned for the payoff."""
    tabs = tables.MERGE_TABLE_TABS
    console.print(roster.name(player, line=1240), Tab(tabs[0]))
    console.print(roster.shares(merger.old, player, line=1240), Tab(tabs[1]))
    console.print(stock.converted(roster.shares(merger.old, player, line=1240)), SEMICOLON)
    console.print(Tab(tabs[2]))
    held = roster.shares(merger.into, player, line=1250)
    console.print(held + stock.converted(roster.shares(merger.old, player, line=1250)), SEMICOLON)
    outstanding = roster.outstanding(merger.old, players, line=1260)
    console.print(Tab(tabs[3]))
    console.print(tables.BONUS_PREFIX, SEMICOLON)
    shares = roster.shares(merger.old, player, line=1270)
    console.print(stock.bonus(shares, outstanding, merger.old_price))
    return outstanding


def split(console: Console, name: str) -> None:
    """The announcement of a 2 for 1 split (lines 1400-1410)."""
    announcement(console)
    console.print(tables.SPLIT_PREFIX, SEMICOLON)
    console.print(name, tables.SPLIT_SUFFIX)


def current_cash(console: Console, cash: Single) -> None:
    """YOUR CURRENT CASH= $ n (line 820)."""
    console.print(tables.CASH_LINE, cash)


def offer(console: Console, company: Company, shares: Single) -> None:
    """The offer of one company's shares, which the answer's prompt ends (lines 830-840)."""
    console.print(tables.BUY_PREFIX, company.name, tables.BUY_PRICE, company.price)
    console.print(Tab(tables.OWN_TAB))
    console.print(tables.OWN, shares, SEMICOLON)


def cannot_afford(console: Console, cash: Single) -> None:
    """YOU ONLY HAVE $ n - TRY AGAIN (line 870)."""
    console.print(tables.ONLY_HAVE, cash, tables.TRY_AGAIN)


def standings_heading(console: Console) -> None:
    """The announcement and headings of the final standings (lines 9500-9520)."""
    announcement(console)
    console.print(tables.GAME_OVER)
    console.print()
    console.print(*columns(tables.STANDINGS_HEADINGS, tables.STANDINGS_TABS))
    console.print()


def standing(console: Console, roster: Roster, player: int) -> None:
    """One player's stock value, cash and net worth (lines 9540-9550)."""
    tabs = tables.STANDINGS_TABS
    console.print(roster.name(player, line=9540), Tab(tabs[0]), tables.DOLLAR, SEMICOLON)
    console.print(roster.worth(player, line=9540), Tab(tabs[1]), tables.DOLLAR, SEMICOLON)
    console.print(roster.money(player, line=9540), SEMICOLON)
    console.print(Tab(tabs[2]), tables.DOLLAR, SEMICOLON)
    console.print(roster.worth(player, line=9550) + roster.money(player, line=9550))
