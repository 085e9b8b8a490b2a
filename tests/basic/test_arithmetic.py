"""Single arithmetic (+ - * /) bit for bit as PC-BASIC computes it, on measured operand pairs."""

import operator

from games.basic.single import Single
from tests.basic.facts import hex_of, load, messages, results, single

OPERATORS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}


def test_every_measured_operation_gives_pc_basic_bytes_and_messages() -> None:
    facts = load("arithmetic")
    wrong = []
    for case, record in facts["cases"]:
        left, right = (single(part) for part in case.split(","))
        for symbol, (printed, expected) in zip(facts["operations"], results(record), strict=True):
            with messages() as got:
                value = OPERATORS[symbol](left, right)
            if (hex_of(value), got) != (_canonical(expected), printed):
                wrong.append(f"{case} {symbol}: {hex_of(value)} {got} != {expected} {printed}")
    assert not wrong, f"{len(wrong)} wrong, first: {wrong[:5]}"


def _canonical(hex_bytes: str) -> str:
    """PC-BASIC's bytes with any zero written as 00000000 (its zeros may keep a mantissa)."""
    return "00000000" if hex_bytes.endswith("00") else hex_bytes


def test_python_numbers_mix_in() -> None:
    price = Single(100)
    assert 6000 - 5 * price == Single(5500)
    assert isinstance(0.05 * price, Single)
