"""BASIC's built-in functions that the two listings use, with PC-BASIC's argument rules.

Numeric functions take a Single or an int and give a Single (SGN, LEN and ASC give ints, as
BASIC gives integers). Where BASIC needs an integer argument (subscripts, ON ... GOTO, string
positions, CHR$) it rounds halves away from zero (`cint`), and a value outside -32768..32767
is a hard Overflow; a string position or count outside its range is Illegal function call.
Strings are Python str with one character per byte (latin-1), as the console reads and prints.
"""

import math

from games.basic.errors import (
    ILLEGAL_FUNCTION_CALL,
    OVERFLOW,
    STRING_TOO_LONG,
    BasicError,
)
from games.basic.numtext import number_text, val
from games.basic.single import Operand, Single, from_float_result, sng

INTEGER_LOW, INTEGER_HIGH = -32768, 32767
WORD_HIGH = 0xFFFF
STRING_LIMIT = 255

__all__ = [
    "INT",
    "FIX",
    "ABS",
    "SGN",
    "SQR",
    "cint",
    "word",
    "LEFT",
    "RIGHT",
    "MID",
    "CHR",
    "ASC",
    "LEN",
    "VAL",
    "STR",
    "concat",
]


def INT(value: Operand) -> Single:
    """The largest whole number not above the value (INT(-2.5) = -3)."""
    return Single(math.floor(sng(value)))


def FIX(value: Operand) -> Single:
    """The value with its fraction dropped (FIX(-2.5) = -2)."""
    return Single(math.trunc(sng(value)))


def ABS(value: Operand) -> Single:
    """The magnitude."""
    return abs(sng(value))


def SGN(value: Operand) -> int:
    """-1, 0 or 1."""
    return (value > 0) - (value < 0)


def SQR(value: Operand) -> Single:
    """The square root, rounded as PC-BASIC stores a math result; negative: Illegal function
    call."""
    root = float(sng(value))
    return from_float_result(lambda: math.sqrt(root))


def cint(value: Operand) -> int:
    """A number as BASIC's integer argument: halves away from zero; beyond 16 bits, Overflow."""
    if type(value) is int:
        number = value
    else:
        magnitude = float(abs(value))
        number = int(magnitude + 0.5) if value >= 0 else -int(magnitude + 0.5)
    if not INTEGER_LOW <= number <= INTEGER_HIGH:
        raise BasicError(OVERFLOW)
    return number


def word(value: Operand) -> int:
    """A number as an unsigned 16-bit argument (TAB, SPC): -1 is 65535; beyond, Overflow."""
    number = value if type(value) is int else cint_unbounded(value)
    if number < 0:
        number += WORD_HIGH + 1
    if not 0 <= number <= WORD_HIGH:
        raise BasicError(OVERFLOW)
    return number


def cint_unbounded(value: Operand) -> int:
    """A number rounded halves away from zero, with no range check."""
    magnitude = float(abs(value))
    return int(magnitude + 0.5) if value >= 0 else -int(magnitude + 0.5)


def _count(value: Operand, low: int) -> int:
    """A string count or position: rounded, then within low..255 or Illegal function call."""
    number = cint(value)
    if not low <= number <= STRING_LIMIT:
        raise BasicError(ILLEGAL_FUNCTION_CALL)
    return number


def LEFT(text: str, count: Operand) -> str:
    """LEFT$: the first `count` characters."""
    return text[: _count(count, 0)]


def RIGHT(text: str, count: Operand) -> str:
    """RIGHT$: the last `count` characters."""
    number = _count(count, 0)
    return text[-number:] if number else ""


def MID(text: str, start: Operand, count: Operand | None = None) -> str:
    """MID$: `count` characters (or the rest) from position `start` (from 1)."""
    first = cint(start)
    number = STRING_LIMIT if count is None else cint(count)
    if not 1 <= first <= STRING_LIMIT or not 0 <= number <= STRING_LIMIT:
        raise BasicError(ILLEGAL_FUNCTION_CALL)
    return text[first - 1 : first - 1 + number]


def CHR(code: Operand) -> str:
    """CHR$: the character of a byte value 0..255."""
    number = cint(code)
    if not 0 <= number <= STRING_LIMIT:
        raise BasicError(ILLEGAL_FUNCTION_CALL)
    return chr(number)


def ASC(text: str) -> int:
    """ASC: the byte value of the first character; of an empty string, Illegal function call."""
    if not text:
        raise BasicError(ILLEGAL_FUNCTION_CALL)
    return ord(text[0])


def LEN(text: str) -> int:
    """LEN: the number of characters."""
    return len(text)


def VAL(text: str) -> Single:
    """VAL: the number the text starts with, as `numtext.val` reads it."""
    return val(text)


def STR(value: Operand) -> str:
    """STR$: the number as PRINT shows it, without the trailing space."""
    return number_text(value if type(value) is int else sng(value))


def concat(*parts: str) -> str:
    """String concatenation (+): longer than 255 characters is String too long."""
    joined = "".join(parts)
    if len(joined) > STRING_LIMIT:
        raise BasicError(STRING_TOO_LONG)
    return joined
