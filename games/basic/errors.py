"""BASIC's runtime errors: hard errors stop the program, soft ones print a message and go on.

A hard error (`BasicError`) carries GW-BASIC's message; the game names the listing line where it
happened with `at_line`, and the program runner prints `MESSAGE in LINE` as PC-BASIC does. A soft
error (overflow or division by zero in floating-point arithmetic) prints its message on the
console where the cursor is, followed by a new line, and the computation goes on with the largest
value: `report_soft_error` hands the message to the sink of the running program.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

ILLEGAL_FUNCTION_CALL = "Illegal function call"
OVERFLOW = "Overflow"
DIVISION_BY_ZERO = "Division by zero"
SUBSCRIPT_OUT_OF_RANGE = "Subscript out of range"
STRING_TOO_LONG = "String too long"
SYNTAX_ERROR = "Syntax error"
UNDEFINED_LINE_NUMBER = "Undefined line number"
BREAK_MESSAGE = "Break"


class BasicError(Exception):
    """A hard runtime error of the listing: GW-BASIC's message and, once known, its line."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line

    def __str__(self) -> str:
        return self.message if self.line is None else f"{self.message} in {self.line}"


@contextmanager
def at_line(line: int) -> Iterator[None]:
    """Name the listing line of the statements inside: a hard error raised there is `in LINE`."""
    try:
        yield
    except BasicError as error:
        if error.line is None:
            error.line = line
        raise


SoftErrorSink = Callable[[str], None]


def _ignore(message: str) -> None:
    """The sink outside a running program: soft errors only change the result."""


_sink: ContextVar[SoftErrorSink] = ContextVar("soft_error_sink", default=_ignore)


def report_soft_error(message: str) -> None:
    """Print a soft error's message through the running program's console."""
    _sink.get()(message)


@contextmanager
def soft_errors_to(sink: SoftErrorSink) -> Iterator[None]:
    """Send soft errors to `sink` for the duration of a program run."""
    token = _sink.set(sink)
    try:
        yield
    finally:
        _sink.reset(token)
