"""A warm worker of the blind-spot mutants (tools.mutation.blind_spots): it imports pytest and
hypothesis once (more than half of a test process's start), then, for each mutant named on its
input, forks a child that switches the mutant on and runs the tests.

    python -m tools.mutation.blind_worker PYTEST_ARGUMENT ...

Each input line is `SECONDS NAME`; each output line the verdict: killed, survived or timeout.
The worker imports nothing of the project, so each child imports it with its own mutant.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from contextlib import suppress

import hypothesis  # noqa: F401  (warm: imported by its pytest plugin in every child)
import pytest

from tools.mutation import blind_spots

POLL = 0.005


def child(name: str, arguments: list[str]) -> None:
    """In the forked child: the mutant on, the tests run quietly; exits with their status."""
    os.setpgid(0, 0)
    null = os.open(os.devnull, os.O_RDWR)
    for stream in (0, 1, 2):
        os.dup2(null, stream)
    os.environ[blind_spots.VARIABLE] = name
    blind_spots.install_from_environment()
    try:
        status = int(pytest.main(arguments))
    except BaseException:
        status = 1
    os._exit(status)


def verdict(name: str, seconds: float, arguments: list[str]) -> str:
    """Run the tests in a child with the mutant on; killed, survived or timeout."""
    pid = os.fork()
    if pid == 0:
        child(name, arguments)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return "survived" if os.waitstatus_to_exitcode(status) == 0 else "killed"
        time.sleep(POLL)
    with suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)  # the child's group: the oracles its tests started too
    with suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)  # killed before it made its group
    os.waitpid(pid, 0)
    return "timeout"


def main(arguments: list[str]) -> int:
    """Answer each `SECONDS NAME` line of the input with the mutant's verdict."""
    for line in sys.stdin:
        seconds, _, name = line.rstrip("\n").partition(" ")
        print(verdict(name, float(seconds), arguments), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
