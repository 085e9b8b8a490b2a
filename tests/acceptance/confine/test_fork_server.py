"""The fork servers that start the confined runs, looked at in the runs' own processes: a run is
its user's alone (every uid and gid, no supplementary group), with no capability in any set,
no_new_privs and no signal ignored, and can neither signal nor read the server that started it
(an unprivileged run's server is, where the machine allows, the first process of a process
namespace of its own, which the run cannot name; elsewhere it forks each run); a program that
cannot be started is told apart from a run that cannot be set up; a server that has
used half its runs' CPU limit retires and another takes over; when the grader goes away, the
server kills the run. Runs as other users need root (and bubblewrap for its own): without them
those tests skip, except under CI=true where they fail."""

import errno
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from acceptance.confine import spawner as spawners
from acceptance.confine.bwrap import Sandbox, sandbox
from acceptance.confine.jail import Jail
from acceptance.confine.limits import Limits
from acceptance.confine.spawner import Confinement, NotStarted, Spawner, retirement
from acceptance.confine.unprivileged import Unprivileged, unprivileged
from acceptance.confine.users import kill_all_of
from acceptance.processes.execution import Guard, Setting, Stopped, run_program
from acceptance.running.outcome import Ending
from tests.acceptance.confine.test_sandbox import sandbox_trouble
from tests.acceptance.confine.test_sandbox_limits import (
    LIMITS,
    a_script,
    a_submission,
    gone_soon,
    need,
    run_in,
    spare_user,
)

IDENTITY = "grep -E '^(Uid|Gid|Groups|Cap[A-Za-z]+|NoNewPrivs|SigIgn):' /proc/self/status"
NO_CAPABILITY = {f"Cap{kind}": "0" * 16 for kind in ("Inh", "Prm", "Eff", "Bnd", "Amb")}


@pytest.fixture(scope="module")
def users() -> Iterator[Unprivileged]:
    """Unprivileged users with the limits' tests' LIMITS, one run at once (as root)."""
    need("" if os.geteuid() == 0 else "unprivileged users need root")
    with unprivileged(LIMITS, 1) as made:
        yield made


@pytest.fixture(scope="module")
def bubblewrap_as_root() -> Iterator[Sandbox]:
    """A bubblewrap sandbox whose runs take users of their own (as root)."""
    need(sandbox_trouble() or ("" if os.geteuid() == 0 else "users of their own need root"))
    with sandbox(LIMITS, 1) as made:
        yield made


def identity(ending: Ending) -> dict[str, str]:
    """The rows of /proc/self/status a run printed (IDENTITY), by name, tabs made spaces."""
    rows = (line.split(":", 1) for line in ending.stdout.decode().splitlines())
    return {name: " ".join(value.split()) for name, value in rows}


def test_a_run_in_bubblewrap_as_root_is_its_users_alone_with_no_capability(
    bubblewrap_as_root: Sandbox, tmp_path: Path
) -> None:
    ending = run_in(bubblewrap_as_root, Jail(tmp_path), a_script(tmp_path / "s"), IDENTITY)
    status = identity(ending)
    user = status["Uid"].split()[0]
    assert ending.code == 0 and user != "0" and status["Uid"] == " ".join([user] * 4)
    assert status["Gid"] == status["Uid"] and status["Groups"] == ""
    assert {name: status[name] for name in NO_CAPABILITY} == NO_CAPABILITY
    assert status["NoNewPrivs"] == "1" and int(status["SigIgn"], 16) == 0


def test_an_unprivileged_run_is_its_users_alone_in_its_group_with_no_signal_ignored(
    users: Unprivileged, tmp_path: Path
) -> None:
    jail = users.jail(a_submission(tmp_path / "own"))
    status = identity(run_in(users, jail, a_script(tmp_path / "s"), IDENTITY))
    user = status["Uid"].split()[0]
    assert user != "0" and status["Uid"] == " ".join([user] * 4)
    assert status["Gid"] == " ".join([str(jail.group)] * 4) and status["Groups"] == ""
    assert {name: status[name] for name in NO_CAPABILITY} == NO_CAPABILITY
    assert status["NoNewPrivs"] == "1" and int(status["SigIgn"], 16) == 0


def served(users: Unprivileged, tmp_path: Path) -> tuple[Jail, Path, "subprocess.Popen[bytes]"]:
    """A submission's jail, a script, and the fork server that has run it once (idle now)."""
    jail = users.jail(a_submission(tmp_path / "own"))
    script = a_script(tmp_path / "s")
    run_in(users, jail, script, "true")
    return jail, script, users.spawner.idle[0].process


def test_a_run_can_neither_signal_nor_read_the_fork_server_that_started_it(
    users: Unprivileged, tmp_path: Path
) -> None:
    jail, script, server = served(users, tmp_path)
    shell = (
        f"kill -KILL {server.pid}; echo killed $?; kill -STOP {server.pid}; echo stopped $?;"
        f" cat /proc/{server.pid}/environ; echo read $?"
    )
    ending = run_in(users, jail, script, shell)
    assert ending.stdout.decode().split() == ["killed", "1", "stopped", "1", "read", "1"]
    assert server.poll() is None and run_in(users, jail, script, "echo on").stdout == b"on\n"


@pytest.mark.parametrize("own_pids", [True, False])
def test_a_run_has_no_signal_ignored_though_the_grader_was_started_with_some_ignored(
    own_pids: bool,
) -> None:
    """As under `nohup` (SIGHUP) or as a shell's background job (SIGINT, SIGQUIT)."""
    need("" if os.geteuid() == 0 else "unprivileged users need root")
    user, setting = spare_user(0), Setting({"PATH": "/usr/bin:/bin"}, Path("/"))
    ignored = (signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGUSR1)
    before = [signal.signal(number, signal.SIG_IGN) for number in ignored]
    spawner = Spawner(Confinement(drop=True, own_pids=own_pids))
    try:
        with spawner.start(["grep", "SigIgn", "/proc/self/status"], setting, user, user) as run:
            assert run.stdout is not None and run.wait(10) == 0
            assert run.stdout.read().split() == [b"SigIgn:", b"0" * 16]
    finally:
        for number, handler in zip(ignored, before, strict=True):
            signal.signal(number, handler)
        spawner.close()


# A stand-in for a grader started with every signal it may ignore ignored (glibc's own two and the
# realtime ones included, by the system call: glibc's sigaction refuses its own) and every one it
# may block blocked; SIGCHLD is left alone, a grader ignoring it could not wait for its runs.
IGNORING_EVERYTHING = """
import ctypes, os, signal, sys
from pathlib import Path
RT_SIGACTION = {"x86_64": 13, "aarch64": 134, "riscv64": 134}  # the system call, by machine
ignore = ctypes.create_string_buffer(b"\\1", 64)  # handler SIG_IGN
libc = ctypes.CDLL(None, use_errno=True)
for number in set(range(1, signal.NSIG)) - {signal.SIGKILL, signal.SIGSTOP, signal.SIGCHLD}:
    assert libc.syscall(RT_SIGACTION[os.uname().machine], number, ignore, None, 8) == 0
signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
SHOW = ["sh", "-c", "exec grep -E '^Sig(Ign|Blk):' /proc/self/status", "sh"]
WHERE = Path(sys.argv[1])
"""
# How the stand-in runs SHOW in each isolation, printing what the run printed.
SHOWN_IN = {
    "no sandbox": "from acceptance.processes.execution import run_program\n"
    "print(run_program(SHOW, 20, 1 << 20).stdout.decode(), end='')",
    "fork server": "from acceptance.processes.execution import run_program, Setting\n"
    "from acceptance.confine.spawner import Confinement, Spawner\n"
    "spawner = Spawner(Confinement(drop=True))\n"
    "given = Setting({'PATH': '/usr/bin:/bin'}, Path('/'))\n"
    "spawn = spawner.spawn(int(sys.argv[2]), int(sys.argv[2]))\n"
    "print(run_program(SHOW, 20, 1 << 20, setting=given, spawn=spawn).stdout.decode(), end='')\n"
    "spawner.close()",
    # The server's own posix_spawn, called by a process that has not reset its signals first:
    # the run gets every signal at its default from the spawn alone.
    "the server's spawn": "from acceptance.confine.forkserver import spawn\n"
    "read, write = os.pipe()\n"
    "user = int(sys.argv[2])\n"
    "request = {'argv': SHOW, 'environment': {'PATH': '/usr/bin:/bin'}, 'folder': None,\n"
    "           'umask': -1, 'user': user, 'group': user}\n"
    "null = os.open(os.devnull, os.O_RDWR)\n"
    "state, run = spawn(request, [write, os.dup(null)], True, null)\n"
    "os.close(write)\n"
    "shown = os.read(read, 1 << 16)\n"
    "assert state == 'started' and run.wait() == 0, (state, run)\n"
    "print(shown.decode(), end='')",
    "bubblewrap": "from acceptance.confine.bwrap import sandbox\n"
    "from acceptance.confine.jail import Jail\n"
    "from tests.acceptance.confine.test_sandbox_limits import LIMITS, a_script, run_in\n"
    "with sandbox(LIMITS, 1) as made:\n"
    "    ending = run_in(made, Jail(WHERE), a_script(WHERE / 's'), SHOW[2])\n"
    "print(ending.stdout.decode(), end='')",
    "unprivileged users": "from acceptance.confine.unprivileged import unprivileged\n"
    "from tests.acceptance.confine.test_sandbox_limits import"
    " LIMITS, a_script, a_submission, run_in\n"
    "with unprivileged(LIMITS, 1) as made:\n"
    "    jail = made.jail(a_submission(WHERE / 'own'))\n"
    "    ending = run_in(made, jail, a_script(WHERE / 's'), SHOW[2])\n"
    "print(ending.stdout.decode(), end='')",
}


@pytest.mark.parametrize("isolation", list(SHOWN_IN))
def test_a_run_has_every_signal_at_its_default_and_none_blocked_whatever_the_grader_inherited(
    isolation: str, tmp_path: Path
) -> None:
    """Started from a grader that ignores and blocks every signal it can, a run ignores none and
    blocks none, in every isolation."""
    if isolation != "no sandbox":
        need("" if os.geteuid() == 0 else "runs as other users need root")
    if isolation == "bubblewrap":
        need(sandbox_trouble())
    tmp_path.chmod(0o755)
    grader = subprocess.run(
        [sys.executable, "-c", IGNORING_EVERYTHING + SHOWN_IN[isolation]]
        + [str(tmp_path), str(spare_user(4))],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert grader.returncode == 0, grader.stderr.decode()[-2000:]
    assert grader.stdout.split() == [b"SigBlk:", b"0" * 16, b"SigIgn:", b"0" * 16], grader.stderr


def test_an_unprivileged_run_cannot_name_its_server_the_first_process_of_its_namespace(
    users: Unprivileged, tmp_path: Path
) -> None:
    jail, script, server = served(users, tmp_path)
    signals = "for name in KILL STOP TERM INT HUP USR1; do kill -$name 1 2>/dev/null; done"
    ending = run_in(users, jail, script, f"readlink /proc/self/ns/pid; echo $PPID; {signals}")
    namespace, parent = ending.stdout.decode().split()
    assert namespace == os.readlink(f"/proc/{server.pid}/ns/pid")
    assert namespace != os.readlink("/proc/self/ns/pid") and parent == "1"
    state = Path(f"/proc/{server.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    caught = Path(f"/proc/{server.pid}/status").read_text().splitlines()
    assert server.poll() is None and state != "T"
    assert "SigCgt:\t0000000000000000" in caught  # no handler: the kernel delivers it nothing
    assert run_in(users, jail, script, "echo on").stdout == b"on\n"


def test_the_grader_knows_a_run_in_the_servers_namespace_by_its_own_pid() -> None:
    need("" if os.geteuid() == 0 else "unprivileged users need root")
    user, setting = spare_user(1), Setting({"PATH": "/usr/bin:/bin"}, Path("/"))
    spawner = Spawner(Confinement(drop=True, own_pids=True))
    try:
        with spawner.start(["sh", "-c", "echo $$; exec sleep 60"], setting, user, user) as run:
            assert run.stdout is not None
            inner = int(run.stdout.readline())
            nspid = [
                line.split()[1:]
                for line in Path(f"/proc/{run.pid}/status").read_text().splitlines()
                if line.startswith("NSpid:")
            ]
            assert nspid == [[str(run.pid), str(inner)]]
            os.kill(run.pid, 9)
            assert run.wait(10) == -9
    finally:
        spawner.close()


class Refusing:
    """A C library whose unshare is refused, as in a container that allows no namespace."""

    @staticmethod
    def unshare(flags: int) -> int:
        """Refused."""
        return -1


def test_where_no_namespace_is_allowed_each_run_is_forked_and_cannot_reach_its_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    need("" if os.geteuid() == 0 else "unprivileged users need root")
    monkeypatch.setattr(spawners, "LIBC", Refusing())
    user, setting = spare_user(2), Setting({"PATH": "/usr/bin:/bin"}, Path("/"))
    spawner = Spawner(Confinement(drop=True, own_pids=True))
    try:
        with spawner.start(["true"], setting, user, user) as first:
            assert first.wait(10) == 0
        server = first.server.process
        shell = f"readlink /proc/self/ns/pid; kill -KILL {server.pid}; echo killed $?"
        with spawner.start(["sh", "-c", shell], setting, user, user) as run:
            assert run.stdout is not None and run.wait(10) == 0
            printed = run.stdout.read().decode().split()
        assert printed == [os.readlink("/proc/self/ns/pid"), "killed", "1"]
        assert server.poll() is None and run.server is first.server
    finally:
        spawner.close()


def test_a_fork_server_adopts_what_a_run_leaves_and_says_whether_anything_is_left(
    users: Unprivileged,
) -> None:
    user, setting = spare_user(3), Setting({"PATH": "/usr/bin:/bin"}, Path("/"))
    spawner = Spawner(Confinement(drop=True))
    told, parents = [], []
    try:
        for shell in ("echo none", "sleep 60 & echo $!"):
            with spawner.start(["sh", "-c", shell], setting, user, user) as process:
                assert process.stdout is not None and process.wait(10) == 0
                printed = process.stdout.readline().split()[0]
                told.append(process.alone)
            if printed.isdigit():
                stat = Path(f"/proc/{int(printed)}/stat").read_text()
                parents.append(int(stat.rsplit(")", 1)[1].split()[1]))
                kill_all_of(user)
        server = process.server.process.pid
    finally:
        spawner.close()
    assert told == [True, False] and parents == [server]


def test_a_program_that_cannot_be_started_is_told_apart_from_a_run_that_cannot_be_set_up(
    tmp_path: Path,
) -> None:
    spawner = Spawner(Confinement())
    try:
        with pytest.raises(NotStarted) as missing:
            spawner.start([str(tmp_path / "missing")], Setting({}, tmp_path))
        with pytest.raises(OSError) as unset:
            spawner.start(["true"], Setting({}, tmp_path / "gone"))
        ending = run_program(
            ["true"], 10, 100, setting=Setting({}, tmp_path), spawn=spawner.spawn()
        )
    finally:
        spawner.close()
    assert missing.value.filename == str(tmp_path / "missing")
    assert not isinstance(unset.value, NotStarted) and ending.code == 0


def test_a_fork_server_that_cannot_set_itself_up_is_an_error_saying_why() -> None:
    not_a_network = os.open(os.devnull, os.O_RDONLY | os.O_CLOEXEC)
    networks: queue.Queue[int] = queue.Queue()
    networks.put(not_a_network)
    try:
        with pytest.raises(OSError) as refused:
            spawners.Server(Confinement(networks=networks))
        assert refused.value.errno == errno.EINVAL
        told = f"cannot start a fork server: [Errno {errno.EINVAL}] cannot enter the network"
        assert refused.value.strerror == told
        assert networks.get_nowait() == not_a_network  # given back
    finally:
        os.close(not_a_network)


def test_a_fork_servers_cpu_share_is_half_the_limit_its_runs_inherit() -> None:
    assert retirement(Limits(cpu=3).rlimits()) == 1.5 and retirement(()) is None


@pytest.mark.parametrize("retire", [True, False])
def test_a_fork_server_that_used_its_share_of_the_cpu_retires_and_another_takes_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, retire: bool
) -> None:
    if retire:
        monkeypatch.setattr("acceptance.confine.spawner.retirement", lambda _: 0.0)
    spawner = Spawner(Confinement())
    servers = []
    try:
        for number in range(3):
            process = spawner.start(["echo", str(number)], Setting({"PATH": "/usr/bin:/bin"}))
            with process:
                assert process.stdout is not None and process.wait(10) == 0
                assert process.stdout.read() == f"{number}\n".encode()
            servers.append(process.server)
    finally:
        spawner.close()
    assert len({id(server) for server in servers}) == (3 if retire else 1)
    assert all(server.process.returncode is not None for server in servers)


def test_when_the_grader_goes_away_its_fork_server_kills_the_run(tmp_path: Path) -> None:
    spawner = Spawner(Confinement())
    process = spawner.start(["sh", "-c", "sleep 60 & exec sleep 60"], Setting(folder=tmp_path))
    server = process.server
    for timeout in (0, 0.2):
        with pytest.raises(subprocess.TimeoutExpired):
            process.wait(timeout)
    server.socket.close()
    assert server.process.wait(10) == 0

    def group() -> list[int]:
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            return []
        return [process.pid]

    assert gone_soon(group)
    spawner.close()


def test_stopping_the_grading_ends_a_run_a_fork_server_started(tmp_path: Path) -> None:
    spawner, guard = Spawner(Confinement()), Guard()
    ended: list[BaseException] = []

    def run() -> None:
        try:
            run_program(["sleep", "60"], 30, 100, guard, spawn=spawner.spawn())
        except Stopped as stop:
            ended.append(stop)

    worker = threading.Thread(target=run)
    started = time.monotonic()
    worker.start()
    while not guard.running and time.monotonic() - started < 10:
        time.sleep(0.01)
    guard.stop()
    worker.join(10)
    spawner.close()
    assert len(ended) == 1 and time.monotonic() - started < 10 and not worker.is_alive()
