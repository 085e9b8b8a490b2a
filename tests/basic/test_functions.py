"""INT, FIX, ABS, SGN, SQR, powers, CINT and number printing, checked on measured values."""

from collections.abc import Callable

import pytest

from games.basic.errors import BasicError
from games.basic.functions import ABS, FIX, INT, SGN, SQR, STR, cint
from games.basic.numtext import number_text
from games.basic.single import Single, sng
from tests.basic.facts import hex_of, load, messages, single

NUMERIC: dict[str, Callable[[Single], Single]] = {
    "INT": INT,
    "FIX": FIX,
    "ABS": ABS,
    "SQR(ABS)": lambda x: SQR(ABS(x)),
    "^2": lambda x: x**2,
    "^3": lambda x: x**3,
    "^-1": lambda x: x**-1,
    "ABS^.5": lambda x: ABS(x) ** sng(".5"),
}
TEXTUAL: dict[str, Callable[[Single], str]] = {
    "SGN": lambda x: f"S{number_text(SGN(x))} ",
    "PRINT": lambda x: f"P{number_text(x)} ",
    "STR$": lambda x: f"T{STR(x)}|",
}


def _outcomes(value: Single, names: list[str]) -> list[str]:
    """The lines the facts program prints for one value: messages, then `=bytes` or text."""
    lines = []
    for name in names:
        with messages() as printed:
            if name in NUMERIC:
                line = "=" + hex_of(NUMERIC[name](value))
            else:
                line = TEXTUAL[name](value)
        lines += printed + [line]
    return lines


def _canonical(line: str) -> str:
    """A result line with PC-BASIC's zeros (which may keep a mantissa) written as 00000000."""
    return "=00000000" if line.startswith("=") and line.endswith("00") else line


def test_every_measured_value_gives_pc_basic_results() -> None:
    facts = load("functions")
    wrong = []
    for case, record in facts["cases"]:
        got = _outcomes(single(case), facts["functions"])
        if got != [_canonical(line) for line in record]:
            wrong.append(f"{case}: {got} != {record}")
    assert not wrong, f"{len(wrong)} wrong, first: {wrong[:3]}"


def test_cint_rounds_halves_away_from_zero_and_overflows_beyond_16_bits() -> None:
    wrong = []
    for case, record in load("functions")["cint"]:
        try:
            got = f"{number_text(cint(single(case)))} "
        except BasicError as error:
            got = f"{error.message} in 20\xff"
        if got != record[0]:
            wrong.append(f"{case}: {got!r} != {record[0]!r}")
    assert not wrong, f"{len(wrong)} wrong, first: {wrong[:3]}"


def test_sqr_of_a_negative_number_is_illegal_function_call() -> None:
    with pytest.raises(BasicError, match="Illegal function call"):
        SQR(-1)
