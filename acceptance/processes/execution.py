"""Producing a script's output: from a game's clone or oracle in-process, or from an external
program run with a time limit and an output limit: the process machinery (starting a program,
draining its pipes, its deadline, stopping a grading's programs). The outcome's data are in
`acceptance.running.outcome`."""

import contextlib
import functools
import os
import select
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, Protocol

from acceptance.game_oracles.registry import Game, Transcript
from acceptance.processes.spawning import spawn
from acceptance.running.cases import Case
from acceptance.running.outcome import (
    NOT_RUNNABLE,
    OUTPUT_LIMIT,
    STDERR_KEPT,
    TIMEOUT,
    Doubt,
    Ending,
    Output,
    Status,
    not_started,
    verdict,
)

READ_SIZE = 1 << 16


def in_process(case: Case, transcript: Transcript, who: str) -> Output:
    """A transcript computed in-process; any exception of the game is a crash, not the harness's."""
    try:
        text = case.script.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return Output(Status.CRASHED, detail=f"cannot read the script: {error}")
    try:
        return Output(Status.OK, transcript(text, case.seed).encode(case.game.encoding))
    except Exception as error:  # the harness reports any failure of the program under test
        return Output(Status.CRASHED, detail=f"the {who} raised {type(error).__name__}: {error}")


def clone_output(case: Case) -> Output:
    """What the project's clone of the case's game prints: what `at run` grades by default."""
    return in_process(case, case.game.clone, "clone")


def oracle_output(case: Case) -> Output:
    """What the case's game's oracle prints: the reference (PC-BASIC) if any, else the clone."""
    return in_process(case, case.game.oracle, "oracle")


def reference_of(game: Game) -> str:
    """What a game's oracle is, in words."""
    return "PC-BASIC running the original listing" if game.reference else "the oracle"


class Process(Protocol):
    """A started program as a run sees it (`Started`, a `subprocess.Popen`, or one a fork server
    started): its pid (also its process group's), its output's pipes, its exit status once
    waited for."""

    @property
    def pid(self) -> int:
        """The program's pid."""

    @property
    def stdout(self) -> IO[bytes] | None:
        """The pipe of its output."""

    @property
    def stderr(self) -> IO[bytes] | None:
        """The pipe of its error output."""

    def wait(self, timeout: float | None = None) -> int:
        """Wait for its end, its exit status (a signal N as -N); subprocess.TimeoutExpired past
        the timeout."""

    def __enter__(self) -> "Process":
        """The program itself."""

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        """Close its pipes and wait for its end."""


def kill_group(process: Process) -> None:
    """Kill a program and everything it started (its own process group)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)


def drain(
    process: Process,
    deadline: float,
    limit: int,
    ended: Callable[[int], None] | None = None,
) -> tuple[bytes, bytes, str]:
    """A program's output and error output until it closes both, or why it was stopped early:
    past the deadline, or printing more than `limit` bytes. `ended` is called with the program's
    pid once it has ended (to end what it left running, which may hold its output open)."""
    assert process.stdout is not None and process.stderr is not None  # both are pipes
    out, err = bytearray(), bytearray()
    buffers = {process.stdout.fileno(): out, process.stderr.fileno(): err}
    waiting = select.poll()  # a few descriptors: poll itself, not a selector's work on it
    for descriptor in buffers:
        waiting.register(descriptor, select.POLLIN)
    watched = set(buffers)
    with contextlib.ExitStack() as stack:
        exited = -1
        if ended is not None:
            try:
                exited = os.pidfd_open(process.pid)
            except ProcessLookupError:  # ended and reaped already (by a fork server)
                ended(process.pid)
            else:
                stack.callback(os.close, exited)
                waiting.register(exited, select.POLLIN)
                watched.add(exited)
        while watched:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return bytes(out), bytes(err), TIMEOUT
            for descriptor, _ in waiting.poll(1000 * remaining):
                if descriptor == exited and ended is not None:
                    waiting.unregister(exited)
                    watched.discard(exited)
                    ended(process.pid)
                    continue
                chunk = os.read(descriptor, READ_SIZE)
                if not chunk:
                    waiting.unregister(descriptor)
                    watched.discard(descriptor)
                buffers[descriptor] += chunk
                del err[:-STDERR_KEPT]
                if len(out) > limit:
                    return bytes(out[:limit]), bytes(err), f"more than {limit:,} bytes"
    return bytes(out), bytes(err), ""


@dataclass(frozen=True)
class Setting:
    """What a program starts with beside its command line, where it is not the grader's own: its
    whole environment, its working folder, its umask."""

    environment: Mapping[str, str] | None = None
    folder: Path | None = None
    umask: int = -1


GRADERS = Setting()


def graders_now() -> Setting:
    """The grader's own setting with its environment as it is now, copied once for many runs:
    `Started` passes a plain copy at once, os.environ key by key."""
    return Setting(dict(os.environ))


def popen(argv: list[str], setting: Setting) -> Process:
    """Start a program in a session of its own, its output and error output piped: as `Started`
    where it starts in the grader's folder with its umask and the kernel has pidfds, else by
    Popen, which also gives it a folder and umask of its own (Python borrows the grader to start
    it, as vfork does, where nothing more is asked of the start)."""
    if setting.folder is None and setting.umask == -1 and pidfds():
        return Started(argv, setting.environment)
    return subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env=setting.environment,
        cwd=setting.folder,
        umask=setting.umask,
    )


@functools.cache
def pidfds() -> bool:
    """Whether the kernel gives pidfds (Linux 5.3 and later), by which `Started` waits."""
    try:
        os.close(os.pidfd_open(os.getpid()))
    except OSError:
        return False
    return True


@functools.cache
def kept_from_programs() -> None:
    """Mark every descriptor the grader was given open as not inherited, once: a program that
    posix_spawn starts inherits those that are (the grader's own never are), where Popen closes
    them all in the program."""
    for name in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):  # the listing's own descriptor, closed since
            if int(name) > 2 and os.get_inheritable(int(name)):
                os.set_inheritable(int(name), False)


class Started:
    """A program started by posix_spawn, which costs the grader less CPU than Popen (a vfork and
    an exec, no Python between): its standard input /dev/null, its output's pipes, every signal
    at its default and none blocked, whatever the grader inherited (`spawning`); its environment
    the grader's own unless given one."""

    def __init__(self, argv: list[str], environment: Mapping[str, str] | None = None) -> None:
        kept_from_programs()
        readers, writers = zip(os.pipe(), os.pipe(), strict=True)
        try:
            self.pid = spawn(argv, environment, writers)
        except OSError:
            for reader in readers:
                os.close(reader)
            raise
        finally:
            for writer in writers:
                os.close(writer)
        self.stdout = os.fdopen(readers[0], "rb", buffering=0)
        self.stderr = os.fdopen(readers[1], "rb", buffering=0)
        self.returncode: int | None = None

    def wait(self, timeout: float | None = None) -> int:
        """Wait for the program's end, watched through a pidfd, which wakes the moment it ends;
        its exit status (a signal N as -N), subprocess.TimeoutExpired past the timeout."""
        if self.returncode is None:
            if timeout is not None and not ended_within(self.pid, timeout):
                raise subprocess.TimeoutExpired(str(self.pid), timeout)
            self.returncode = os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])
        return self.returncode

    def __enter__(self) -> "Started":
        """The program itself."""
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        """Close its pipes and wait for its end: at once if the run was given up by an error
        (Ctrl-C, say), having killed what it started."""
        self.stdout.close()
        self.stderr.close()
        if kind is not None:
            kill_group(self)
        self.wait()


Spawn = Callable[[list[str], Setting], Process]  # what starts a run's program


class Stopped(Exception):
    """A run that was not started, or was ended, because its grading is stopping."""


class Guard:
    """The programs of a grading running now, so that stopping it ends them all at once and
    starts no more."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running: set[Process] = set()
        self.stopped = False

    def start(self, argv: list[str], setting: Setting = GRADERS, spawn: Spawn = popen) -> Process:
        """Start a program in a process group of its own; Stopped once stopping. Programs start
        at once in several threads: one started while the grading stopped is killed at once."""
        with self.lock:
            if self.stopped:
                raise Stopped("the grading is stopping")
        process = spawn(argv, setting)
        with self.lock:
            self.running.add(process)
            if self.stopped:
                kill_group(process)
        return process

    def finished(self, process: Process) -> None:
        """Forget a program that has ended; Stopped if it was ended by a stop."""
        with self.lock:
            self.running.discard(process)
            if self.stopped:
                raise Stopped("the grading is stopping")

    def stop(self) -> None:
        """End every program running now and start no more."""
        with self.lock:
            self.stopped = True
            for process in self.running:
                kill_group(process)


def wait_until(process: Process, deadline: float) -> int:
    """A program's exit status once it ends, subprocess.TimeoutExpired past the deadline. A child
    of the grader's own is watched through a pidfd, which wakes the moment it ends: Popen.wait
    with a timeout polls it, sleeping half a millisecond and more, and a program that has just
    closed its output has most often not quite ended."""
    if isinstance(process, subprocess.Popen) and process.returncode is None:
        with contextlib.suppress(OSError):  # no pidfd (an old kernel): Popen.wait's polling
            ended_within(process.pid, deadline - time.monotonic())
    return process.wait(max(deadline - time.monotonic(), 0))


def ended_within(pid: int, timeout: float) -> bool:
    """Whether a child of the grader's, not yet waited for, ends within the timeout (seconds),
    watched through a pidfd, which wakes the moment it ends."""
    watched = os.pidfd_open(pid)
    try:
        waiting = select.poll()
        waiting.register(watched, select.POLLIN)
        return bool(waiting.poll(1000 * max(timeout, 0)))
    finally:
        os.close(watched)


def run_program(
    argv: list[str],
    timeout: float,
    limit: int,
    guard: Guard | None = None,
    ended: Callable[[int], None] | None = None,
    setting: Setting = GRADERS,
    spawn: Spawn = popen,
) -> Ending:
    """Run a program to its end, or stop its whole process group past the deadline or when it
    prints more than `limit` bytes; OSError if it cannot be started, Stopped if the guard stops
    it. `ended` is called with its pid once the program itself has ended; `spawn` starts it."""
    deadline = time.monotonic() + timeout
    process = (guard or Guard()).start(argv, setting, spawn)
    with process:
        stdout, stderr, stopped = drain(process, deadline, limit, ended)
        if not stopped:
            try:
                wait_until(process, deadline)
            except subprocess.TimeoutExpired:
                stopped = TIMEOUT
        if stopped:
            kill_group(process)
            process.wait()
    if guard is not None:
        guard.finished(process)
    return Ending(stdout, stderr, process.wait(), stopped)


@dataclass(frozen=True)
class External:
    """An external program run as `COMMAND -b SCRIPT [--seed N]`, with a timeout in seconds and a
    limit on what it may print."""

    argv: tuple[str, ...]
    timeout: float
    limit: int = OUTPUT_LIMIT
    guard: Guard | None = None
    setting: Setting = GRADERS

    def __call__(self, case: Case) -> Output:
        """Run the program on one script; its whole process group is killed if stopped early."""
        try:
            argv = case.game.argv(self.argv, case.script, case.seed)
            ending = run_program(argv, self.timeout, self.limit, self.guard, setting=self.setting)
        except OSError as error:
            detail = f"cannot run {self.argv[0]!r}: {error.strerror}"
            if error.errno in NOT_RUNNABLE:
                return Output(not_started(error.errno), detail=detail)
            return Output(Status.CRASHED, detail=detail, doubt=Doubt.GRADER)
        return verdict(ending, self.timeout, ending.code)
