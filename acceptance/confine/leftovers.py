"""What runs as unprivileged users leave at the top of the shared temporary folders, found without
listing them: the kernel (inotify) reports each entry made there while the grading runs, so that
after a run only the entries made since are looked at, not every file the machine keeps there.
Where the kernel cannot watch a folder, or dropped reports, the folder is listed whole instead.
"""

import contextlib
import os
import shutil
import struct
import threading
from collections.abc import Callable, Collection, Sequence

from acceptance.processes.spawning import LIBC

IN_MOVED_TO, IN_CREATE, IN_Q_OVERFLOW = 0x80, 0x100, 0x4000
IN_NONBLOCK, IN_CLOEXEC = os.O_NONBLOCK, os.O_CLOEXEC
EVENT = struct.Struct("iIII")  # struct inotify_event: watch, mask, cookie, length of the name
READ_SIZE = 1 << 16


class Leftovers:
    """The entries made in the shared folders since the grading began that may be a run's."""

    def __init__(self, folders: Sequence[str], ours: Callable[[int], bool]) -> None:
        self.ours = ours  # whether a user is one the runs take
        self.lock = threading.Lock()
        self.pending: set[str] = set()
        self.watched: dict[int, str] = {}
        self.unwatched = [folder for folder in folders if os.path.isdir(folder)]
        self.watcher = LIBC.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
        for folder in list(self.unwatched) if self.watcher >= 0 else []:
            watch = LIBC.inotify_add_watch(
                self.watcher, os.fsencode(folder), IN_CREATE | IN_MOVED_TO
            )
            if watch >= 0:
                self.watched[watch] = folder
                self.unwatched.remove(folder)

    def close(self) -> None:
        """Stop watching."""
        if self.watcher >= 0:
            os.close(self.watcher)
            self.watcher = -1

    def clean(self, busy: Collection[int]) -> None:
        """Remove each entry of a run's user that is not `busy` (running still) from the top of
        the shared folders."""
        with self.lock:
            self.take_reports()
            for path in list(self.pending):
                try:
                    owner = os.lstat(path).st_uid
                except OSError:
                    self.pending.discard(path)
                    continue
                if owner in busy:
                    continue  # removed after that run
                self.pending.discard(path)
                if self.ours(owner):
                    remove(path)

    def take_reports(self) -> None:
        """Add the entries the kernel reported made since the last call (every entry of the
        unwatched folders, and of all of them when reports were dropped) to the pending ones."""
        listed = list(self.unwatched)
        while self.watcher >= 0:
            try:
                data = os.read(self.watcher, READ_SIZE)
            except BlockingIOError:
                break
            for watch, mask, name in events(data):
                if mask & IN_Q_OVERFLOW:
                    listed = list(self.watched.values()) + self.unwatched
                elif watch in self.watched:
                    self.pending.add(os.path.join(self.watched[watch], name))
        for folder in listed:
            with contextlib.suppress(OSError), os.scandir(folder) as entries:
                self.pending.update(entry.path for entry in entries)


def events(data: bytes) -> list[tuple[int, int, str]]:
    """The reports of a read from an inotify descriptor: watch, mask and name each."""
    found = []
    offset = 0
    while offset < len(data):
        watch, mask, _, length = EVENT.unpack_from(data, offset)
        offset += EVENT.size
        name = data[offset : offset + length].rstrip(b"\0")
        offset += length
        found.append((watch, mask, os.fsdecode(name)))
    return found


def remove(path: str) -> None:
    """Remove a file, link or whole folder, whatever it held."""
    with contextlib.suppress(OSError):
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            os.unlink(path)
