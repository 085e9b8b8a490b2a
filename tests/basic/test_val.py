"""VAL reads the number a text starts with, as PC-BASIC measured it on fixed and random texts."""

from games.basic.errors import BasicError
from games.basic.functions import VAL
from tests.basic.facts import hex_of, load, messages


def _outcome(text: str) -> list[str]:
    """What the facts program prints for VAL(text): messages, then `=bytes` or the hard error."""
    with messages() as printed:
        try:
            line = "=" + hex_of(VAL(text))
        except BasicError as error:
            line = f"{error.message} in 40\xff"
    return printed + [line]


def _canonical(line: str) -> str:
    """A result line with PC-BASIC's zeros (which may keep a mantissa) written as 00000000."""
    return "=00000000" if line.startswith("=") and line.endswith("00") else line


def test_every_measured_text_gives_pc_basic_value_messages_and_errors() -> None:
    cases = load("val")["cases"]
    wrong = []
    for text, record in cases:
        got = _outcome(text)
        if got != [_canonical(line) for line in record]:
            wrong.append(f"{text!r}: {got} != {record}")
    assert len(cases) >= 100
    assert not wrong, f"{len(wrong)} of {len(cases)} wrong, first: {wrong[:5]}"
