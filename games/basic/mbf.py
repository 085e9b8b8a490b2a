"""Microsoft Binary Format arithmetic, step by step as PC-BASIC performs it.

A working value is a tuple (exponent, mantissa, negative). Its magnitude is
mantissa * 2**(exponent - 128 - width): the width is 32 bits for single precision (24 stored
mantissa bits and a carry byte below them) and 64 bits for double precision (56 + 8). An
exponent of 0 means zero. Between the steps of one operation the carry byte keeps 8 bits below
the stored precision; `normalise` rounds them away (halves to even) and is the only place where
a value can overflow. These routines are the slow, exact path: `single.Single` calls them only
when a result is not exactly representable, and the decimal conversions use them throughout.

The quirks are PC-BASIC's, measured against it (tests/basic/data): an addition whose smaller
operand loses bits sets a sticky bit, a subtraction clears carry bit 7 in one pattern, a product
is truncated to 28 bits before rounding, and the long division subtracts only on a strictly
greater remainder.
"""

from typing import NamedTuple


class Working(NamedTuple):
    """An unpacked MBF value: magnitude mantissa * 2**(exponent - 128 - width), and its sign."""

    exponent: int
    mantissa: int
    negative: bool


class MbfOverflow(ArithmeticError):
    """A result beyond the largest MBF value; `negative` is the sign of the result."""

    def __init__(self, negative: bool) -> None:
        super().__init__("Overflow")
        self.negative = negative


SINGLE_WIDTH = 32
DOUBLE_WIDTH = 64
CARRY_BITS = 8
CARRY_MASK = 0xFF
HALF_CARRY = 0x80
LARGEST_EXPONENT = 255
EXPONENT_BIAS = 128
PRODUCT_FLOOR = -31


def zero_of(width: int) -> Working:
    """The working form of a stored zero: exponent 0, the implicit leading bit still set."""
    return Working(0, 1 << (width - 1), False)


def from_int(number: int, width: int) -> Working:
    """An integer as a working value, truncated to the stored precision (PC-BASIC's from_int)."""
    if number == 0:
        return zero_of(width)
    magnitude = abs(number)
    bits = magnitude.bit_length()
    stored = width - CARRY_BITS
    if bits <= stored:
        mantissa = magnitude << (stored - bits)
    else:
        mantissa = magnitude >> (bits - stored)
    exponent = EXPONENT_BIAS + bits
    if exponent > LARGEST_EXPONENT:
        raise MbfOverflow(number < 0)
    return Working(exponent, mantissa << CARRY_BITS, number < 0)


def normalise(value: Working, width: int) -> Working:
    """Shift the leading bit to the top, round the carry byte (halves to even), check the range."""
    exponent, mantissa, negative = value
    if mantissa == 0 or exponent <= 0:
        return Working(0, 0, False)
    shift = width - mantissa.bit_length()
    if shift > 0:
        mantissa <<= shift
        exponent -= shift
    carry = mantissa & CARRY_MASK
    mantissa -= carry
    if carry > HALF_CARRY or (carry == HALF_CARRY and mantissa & (1 << CARRY_BITS)):
        mantissa += 1 << CARRY_BITS
        if mantissa >> width:
            mantissa >>= 1
            exponent += 1
    if exponent > LARGEST_EXPONENT:
        raise MbfOverflow(negative)
    if exponent <= 0:
        return Working(0, 0, False)
    return Working(exponent, mantissa, negative)


def add(left: Working, right: Working, width: int) -> Working:
    """Sum of two working values, unnormalised, with PC-BASIC's sticky and subtraction quirks."""
    if right.exponent == 0:
        return left
    if left.exponent == 0:
        return right
    if (left.exponent, left.mantissa) > (right.exponent, right.mantissa):
        left, right = right, left
    shift = right.exponent - left.exponent
    lost_nothing = left.mantissa & ((1 << shift) - 1) == 0
    smaller = left.mantissa >> shift
    exponent, mantissa, negative = right
    if left.negative != right.negative:
        if smaller < HALF_CARRY or (smaller == HALF_CARRY and lost_nothing):
            return right
        mantissa -= smaller
        if mantissa & 0x1C0 == 0x80 and mantissa & 0x1DF != 0x80:
            mantissa &= ~HALF_CARRY
        return Working(exponent, mantissa, negative)
    mantissa += smaller
    if mantissa >> width:
        mantissa >>= 1
        exponent += 1
    if not lost_nothing:
        mantissa |= 1
    return Working(exponent, mantissa, negative)


def multiply(left: Working, right: Working, width: int) -> Working:
    """Product of two nonzero working values: truncated to 28 significant bits, then normalised."""
    exponent = left.exponent + right.exponent - EXPONENT_BIAS - width
    if exponent < PRODUCT_FLOOR:
        return Working(0, 0, False)
    mantissa = left.mantissa * right.mantissa
    low, high = 1 << (width - 5), 1 << (width - 4)
    while mantissa <= low:
        mantissa <<= 1
        exponent -= 1
    excess = mantissa.bit_length() - (width - 4)
    if excess > 0:
        if mantissa >> (excess - 1) == high:
            excess -= 1
        mantissa >>= excess
        exponent += excess
    if mantissa & 0xF == 0x9:
        mantissa &= ~1
    return normalise(Working(exponent, mantissa, left.negative != right.negative), width)


def divide(left: Working, right: Working, width: int) -> Working:
    """Quotient of two nonzero working values by long division, unnormalised.

    The remainder is reduced only when strictly greater than the shifted divisor, and the
    divisor loses its low bits as it shifts: both as PC-BASIC does.
    """
    rest, divisor = left.mantissa, right.mantissa
    steps = divisor.bit_length()
    quotient = 0
    while divisor:
        quotient <<= 1
        if rest > divisor:
            rest -= divisor
            quotient |= 1
        divisor >>= 1
    exponent = left.exponent - right.exponent + EXPONENT_BIAS + width + 1 - steps
    return Working(exponent, quotient, left.negative != right.negative)


def ten(width: int) -> Working:
    """The working value of 10."""
    return Working(EXPONENT_BIAS + 4, 0xA << (width - 4), False)


def divide_by_ten(value: Working, width: int) -> Working:
    """A tenth of a working value, its leading bit shifted back to the top without rounding."""
    exponent, mantissa, negative = divide(value, ten(width), width)
    shift = width - mantissa.bit_length()
    if shift > 0:
        mantissa <<= shift
        exponent -= shift
    return Working(exponent, mantissa, negative)


def multiply_by_ten(value: Working, width: int) -> Working:
    """Ten times a working value, as 2x + 8x through `add`."""
    exponent, mantissa, negative = value
    doubled = Working(exponent + 1, mantissa, negative)
    return add(doubled, Working(exponent + 3, mantissa, negative), width)


def round_carry(value: Working, width: int) -> Working:
    """Round the carry byte into the mantissa (halves up), as the decimal conversion does."""
    exponent, mantissa, negative = value
    if mantissa & CARRY_MASK >= HALF_CARRY:
        mantissa += 1 << CARRY_BITS
        if mantissa >> width:
            exponent += 1
            mantissa >>= 1
    return Working(exponent, mantissa & ~CARRY_MASK, negative)


def magnitude_above(left: Working, right: Working) -> bool:
    """Whether |left| > |right|, comparing exponent then mantissa, carry byte included."""
    return (left.exponent, left.mantissa) > (right.exponent, right.mantissa)


def from_decimal(mantissa: int, exponent10: int, width: int) -> Working:
    """mantissa * 10**exponent10 at the given width, scaled one power of ten at a time.

    The leading bit stays at the top, so the exponent only falls while dividing and only rises
    while multiplying: the scaling stops once the result is sure to underflow (exponent 0 or
    below) or overflow (above 255), so that a text such as 5E12999999 is read at once.
    """
    value = from_int(mantissa, width)
    while exponent10 < 0 and value.exponent > 0:
        value = divide_by_ten(value, width)
        exponent10 += 1
    while exponent10 > 0 and value.exponent <= LARGEST_EXPONENT:
        value = multiply_by_ten(value, width)
        exponent10 -= 1
    return normalise(value, width)


def double_to_single(value: Working) -> Working:
    """A normalised double rounded to single: the byte below the single mantissa is its carry."""
    if value.exponent == 0:
        return Working(0, 0, False)
    carried = value.mantissa >> (DOUBLE_WIDTH - SINGLE_WIDTH)
    return normalise(Working(value.exponent, carried, value.negative), SINGLE_WIDTH)


def to_bytes(value: Working, width: int) -> bytes:
    """The stored bytes of a normalised value: mantissa low byte first, sign in place of the
    leading bit, exponent last (as MKS$ and the tokenizer lay it out)."""
    if value.exponent == 0:
        return bytes(width // 8)
    stored = value.mantissa >> CARRY_BITS
    top = 1 << (width - CARRY_BITS - 1)
    stored = (stored & (top - 1)) | (top if value.negative else 0)
    return stored.to_bytes(width // 8 - 1, "little") + bytes([value.exponent])


def from_bytes(data: bytes) -> Working:
    """The value of stored MBF bytes (4 for single, 8 for double); exponent 0 is zero."""
    exponent = data[-1]
    if exponent == 0:
        return Working(0, 0, False)
    stored = int.from_bytes(data[:-1], "little")
    top = 1 << (len(data) * 8 - CARRY_BITS - 1)
    return Working(exponent, (stored | top) << CARRY_BITS, bool(stored & top))
