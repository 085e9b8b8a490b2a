"""The namespaces the runs start in, each made once: a network namespace with only its own
loopback, shared by runs in turn, and a mount namespace without the kernel's own filesystems."""

import ctypes
import fcntl
import functools
import os
import queue
import re
import socket
import struct
from pathlib import Path, PurePosixPath

from acceptance.confine.spawner import made_in_thread
from acceptance.processes.spawning import LIBC

CLONE_NEWNET, CLONE_NEWNS, CLONE_FS = 0x40000000, 0x00020000, 0x00000200


MS_NOSUID, MS_NODEV, MS_REC, MS_PRIVATE, MNT_DETACH = 0x2, 0x4, 0x4000, 0x40000, 2


# The kernel's own filesystems, which bwrap never shows a program: whatever is mounted at or under
# KERNELS_OWN, or under KERNELS_ROOTS, is left out of the mount namespace the runs start in.
KERNELS_OWN, KERNELS_ROOTS = ("/sys",), ("/proc", "/dev")


ESCAPED = re.compile(r"\\([0-7]{3})")  # a character of a mount point that mountinfo escapes


SIOCGIFFLAGS, SIOCSIFFLAGS, IFF_UP = 0x8913, 0x8914, 0x1


INTERFACE = struct.Struct("16sH22x")  # struct ifreq: a name and its flags


def new_network() -> int:
    """Move the calling thread into a new network namespace, its loopback up and no other
    interface; the namespace's descriptor."""
    if LIBC.unshare(CLONE_NEWNET) != 0:
        raise OSError(ctypes.get_errno(), "cannot make a network namespace")
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        name = INTERFACE.pack(b"lo", 0)
        flags = INTERFACE.unpack(fcntl.ioctl(probe, SIOCGIFFLAGS, name))[1]
        fcntl.ioctl(probe, SIOCSIFFLAGS, INTERFACE.pack(b"lo", flags | IFF_UP))
    return os.open("/proc/thread-self/ns/net", os.O_RDONLY | os.O_CLOEXEC)


def network_namespace() -> int:
    """A new network namespace with its loopback up and no other interface, held by the returned
    descriptor (made in a thread of its own)."""
    return made_in_thread(new_network)


def mount_points() -> list[str]:
    """The mount points of the calling thread's mount namespace, one per mount."""
    with open("/proc/thread-self/mountinfo", encoding="utf-8", errors="surrogateescape") as table:
        return [ESCAPED.sub(lambda code: chr(int(code[1], 8)), line.split()[4]) for line in table]


def kernels_own(point: str) -> bool:
    """Whether a mount point holds one of the kernel's own filesystems, which bwrap never shows
    a program (its /proc and /dev are its own)."""
    path = PurePosixPath(point)
    return any(path.is_relative_to(own) for own in KERNELS_OWN) or any(
        path != PurePosixPath(root) and path.is_relative_to(root) for root in KERNELS_ROOTS
    )


def outermost_unneeded() -> set[str]:
    """The mount points of the kernel's own filesystems that lie under no other."""
    unneeded = [PurePosixPath(point) for point in mount_points() if kernels_own(point)]
    return {
        str(point)
        for point in unneeded
        if not any(point != other and point.is_relative_to(other) for other in unneeded)
    }


def new_trimmed_mounts(scratch: Path) -> int:
    """Move the calling thread into a new mount namespace, private (nothing mounted or unmounted
    in it reaches the machine's), with the kernel's own filesystems detached (several mounts can
    lie one over another) and an empty tmpfs of root's alone on `scratch`; the namespace's
    descriptor."""
    if LIBC.unshare(CLONE_NEWNS) != 0:
        raise OSError(ctypes.get_errno(), "cannot make a mount namespace")
    if LIBC.mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None) != 0:
        raise OSError(ctypes.get_errno(), "cannot make a mount namespace private")
    while points := outermost_unneeded():
        for point in points:
            if LIBC.umount2(os.fsencode(point), MNT_DETACH) != 0:
                raise OSError(ctypes.get_errno(), f"cannot detach {point}")
    flags = MS_NOSUID | MS_NODEV
    if LIBC.mount(b"tmpfs", os.fsencode(scratch), b"tmpfs", flags, b"mode=0700") != 0:
        raise OSError(ctypes.get_errno(), f"cannot mount a tmpfs on {scratch}")
    return os.open("/proc/thread-self/ns/mnt", os.O_RDONLY | os.O_CLOEXEC)


def trimmed_mounts(scratch: Path) -> int | None:
    """The mount namespace the runs start in, or None where none can be made (then they start in
    the grader's): the machine's mounts less the kernel's own filesystems, and a tmpfs on
    `scratch` for the runs' private folders. bwrap copies the mount table of the namespace it
    starts in and reads it whole for each folder it binds, a dozen times a run, so each mount
    fewer costs less in every run; the sandbox it makes is the same (it binds the system folders
    and the given folders from here, and makes /proc and /dev its own). A folder made and
    removed in memory costs a quarter of one on a disk's journaled filesystem, and no wait."""
    try:
        return made_in_thread(functools.partial(new_trimmed_mounts, scratch))
    except OSError:
        return None


def shared_networks(count: int) -> "queue.Queue[int] | None":
    """`count` network namespaces for the runs to take in turn, or None where none can be made
    (then each run makes its own, as bwrap does)."""
    made: list[int] = []
    try:
        for _ in range(count):
            made.append(network_namespace())
    except OSError:
        for network in made:
            os.close(network)
        return None
    networks: queue.Queue[int] = queue.Queue()
    for network in made:
        networks.put(network)
    return networks


def enter(namespace: int, kind: int = CLONE_NEWNET) -> None:
    """Move the calling thread (and what it starts from then on) into a namespace of a kind."""
    if LIBC.setns(namespace, kind) != 0:
        raise OSError(ctypes.get_errno(), "cannot enter a namespace")
