"""Hard errors: GW-BASIC's message, and `in LINE` once the line is known."""

from games.basic.errors import OVERFLOW, SYNTAX_ERROR, BasicError


def test_an_error_with_no_line_is_its_message_alone() -> None:
    assert str(BasicError(OVERFLOW)) == "Overflow"


def test_an_error_made_with_its_line_is_reported_in_that_line() -> None:
    error = BasicError(SYNTAX_ERROR, 10)
    assert (str(error), error.line) == ("Syntax error in 10", 10)


def test_an_error_carries_its_message_as_the_exception_argument() -> None:
    assert BasicError(OVERFLOW).args == ("Overflow",)
