"""Python numbers mixed with singles: an int on either side of an operator is the single of that
value, a float compared with a single is the listing's constant of the same text, checked on the
measured operations (arithmetic.json) and constants (constants.json); what BASIC has no operator
for is refused."""

import operator
import re

import pytest

from games.basic.single import Single, sng
from tests.basic.facts import hex_of, load, messages, results, single

OPERATORS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}
WHOLE_LIMIT = 2**24
PLAIN_CONSTANT = re.compile(r"\d{0,7}\.?\d{0,7}")


def _canonical(hex_bytes: str) -> str:
    """PC-BASIC's bytes with any zero written as 00000000 (its zeros may keep a mantissa)."""
    return "00000000" if hex_bytes.endswith("00") else hex_bytes


def test_a_whole_python_int_on_the_left_of_an_operator_is_the_single_of_that_value() -> None:
    facts = load("arithmetic")
    wrong, checked = [], 0
    for case, record in facts["cases"]:
        left, right = (single(part) for part in case.split(","))
        if not float(left).is_integer() or abs(left) > WHOLE_LIMIT:
            continue
        checked += 1
        for symbol, (printed, expected) in zip(facts["operations"], results(record), strict=True):
            with messages() as got:
                value = OPERATORS[symbol](int(left), right)
            if (hex_of(value), got) != (_canonical(expected), printed):
                wrong.append(f"{int(left)} {symbol} {case}: {hex_of(value)} {got} != {expected}")
    assert checked >= 100
    assert not wrong, f"{len(wrong)} wrong, first: {wrong[:3]}"


def _plain_constants() -> list[tuple[str, Single]]:
    """Measured constants written as plain decimals (a Python float's repr reads the same)."""
    found = [
        (text, single(record[0][1:]))
        for text, record in load("constants")["cases"]
        if PLAIN_CONSTANT.fullmatch(text) and text.strip(".0")
    ]
    assert len(found) >= 50
    return found


def test_a_python_float_compared_with_a_single_is_the_constant_of_the_same_text() -> None:
    for text, stored in _plain_constants():
        number = float(text)
        assert stored == number and not stored != number, text
        assert stored <= number and stored >= number, text
        assert not stored < number and not stored > number, text


def test_a_float_that_is_not_the_stored_constant_still_compares_as_the_constant() -> None:
    constants = _plain_constants()
    below = [text for text, stored in constants if float(stored) < float(text)]
    above = [text for text, stored in constants if float(stored) > float(text)]
    assert len(below) >= 10 and len(above) >= 10
    for text in below + above:
        stored = sng(text)
        assert stored == float(text) and not stored < float(text) and not stored > float(text)


def test_singles_compare_with_singles_by_value() -> None:
    for _, stored in _plain_constants():
        larger = stored + 1
        assert stored == stored and stored <= stored and stored >= stored
        assert not stored != stored and not stored < stored and not stored > stored
        assert stored < larger and larger > stored and stored != larger
        assert stored <= larger and larger >= stored and not larger <= stored


def test_a_python_nan_stands_for_zero_as_no_listing_constant_is_nan() -> None:
    assert sng(float("nan")) == 0
    assert Single(0) == float("nan")


def test_basic_has_no_floor_division_modulo_or_python_rounding_on_singles() -> None:
    number = sng("7.5")
    floor = r"^BASIC has no // on singles: use INT\(a / b\)$"
    modulo = r"^the listings use no MOD on singles$"
    with pytest.raises(TypeError, match=floor):
        number // 2
    with pytest.raises(TypeError, match=floor):
        2 // number
    with pytest.raises(TypeError, match=modulo):
        number % 2
    with pytest.raises(TypeError, match=modulo):
        2 % number
    with pytest.raises(TypeError, match=r"^use basic\.functions\.cint \(BASIC rounds halves"):
        round(number)


def test_a_value_that_is_no_number_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match="^a BASIC number cannot be made from str$"):
        sng("1") + "1"  # type: ignore[operator]


def test_a_single_shows_itself_as_single_of_its_value() -> None:
    assert repr(sng(".5")) == "Single(0.5)"
