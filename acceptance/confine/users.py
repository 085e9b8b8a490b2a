"""The unprivileged users runs take as root: a pool per grader, one user per concurrent run, and
how everything a run left running as its user is found and killed."""

import contextlib
import ctypes
import os
import platform
import queue
import signal
import time

from acceptance.processes.spawning import LIBC

FIRST_UID = 1 << 29  # the unprivileged users runs take as root: one per run at once


UID_SLOTS = 1 << 10  # users per `at` process (the pid picks the range, so two graders differ)


STRANGER = FIRST_UID - 1  # a user no process runs as: a killing thread's real user (kill_all_of)


PID_SPAN = 1 << 20


REAP_TIME = 10.0  # seconds to wait for what a run left to die


REAP_PAUSE = 0.01


# The raw system call that changes the user of the calling thread alone (libc's setresuid changes
# every thread's), by machine; elsewhere a run's processes are found by looking at every process.
SETRESUID = {"x86_64": 117, "aarch64": 147}


def processes_of(user: int) -> list[int]:
    """The processes running as a user."""
    found = []
    for entry in os.scandir("/proc"):
        with contextlib.suppress(OSError):
            if entry.name.isdigit() and entry.stat().st_uid == user:
                found.append(int(entry.name))
    return found


def kill_all_of(user: int) -> bool:
    """Kill every process of a user with one call, as that user: this thread alone takes the user
    as its effective user (root is kept as its saved user, its capabilities left unused
    meanwhile, and STRANGER is its real user, so that no process of the user may signal it
    meanwhile: the kernel lets a process signal those whose real or saved user is its own),
    sends SIGKILL to all it may signal (kill -1: the user's processes, never root's), and turns
    back to root. The kernel lets a process with SIGKILL pending run no more of its code nor
    start another. False where this machine has no such call or the grader is not root (then see
    `reap`)."""
    number = SETRESUID.get(platform.machine())
    if number is None or os.geteuid() != 0 or LIBC.syscall(number, STRANGER, user, 0) != 0:
        return False
    try:
        with contextlib.suppress(ProcessLookupError):
            os.kill(-1, signal.SIGKILL)
    finally:
        if LIBC.syscall(number, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "cannot turn back to root after killing a run")
    return True


def end_all_of(user: int, spared: int = 0) -> None:
    """Kill whatever still runs as a run's user: with one call where the machine allows, else by
    looking at every process (see `reap` for `spared`)."""
    if not kill_all_of(user):
        reap(user, spared)


def user_pool() -> "queue.Queue[int]":
    """The unprivileged users of this `at` process's runs, to be taken in turn (first in, first
    out): a user whose run ended comes back after every other, so the processes killed at the
    end of its run are long gone by then."""
    users: queue.Queue[int] = queue.Queue()
    first = FIRST_UID + (os.getpid() % PID_SPAN) * UID_SLOTS
    for slot in range(UID_SLOTS):
        users.put(first + slot)
    return users


def reap(user: int, spared: int = 0) -> None:
    """Kill whatever still runs as a run's user and wait for it to be gone, so that nothing of a
    run outlives it and the next run as that user starts with no process counted against it;
    `spared` is a process that has ended already, its parent yet to see it."""
    deadline = time.monotonic() + REAP_TIME
    while (alive := set(processes_of(user)) - {spared}) and time.monotonic() < deadline:
        for pid in alive:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(REAP_PAUSE)
