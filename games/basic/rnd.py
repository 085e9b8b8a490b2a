"""RND and RANDOMIZE as PC-BASIC computes them (GW-BASIC's 24-bit linear congruential generator).

The state x steps as x = (x * 214013 + 2531011) mod 2**24 from 0x4FC752 at power-on (and after
CLEAR or RUN); RND(1) steps and returns x / 2**24 (an exact single), RND(0) returns the current
x / 2**24 again, RND(negative n) first sets x to the 24-bit mantissa of n.

`RANDOMIZE n` keeps the low byte of x, steps once, and adds k * 0x43FD00 (mod 2**24), where k is
a 16-bit key taken from n as the listing stores it: an integer constant up to 32767 is its own
key; a larger one is stored as a single (7 digits or fewer) or a double (8 or more), a negative
one is the positive constant negated as a single (or double), and the key is the last two bytes
of that number XOR the two before them, read as a signed 16-bit integer. A constant beyond the
double range makes the tokenizer print `Overflow` when the listing loads and stores the largest
double. Every integer seed is therefore accepted; seeds with the same key give the same game.
"""

from dataclasses import dataclass

from games.basic import mbf
from games.basic.numtext import read_decimal
from games.basic.single import ZERO, Single, unpack

POWER_ON = 0x4FC752
MULTIPLIER = 214013
INCREMENT = 2531011
PERIOD = 1 << 24
RANDOMIZE_STEP = 0x43FD00
INTEGER_LIMIT = 32767


@dataclass(frozen=True)
class SeedConstant:
    """What `RANDOMIZE n` makes of an integer n: its 16-bit key, and whether loading the listing
    printed Overflow (n beyond the double range)."""

    key: int
    overflow: bool


def seed_constant(seed: int) -> SeedConstant:
    """The key of `RANDOMIZE seed` written in the listing, as PC-BASIC tokenizes and reads it."""
    magnitude = abs(seed)
    if seed >= 0 and magnitude <= INTEGER_LIMIT:
        return SeedConstant(seed, False)
    stored, overflow = _stored_constant(magnitude)
    if seed < 0:
        stored = stored[:-2] + bytes([stored[-2] ^ 0x80]) + stored[-1:]
    key = int.from_bytes(bytes(a ^ b for a, b in zip(stored[-2:], stored[-4:-2])), "little")
    return SeedConstant(key - 0x10000 if key & 0x8000 else key, overflow)


def _stored_constant(magnitude: int) -> tuple[bytes, bool]:
    """The bytes of a nonnegative integer constant as the tokenizer stores it (beyond Integer)."""
    if magnitude <= INTEGER_LIMIT:
        return mbf.to_bytes(unpack(float(magnitude)), mbf.SINGLE_WIDTH), False
    decimal = read_decimal(str(magnitude), strict=True)
    width = mbf.DOUBLE_WIDTH if decimal.double else mbf.SINGLE_WIDTH
    try:
        value = mbf.from_decimal(decimal.mantissa, decimal.exponent, width)
    except mbf.MbfOverflow:
        return b"\xff" * (width // 8 - 2) + b"\x7f\xff", True
    return mbf.to_bytes(value, width), False


class Rnd:
    """The interpreter's random number generator."""

    def __init__(self) -> None:
        self.state = POWER_ON

    def clear(self) -> None:
        """Back to the power-on state, as CLEAR and RUN do in PC-BASIC."""
        self.state = POWER_ON

    def rnd(self, argument: Single | int = 1) -> Single:
        """RND(argument): the next value, the last one again for 0, a reseeded one if negative."""
        if argument:
            if argument < 0:
                self.state = unpack(float(argument)).mantissa >> mbf.CARRY_BITS
            self.state = (self.state * MULTIPLIER + INCREMENT) % PERIOD
        return Single(self.state / PERIOD) if self.state else ZERO

    def randomize(self, seed: int) -> None:
        """RANDOMIZE seed, with seed written as an integer constant in the listing."""
        key = seed_constant(seed).key
        self.state = ((self.state & 0xFF) * MULTIPLIER + INCREMENT) % PERIOD
        self.state = (self.state + key * RANDOMIZE_STEP) % PERIOD
