"""How a pool of the harness's own processes starts, forked only while nothing but one thread can
be copied. Apart from `spawning`, so that a pool's user loads no C library."""

import multiprocessing
import os
import threading
from multiprocessing.context import BaseContext


def threads() -> int:
    """The threads of this process, those a library started without Python's `threading` too
    (the kernel's count where there is one)."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


def pool_start() -> BaseContext:
    """How a pool's processes start: forked while this process has one thread (the cheapest
    start, nothing to copy but that thread), else from a fork server (a fork with other threads
    about can copy a lock one of them holds, and Python warns of it)."""
    return multiprocessing.get_context("fork" if threads() == 1 else "forkserver")
