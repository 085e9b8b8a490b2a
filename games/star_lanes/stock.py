"""The money rules of a share: dividends, purchases, merger conversion and bonus, splits.

Each is computed in BASIC single precision, operation by operation in the listing's order, so
that rounding, `Overflow` and `Division by zero` come out as the original's.
"""

from games.basic.functions import INT
from games.basic.single import Single
from games.star_lanes import tables


def dividend(shares: Single, price: int) -> Single:
    """INT(.05 * S * S1): 5% of the market value of a holding (line 800)."""
    return INT(tables.DIVIDEND_RATE * shares * price)


def cost(shares: Single, price: int) -> Single:
    """R3 * S1: what a purchase costs (a negative purchase pays the player, line 860)."""
    return shares * price


def converted(shares: Single) -> Single:
    """INT(.5 * S + .5): the new shares for old ones in a merger, half rounded (line 1240)."""
    return INT(tables.CONVERSION_RATE * shares + tables.CONVERSION_RATE)


def bonus(shares: Single, outstanding: Single, price: int) -> Single:
    """INT(10 * ((S / X1) * S1)): a merger bonus for a share of the old stock (line 1270)."""
    return INT(tables.BONUS_FACTOR * ((shares / outstanding) * price))


def doubled(shares: Single) -> Single:
    """2 * S: a holding after a 2 for 1 split (line 1420)."""
    return 2 * shares
