"""The text of a listing's constant (`sng(".05")`) is a whole single-precision number: junk in it
or more than 7 significant digits (a double-precision constant) is refused, naming the text."""

import pytest

from games.basic.decimals import NotANumber
from games.basic.single import sng


def test_a_constant_text_with_junk_in_its_digits_is_refused_naming_the_text() -> None:
    with pytest.raises(NotANumber, match=r"^1X$"):
        sng("1X")


def test_a_constant_text_with_junk_in_its_exponent_is_refused_naming_the_text() -> None:
    with pytest.raises(NotANumber, match=r"^1E5X$"):
        sng("1E5X")


def test_a_constant_of_more_than_7_digits_is_a_double_and_refused() -> None:
    with pytest.raises(NotANumber, match=r"^12345678 is a double-precision constant$"):
        sng("12345678")
