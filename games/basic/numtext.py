"""Numbers as text and text as numbers, the way PC-BASIC converts them.

- `number_text`: what PRINT and STR$ show (sign or space, 7 significant digits, E notation),
  found by PC-BASIC's own decimal scaling in MBF arithmetic, so the last digit rounds as it does.
- `val`: VAL of any text; `input_number`: INPUT's stricter reading of a typed answer (None when
  PC-BASIC answers ?Redo from start). Both give what a single-precision variable then holds: a
  value with more than 7 digits is read as a double and rounded to single on assignment.

Text reading follows PC-BASIC's rules (decimal numbers as games/basic/decimals.py reads them);
`&H` and `&O`/`&` read hexadecimal and octal integers.
"""

from games.basic import mbf
from games.basic.decimals import BLANKS, DIGITS, NotANumber, read_decimal
from games.basic.errors import ILLEGAL_FUNCTION_CALL, OVERFLOW, BasicError, report_soft_error
from games.basic.single import LARGEST, ZERO, Single, pack, sng, unpack

SINGLE = mbf.SINGLE_WIDTH
DOUBLE = mbf.DOUBLE_WIDTH
INTEGER_LIMIT = 32767
WORD_LIMIT = 0xFFFF
PLAIN_INTEGER_LIMIT = 10_000_000
# 9999999 and 999999.9375, the largest singles below 10**7 and 10**6: the decimal window
UPPER_WINDOW = mbf.Working(152, 0x98967F << mbf.CARRY_BITS, False)
LOWER_WINDOW = mbf.Working(148, 0xF423FF << mbf.CARRY_BITS, False)
UNIT_EXPONENT = 152  # working exponent at which the mantissa is an integer
TEXTS_KEPT = 4096  # pragma: no mutate (a cache's size: the texts of numbers games print again)
_texts: dict[float, str] = {}


def number_text(value: Single | int) -> str:
    """The text PRINT and STR$ show for a number: a space or minus sign, then the digits."""
    if type(value) is int and -PLAIN_INTEGER_LIMIT < value < PLAIN_INTEGER_LIMIT:
        return f" {value}" if value >= 0 else str(value)
    if not value:
        return " 0"
    sign = "-" if value < 0 else " "
    if float(value).is_integer() and abs(value) < PLAIN_INTEGER_LIMIT:
        return f"{sign}{int(abs(value))}"
    known = _texts.get(value)
    if known is not None:
        return known
    mantissa, exponent = decimal_digits(value if type(value) is Single else sng(value))
    digits = str(mantissa).rjust(DIGITS, "0").rstrip("0")
    exponent += DIGITS - 1
    if exponent > DIGITS - 1 or len(digits) - exponent > DIGITS + 1:
        text = sign + _scientific(digits, exponent)
    else:
        text = sign + _positional(digits, exponent)
    if len(_texts) < TEXTS_KEPT:
        _texts[value] = text
    return text


def decimal_digits(value: Single) -> tuple[int, int]:
    """|value| as a 7-digit integer and a power of ten, scaled and rounded as PC-BASIC does."""
    working = unpack(abs(value))
    exponent = 0
    while mbf.magnitude_above(working, UPPER_WINDOW):
        working = mbf.divide_by_ten(working, SINGLE)
        exponent += 1
    working = mbf.round_carry(working, SINGLE)
    while mbf.magnitude_above(LOWER_WINDOW, working):
        working = mbf.multiply_by_ten(working, SINGLE)
        exponent -= 1
    working = mbf.round_carry(working, SINGLE)
    shift = working.exponent - UNIT_EXPONENT
    mantissa = working.mantissa << shift if shift > 0 else working.mantissa >> -shift
    if mantissa & mbf.HALF_CARRY:
        mantissa += mbf.HALF_CARRY
    return mantissa >> mbf.CARRY_BITS, exponent


def _scientific(digits: str, exponent: int) -> str:
    """d.dddddE+xx: one digit before the point, the point only when more digits follow."""
    head = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return f"{head}E{'-' if exponent < 0 else '+'}{abs(exponent):02d}"


def _positional(digits: str, exponent: int) -> str:
    """Digits with the point placed by the exponent: 123, 1.5, .0015 (no leading zero)."""
    point = exponent + 1
    if point >= len(digits):
        return digits + "0" * (point - len(digits))
    if point > 0:
        return f"{digits[:point]}.{digits[point:]}"
    return "." + "0" * -point + digits


def val(text: str) -> Single:
    """VAL(text) as a single variable receives it; bad hexadecimal is Illegal function call."""
    result = _read_number(text, strict=False)
    if result is None:
        raise BasicError(ILLEGAL_FUNCTION_CALL)
    return result


def input_number(text: str) -> Single | None:
    """INPUT's reading of one typed answer for a numeric variable; None means ?Redo from start."""
    try:
        return _read_number(text, strict=True)
    except (NotANumber, BasicError):
        return None


def _read_number(text: str, strict: bool) -> Single | None:
    """PC-BASIC's from_repr for a single variable: None for unreadable &H/&O digits."""
    word = text.lstrip(" \n").upper()
    if not word:
        return ZERO
    if word.startswith("&"):
        return _radix_integer(word)
    plain = word.strip(BLANKS)
    if plain.isdigit() and plain.isascii() and int(plain) <= INTEGER_LIMIT:
        return Single(int(plain))
    decimal = read_decimal(word, strict)
    width = DOUBLE if decimal.double else SINGLE
    try:
        working = mbf.from_decimal(decimal.mantissa, decimal.exponent, width)
    except mbf.MbfOverflow as overflow:
        report_soft_error(OVERFLOW)
        if not decimal.double:
            return Single(-LARGEST if overflow.negative else LARGEST)
        working = mbf.Working(mbf.LARGEST_EXPONENT, (1 << DOUBLE) - 256, overflow.negative)
    if width == SINGLE:
        return pack(working)
    try:
        return pack(mbf.double_to_single(working))
    except mbf.MbfOverflow as overflow:
        report_soft_error(OVERFLOW)
        return Single(-LARGEST if overflow.negative else LARGEST)


def _radix_integer(word: str) -> Single | None:
    """&Hxxxx, &Oooo or &ooo as a 16-bit integer (two's complement above 7FFF)."""
    if word.startswith("&H"):
        digits, base = word[2:], 16
    else:
        digits, base = (word[2:] if word.startswith("&O") else word[1:]).strip(BLANKS), 8
    try:
        number = int(digits, base) if digits else 0
    except ValueError:
        return None
    if number < 0:
        number += WORD_LIMIT + 1
    if not 0 <= number <= WORD_LIMIT:
        raise BasicError(OVERFLOW)
    return Single(number - (WORD_LIMIT + 1) if number > INTEGER_LIMIT else number)
