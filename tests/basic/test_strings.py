"""String functions, SGN and SPC's count at their bounds, as PC-BASIC printed them (strings.json).

Each case is a function and its argument texts; PC-BASIC printed `[result]`, or `!` and the
error code that ON ERROR caught (5 Illegal function call, 6 Overflow, 15 String too long).
"""

import re
from collections.abc import Callable

from games.basic import program
from games.basic.console import Console
from games.basic.errors import (
    ILLEGAL_FUNCTION_CALL,
    OVERFLOW,
    STRING_TOO_LONG,
    BasicError,
    at_line,
)
from games.basic.functions import ASC, CHR, LEFT, MID, RIGHT, SGN, concat, word
from games.basic.numtext import number_text
from games.basic.single import sng
from tests.basic.facts import load

CODES = {ILLEGAL_FUNCTION_CALL: 5, OVERFLOW: 6, STRING_TOO_LONG: 15}
REPEATED = re.compile(r'STRING\$\((\d+),"(.)"\)')
WIDTH = 80


def _argument(text: str) -> str | float:
    """A measured argument: a string literal, STRING$(n,"c"), or a number constant."""
    repeated = REPEATED.fullmatch(text)
    if repeated:
        return repeated.group(2) * int(repeated.group(1))
    if text.startswith('"'):
        return text[1:-1]
    return sng(text)


def _spc(count: str) -> str:
    """PRINT "[";SPC(count);"]": as many spaces as the 16-bit count, modulo the line width."""
    return "[" + " " * (word(sng(count)) % WIDTH) + "]"


FUNCTIONS: dict[str, Callable[..., object]] = {
    "CHR$": CHR,
    "ASC": ASC,
    "MID$": MID,
    "LEFT$": LEFT,
    "RIGHT$": RIGHT,
    "SGN": SGN,
    "+": concat,
}


def _printed(function: str, texts: list[str]) -> str:
    """What the runtime prints for a case, as the measured program prints it."""
    try:
        if function == "SPC":
            return _spc(texts[0])
        result = FUNCTIONS[function](*(_argument(text) for text in texts))
    except BasicError as error:
        return ("[" if function == "SPC" else "") + f"!{number_text(CODES[error.message])} "
    if isinstance(result, str):
        return f"[{result}]"
    assert isinstance(result, int)
    return f"[{number_text(result)} ]"


def _check(functions: set[str]) -> None:
    """Every measured case of these functions prints as in PC-BASIC."""
    wrong = []
    cases = [(case, record) for case, record in load("strings")["cases"] if case[0] in functions]
    for (function, *texts), record in cases:
        got = _printed(function, texts)
        if got != "".join(record):
            wrong.append(f"{function}{texts}: {got!r} != {record!r}")
    assert cases
    assert not wrong, f"{len(wrong)} wrong: {wrong[:3]}"


def test_chr_takes_byte_values_0_to_255_and_anything_else_is_illegal() -> None:
    _check({"CHR$"})


def test_asc_gives_the_first_byte_and_of_an_empty_string_is_illegal() -> None:
    _check({"ASC"})


def test_mid_starts_at_1_to_255_and_counts_0_to_255() -> None:
    _check({"MID$"})


def test_left_and_right_count_0_to_255_and_right_of_0_is_empty() -> None:
    _check({"LEFT$", "RIGHT$"})


def test_sgn_of_zero_is_zero() -> None:
    _check({"SGN"})


def test_a_joined_string_of_more_than_255_characters_is_string_too_long() -> None:
    _check({"+"})


def test_spc_count_is_16_bit_unsigned_with_negatives_wrapping_and_beyond_is_overflow() -> None:
    _check({"SPC"})


def test_a_concatenation_past_255_characters_stops_the_program_with_string_too_long() -> None:
    """Measured: PC-BASIC runs `10 A$=STRING$(200,"A")+STRING$(56,"B")` and prints
    `String too long in 10` and its error mark."""

    def game(console: Console) -> None:
        with at_line(10):
            concat("A" * 200, "B" * 56)

    assert program.transcript(game, [], [10, 20]) == "String too long in 10\xff\n"
