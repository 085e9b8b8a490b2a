"""How a grading is stopped: Ctrl-C, SIGTERM and SIGHUP end the runs in flight, and the exit
status says which stopped it; the grading's process and its worker processes stop alike, and
every process a grading starts to help it ends with it."""

import contextlib
import os
import signal
from collections.abc import Iterator
from types import FrameType

from acceptance.confine.forkserver import PR_SET_PDEATHSIG, checked, prctl

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


def helping(grader: int, name: str) -> None:
    """The start of a process that helps the grading `grader` (a worker, an explainer): killed
    when the grader ends, however it ends (a grader killed would leave it waiting for ever),
    ended at once if the grader has ended already, named for `ps` and `top` (at most 15 bytes;
    where the name cannot be set it goes unnamed), Ctrl-C left to the grading, which decides
    what to stop."""
    checked(prctl(PR_SET_PDEATHSIG, signal.SIGKILL), "cannot end with the grader")
    if os.getppid() != grader:  # it ended before that was asked
        os._exit(1)
    with contextlib.suppress(OSError):
        with open("/proc/self/comm", "w", encoding="ascii") as named:
            named.write(name)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
