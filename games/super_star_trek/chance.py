"""The listing's random draws, each consuming the generator exactly as the BASIC code does."""

from games.basic.functions import INT
from games.basic.rnd import Rnd
from games.basic.single import Single, sng
from games.super_star_trek import tables

_SCALE = sng(tables.COORDINATE_SCALE)
_OFFSET = sng(tables.COORDINATE_OFFSET)


def draw(rnd: Rnd) -> Single:
    """RND(1): the next number of the sequence."""
    return rnd.rnd(1)


def again(rnd: Rnd) -> Single:
    """RND(0): the last number drawn, drawn again (line 6060)."""
    return rnd.rnd(0)


def one_to_eight(rnd: Rnd) -> int:
    """FNR(1) = INT(RND(1)*7.98+1.01) (line 475): 1 to 8, the ends a little less likely."""
    return int(INT(rnd.rnd(1) * _SCALE + _OFFSET))
