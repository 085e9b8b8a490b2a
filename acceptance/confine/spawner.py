"""Starting confined programs through fork servers (`forkserver.py`): small processes of the
grader's own, each set up once with the runs' limits, network namespace and (for runs that drop
to a user of their own) no capability to be had, to which the grader sends each run's command
line, setting, user, group and output pipes. A run then costs a fork of that small process and
one exec, never a copy of the large grader nor a helper program (`setpriv`, `prlimit`) per run.
Each server serves one run at a time; a runner has one per run at once, each started when first
needed, replaced when it retires, and ended with the runner.

A server whose runs drop to a user of their own is started, where the machine allows, as the first
process of a process namespace of its own: its runs cannot name it (nor anything outside), and
whatever a run leaves is killed with it. It then starts each run with posix_spawn (a vfork: no copy
of the server), for which it takes the run's user as its real user for an instant; a run it started
can signal a process whose real user is its own, but cannot reach this one. Elsewhere each run is a
fork of the server, which never takes the run's user. Such a server tells each run's pid with a
pidfd of its process, by which the grader knows it under its own pid."""

import marshal
import os
import queue
import resource
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, Any, TypeVar

from acceptance.confine import forkserver
from acceptance.processes.execution import Setting, Spawn
from acceptance.processes.spawning import LIBC

# The server's source: the file its module is loaded from (beside this one; a mutant's own file
# where tools.mutation.blind_spots loads one).
FORKSERVER = Path(forkserver.__file__)
REPLY_SIZE = 1 << 12
CLOEXEC = socket.MSG_CMSG_CLOEXEC
CLONE_NEWPID = 0x20000000
GONE = (1 << 22) + 1  # above the kernel's largest pid: the pid of a process reaped already
Made = TypeVar("Made")


@dataclass(frozen=True)
class Confinement:
    """What every run of a spawner is started with: its limits as (resource, soft limit, hard
    limit), whether it drops to a user and group of its own (then with no capability to be had),
    the network namespaces (descriptors) its servers take one each, if any, and whether each
    server is, where the machine allows, the first process of a process namespace of its own."""

    limits: tuple[tuple[int, int, int], ...] = ()
    drop: bool = False
    networks: "queue.Queue[int] | None" = None
    own_pids: bool = False


def retirement(limits: Sequence[tuple[int, int, int]]) -> float | None:
    """The CPU seconds after which a fork server retires: half the CPU limit its runs inherit
    from it (its own CPU time counts against it), None without one."""
    cpu = [soft for number, soft, _ in limits if number == resource.RLIMIT_CPU]
    return cpu[0] / 2 if cpu else None


def made_in_thread(make: Callable[[], Made]) -> Made:
    """What `make` returns, run in a thread of its own that ends after, so that the namespaces it
    moves its thread (or its thread's children) into leave the caller where it is; its OSError
    raised."""
    made: list[Made | OSError] = []

    def run() -> None:
        try:
            made.append(make())
        except OSError as error:
            made.append(error)

    maker = threading.Thread(target=run)
    maker.start()
    maker.join()
    if isinstance(made[0], OSError):
        raise made[0]
    return made[0]


def in_own_pids(start: Callable[[bool], Made]) -> Made:
    """`start(own)` called in a thread of its own whose children start a new process namespace
    where the machine allows (`own`: whether they do), the caller's own left as they are."""
    return made_in_thread(lambda: start(LIBC.unshare(CLONE_NEWPID) == 0))


def outer_pid(pidfd: int) -> int:
    """The pid, as the grader sees it, of the process a pidfd refers to (GONE once reaped), read
    from the pidfd's fdinfo in one read, as bytes: it is read once per run."""
    info = os.open(f"/proc/self/fdinfo/{pidfd}", os.O_RDONLY | os.O_CLOEXEC)
    try:
        text = os.read(info, REPLY_SIZE)
    finally:
        os.close(info)
    start = text.find(b"\nPid:") + 1
    if start == 0:
        return GONE
    pid = int(text[start + 4 : text.index(b"\n", start)])
    return pid if pid > 0 else GONE


class NotStarted(OSError):
    """A run whose program could not be started (no such program, or not runnable)."""


class Server:
    """A fork server, the grader's end of its socket, and the network namespace it took."""

    ended = "the fork server has ended"  # what a reply says once the server is gone

    def __init__(self, confinement: Confinement) -> None:
        networks = confinement.networks
        self.network = networks.get() if networks is not None else -1
        self.networks = networks
        settings = {
            "limits": list(confinement.limits),
            "drop": confinement.drop,
            "network": self.network,
            "retire": retirement(confinement.limits),
        }
        self.socket, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        kept = [theirs.fileno(), *([self.network] if self.network >= 0 else [])]
        command = [sys.executable, "-I", "-S", str(FORKSERVER), str(kept[0])]

        def start(own_pids: bool) -> "subprocess.Popen[bytes]":
            """Start the server, told whether it is the first process of its namespace."""
            told = marshal.dumps({**settings, "own_pids": own_pids}).hex()
            return subprocess.Popen(
                [*command, told],
                pass_fds=kept,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )

        with theirs:
            self.process = in_own_pids(start) if confinement.own_pids else start(False)
        ready = self.reply(None)
        if ready[0] != "ready":
            self.close()
            raise OSError(ready[1], f"cannot start a fork server: {ready[2]}")

    def ask(
        self, argv: list[str], setting: Setting, user: int, group: int, fds: Sequence[int]
    ) -> tuple[Any, ...]:
        """Ask for a run, its output and error output going to `fds`; the server's reply."""
        environment = os.environ if setting.environment is None else setting.environment
        request = {
            "argv": argv,
            "environment": dict(environment),
            "folder": None if setting.folder is None else str(setting.folder),
            "umask": setting.umask,
            "user": user,
            "group": group,
        }
        socket.send_fds(self.socket, [marshal.dumps(request)], fds)
        return self.reply(None)

    def reply(self, timeout: float | None) -> tuple[Any, ...]:
        """The server's next reply, a started run's pid made the grader's where the server sent
        a pidfd with it; TimeoutError past the timeout, OSError if it has ended."""
        self.socket.settimeout(timeout)
        message, fds, _, _ = socket.recv_fds(self.socket, REPLY_SIZE, 1, CLOEXEC)
        if not message:
            raise OSError(self.ended)
        reply: tuple[Any, ...] = marshal.loads(message)
        for fd in fds:
            try:
                reply = (reply[0], outer_pid(fd))
            finally:
                os.close(fd)
        return reply

    def close(self) -> None:
        """End the server (it kills a run still going on), wait for it, and give its network
        namespace back."""
        self.socket.close()
        self.process.wait()
        if self.networks is not None:
            self.networks.put(self.network)
            self.networks = None


class Spawner:
    """The fork servers of a runner: one per run at once, each started when first needed, each
    starting its runs with the confinement."""

    def __init__(self, confinement: Confinement) -> None:
        self.confinement = confinement
        self.lock = threading.Lock()
        self.idle: list[Server] = []
        self.made: list[Server] = []

    def take(self) -> Server:
        """An idle server, or a new one."""
        with self.lock:
            if self.idle:
                return self.idle.pop()
        server = Server(self.confinement)
        with self.lock:
            self.made.append(server)
        return server

    def give_back(self, server: Server, usable: bool = True) -> None:
        """A server done with its run: idle again, else ended (its state unknown, or retired)."""
        if usable:
            with self.lock:
                self.idle.append(server)
            return
        with self.lock:
            self.made.remove(server)
        server.close()

    def start(
        self, argv: list[str], setting: Setting, user: int = -1, group: int = -1
    ) -> "Spawned":
        """Start a program confined, as the user and group if the runs drop to one; NotStarted if
        it could not be started, OSError if its run could not be set up."""
        server = self.take()
        readers, writers = zip(os.pipe(), os.pipe(), strict=True)
        try:
            reply = server.ask(argv, setting, user, group, writers)
        except OSError:
            self.give_back(server, usable=False)
            for reader in readers:
                os.close(reader)
            raise
        finally:
            for writer in writers:
                os.close(writer)
        if reply[0] == "started":
            pipes = [os.fdopen(reader, "rb", buffering=0) for reader in readers]
            return Spawned(self, server, reply[1], pipes[0], pipes[1])
        for reader in readers:
            os.close(reader)
        self.give_back(server)
        step, number = reply[1], reply[2]
        if step == "exec":
            raise NotStarted(number, os.strerror(number), argv[0])
        raise OSError(number, f"cannot {step}: {os.strerror(number)}")

    def spawn(self, user: int = -1, group: int = -1) -> Spawn:
        """What starts a run's program, as the user and group if the runs drop to one."""
        return lambda argv, setting: self.start(argv, setting, user, group)

    def close(self) -> None:
        """End every server."""
        with self.lock:
            made, self.made, self.idle = self.made, [], []
        for server in made:
            server.close()


class Spawned:
    """A program a fork server started: its pid, its output's pipes, its exit status when the
    server tells it, and then whether anything of its run was left running."""

    def __init__(
        self, spawner: Spawner, server: Server, pid: int, stdout: IO[bytes], stderr: IO[bytes]
    ) -> None:
        self.spawner = spawner
        self.server = server
        self.pid = pid
        self.stdout = stdout
        self.stderr = stderr
        self.returncode: int | None = None
        self.retiring = False
        self.alone = False  # whether the server found nothing of the run left as it ended

    def wait(self, timeout: float | None = None) -> int:
        """Wait for the program's end; its exit status (a signal N as -N)."""
        if self.returncode is None:
            try:
                _, code, self.retiring, self.alone = self.server.reply(timeout)
            except (TimeoutError, BlockingIOError):  # BlockingIOError: a timeout of 0
                raise subprocess.TimeoutExpired(str(self.pid), timeout or 0.0) from None
            self.returncode = int(code)
        return self.returncode

    def __enter__(self) -> "Spawned":
        """The program itself."""
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        """Close its pipes; its server goes back to the idle ones once it has told the end, unless
        it retires (else it is ended, killing the run)."""
        self.stdout.close()
        self.stderr.close()
        self.spawner.give_back(self.server, self.returncode is not None and not self.retiring)
