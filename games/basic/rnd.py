"""RND and RANDOMIZE as PC-BASIC computes them (GW-BASIC's 24-bit linear congruential generator).

The state steps as x = (x * 214013 + 2531011) mod 2**24 from 0x4FC752; `RANDOMIZE n` mixes in a
16-bit key of n as the listing stores it, so every integer seed is accepted and seeds with the
same key give the same game. The rules in full: "The generator" and "The RANDOMIZE rule" in
docs/explanation/basic-runtime.md.
"""

from dataclasses import dataclass

from games.basic import mbf
from games.basic.decimals import read_decimal
from games.basic.single import Single, unpack

POWER_ON = 0x4FC752
MULTIPLIER = 214013
INCREMENT = 2531011
PERIOD = 1 << 24
RANDOMIZE_STEP = 0x43FD00
INTEGER_LIMIT = 32767
LARGEST_DOUBLE_TOP = b"\xff\xff\x7f\xff"  # what an overflowing constant stores, last four bytes


@dataclass(frozen=True)
class SeedConstant:
    """What `RANDOMIZE n` makes of an integer n: its 16-bit key, and whether loading the listing
    printed Overflow (n beyond the double range)."""

    key: int
    overflow: bool


def seed_constant(seed: int) -> SeedConstant:
    """The key of `RANDOMIZE seed` written in the listing, as PC-BASIC tokenizes and reads it."""
    if 0 <= seed <= INTEGER_LIMIT:
        return SeedConstant(seed, False)
    top, overflow = _top_bytes(abs(seed))
    if seed < 0:
        top = top[:2] + bytes([top[2] ^ 0x80]) + top[3:]
    key = int.from_bytes(bytes(a ^ b for a, b in zip(top[2:], top[:2], strict=True)), "little")
    return SeedConstant(key, overflow)


def _top_bytes(magnitude: int) -> tuple[bytes, bool]:
    """The last four bytes of a positive integer constant as the tokenizer stores it, and
    whether it overflowed. Computed as a double: a constant of 7 digits or fewer, stored as a
    single, is below 2**24 and exact, so its single is the top four bytes of its double."""
    decimal = read_decimal(str(magnitude), strict=True)
    try:
        value = mbf.from_decimal(decimal.mantissa, decimal.exponent, mbf.DOUBLE_WIDTH)
    except mbf.MbfOverflow:
        return LARGEST_DOUBLE_TOP, True
    return mbf.to_bytes(value, mbf.DOUBLE_WIDTH)[-4:], False


class Rnd:
    """The interpreter's random number generator."""

    def __init__(self) -> None:
        self.state = POWER_ON

    def rnd(self, argument: Single | int = 1) -> Single:
        """RND(argument): the next value, the last one again for 0, a reseeded one if negative."""
        if argument:
            if argument < 0:
                self.state = unpack(float(argument)).mantissa >> mbf.CARRY_BITS
            self.state = (self.state * MULTIPLIER + INCREMENT) % PERIOD
        return Single(self.state / PERIOD)

    def randomize(self, seed: int) -> None:
        """RANDOMIZE seed, with seed written as an integer constant in the listing."""
        key = seed_constant(seed).key
        self.state = ((self.state & 0xFF) * MULTIPLIER + INCREMENT) % PERIOD
        self.state = (self.state + key * RANDOMIZE_STEP) % PERIOD
