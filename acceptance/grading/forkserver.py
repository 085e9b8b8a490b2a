"""The small process that starts a grader's confined programs, so that the large grader is never
copied for a run and no helper program (`setpriv`, `prlimit`) is started before each.

Started once per job at once as `python -I -S forkserver.py FD SETTINGS` (FD: its end of a socket
pair with the grader; SETTINGS: its limits, whether its runs drop to a user of their own, the
descriptor of a network namespace to enter, the CPU seconds after which it retires), it is
single-threaded and imports only a few standard modules. It first sets up what every run it
starts inherits: the network namespace, the limits and, for runs that drop to a user, no
capability to be had (empty bounding, inheritable and ambient sets) and no privilege to be gained
by exec (no_new_privs); it keeps its own capabilities to change users. Such a server is also a
subreaper: whatever a run leaves running is adopted by it, never by the machine's init, so that
it can tell the grader whether anything of a run is left without looking at the machine's
processes. Then, for each run the
grader asks for, it starts the program with `subprocess` (whose child, in C, takes a session of
its own, no supplementary group, the run's group and user, the umask, working folder and
environment given, the output pipes given, and Python's ignored signals back at their defaults),
tells the grader its pid, then its exit status once reaped (and whether anything of the run is
left).

Its own CPU time counts against the CPU limit its runs inherit: once it has used half of it, it
says so with an exit status and exits, and the grader starts another. When the grader goes away
it kills the run's process group and exits. This file imports nothing of the project: it runs on
its own.
"""

import ctypes
import marshal
import os
import resource
import select
import signal
import socket
import subprocess
import sys
from typing import Any

REQUEST_SIZE = 1 << 20  # bytes of a request at most (its command line and environment)
MOST_FDS = 2  # descriptors a request carries: output, error output
PR_SET_NO_NEW_PRIVS, PR_CAPBSET_DROP, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 38, 24, 47, 4
PR_SET_CHILD_SUBREAPER = 36
CAPABILITY_VERSION_3 = 0x20080522
CLONE_NEWNET = 0x40000000
LAST_CAP = "/proc/sys/kernel/cap_last_cap"
LIBC = ctypes.CDLL(None, use_errno=True)
CLOEXEC = socket.MSG_CMSG_CLOEXEC
REAP_PAUSE = 10  # milliseconds between two looks for what a run left, while the grader kills it


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


def prepare(settings: dict[str, Any]) -> None:
    """Set up what every run inherits: the network namespace, the limits, and for runs that drop
    to a user, no capability to be had."""
    if settings["network"] >= 0:
        checked(LIBC.setns(settings["network"], CLONE_NEWNET), "cannot enter the network")
        os.close(settings["network"])
    for number, soft, hard in settings["limits"]:
        resource.setrlimit(number, (soft, hard))
    if settings["drop"]:
        unprivileging()
        checked(prctl(PR_SET_CHILD_SUBREAPER, 1), "cannot adopt what the runs leave")


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


def spent() -> float:
    """The CPU seconds this process has used."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def watch(grader: socket.socket, process: "subprocess.Popen[bytes]", retiring: bool) -> None:
    """Wait for the run to end, reap it and tell the grader its exit status (whether this server
    retires, whether anything of the run is left), then reap what the grader kills of what was
    left, until the grader speaks again; when the grader goes away first, kill the run's process
    group and exit."""
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
    left = not alone()
    grader.send(marshal.dumps(("ended", code, retiring, not left)))
    while left and not poller.poll(REAP_PAUSE):  # the grader kills what is left: reap it
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
    null = os.open(os.devnull, os.O_RDONLY | os.O_CLOEXEC)
    while True:
        message, fds, _, _ = socket.recv_fds(grader, REQUEST_SIZE, MOST_FDS, CLOEXEC)
        if not message:
            return
        state, outcome = start(marshal.loads(message), fds, settings["drop"], null)
        for fd in fds:
            os.close(fd)
        if state == "failed":
            grader.send(marshal.dumps(("failed", *outcome)))
            continue
        grader.send(marshal.dumps(("started", outcome.pid)))
        retiring = retire is not None and spent() >= retire
        watch(grader, outcome, retiring)
        if retiring:
            return


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
