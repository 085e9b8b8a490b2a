"""The small process that starts a grader's confined programs, so that the large grader is never
copied for a run and no helper program (`setpriv`, `prlimit`) is started before each.

Started once per job as `python -I -S forkserver.py FD SETTINGS` (FD: its end of a socket pair
with the grader), single-threaded and importing only standard modules, it first sets up what
every run inherits (no signal ignored or blocked, the network namespace, the limits, no
capability to be had for runs that drop to a user), then for each run asked for starts the
program, tells the grader its pid (and a pidfd where the grader cannot name it), and its exit
status once reaped, with whether anything of the run is left (it is a subreaper). In a kept
bubblewrap sandbox it also kills what a run left and empties the writable folders before the next.
It retires once it has used half of its runs' CPU limit, and kills the run when the grader goes
away. It imports nothing of the project: it runs on its own. Why and how: "Bubblewrap, run by
run" and "Kept sandboxes" in docs/explanation/sandbox.md.
"""

import ctypes
import marshal
import os
import resource
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

REQUEST_SIZE = 1 << 20  # bytes of a request at most (its command line and environment)
MOST_FDS = 2  # descriptors a request carries: output, error output
PR_SET_NO_NEW_PRIVS, PR_CAPBSET_DROP, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 38, 24, 47, 4
PR_SET_CHILD_SUBREAPER = 36
PR_SET_PDEATHSIG = 1  # prctl's option: the signal a process gets when its parent ends
CAPABILITY_VERSION_3 = 0x20080522
CLONE_NEWNET = 0x40000000
LAST_CAP = "/proc/sys/kernel/cap_last_cap"
# Its own handle on libc, not processes.spawning's: it runs alone (`python -I -S`), importing no
# package.
LIBC = ctypes.CDLL(None, use_errno=True)
CLOEXEC = socket.MSG_CMSG_CLOEXEC
REAP_POLL = 10  # milliseconds between two looks for what a run left, while the grader kills it
SIGSET_SIZE, SPAWN_STRUCT_SIZE = 128, 1024  # bytes of glibc's sigset_t; more than its spawn structs
# posix_spawn's flags: reset the effective ids, default the signals, set the mask, a new session.
SPAWN_FLAGS = 0x01 | 0x04 | 0x08 | 0x80
# The signals a run starts with at their default action: every one, glibc's own two (SIGCANCEL,
# SIGSETXID) included, which its posix_spawn would otherwise leave ignored.
DEFAULTED = tuple(range(1, signal.NSIG))
GLIBCS_OWN = (32, 33)  # signals glibc's sigaction refuses to change: set by the system call itself
RT_SIGACTION = {"x86_64": 13, "aarch64": 134, "riscv64": 134}  # its number, by machine
KERNEL_SIGSET = 8  # bytes of the kernel's sigset_t
IPC_TABLES = ("/proc/sysvipc/shm", "/proc/sysvipc/msg", "/proc/sysvipc/sem")
REAP_TIME, REAP_PAUSE = 10.0, 0.001  # seconds to wait for a run's leftovers to die, and a pause


def checked(result: int, what: str) -> None:
    """Raise OSError (with what failed) when a libc call returned an error."""
    if result != 0:
        raise OSError(ctypes.get_errno(), what)


def prctl(option: int, argument: int) -> int:
    """One prctl call with one argument, the others zero."""
    zero = ctypes.c_ulong(0)
    return int(LIBC.prctl(option, ctypes.c_ulong(argument), zero, zero, zero))


def clear_inheritable() -> None:
    """Empty this process's inheritable capability set (the others are left as they are)."""
    header = (ctypes.c_uint32 * 2)(CAPABILITY_VERSION_3, 0)
    data = (ctypes.c_uint32 * 6)()  # effective, permitted, inheritable: twice (64 bits)
    checked(LIBC.capget(header, data), "cannot read the capabilities")
    data[2] = data[5] = 0
    checked(LIBC.capset(header, data), "cannot clear the inheritable capabilities")


def unprivileging() -> None:
    """Leave nothing a child could gain a capability from, keeping this process's own: the
    bounding, ambient and inheritable sets emptied, no_new_privs set. A child that becomes an
    unprivileged user loses the rest (the kernel clears them when every uid leaves root)."""
    with open(LAST_CAP, encoding="ascii") as text:
        last_cap = int(text.read())
    for capability in range(last_cap + 1):
        checked(prctl(PR_CAPBSET_DROP, capability), "cannot drop the bounding set")
    checked(prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL), "cannot clear the ambient set")
    clear_inheritable()
    checked(prctl(PR_SET_NO_NEW_PRIVS, 1), "cannot set no_new_privs")


def unignored() -> None:
    """Give back its default action to every signal this server was started with ignored (the
    grader's own, under `nohup` or as a shell's background job, or glibc's own two that a
    posix_spawn left ignored) and block none, so that no run inherits a signal ignored or
    blocked; SIGPIPE and SIGXFSZ, which Python ignores, each run gets at their default."""
    kept = {signal.SIGPIPE, signal.SIGXFSZ}
    for number in signal.valid_signals() - kept:
        if signal.getsignal(number) == signal.SIG_IGN:
            signal.signal(number, signal.SIG_DFL)
    ignored = ignored_now()
    for own in GLIBCS_OWN:
        if ignored & 1 << (own - 1):
            defaulted(own)
    signal.pthread_sigmask(signal.SIG_SETMASK, ())


def ignored_now() -> int:
    """The signals this process ignores, as the kernel's mask (/proc/self/status)."""
    with open("/proc/self/status", encoding="ascii") as status:
        rows = dict(line.split(":", 1) for line in status)
    return int(rows["SigIgn"], 16)


def defaulted(number: int) -> None:
    """Give a signal its default action by the system call (glibc refuses its own signals)."""
    action = ctypes.create_string_buffer(64)  # handler SIG_DFL (0), no flag, an empty mask
    call = RT_SIGACTION.get(os.uname().machine)
    if call is None:
        raise OSError(0, f"cannot give signal {number} back its default on this machine")
    checked(LIBC.syscall(call, number, action, None, KERNEL_SIGSET), f"cannot default {number}")


def prepare(settings: dict[str, Any]) -> None:
    """Set up what every run inherits: no signal ignored, the network namespace, the limits, and
    for runs that drop to a user, no capability to be had."""
    unignored()
    if settings["network"] >= 0:
        checked(LIBC.setns(settings["network"], CLONE_NEWNET), "cannot enter the network")
        os.close(settings["network"])
    for number, soft, hard in settings["limits"]:
        resource.setrlimit(number, (soft, hard))
    if settings["drop"]:
        unprivileging()
    if settings["drop"] or settings.get("kept") is not None:
        checked(prctl(PR_SET_CHILD_SUBREAPER, 1), "cannot adopt what the runs leave")
    if spawns(settings):
        os.setgroups([])
        signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawns(settings: dict[str, Any]) -> bool:
    """Whether runs are started with posix_spawn (for an instant this server has the run's user
    as its real user, which only a server that no run can reach may have): in a kept sandbox, or
    as the first process of a process namespace of its own."""
    return settings.get("kept") is not None or bool(settings.get("own_pids"))


def start(request: dict[str, Any], fds: list[int], drop: bool, null: int) -> tuple[Any, Any]:
    """Start a run's program, its input `null`: ('started', the process) or ('failed', (step,
    errno))."""
    user = request["user"] if drop else None
    try:
        process = subprocess.Popen(
            request["argv"],
            stdin=null,
            stdout=fds[0],
            stderr=fds[1],
            env=request["environment"],
            cwd=request["folder"],
            umask=request["umask"],
            start_new_session=True,
            user=user,
            group=request["group"] if drop else None,
            extra_groups=[] if drop else None,
        )
    except OSError as error:
        step = "exec" if error.filename == request["argv"][0] else "set up the run"
        return "failed", (step, error.errno or 0)
    return "started", process


class ForkedRun:
    """A run's process started by `spawn`: its pid, its exit status once reaped."""

    def __init__(self, pid: int) -> None:
        self.pid = pid

    def wait(self) -> int:
        """Reap the process; its exit status (a signal N as -N)."""
        return os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])


def sigset(signals: Sequence[int]) -> "ctypes.Array[ctypes.c_ubyte]":
    """A raw sigset_t holding these signals (glibc's own included: sigaddset refuses those)."""
    raw = (ctypes.c_ubyte * SIGSET_SIZE)()
    for number in signals:
        raw[(number - 1) // 8] |= 1 << ((number - 1) % 8)
    return raw


def strings(words: Sequence[str]) -> "ctypes.Array[ctypes.c_char_p]":
    """A NULL-ended C array of strings."""
    return (ctypes.c_char_p * (len(words) + 1))(*(os.fsencode(word) for word in words), None)


def spawn(request: dict[str, Any], fds: list[int], drop: bool, null: int) -> tuple[Any, Any]:
    """Start a run's program in a kept sandbox without copying this server (glibc's posix_spawn:
    a vfork), as `start` does: this server takes the run's user and group as its real ids for the
    call (its effective ids, and so its capabilities, stay root's), to which the child's effective
    ids are reset before its exec; ('started', the process) or ('failed', (step, errno)). Called
    through ctypes, since glibc would leave its own two signals ignored in the program unless told
    to default them, which Python's os.posix_spawn cannot say."""
    if request["folder"] is not None:
        os.chdir(request["folder"])
    mask = os.umask(request["umask"]) if request["umask"] >= 0 else -1
    attributes = ctypes.create_string_buffer(SPAWN_STRUCT_SIZE)
    actions = ctypes.create_string_buffer(SPAWN_STRUCT_SIZE)
    LIBC.posix_spawnattr_init(attributes)
    LIBC.posix_spawn_file_actions_init(actions)
    pid = ctypes.c_int()
    os.setresgid(request["group"], 0, 0)
    os.setresuid(request["user"], 0, 0)
    try:
        LIBC.posix_spawnattr_setflags(attributes, ctypes.c_short(SPAWN_FLAGS))
        LIBC.posix_spawnattr_setsigdefault(attributes, sigset(DEFAULTED))
        LIBC.posix_spawnattr_setsigmask(attributes, sigset(()))
        for fd, target in zip([null, *fds], (0, 1, 2), strict=True):
            LIBC.posix_spawn_file_actions_adddup2(actions, fd, target)
        for fd in fds:  # received without close-on-exec (Python 3.11's recv_fds drops the flag)
            LIBC.posix_spawn_file_actions_addclose(actions, fd)
        argv = request["argv"]
        environment = [f"{name}={value}" for name, value in request["environment"].items()]
        os.environ["PATH"] = request["environment"].get("PATH", os.defpath)  # where it looks
        failed = LIBC.posix_spawnp(
            ctypes.byref(pid),
            os.fsencode(argv[0]),
            actions,
            attributes,
            strings(argv),
            strings(environment),
        )
    finally:
        os.setresuid(0, 0, 0)
        os.setresgid(0, 0, 0)
        if mask >= 0:
            os.umask(mask)
        LIBC.posix_spawnattr_destroy(attributes)
        LIBC.posix_spawn_file_actions_destroy(actions)
    if failed:
        return "failed", ("exec", failed)
    return "started", ForkedRun(pid.value)


def spent() -> float:
    """The CPU seconds this process has used."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def end_leftovers() -> None:
    """Kill every process of the sandbox but its first and this server, and reap them (they are
    this server's, a subreaper's), until none is left or the time to wait has passed."""
    deadline = time.monotonic() + REAP_TIME
    while time.monotonic() < deadline:
        try:
            os.kill(-1, signal.SIGKILL)
        except ProcessLookupError:
            return
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            time.sleep(REAP_PAUSE)


def ipc_left() -> bool:
    """Whether the sandbox holds a System V IPC object (a run made it; it outlives the run)."""
    for table in IPC_TABLES:
        try:
            with open(table, encoding="ascii") as rows:
                if len(rows.readlines()) > 1:
                    return True
        except OSError:
            continue
    return False


def empty(folders: Sequence[str]) -> None:
    """Remove everything in the writable folders a run left; exit (ending the sandbox, so the
    grader makes a fresh one) where something cannot be removed."""
    try:
        for folder in folders:
            for entry in os.scandir(folder):
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path)
                else:
                    os.unlink(entry.path)
    except OSError:
        sys.exit()


def told_started(grader: socket.socket, pid: int, elsewhere: bool) -> None:
    """Tell the grader a run's pid, and a pidfd of its process with it if the grader sees it by
    another pid (`elsewhere`)."""
    message = marshal.dumps(("started", pid))
    if not elsewhere:
        grader.send(message)
        return
    pidfd = os.pidfd_open(pid)
    try:
        socket.send_fds(grader, [message], [pidfd])
    finally:
        os.close(pidfd)


def watch(
    grader: socket.socket,
    process: "subprocess.Popen[bytes] | ForkedRun",
    retiring: bool,
    kept: bool = False,
) -> None:
    """Wait for the run to end, reap it and tell the grader its exit status (whether this server
    retires, whether anything of the run is left), then reap what the grader kills of what was
    left, until the grader speaks again; when the grader goes away first, kill the run's process
    group and exit. In a kept sandbox, everything else the run left is killed and reaped before
    the status is told (nothing is left then)."""
    ended = os.pidfd_open(process.pid)
    poller = select.poll()
    poller.register(ended, select.POLLIN)
    poller.register(grader.fileno(), select.POLLIN)
    ready = {fd for fd, _ in poller.poll()}
    poller.unregister(ended)
    os.close(ended)
    if ended not in ready:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        sys.exit()
    code = process.wait()
    if kept:
        end_leftovers()
        grader.send(marshal.dumps(("ended", code, retiring or ipc_left(), True)))
        return
    left = not alone()
    grader.send(marshal.dumps(("ended", code, retiring, not left)))
    while left and not poller.poll(REAP_POLL):  # the grader kills what is left: reap it
        left = not alone()


def alone() -> bool:
    """Whether nothing a run started is left, once its program is reaped: every process it left
    is this server's descendant (a subreaper, it adopts each as its parent ends), so the run is
    over when this server has no child left, once those that ended are reaped."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return True
        if pid == 0:
            return False


def serve(grader: socket.socket, settings: dict[str, Any]) -> None:
    """Start each run the grader asks for, one at a time, until it goes away or this server has
    used the CPU seconds it may (settings' "retire", None: no end)."""
    retire = settings["retire"]
    kept = settings.get("kept")
    spawning = spawns(settings)
    starting = spawn if spawning else start
    null = os.open(os.devnull, os.O_RDONLY | os.O_CLOEXEC)
    while True:
        message, fds, _, _ = socket.recv_fds(grader, REQUEST_SIZE, MOST_FDS, CLOEXEC)
        if not message:
            return
        state, outcome = starting(marshal.loads(message), fds, settings["drop"], null)
        for fd in fds:
            os.close(fd)
        if state == "failed":
            grader.send(marshal.dumps(("failed", *outcome)))
            continue
        told_started(grader, outcome.pid, spawning)
        retiring = retire is not None and spent() >= retire
        watch(grader, outcome, retiring, kept is not None)
        if retiring:
            return
        if kept is not None:
            empty(kept)


def main() -> None:
    """Serve the grader at the socket the command line names, with the settings it gives."""
    fd, settings = int(sys.argv[1]), marshal.loads(bytes.fromhex(sys.argv[2]))
    os.set_inheritable(fd, False)
    grader = socket.socket(fileno=fd)
    try:
        prepare(settings)
    except OSError as error:
        grader.send(marshal.dumps(("unusable", error.errno or 0, str(error))))
        return
    grader.send(marshal.dumps(("ready",)))
    serve(grader, settings)


if __name__ == "__main__":
    main()
