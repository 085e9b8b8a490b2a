"""Starting a program by posix_spawn through the C library, so that it starts the same whatever
the grader inherited: every signal at its default (glibc's own two, SIGCANCEL and SIGSETXID,
included: glibc's posix_spawn leaves them ignored unless told, which Python's os.posix_spawn
cannot say) and no signal blocked, in a session of its own."""

import ctypes
import os
import signal
from collections.abc import Mapping, Sequence

# The C library, errno kept: the one handle of the harness (the confining mechanisms' too).
LIBC = ctypes.CDLL(None, use_errno=True)
SIGSET_SIZE, SPAWN_STRUCT_SIZE = 128, 1024  # bytes of glibc's sigset_t; more than its spawn structs
# posix_spawn's flags: default the signals, set the mask, a new session.
SPAWN_FLAGS = 0x04 | 0x08 | 0x80
EVERY_SIGNAL = tuple(range(1, signal.NSIG))


def sigset(signals: Sequence[int]) -> "ctypes.Array[ctypes.c_ubyte]":
    """A raw sigset_t holding these signals (glibc's own included: sigaddset refuses those)."""
    raw = (ctypes.c_ubyte * SIGSET_SIZE)()
    for number in signals:
        raw[(number - 1) // 8] |= 1 << ((number - 1) % 8)
    return raw


def attributes() -> ctypes.Array[ctypes.c_char]:
    """posix_spawn's attributes of every program: every signal at its default, none blocked, a
    session of its own; made once and only read after (by every thread at once)."""
    made = ctypes.create_string_buffer(SPAWN_STRUCT_SIZE)
    LIBC.posix_spawnattr_init(made)
    LIBC.posix_spawnattr_setflags(made, ctypes.c_short(SPAWN_FLAGS))
    LIBC.posix_spawnattr_setsigdefault(made, sigset(EVERY_SIGNAL))
    LIBC.posix_spawnattr_setsigmask(made, sigset(()))
    return made


ATTRIBUTES = attributes()


def strings(words: Sequence[bytes]) -> "ctypes.Array[ctypes.c_char_p]":
    """A NULL-ended C array of strings."""
    return (ctypes.c_char_p * (len(words) + 1))(*words, None)


def environment_of(environment: Mapping[str, str] | None) -> list[bytes]:
    """A program's environment as NAME=VALUE strings: the grader's own unless one is given."""
    if environment is None:
        return [name + b"=" + value for name, value in os.environb.items()]
    return [os.fsencode(f"{name}={value}") for name, value in environment.items()]


class Environments:
    """The last environment given, as the C array a program gets: a grading gives one
    (`Setting`, never changed once given) for all its runs, and encoding it is most of what
    starting a run costs here; the grader's own (None) is read anew each time."""

    def __init__(self) -> None:
        self.last: tuple[Mapping[str, str], ctypes.Array[ctypes.c_char_p]] | None = None

    def __call__(self, environment: Mapping[str, str] | None) -> "ctypes.Array[ctypes.c_char_p]":
        """The C array of this environment."""
        last = self.last
        if environment is not None and last is not None and last[0] is environment:
            return last[1]
        made = strings(environment_of(environment))  # the array holds the strings
        if environment is not None:
            self.last = environment, made
        return made


ENVIRONMENTS = Environments()


def spawn(argv: Sequence[str], environment: Mapping[str, str] | None, fds: Sequence[int]) -> int:
    """Start a program found on the grader's PATH, its standard input /dev/null and its output
    and error output `fds`, every signal at its default and none blocked, in a session of its
    own; its pid, OSError if it cannot be started."""
    actions = ctypes.create_string_buffer(SPAWN_STRUCT_SIZE)
    LIBC.posix_spawn_file_actions_init(actions)
    pid = ctypes.c_int()
    try:
        LIBC.posix_spawn_file_actions_addopen(actions, 0, os.devnull.encode(), os.O_RDONLY, 0)
        for fd, target in zip(fds, (1, 2), strict=True):
            LIBC.posix_spawn_file_actions_adddup2(actions, fd, target)
        failed = LIBC.posix_spawnp(
            ctypes.byref(pid),
            os.fsencode(argv[0]),
            actions,
            ATTRIBUTES,
            strings([os.fsencode(word) for word in argv]),
            ENVIRONMENTS(environment),
        )
    finally:
        LIBC.posix_spawn_file_actions_destroy(actions)
    if failed:
        raise OSError(failed, os.strerror(failed), argv[0])
    return pid.value
