"""`Single`: a Microsoft-BASIC single-precision number that computes bit for bit as PC-BASIC.

A Single is a Python float whose value is always exactly an MBF single (24-bit mantissa,
binary exponent from -128 to 127), so comparisons, hashing and `float()` come free and exact.
The arithmetic operators give PC-BASIC's results: when the exact result of an operation fits
in a single it is that result (checked with one float operation); otherwise `mbf` rounds it
step by step as PC-BASIC does. Python ints mix in naturally (`cash - shares * price`); a Python
float stands for the decimal constant of the same text, as the BASIC tokenizer stores it
(`0.05 * price` is the listing's `.05 * S1`). An overflow or a division by zero is a soft
error: the message goes to the current error sink (`errors`) and the result is the largest
single of the right sign, as PC-BASIC goes on. Hard errors (bad arguments) raise BasicError.
"""

import math
from collections.abc import Callable
from typing import SupportsIndex, TypeAlias

from games.basic import mbf
from games.basic.decimals import NotANumber, read_decimal
from games.basic.errors import DIVISION_BY_ZERO, OVERFLOW, report_soft_error

SCALE = 16777216.0  # 2**24: a single's mantissa, scaled to an integer, is below this
LOWEST_FAST_EXPONENT = -126  # frexp exponents whose results cannot underflow on the way
HIGHEST_EXPONENT = 127  # frexp exponent of the largest single
LARGEST = math.ldexp(0xFFFFFF, 127 - 24)  # 1.701412E+38
WIDTH = mbf.SINGLE_WIDTH
MANTISSA_BITS = 24
EXPONENT_OFFSET = mbf.EXPONENT_BIAS + MANTISSA_BITS  # working exponent of a 24-bit mantissa


class Single(float):
    """An MBF single-precision value; arithmetic with Single, int or float gives a Single."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Single({float.__repr__(self)})"

    def __add__(self, other: "Operand") -> "Single":
        return _add(self, _single(other))

    def __radd__(self, other: "Operand") -> "Single":
        return _add(_single(other), self)

    def __sub__(self, other: "Operand") -> "Single":
        return _add(self, -_single(other))

    def __rsub__(self, other: "Operand") -> "Single":
        return _add(_single(other), -self)

    def __mul__(self, other: "Operand") -> "Single":
        return _multiply(self, _single(other))

    def __rmul__(self, other: "Operand") -> "Single":
        return _multiply(_single(other), self)

    def __truediv__(self, other: "Operand") -> "Single":
        return _divide(self, _single(other))

    def __rtruediv__(self, other: "Operand") -> "Single":
        return _divide(_single(other), self)

    def __pow__(self, other: "Operand", modulo: None = None) -> "Single":
        return power(self, other)

    def __rpow__(self, other: "Operand", modulo: None = None) -> "Single":
        return power(_single(other), self)

    def __neg__(self) -> "Single":
        return _new(Single, -float(self))

    def __pos__(self) -> "Single":
        return self

    def __abs__(self) -> "Single":
        return _new(Single, abs(float(self)))

    def __eq__(self, other: object) -> bool:
        if type(other) is float:
            other = constant(other)
        return float.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        if type(other) is float:
            other = constant(other)
        return float.__ne__(self, other)

    def __lt__(self, other: float) -> bool:
        if type(other) is float:
            other = constant(other)
        return float.__lt__(self, other)

    def __le__(self, other: float) -> bool:
        if type(other) is float:
            other = constant(other)
        return float.__le__(self, other)

    def __gt__(self, other: float) -> bool:
        if type(other) is float:
            other = constant(other)
        return float.__gt__(self, other)

    def __ge__(self, other: float) -> bool:
        if type(other) is float:
            other = constant(other)
        return float.__ge__(self, other)

    __hash__ = float.__hash__

    def __floordiv__(self, other: object) -> "Single":
        raise TypeError("BASIC has no // on singles: use INT(a / b)")

    def __rfloordiv__(self, other: object) -> "Single":
        raise TypeError("BASIC has no // on singles: use INT(a / b)")

    def __mod__(self, other: object) -> "Single":
        raise TypeError("the listings use no MOD on singles")

    def __rmod__(self, other: object) -> "Single":
        raise TypeError("the listings use no MOD on singles")

    def __round__(self, ndigits: SupportsIndex | None = None) -> int:
        raise TypeError("use basic.functions.cint (BASIC rounds halves away from zero)")


Operand: TypeAlias = Single | int | float
_new: Callable[[type[Single], float], Single] = float.__new__
_frexp = math.frexp
_is_integer = float.is_integer
_float_add = float.__add__
_float_mul = float.__mul__
ZERO = _new(Single, 0.0)
_constants: dict[float, Single] = {}


def sng(value: Operand | str) -> Single:
    """A value as a Single: ints and floats as `_single` converts them, text as a constant."""
    if isinstance(value, str):
        return parse_constant(value)
    return _single(value)


def _single(value: Operand) -> Single:
    """An operand as a Single: exact for ints within 24 bits, larger ints rounded as a listing's
    integer constant is when a single receives it (a double, then rounded), floats as decimal
    constants."""
    kind = type(value)
    if kind is Single:
        return value  # type: ignore[return-value]
    if kind is int:
        if -16777216 <= value <= 16777216:
            return _new(Single, float(value))
        whole = int(value)
        return _soft(lambda: mbf.double_to_single(mbf.from_decimal(whole, 0, mbf.DOUBLE_WIDTH)))
    if kind is float:
        return constant(value)
    raise TypeError(f"a BASIC number cannot be made from {kind.__name__}")


def constant(value: float) -> Single:
    """The single the BASIC tokenizer stores for a decimal constant written like this float."""
    known = _constants.get(value)
    if known is None:
        known = parse_constant(repr(value) if value == value else "0")
        _constants[value] = known
    return known


def parse_constant(text: str) -> Single:
    """The single that the tokenizer stores for a decimal constant such as `.05` or `7.98`
    (beyond the single range, the largest single)."""
    decimal = read_decimal(text.upper(), strict=True)
    if decimal.double:
        raise NotANumber(f"{text} is a double-precision constant")
    try:
        return pack(mbf.from_decimal(decimal.mantissa, decimal.exponent, mbf.SINGLE_WIDTH))
    except mbf.MbfOverflow as overflow:
        return Single(-LARGEST if overflow.negative else LARGEST)


def _fits(value: float) -> bool:
    """Whether a float is exactly a single that no MBF rounding step can have changed."""
    mantissa, exponent = _frexp(value)
    return LOWEST_FAST_EXPONENT <= exponent <= HIGHEST_EXPONENT and _is_integer(mantissa * SCALE)


def _add(left: Single, right: Single) -> Single:
    """left + right: the exact sum when it is a single (the MBF steps cannot change it)."""
    total = _float_add(left, right)
    if not total:
        return ZERO
    if _fits(total):
        return _new(Single, total)
    return _soft(lambda: mbf.add(unpack(left), unpack(right), WIDTH))


def _multiply(left: Single, right: Single) -> Single:
    """left * right: the exact product when it is a single, else MBF's truncating multiply."""
    product = _float_mul(left, right)
    if not product:
        return ZERO
    if _fits(product):
        return _new(Single, product)
    return _soft(lambda: mbf.multiply(unpack(left), unpack(right), WIDTH))


def _divide(left: Single, right: Single) -> Single:
    """left / right by MBF long division; by zero: soft error, the largest single, left's sign."""
    if not right:
        report_soft_error(DIVISION_BY_ZERO)
        return _new(Single, math.copysign(LARGEST, left))
    if not left:
        return left
    return _soft(lambda: mbf.divide(unpack(left), unpack(right), WIDTH))


def _soft(compute: Callable[[], mbf.Working]) -> Single:
    """Run an MBF step and pack its result; on overflow report it and give the largest single."""
    try:
        return pack(mbf.normalise(compute(), WIDTH))
    except mbf.MbfOverflow as overflow:
        report_soft_error(OVERFLOW)
        return _new(Single, -LARGEST if overflow.negative else LARGEST)


def unpack(value: float) -> mbf.Working:
    """The working form of a single (exact)."""
    if not value:
        return mbf.Working(0, 0, False)
    mantissa, exponent = _frexp(abs(value))
    return mbf.Working(
        exponent + mbf.EXPONENT_BIAS, int(mantissa * SCALE) << mbf.CARRY_BITS, value < 0
    )


def pack(value: mbf.Working) -> Single:
    """The Single of a normalised single-width working value."""
    exponent, mantissa, negative = value
    if exponent == 0:
        return ZERO
    magnitude = math.ldexp(mantissa >> mbf.CARRY_BITS, exponent - EXPONENT_OFFSET)
    return _new(Single, -magnitude if negative else magnitude)


def power(base: Single, exponent: Operand) -> Single:
    """base ^ exponent: an int exponent by repeated MBF multiplication (as the listings' ^2),
    any other through a float power rounded as PC-BASIC rounds its math functions (zero to a
    negative one is a division by zero: the message and the largest single)."""
    if type(exponent) is int:
        try:
            return pack(_integer_power(unpack(base), exponent))
        except mbf.MbfOverflow as overflow:
            report_soft_error(OVERFLOW)
            return _new(Single, -LARGEST if overflow.negative else LARGEST)
        except ZeroDivisionError:
            report_soft_error(DIVISION_BY_ZERO)
            return _new(Single, LARGEST)
    power_of = _single(exponent)
    if not base and power_of < 0:
        report_soft_error(DIVISION_BY_ZERO)
        return _new(Single, LARGEST)
    return from_float_result(lambda: float(base) ** float(power_of))


def _integer_power(base: mbf.Working, exponent: int) -> mbf.Working:
    """base ** exponent by squaring, each product through MBF multiplication."""
    if exponent < 0:
        divisor = _integer_power(base, -exponent)
        if divisor.exponent == 0:
            raise ZeroDivisionError
        return mbf.normalise(mbf.divide(unpack(1.0), divisor, WIDTH), WIDTH)
    if exponent == 0:
        return unpack(1.0)
    if exponent == 1:
        return base
    half = _integer_power(base, exponent // 2)
    squared = _times(half, half)
    return _times(squared, base) if exponent % 2 else squared


def _times(left: mbf.Working, right: mbf.Working) -> mbf.Working:
    """MBF product of two working values, zero when either is zero."""
    if left.exponent == 0 or right.exponent == 0:
        return mbf.Working(0, 0, False)
    return mbf.multiply(left, right, WIDTH)


def from_float_result(compute: Callable[[], float]) -> Single:
    """A math function's float result stored as PC-BASIC stores it (a truncation, see below).

    PC-BASIC takes the binary exponent as int(log2(x) - 23) and truncates x to an integer at
    that scale, then shifts it into 24 bits: for x below 2**23 (not a power of two) that loses
    the last mantissa bit. Overflow is a soft error; a math domain error is Illegal function call.
    """
    from games.basic.errors import ILLEGAL_FUNCTION_CALL, BasicError

    try:
        result = compute()
    except (ValueError, ZeroDivisionError):
        raise BasicError(ILLEGAL_FUNCTION_CALL) from None
    except OverflowError:
        report_soft_error(OVERFLOW)
        return _new(Single, LARGEST)
    if isinstance(result, complex):
        raise BasicError(ILLEGAL_FUNCTION_CALL)
    if result == 0:
        return ZERO
    magnitude = abs(result)
    exponent = int(math.log(magnitude, 2) - (MANTISSA_BITS - 1))
    mantissa = int(magnitude * 0.5**exponent)
    exponent += EXPONENT_OFFSET
    while mantissa < 1 << (MANTISSA_BITS - 1):
        mantissa <<= 1
        exponent -= 1
    while mantissa >> MANTISSA_BITS:
        mantissa >>= 1
        exponent += 1
    if exponent > mbf.LARGEST_EXPONENT:
        report_soft_error(OVERFLOW)
        return _new(Single, LARGEST)
    if exponent <= 0:
        return ZERO
    value = math.ldexp(mantissa, exponent - EXPONENT_OFFSET)
    return _new(Single, -value if result < 0 else value)
