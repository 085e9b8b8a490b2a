"""The players' arrays: names P$(5), cash B(5), stock value D1(5) and holdings S(5,4).

Players are numbered from 1; the arrays also have a slot 0 and are dimensioned as the listing
dimensions them, so an odd player count fails where the original fails: a subscript above the
bound is `Subscript out of range`, a negative one `Illegal function call`, in the listing's line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.basic.errors import ILLEGAL_FUNCTION_CALL, SUBSCRIPT_OUT_OF_RANGE, BasicError, at_line
from games.basic.functions import cint
from games.basic.single import Single
from games.star_lanes import tables


def subscript(value: Single, line: int) -> int:
    """A number used as a subscript: rounded; beyond BASIC's integers an `Overflow` error."""
    with at_line(line):
        return cint(value)


def slot(index: int, bound: int, line: int) -> int:
    """A checked subscript of an array dimensioned to `bound`, or the listing's error at `line`."""
    if index < 0:
        raise BasicError(ILLEGAL_FUNCTION_CALL, line)
    if index > bound:
        raise BasicError(SUBSCRIPT_OUT_OF_RANGE, line)
    return index


@dataclass(frozen=True)
class Merger:
    """Company `old`, at price `old_price`, being merged into company `into` (line 1180)."""

    old: int
    into: int
    old_price: int


@dataclass
class Roster:
    """What the listing keeps per player; indices are player numbers, holdings [company][player]."""

    names: list[str]
    cash: list[Single]
    stock_value: list[Single]
    holdings: list[list[Single]]

    @classmethod
    def blank(cls) -> Roster:
        """The arrays as DIM leaves them: empty names, zeros."""
        slots = tables.PLAYER_SLOTS + 1
        return cls(
            [""] * slots,
            [Single(0)] * slots,
            [Single(0)] * slots,
            [[Single(0)] * (tables.HOLDING_PLAYER_SLOTS + 1) for _ in range(6)],
        )

    def reset(self) -> None:
        """A new game's start (lines 70-75): slots 1-5 get 6000 cash, holdings 1-4 are cleared.

        Slot 0 and the names are left as they were, as the listing leaves them.
        """
        for player in range(1, tables.PLAYER_SLOTS + 1):
            self.cash[player] = Single(tables.STARTING_CASH)
            self.stock_value[player] = Single(0)
        for company in range(1, 6):
            for player in range(1, tables.HOLDING_PLAYER_SLOTS + 1):
                self.holdings[company][player] = Single(0)

    def name(self, player: int, line: int) -> str:
        """P$(player)."""
        return self.names[slot(player, tables.PLAYER_SLOTS, line)]

    def set_name(self, player: int, name: str, line: int) -> None:
        """P$(player) = name."""
        self.names[slot(player, tables.PLAYER_SLOTS, line)] = name

    def shares(self, company: int, player: int, line: int) -> Single:
        """S(company, player): the shares a player holds."""
        return self.holdings[company][slot(player, tables.HOLDING_PLAYER_SLOTS, line)]

    def set_shares(self, company: int, player: int, shares: Single, line: int) -> None:
        """S(company, player) = shares."""
        self.holdings[company][slot(player, tables.HOLDING_PLAYER_SLOTS, line)] = shares

    def money(self, player: int, line: int) -> Single:
        """B(player): a player's cash."""
        return self.cash[slot(player, tables.PLAYER_SLOTS, line)]

    def set_money(self, player: int, money: Single, line: int) -> None:
        """B(player) = money."""
        self.cash[slot(player, tables.PLAYER_SLOTS, line)] = money

    def worth(self, player: int, line: int) -> Single:
        """D1(player): the market value of a player's stock at the end (line 9530)."""
        return self.stock_value[slot(player, tables.PLAYER_SLOTS, line)]

    def set_worth(self, player: int, worth: Single, line: int) -> None:
        """D1(player) = worth."""
        self.stock_value[slot(player, tables.PLAYER_SLOTS, line)] = worth

    def outstanding(self, company: int, players: Iterable[int], line: int) -> Single:
        """X1: the shares of a company that the players hold between them (line 1260)."""
        total = Single(0)
        for player in players:
            total = total + self.shares(company, player, line)
        return total
