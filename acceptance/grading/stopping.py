"""How a grading is stopped: Ctrl-C, SIGTERM and SIGHUP end the runs in flight, and the exit
status says which stopped it; the grading's process and its worker processes stop alike."""

import contextlib
import signal
from collections.abc import Iterator
from types import FrameType

STOPPING = {signal.SIGTERM: 143, signal.SIGHUP: 129}  # signals that stop a grading: exit status
INTERRUPTED = 130  # Ctrl-C


class Signalled(Exception):
    """A signal asked the grading to stop; `code` is the exit status it calls for."""

    def __init__(self, code: int) -> None:
        super().__init__(f"signal {code - 128}")
        self.code = code


@contextlib.contextmanager
def stopping_signals() -> Iterator[None]:
    """While grading, SIGTERM and SIGHUP raise Signalled in the main thread, as Ctrl-C raises
    KeyboardInterrupt, so that the runs in flight are ended and what finished is reported."""

    def raise_signalled(number: int, frame: FrameType | None) -> None:
        raise Signalled(STOPPING[signal.Signals(number)])

    previous = {number: signal.signal(number, raise_signalled) for number in STOPPING}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
