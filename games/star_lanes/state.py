"""The listing's variables that outlive a statement: map, companies, players, whose turn."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from games.basic.single import Single
from games.star_lanes.company import Company, all_companies
from games.star_lanes.galaxy import Galaxy, Place
from games.star_lanes.players import Roster


@dataclass
class Game:
    """Everything a game keeps between moves; a new game reuses it (ANOTHER GAME goes to 70)."""

    galaxy: Galaxy = field(default_factory=Galaxy.blank)
    companies: list[Company] = field(default_factory=all_companies)
    roster: Roster = field(default_factory=Roster.blank)
    player_count: Single = field(default_factory=Single)
    """P1, as typed: any number INPUT accepts, which the listing never checks."""
    player: int = 0
    """P, the player to move."""
    candidates: list[Place] = field(default_factory=list)
    """R(1)-R(5), C(1)-C(5): this turn's legal moves."""

    def player_numbers(self) -> Iterator[int]:
        """1, 2, ... while at most P1: the listing's FOR I = 1 TO P1 (none when P1 < 1).

        Unbounded for a huge P1, as in the original: the arrays' bounds stop such a loop.
        """
        number = 1
        while number <= self.player_count:
            yield number
            number += 1
