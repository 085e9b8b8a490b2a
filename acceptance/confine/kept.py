"""Bubblewrap sandboxes kept alive between runs (as root): the runs of one submission in one job
go through one sandbox, in which a fork server (`forkserver.py`, bound read-only into the
sandbox) starts each run's program as a user of its own, so that a run costs a fork and an
exec, not a bwrap with its namespaces and mounts.

The grader starts a sandbox's bwrap through one of its own fork servers (which set the limits
and the network namespace as for any run), the socket of the server inside as bwrap's output.
That server holds the few capabilities it needs (to change users, kill the runs' processes and
empty their folders) and gives none to the runs; after each run it kills and reaps everything
the run left, and empties the sandbox's writable folders before the next run starts. A sandbox
shows one submission's folder alone, so no run reaches another submission; the grader keeps as
many sandboxes as runs at once, taking an idle one of the same submission first, else making one
(ending the one idle longest when it has as many as it may).
"""

import marshal
import os
import shutil
import socket
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from acceptance.confine.spawner import (
    FORKSERVER,
    Confinement,
    Server,
    Spawner,
    retirement,
)
from acceptance.processes.execution import GRADERS, Setting

SERVER = "/run/forkserver.py"  # where a kept sandbox shows the server's source, read-only
ENDING_TIME = 10.0  # seconds a sandbox has to end once told to
ERROR_SIZE = 1 << 12  # bytes of bwrap's error output kept when a sandbox cannot start
# What the server inside needs, and nothing more: change users, kill the runs' processes, drop
# its bounding set for its runs, remove what runs leave in their folders.
CAPABILITIES = ("SETUID", "SETGID", "KILL", "SETPCAP", "DAC_OVERRIDE", "FOWNER")


class Gone(OSError):
    """A kept sandbox no longer there when a run was asked of it (it retired, or could not empty
    its folders): nothing was started, so the run may go to a fresh one."""


def interpreter(hidden: Sequence[Path], bound: Sequence[Path]) -> tuple[list[str], str] | None:
    """The bwrap options that show this Python inside a sandbox (its installation bound
    read-only where it lies outside the bound system folders) and its path; None where it lies
    in a folder the programs must not see."""
    python = Path(sys.executable).resolve()
    if any(python.is_relative_to(folder) for folder in bound):
        return [], str(python)
    prefix = Path(sys.base_prefix).resolve()
    if not python.is_relative_to(prefix) or prefix == Path("/"):
        return None
    if any(prefix.is_relative_to(folder) or folder.is_relative_to(prefix) for folder in hidden):
        return None
    return ["--ro-bind", str(prefix), str(prefix)], str(python)


def server_binds(python: Sequence[str]) -> list[str]:
    """bwrap's options that show the server's source and the Python that runs it (`python`: the
    options `interpreter` gives)."""
    return [*python, "--ro-bind", str(FORKSERVER), SERVER]


def server_command(python: str, settings: dict[str, Any]) -> list[str]:
    """bwrap's capability options and the command that run the fork server inside with these
    settings, its socket as its output."""
    caps = [word for capability in CAPABILITIES for word in ("--cap-add", f"CAP_{capability}")]
    return [*caps, python, "-I", "-S", SERVER, "1", marshal.dumps(settings).hex()]


def settings(limits: Sequence[tuple[int, int, int]], emptied: Sequence[str]) -> dict[str, Any]:
    """The settings of a kept sandbox's server: its runs drop to users of their own, the limits
    are bwrap's already, it retires as the grader's own servers do, and empties these folders."""
    return {
        "limits": [],
        "drop": True,
        "network": -1,
        "retire": retirement(limits),
        "kept": list(emptied),
    }


class KeptServer(Server):
    """The fork server inside a kept sandbox, started by one of the grader's own servers as
    bwrap's command; its replies give a run's pid as the grader sees it."""

    ended = "the kept sandbox has ended"

    def __init__(self, command: list[str], outer: Spawner, timeout: float) -> None:
        self.socket, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.networks = None
        self.outer = outer
        self.errors, writer = os.pipe()
        self.bwrap = outer.take()
        try:
            started = self.bwrap.ask(command, GRADERS, -1, -1, [theirs.fileno(), writer])
        except OSError:
            outer.give_back(self.bwrap, usable=False)
            os.close(self.errors)
            raise
        finally:
            theirs.close()
            os.close(writer)
        if started[0] != "started":
            outer.give_back(self.bwrap)
            os.close(self.errors)
            raise OSError(started[2], f"cannot run bwrap: {os.strerror(started[2])}")
        self.ready(timeout)

    def ready(self, timeout: float) -> None:
        """Wait for the server inside to be ready; OSError with bwrap's last words if not."""
        try:
            ready = self.reply(timeout)
        except OSError as error:
            self.end()
            why = self.why()
            os.close(self.errors)
            raise OSError(error.errno, why or str(error)) from None
        if ready[0] != "ready":
            self.close()
            raise OSError(ready[1], f"cannot start the sandbox's server: {ready[2]}")

    def why(self) -> str:
        """The last line of bwrap's error output (once it has ended)."""
        lines = os.read(self.errors, ERROR_SIZE).decode("utf-8", "replace").strip().splitlines()
        return lines[-1] if lines else ""

    def ask(
        self, argv: list[str], setting: Setting, user: int, group: int, fds: Sequence[int]
    ) -> tuple[Any, ...]:
        """Ask for a run; Gone if the sandbox ended before it could be started."""
        try:
            return super().ask(argv, setting, user, group, fds)
        except (OSError, EOFError) as error:
            raise Gone(getattr(error, "errno", None), self.ended) from None

    def close(self) -> None:
        """End the sandbox, and let go of bwrap's error output."""
        if self.socket.fileno() >= 0:
            self.end()
            os.close(self.errors)

    def end(self) -> None:
        """End the sandbox: its server sees the socket closed and exits, bwrap ends with it and
        the kernel kills whatever is left in its process namespace; the grader's server that
        started bwrap goes back to the idle ones (ended, if bwrap does not end in time)."""
        self.socket.close()
        try:
            ended = self.bwrap.reply(ENDING_TIME)
        except OSError:
            self.outer.give_back(self.bwrap, usable=False)
        else:
            self.outer.give_back(self.bwrap, not ended[2])


class KeptSandbox(Spawner):
    """A kept sandbox as the spawner of its one server: the folder it shows, the folder whose
    one script the run sees (its path where bwrap bound it from, and a descriptor of it), and
    whether it may take another run."""

    def __init__(self, jail: object, server: KeptServer, scripts: Path, folder: int) -> None:
        super().__init__(Confinement())
        self.jail = jail
        self.server = server
        self.scripts = scripts
        self.folder = folder
        self.usable = True

    def take(self) -> Server:
        """The sandbox's server."""
        return self.server

    def give_back(self, server: Server, usable: bool = True) -> None:
        """A run done: the sandbox takes no more if its server's state is unknown or it
        retires."""
        self.usable = self.usable and usable

    def close(self) -> None:
        """End the sandbox and let go of its scripts' folder (in memory, it goes with the runs'
        mount namespace; otherwise it is removed here)."""
        self.server.close()
        os.close(self.folder)
        shutil.rmtree(self.scripts, ignore_errors=True)


class Keeper:
    """The kept sandboxes of a runner, at most `most` at once, the idle ones by last use."""

    def __init__(self, make: Callable[[object], KeptSandbox], most: int) -> None:
        self.make = make
        self.most = most
        self.lock = threading.Lock()
        self.idle: list[KeptSandbox] = []
        self.count = 0

    def take(self, jail: object) -> tuple[KeptSandbox, bool]:
        """An idle sandbox showing this jail, else a new one (ending the one idle longest when
        there are as many as may be); whether it is new."""
        ended = None
        with self.lock:
            for index in range(len(self.idle) - 1, -1, -1):
                if self.idle[index].jail == jail:
                    return self.idle.pop(index), False
            if self.count >= self.most and self.idle:
                ended = self.idle.pop(0)
                self.count -= 1
            self.count += 1
        if ended is not None:
            ended.close()
        try:
            return self.make(jail), True
        except BaseException:
            with self.lock:
                self.count -= 1
            raise

    def give_back(self, kept: KeptSandbox) -> None:
        """A sandbox done with a run: idle again if usable, else ended."""
        with self.lock:
            if kept.usable:
                self.idle.append(kept)
                return
            self.count -= 1
        kept.close()

    def close(self) -> None:
        """End every idle sandbox (every one, once the runs are over)."""
        with self.lock:
            idle, self.idle = self.idle, []
            self.count -= len(idle)
        for kept in idle:
            kept.close()
