"""The game's random draws, all from one seeded random.Random through randrange only.

randrange(n) on an integer n has drawn the same numbers for a seed since Python 3.2, so a seed
and the same inputs give the same game on every Python the project supports.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def pick(rng: random.Random, choices: Sequence[T]) -> T:
    """One of the choices; no draw at all when there is only one."""
    if len(choices) == 1:
        return choices[0]
    return choices[rng.randrange(len(choices))]


def draw_distinct(rng: random.Random, pool: Sequence[T], count: int) -> list[T]:
    """Up to count different members of the pool, in the order drawn (without replacement)."""
    remaining = list(pool)
    drawn: list[T] = []
    while remaining and len(drawn) < count:
        drawn.append(remaining.pop(rng.randrange(len(remaining))))
    return drawn
