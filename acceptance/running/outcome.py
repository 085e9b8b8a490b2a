"""A run's outcome, as data: how a program producing an output ended (`Status`), what it printed
(`Output`), how its process ended (`Ending`) and the words a report gives it; and the checks of a
command line made before any run. No process is started here: reports, the store and the marking
read these without loading the process machinery (`acceptance.processes`; see
docs/explanation/architecture.md)."""

import errno
import os
import shlex
import shutil
import signal
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from acceptance.errors import HarnessError
from acceptance.running.cases import Case

STDERR_TAIL = 5  # the last lines of a program's error output a report shows
STDERR_WIDTH = 200  # characters of each of those lines shown (a line may be megabytes)
STDERR_KEPT = 1 << 16  # bytes of a program's error output kept (its end)
DEFAULT_TIMEOUT = 10.0  # seconds one run of a program may take, unless told otherwise
OUTPUT_LIMIT = 1 << 28  # bytes of output after which a runaway program is stopped
TIMEOUT = "timeout"  # why `drain` stopped a program that did not end in time
PRINTED_NOTHING = "printed nothing"  # what the detail of a run that printed nothing says first
FOLDER = "it is a folder, not a program"  # why an --exe naming a folder cannot be run


class Status(Enum):
    """How the program producing an output ended."""

    OK = "ok"
    CRASHED = "crashed"
    TIMED_OUT = "timed out"
    NOT_FOUND = "not found"
    NOT_EXECUTABLE = "not executable"  # there, but refused (no execute bit): said apart
    PRINTED_TOO_MUCH = "printed too much"
    OVER_CPU = "over the CPU limit"
    OVER_MEMORY = "over the memory limit"
    OVER_PROCESSES = "over the process limit"
    OVER_FILE_SIZE = "over the file size limit"


class Doubt(Enum):
    """Why a run's ending may not be its program's own doing, so that the run is not yet a
    verdict: none; a signal that may have come from outside it (an operator, the OOM killer, a
    job or container ending); the grader's own side failing (a helper process lost, a sandbox
    that could not start)."""

    NONE = ""
    SIGNAL = "signal"
    GRADER = "grader"


# Why a program cannot be started that is the program's own: missing, not runnable, not a program.
NOT_RUNNABLE = frozenset(
    {
        errno.ENOENT,
        errno.EACCES,
        errno.EPERM,
        errno.ENOEXEC,
        errno.ENOTDIR,
        errno.EISDIR,
        errno.ELOOP,
        errno.ENAMETOOLONG,
    }
)
# The signals a program raises on itself by a fault of its own: a run they end is a verdict.
FAULTS = frozenset(
    {
        signal.SIGSEGV,
        signal.SIGBUS,
        signal.SIGFPE,
        signal.SIGILL,
        signal.SIGABRT,
        signal.SIGTRAP,
        signal.SIGSYS,
    }
)


@dataclass(frozen=True)
class Output:
    """What a program printed for a script, how it ended, why if badly, and whether that ending
    may not be the program's own doing."""

    status: Status
    stdout: bytes = b""
    detail: str = ""
    doubt: Doubt = Doubt.NONE


Producer = Callable[[Case], Output]


def command_line(command: str) -> tuple[str, ...]:
    """The argument list of a shell-like --exe command."""
    try:
        argv = tuple(shlex.split(command))
    except ValueError as error:
        raise HarnessError(f"cannot parse --exe {command!r}: {error}") from None
    if not argv:
        raise HarnessError("--exe needs a command")
    return argv


def not_started(number: int | None) -> Status:
    """How a run whose program could not be started ended: not executable where the system
    refused it (no execute bit), else not found."""
    return Status.NOT_EXECUTABLE if number == errno.EACCES else Status.NOT_FOUND


NOT_STARTED = frozenset({Status.NOT_FOUND, Status.NOT_EXECUTABLE})  # no program ran


def program_problem(program: str) -> str | None:
    """Why a program named as a command's first word cannot be run, as a person says it, or None
    if it can: the same words for every test, so a command says it once before running any."""
    path = Path(program)
    if "/" not in program:
        if shutil.which(program):
            return None
        return FOLDER if path.is_dir() else "no such program on the PATH"
    if not path.exists():
        return "no such file"
    if path.is_dir():
        return FOLDER
    if not os.access(path, os.X_OK):
        return "permission denied (not an executable file)"
    return None


def runnable(argv: tuple[str, ...]) -> tuple[str, ...]:
    """An --exe command line whose program can be run; a one-line error if it cannot."""
    problem = program_problem(argv[0])
    if problem:
        raise HarnessError(f"cannot run --exe program {argv[0]!r}: {problem}")
    return argv


def exit_detail(code: int) -> str:
    """A readable reason for a non-zero exit status."""
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}"


def stderr_tail(stderr: bytes) -> str:
    """The last few lines of a program's error output, each cut to a width, joined for a report."""
    lines = stderr.decode("utf-8", errors="backslashreplace").splitlines()[-STDERR_TAIL:]
    return "\n".join(
        line if len(line) <= STDERR_WIDTH else line[:STDERR_WIDTH] + "…" for line in lines
    )


@dataclass(frozen=True)
class Ending:
    """How a run ended: what it printed, its exit status, and why it was stopped if it was."""

    stdout: bytes
    stderr: bytes
    code: int
    stopped: str = ""


def said(reason: str, ending: Ending) -> str:
    """A run's detail: why it ended as it did (its first line, empty for a run that ended well
    and printed; `printed nothing` first for one that printed nothing), then the last lines of its
    error output, whatever its ending."""
    first = f"{PRINTED_NOTHING}, {reason}" if not ending.stdout else reason
    tail = stderr_tail(ending.stderr)
    return f"{first}\n{tail}" if tail else first


def verdict(ending: Ending, timeout: float, code: int, reason: Status | None = None) -> Output:
    """The output of a run that ended, its status and why (with its error output's last lines):
    `code` is its exit status (negative for a signal) and `reason` the limit it went over, if one
    is known (a run past its time is timed out all the same)."""
    if ending.stopped == TIMEOUT:
        also = f"; {reason.value}" if reason else ""
        return Output(
            Status.TIMED_OUT, ending.stdout, said(f"no end after {timeout:g}s{also}", ending)
        )
    if ending.stopped:
        return Output(Status.PRINTED_TOO_MUCH, ending.stdout, said(ending.stopped, ending))
    if code != 0:
        doubt = Doubt.SIGNAL if reason is None and from_outside(code) else Doubt.NONE
        return Output(
            reason or Status.CRASHED, ending.stdout, said(exit_detail(code), ending), doubt
        )
    return Output(Status.OK, ending.stdout, said("" if ending.stdout else exit_detail(0), ending))


def from_outside(code: int) -> bool:
    """Whether an exit status (a signal N as -N) may have been caused from outside the program:
    a signal other than a fault's."""
    return code < 0 and -code not in FAULTS
