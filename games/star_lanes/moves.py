"""A move: the five candidates drawn, then the chosen cell placed (lines 220-790, 1060-1430).

Placing a cell makes an outpost, founds a company, grows one, or merges the companies around it;
growth and founding annex the stars and outposts around the cell, and a price that gets too high
splits the stock. Every step follows the listing's order, announcements included.
"""

from games.basic.console import Console
from games.basic.functions import INT
from games.basic.rnd import Rnd
from games.basic.single import ZERO, Single
from games.star_lanes import stock, tables, view
from games.star_lanes.company import any_free, first_free, largest
from games.star_lanes.galaxy import (
    Cell,
    Neighbours,
    Place,
    company_code,
    company_of,
    is_company,
    playable_places,
)
from games.star_lanes.players import Merger
from games.star_lanes.state import Game

PATIENCE = 10_000
"""Draws without a new candidate after which the board is checked for room (see `NoRoom`)."""

NEIGHBOUR_PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
"""The pairs of neighbours whose companies lines 420-470 compare, in order."""


class NoRoom(Exception):
    """Fewer free cells than candidates: the original draws for ever and prints nothing more."""


def draw_place(rnd: Rnd) -> Place:
    """R = INT(9*RND(1)+1), then C = INT(12*RND(1)+1) (line 230)."""
    row = INT(tables.ROWS * rnd.rnd() + 1)
    column = INT(tables.COLUMNS * rnd.rnd() + 1)
    return Place(int(row), int(column))


def may_offer(game: Game, place: Place) -> bool:
    """Whether a cell can be a candidate (lines 250-337).

    It must be empty. While all five companies exist it must also not found a sixth: a cell next
    to a company is fine, one next to an outpost or a star and no company is not.
    """
    if game.galaxy.at(place) != Cell.EMPTY:
        return False
    if any_free(game.companies):
        return True
    around = game.galaxy.neighbours(place)
    if any(is_company(code) for code in around):
        return True
    return not any(code in (Cell.OUTPOST, Cell.STAR) for code in around)


def choose_candidates(game: Game, rnd: Rnd) -> None:
    """Draw five distinct cells that may be offered, redrawing both coordinates on a miss."""
    chosen: list[Place] = []
    misses = 0
    while len(chosen) < tables.CANDIDATE_COUNT:
        place = draw_place(rnd)
        if place not in chosen and may_offer(game, place):
            chosen.append(place)
            misses = 0
            continue
        misses += 1
        if misses == PATIENCE and not has_room(game, chosen):
            raise NoRoom
    game.candidates = chosen


def has_room(game: Game, chosen: list[Place]) -> bool:
    """Whether some cell not chosen yet may still be offered."""
    return any(place not in chosen and may_offer(game, place) for place in playable_places())


def place_move(game: Game, console: Console, place: Place) -> None:
    """Put the mover's cell on the map and apply what it touches (lines 400-790)."""
    around = game.galaxy.neighbours(place)
    if all(code <= Cell.EMPTY for code in around):
        game.galaxy.put(place, Cell.OUTPOST)
        return
    for first, second in NEIGHBOUR_PAIRS:
        one, other = around[first], around[second]
        if is_company(one) and is_company(other) and one != other:
            around = merge_around(game, console, place, around)
    if not any(is_company(code) for code in around):
        found_company(game, console, place, around)
        return
    if is_company(game.galaxy.at(place)):
        return
    company = company_of([code for code in around if is_company(code)][-1])
    game.companies[company].size += 1
    game.companies[company].price += tables.GROWTH_PRICE
    game.galaxy.put(place, company_code(company))
    annex(game, console, place, company, around)


def found_company(game: Game, console: Console, place: Place, around: Neighbours) -> None:
    """A new company on a cell next to stars or outposts only (lines 660-695).

    With no company free the cell becomes an outpost (line 670): the candidates exclude it.
    """
    company = first_free(game.companies)
    if company is None:
        game.galaxy.put(place, Cell.OUTPOST)
        return
    view.new_company(console, game.companies[company].name)
    shares = game.roster.shares(company, game.player, line=690)
    game.roster.set_shares(company, game.player, shares + tables.FOUNDER_SHARES, line=690)
    game.companies[company].size = 1
    view.blank_lines(console, tables.AFTER_ANNOUNCEMENT_LINES)
    annex(game, console, place, company, around)


def annex(game: Game, console: Console, place: Place, company: int, around: Neighbours) -> None:
    """Stars around add 500 each, outposts 100 and a cell each; a high price splits (700-790)."""
    firm = game.companies[company]
    firm.price += tables.STAR_PRICE * sum(code == Cell.STAR for code in around)
    for neighbour, code in zip(neighbour_places(place), around, strict=True):
        if code == Cell.OUTPOST:
            firm.price += tables.OUTPOST_PRICE
            firm.size += 1
            game.galaxy.put(neighbour, company_code(company))
    if firm.price >= tables.SPLIT_PRICE:
        split(game, console, company)
    game.galaxy.put(place, company_code(company))


def neighbour_places(place: Place) -> tuple[Place, Place, Place, Place]:
    """The cells north, south, east and west of a cell."""
    row, column = place
    return (
        Place(row - 1, column),
        Place(row + 1, column),
        Place(row, column + 1),
        Place(row, column - 1),
    )


def merge_around(game: Game, console: Console, place: Place, around: Neighbours) -> Neighbours:
    """Merge every other company around the cell into the largest one (lines 1060-1170).

    Returns the neighbours as they are afterwards (the listing rereads them, line 1317).
    """
    owners = [company_of(code) for code in around]
    survivor = largest(game.companies, owners)
    for direction in range(4):
        if owners[direction] == survivor or not is_company(around[direction]):
            continue
        around = merge(game, console, place, owners[direction], survivor)
        owners = [company_of(code) for code in around]
    return around


def merge(game: Game, console: Console, place: Place, old: int, into: int) -> Neighbours:
    """Company `old` taken over by `into`: table, shares, bonuses, map, size, price (1180-1370)."""
    companies, roster = game.companies, game.roster
    merger = Merger(old, into, companies[old].price)
    view.merger_heading(console, companies[old].name, companies[into].name)
    outstanding = ZERO
    for player in game.player_numbers():
        outstanding = view.merger_row(console, roster, merger, player, game.player_numbers())
    for player in game.player_numbers():
        pay_off(game, merger, player, outstanding)
    game.galaxy.recolour(old, into)
    around = game.galaxy.neighbours(place)
    companies[into].size += companies[old].size
    companies[into].price += companies[old].price
    if companies[into].price > tables.SPLIT_PRICE:
        split(game, console, into)
    companies[old].reset()
    for player in game.player_numbers():
        roster.set_shares(old, player, ZERO, line=1340)
    view.blank_lines(console, tables.AFTER_ANNOUNCEMENT_LINES)
    game.galaxy.put(place, company_code(into))
    return around


def pay_off(game: Game, merger: Merger, player: int, outstanding: Single) -> None:
    """One player's new shares and bonus for the old stock (lines 1290-1300)."""
    roster = game.roster
    held = roster.shares(merger.into, player, line=1290)
    old = roster.shares(merger.old, player, line=1290)
    roster.set_shares(merger.into, player, held + stock.converted(old), line=1290)
    cash = roster.money(player, line=1300)
    old = roster.shares(merger.old, player, line=1300)
    bonus = stock.bonus(old, outstanding, merger.old_price)
    roster.set_money(player, cash + bonus, line=1300)


def split(game: Game, console: Console, company: int) -> None:
    """A 2 for 1 split: the price halved, every holding doubled (lines 1400-1430)."""
    view.split(console, game.companies[company].name)
    game.companies[company].halve_price()
    view.blank_lines(console, tables.AFTER_ANNOUNCEMENT_LINES)
    for player in game.player_numbers():
        shares = game.roster.shares(company, player, line=1420)
        game.roster.set_shares(company, player, stock.doubled(shares), line=1420)
