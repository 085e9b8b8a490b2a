"""Producing a script's output: from the oracle in-process, or from an external program."""

import contextlib
import os
import shlex
import signal
import subprocess
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from acceptance.cases import HarnessError

STDERR_TAIL = 5
ORACLE_LOCK = threading.Lock()


class Status(Enum):
    """How the program producing an output ended."""

    OK = "ok"
    CRASHED = "crashed"
    TIMED_OUT = "timed out"
    NOT_FOUND = "not found"


@dataclass(frozen=True)
class Output:
    """What a program printed for a script, how it ended, and why if badly."""

    status: Status
    stdout: bytes = b""
    detail: str = ""


Producer = Callable[[Path], Output]


def load_oracle() -> Callable[[str], str]:
    """The oracle's pure core, imported on first use so that `at --exe` never loads it."""
    try:
        from oracle.runner import run_script
    except ImportError as error:
        raise HarnessError(f"cannot load the oracle: {error}") from None
    return run_script


def oracle_output(script: Path) -> Output:
    """What `oracle -b` prints for a script, computed in-process; an oracle exception is a crash."""
    run_script = load_oracle()
    try:
        text = script.read_bytes().decode("utf-8")
        with ORACLE_LOCK:
            return Output(Status.OK, run_script(text).encode("utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        return Output(Status.CRASHED, detail=f"cannot read the script: {error}")
    except Exception as error:  # the harness reports any failure of the program under test
        return Output(Status.CRASHED, detail=f"the oracle raised {type(error).__name__}: {error}")


def command_line(command: str) -> tuple[str, ...]:
    """The argument list of a shell-like --exe command."""
    try:
        argv = tuple(shlex.split(command))
    except ValueError as error:
        raise HarnessError(f"cannot parse --exe {command!r}: {error}") from None
    if not argv:
        raise HarnessError("--exe needs a command")
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
    """The last few lines of a program's error output, joined for a report."""
    return "\n".join(stderr.decode("utf-8", errors="backslashreplace").splitlines()[-STDERR_TAIL:])


@dataclass(frozen=True)
class External:
    """An external program run as `COMMAND -b SCRIPT` with a timeout in seconds."""

    argv: tuple[str, ...]
    timeout: float

    def __call__(self, script: Path) -> Output:
        """Run the program on one script; its whole process group is killed on timeout."""
        try:
            process = subprocess.Popen(
                [*self.argv, "-b", str(script)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
        except OSError as error:
            return Output(Status.NOT_FOUND, detail=f"cannot run {self.argv[0]!r}: {error.strerror}")
        with process:
            try:
                stdout, stderr = process.communicate(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                stdout, _ = process.communicate()
                return Output(Status.TIMED_OUT, stdout, f"no end after {self.timeout:g}s")
        if process.returncode != 0:
            return Output(
                Status.CRASHED,
                stdout,
                "\n".join(filter(None, [exit_detail(process.returncode), stderr_tail(stderr)])),
            )
        return Output(Status.OK, stdout)
