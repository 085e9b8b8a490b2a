"""The five shipping companies: name M$(I), size Q(I) in cells and price per share S1(I)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.star_lanes import tables


@dataclass
class Company:
    """One company; size 0 means it is not on the map (free to be formed, line 260)."""

    name: str
    size: int = 0
    price: int = tables.STARTING_PRICE

    @property
    def exists(self) -> bool:
        """Whether the company is on the map, as the listing tests it (Q(I) <> 0)."""
        return self.size != 0

    @property
    def listed(self) -> bool:
        """Whether the stock screen shows it: its price is not the starting 100 (line 1460)."""
        return self.price != tables.STARTING_PRICE

    def reset(self) -> None:
        """Back to unformed: size 0, price 100 (line 75, and 1340 after a merge)."""
        self.size = 0
        self.price = tables.STARTING_PRICE

    def halve_price(self) -> None:
        """The price side of a 2 for 1 split: INT(S1/2) (line 1410)."""
        self.price //= 2


def all_companies() -> list[Company]:
    """Companies 0 to 5: index 0 is the listing's unused slot Q(0) = 0, read by line 1065."""
    return [Company(""), *(Company(name) for name in tables.COMPANY_NAMES)]


def first_free(companies: Sequence[Company]) -> int | None:
    """The lowest company not on the map, which a new lane forms (lines 660-670)."""
    return next((index for index in range(1, 6) if not companies[index].exists), None)


def any_free(companies: Sequence[Company]) -> bool:
    """Whether some company is not on the map, so a candidate may found one (line 260)."""
    return first_free(companies) is not None


def largest(companies: Sequence[Company], around: Sequence[int]) -> int:
    """The biggest of the companies around a move, the first one on a tie (lines 1065-1080).

    `around` holds F1-F4: a company number, or 0 for a neighbour that is no company.
    """
    best = around[0]
    for candidate in around[1:]:
        if companies[candidate].size > companies[best].size:
            best = candidate
    return best
