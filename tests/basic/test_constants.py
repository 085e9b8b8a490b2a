"""Decimal constants of a listing are stored by the tokenizer as PC-BASIC measured them."""

from games.basic.single import sng
from tests.basic.facts import hex_of, load


def test_every_measured_constant_is_stored_as_pc_basic_stores_it() -> None:
    wrong = []
    cases = load("constants")["cases"]
    for text, record in cases:
        got = "=" + hex_of(sng(text))
        if got != record[0]:
            wrong.append(f"{text}: {got} != {record[0]}")
    assert len(cases) >= 100
    assert not wrong, f"{len(wrong)} wrong, first: {wrong[:3]}"


def test_python_float_stands_for_the_constant_of_the_same_text() -> None:
    assert sng(0.05) == sng(".05")
    assert sng(7.98) == sng("7.98")
