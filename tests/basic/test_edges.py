"""Numbers at their edges, as PC-BASIC computed them (edges.json): powers of zero, tiny and huge
values, float powers at the ends of the single range, integers beyond 24 bits received by a
single, numbers printed at the limits of their notation, and VAL texts that pin the double and
single readings, &H/&O limits and control characters after octal digits."""

from collections.abc import Callable

from games.basic.errors import BasicError
from games.basic.functions import SQR, STR, VAL
from games.basic.numtext import number_text
from games.basic.single import Single, sng
from tests.basic.facts import hex_of, load, messages, single

# A^0 and A^N% are integer powers (repeated multiplication); a negative literal exponent such
# as A^-2 is a single, computed as a float power.
POWERS: dict[str, Callable[[Single, Single], Single]] = {
    "A^0": lambda a, b: a**0,
    "A^N%=0": lambda a, b: a**0,
    "A^N%=-1": lambda a, b: a**-1,
    "A^N%=-2": lambda a, b: a**-2,
    "A^N%=-3": lambda a, b: a**-3,
    "A^-1": lambda a, b: a ** sng("-1"),
    "A^-2": lambda a, b: a ** sng("-2"),
    "A^-3": lambda a, b: a ** sng("-3"),
    "2^A": lambda a, b: 2**a,
    "3^A": lambda a, b: 3**a,
    "SQR(A)": lambda a, b: SQR(a),
    "A^B": lambda a, b: a**b,
    "A+B": lambda a, b: a + b,
    "A-B": lambda a, b: a - b,
    "A*B": lambda a, b: a * b,
}


def _canonical(line: str) -> str:
    """A result line with PC-BASIC's zeros (which may keep a mantissa) written as 00000000."""
    return "=00000000" if line.startswith("=") and line.endswith("00") else line


def _result(compute: Callable[[], Single]) -> list[str]:
    """The soft-error messages printed, then `=bytes` (when the value is exactly the single of
    those bytes), or the hard error's message."""
    with messages() as printed:
        try:
            value = compute()
            line = "=" + hex_of(value)
            if float(value) != float(single(line[1:])):
                line = f"={value!r} is no single"
        except BasicError as error:
            line = error.message
    return printed + [line]


def _cases(kinds: Callable[[str], bool]) -> list[tuple[list[str], list[str]]]:
    """The measured cases whose expression the predicate accepts, records made canonical."""
    found = [
        (case, [_canonical(line) for line in record])
        for case, record in load("edges")["cases"]
        if kinds(case[0])
    ]
    assert found
    return found


def _check(kinds: Callable[[str], bool], outcome: Callable[[str, str, str], list[str]]) -> None:
    """Every measured case of these kinds gives the runtime the outcome PC-BASIC printed."""
    wrong = []
    for (expression, a, b), record in _cases(kinds):
        got = outcome(expression, a, b)
        if got != record:
            wrong.append(f"{expression} {a} {b}: {got} != {record}")
    assert not wrong, f"{len(wrong)} wrong: {wrong[:3]}"


def _power(expression: str, a: str, b: str) -> list[str]:
    """The outcome of a measured power on the runtime."""
    return _result(lambda: POWERS[expression](single(a), single(b)))


def _zero_to_a_negative_float_power(expression: str, a: str, b: str) -> bool:
    """Whether a measured power raises zero to a negative single exponent (a float power)."""
    literal = expression in ("A^-1", "A^-2", "A^-3")
    return not single(a) and (literal or (expression == "A^B" and single(b) < 0))


def test_powers_of_zero_tiny_and_huge_values_overflow_underflow_and_divide_as_measured() -> None:
    wrong = []
    for (expression, a, b), record in _cases(POWERS.__contains__):
        if _zero_to_a_negative_float_power(expression, a, b):
            continue
        got = _power(expression, a, b)
        if got != record:
            wrong.append(f"{expression} {a} {b}: {got} != {record}")
    assert not wrong, f"{len(wrong)} wrong: {wrong[:3]}"


def test_zero_to_a_negative_float_power_is_division_by_zero_and_the_largest_single() -> None:
    cases = [
        (case, record)
        for case, record in _cases(POWERS.__contains__)
        if _zero_to_a_negative_float_power(*case)
    ]
    assert len(cases) >= 3
    for case, record in cases:
        assert _power(*case) == record, case


def _integer(expression: str) -> bool:
    """Whether a measured expression is an integer constant assigned to a single."""
    return expression.lstrip("-").isdigit()


def test_an_integer_beyond_24_bits_is_rounded_as_a_single_receives_its_constant() -> None:
    _check(_integer, lambda expression, a, b: _result(lambda: sng(int(expression))))


def test_a_python_int_beyond_24_bits_prints_as_the_single_it_becomes() -> None:
    def printed(expression: str, a: str, b: str) -> list[str]:
        whole = int(expression.removeprefix("PRINT "))
        return [f"P{number_text(whole)} ", f"T{STR(whole)}|"]

    _check(lambda expression: expression.startswith("PRINT "), printed)


def test_a_constant_beyond_the_single_range_is_the_largest_single_of_its_sign() -> None:
    _check(
        lambda expression: "E" in expression and not expression.startswith("PRINT"),
        lambda expression, a, b: _result(lambda: sng(expression)),
    )


def test_numbers_print_in_e_notation_from_ten_million_and_with_the_digits_that_remain() -> None:
    def printed(expression: str, a: str, b: str) -> list[str]:
        value = single(a)
        return [f"P{number_text(value)} ", f"T{STR(value)}|"]

    _check("PRINT".__eq__, printed)


def test_a_whole_python_int_prints_as_the_single_of_the_same_value() -> None:
    wrong, wholes = [], 0
    for (_expression, a, _b), record in _cases("PRINT".__eq__):
        value = float(single(a))
        if value.is_integer() and abs(value) <= 2**24:
            wholes += 1
            got = [f"P{number_text(int(value))} ", f"T{STR(int(value))}|"]
            if got != record:
                wrong.append(f"{value}: {got} != {record}")
    assert wholes >= 5
    assert not wrong, f"{len(wrong)} wrong: {wrong[:3]}"


def test_val_reads_doubles_single_marks_radix_limits_and_control_characters_as_measured() -> None:
    _check(
        "VAL".__eq__,
        lambda expression, a, b: _result(lambda: VAL(bytes.fromhex(a).decode("latin-1"))),
    )
