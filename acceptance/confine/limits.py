"""What one confined run may use (CPU, memory, processes, file size) and which limit ended a run:
from the signal that ended it or the signs in its error output."""

import contextlib
import dataclasses
import resource
import signal
from collections.abc import Callable
from dataclasses import dataclass

from acceptance.running.outcome import Status

MB = 1 << 20


# What a program's error output says when an allocation, a fork or a write failed at a limit.
SIGNS = {
    Status.OVER_MEMORY: (
        "MemoryError",
        "Cannot allocate memory",
        "bad_alloc",
        "OutOfMemoryError",
        "out of memory",
        "insufficient memory",
    ),
    Status.OVER_PROCESSES: ("Resource temporarily unavailable", "Cannot fork", "can't fork"),
    Status.OVER_FILE_SIZE: ("File too large", "No space left on device"),
}


SIGNAL_LIMITS = {signal.SIGXCPU: Status.OVER_CPU, signal.SIGXFSZ: Status.OVER_FILE_SIZE}


@dataclass(frozen=True)
class Limits:
    """What one run may use: CPU seconds, memory (bytes of data), processes (threads count),
    bytes of any file it writes (also the size of each of its writable folders)."""

    cpu: int = 10
    memory: int = 2048 * MB
    processes: int = 256
    file_size: int = 64 * MB

    def prlimit(self) -> list[str]:
        """The `prlimit` options that set these limits (a second more of CPU before SIGKILL)."""
        return [
            f"--cpu={self.cpu}:{self.cpu + 1}",
            f"--data={self.memory}",
            f"--nproc={self.processes}",
            f"--fsize={self.file_size}",
            "--core=0",
        ]

    def rlimits(self) -> tuple[tuple[int, int, int], ...]:
        """These limits as (resource, soft limit, hard limit): a second more of CPU before
        SIGKILL, no core file."""
        return (
            (resource.RLIMIT_CPU, self.cpu, self.cpu + 1),
            (resource.RLIMIT_DATA, self.memory, self.memory),
            (resource.RLIMIT_NPROC, self.processes, self.processes),
            (resource.RLIMIT_FSIZE, self.file_size, self.file_size),
            (resource.RLIMIT_CORE, 0, 0),
        )


DEFAULT_LIMITS = Limits()
# Each limit's option of `at grade` and `at run --sandbox`, and the unit of its value there.
OPTIONS = {
    "cpu": ("--cpu-limit", 1),
    "memory": ("--memory-limit", MB),
    "processes": ("--process-limit", 1),
    "file_size": ("--file-limit", MB),
}


def too_low(limits: Limits, starts: Callable[[Limits], bool]) -> str:
    """Why no run could start under these limits, where one limit below its default is the
    cause (runs start once that one limit is at its default): that option to raise, in a line;
    '' when no such limit is the cause."""
    for name, (option, unit) in OPTIONS.items():
        given, default = getattr(limits, name), getattr(DEFAULT_LIMITS, name)
        if given < default and starts(dataclasses.replace(limits, **{name: default})):
            return (
                f"{option} {given // unit} is below what a run needs to start"
                f" (it starts with the default, {default // unit}): raise it"
            )
    return ""


def reason_of(code: int, stderr: bytes) -> Status | None:
    """The limit a confined run went over, from the signal that ended it (bwrap reports signal N
    as 128 + N, a run started directly as -N) or its error output."""
    with contextlib.suppress(ValueError):
        number = code - 128 if code > 128 else -code
        if number > 0 and signal.Signals(number) in SIGNAL_LIMITS:
            return SIGNAL_LIMITS[signal.Signals(number)]
    text = stderr.decode("utf-8", errors="replace")
    return next((status for status, signs in SIGNS.items() if any(s in text for s in signs)), None)


def exit_code(code: int) -> int:
    """A sandboxed run's exit status as Python gives it: bwrap reports a signal N as 128 + N."""
    return 128 - code if code > 128 else code
