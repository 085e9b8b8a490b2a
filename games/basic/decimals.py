"""Decimal text as PC-BASIC reads it, for constants of the listing, VAL and INPUT alike.

Spaces, tabs and line feeds are ignored anywhere in a number; a sign only first; `D` or `E` starts
the exponent; `!` and `#` end the number; the control characters 1C, 1D and 1F make zero.
"""

from typing import NamedTuple

DIGITS = 7  # significant digits of a single
BLANKS = " \t\n"
SEPARATORS = "\x1c\x1d\x1f"


class NotANumber(ValueError):
    """Text that INPUT or the tokenizer does not take as a number."""


class Decimal(NamedTuple):
    """A number read from text: mantissa * 10**exponent, and whether it is a double."""

    mantissa: int
    exponent: int
    double: bool


def read_decimal(text: str, strict: bool) -> Decimal:
    """Read a decimal number as PC-BASIC does; junk ends it, or raises NotANumber if strict."""
    negative = found_point = in_exponent = exponent_negative = False
    started = exponent_started = single_forced = double = False
    mantissa = exponent10 = exponent = digits = zeros = 0
    for char in text:
        if char in BLANKS:
            continue
        if char in SEPARATORS:
            return Decimal(0, 0, False)
        if not started:
            started = True
            if char in "+-":
                negative = char == "-"
                continue
        if not in_exponent:
            if "0" <= char <= "9":
                mantissa = mantissa * 10 + ord(char) - 48
                if found_point:
                    exponent10 -= 1
                if mantissa:
                    digits += 1
                    zeros = zeros + 1 if found_point and char == "0" else 0
                continue
            if char == ".":
                found_point = True
                continue
            if char in "DE":
                in_exponent = True
                double = char == "D"
                continue
            if char in "!#":
                single_forced, double = char == "!", char == "#"
                break
            if strict:
                raise NotANumber(text)
            break
        if not exponent_started:
            exponent_started = True
            if char in "+-":
                exponent_negative = char == "-"
                continue
        if "0" <= char <= "9":
            exponent = exponent * 10 + ord(char) - 48
            continue
        if strict:
            raise NotANumber(text)
        break
    exponent10 += -exponent if exponent_negative else exponent
    double = double or (digits - zeros > DIGITS and not single_forced)
    return Decimal(-mantissa if negative else mantissa, exponent10, double)
