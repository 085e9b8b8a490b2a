"""The sandbox's modes and limits, each looked at where it lands: the modes of the private
copies and folders a run is given (others may read, never write; only what its owner could
run stays runnable), the limits a run's processes carry (/proc/self/limits), the size of its
writable folders, a run past its time or its output stopped with nothing of it left alive,
and the exit statuses that say which limit a run went over. The users' processes end with one
call, and what their runs leave in the shared folders is found from the kernel's reports of
what was made there. In bubblewrap and, as root, as an unprivileged user alone; without
bubblewrap (or root, for the users) those tests skip, except under CI=true where they fail."""

import errno
import functools
import os
import re
import shutil
import signal
import stat
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from acceptance.confine.bwrap import (
    PATH,
    SCRIPTS,
    Sandbox,
    open_copy,
    open_to_others,
    sandbox,
)
from acceptance.confine.jail import HOME, SUBMISSION, Jail
from acceptance.confine.leftovers import Leftovers
from acceptance.confine.limits import MB, Limits, exit_code, reason_of, too_low
from acceptance.confine.namespaces import kernels_own, mount_points, new_trimmed_mounts
from acceptance.confine.spawner import made_in_thread
from acceptance.confine.unprivileged import (
    Unprivileged,
    homes_place,
    lock,
    own_copy,
    remove_home,
    unprivileged,
)
from acceptance.confine.users import (
    FIRST_UID,
    PID_SPAN,
    UID_SLOTS,
    kill_all_of,
    reap,
    user_pool,
)
from acceptance.errors import HarnessError
from acceptance.running.outcome import TIMEOUT, Ending, Status
from tests.acceptance.confine.test_sandbox import IN_CI, processes_of_runs, sandbox_trouble

SPARE_USERS = 1 << 28  # below the users of the runs (FIRST_UID), sixteen per test process
LIMITS = Limits(cpu=3, memory=100 * MB, processes=40, file_size=2 * MB)
# /proc/self/limits' rows for LIMITS: name, soft and hard limit.
LIMIT_ROWS = {
    "Max cpu time": ("3", "4"),
    "Max data size": (str(100 * MB), str(100 * MB)),
    "Max processes": ("40", "40"),
    "Max file size": (str(2 * MB), str(2 * MB)),
    "Max core file size": ("0", "0"),
}
SHOW_MODES = 'stat -c "%a %n"'  # a run's view of its folders' modes, one line each


def mode(path: Path) -> int:
    """The permission bits of a path (of a link itself)."""
    return stat.S_IMODE(path.lstat().st_mode)


def a_submission(folder: Path) -> Path:
    """A folder of the owner's alone: a program (runnable), data, a folder with data, a link."""
    (folder / "inner").mkdir(parents=True)
    (folder / "program").write_text("#!/bin/sh\n")
    (folder / "program").chmod(0o700)
    (folder / "data").write_text("data\n")
    (folder / "data").chmod(0o600)
    (folder / "inner" / "more").write_text("more\n")
    (folder / "inner" / "more").chmod(0o640)
    (folder / "link").symlink_to("data")
    (folder / "inner").chmod(0o700)
    folder.chmod(0o700)
    return folder


def spare_user(number: int) -> int:
    """A user (0 to 15) that no grader's run takes, nor another test process at once: the pid
    picks its sixteen, as it picks a grader's users, so that two test runs on one machine (CI
    beside a mutation run) do not kill each other's processes."""
    return SPARE_USERS + (os.getpid() % PID_SPAN) * 16 + number


def need(trouble: str) -> None:
    """Skip with the reason (fail under CI=true) when something the test needs is missing."""
    if trouble and IN_CI:
        pytest.fail(f"CI=true needs it: {trouble}")
    if trouble:
        pytest.skip(trouble)


@pytest.fixture(scope="module")
def bubblewrap() -> Iterator[Sandbox]:
    """A bubblewrap sandbox with LIMITS for one run at once."""
    need(sandbox_trouble())
    with sandbox(LIMITS, 1) as made:
        yield made


@pytest.fixture(scope="module")
def users() -> Iterator[Unprivileged]:
    """Unprivileged users with LIMITS for one run at once (as root)."""
    need("" if os.geteuid() == 0 else "unprivileged users need root")
    with unprivileged(LIMITS, 1) as made:
        yield made


def run_in(runner: Sandbox | Unprivileged, jail: Jail, script: Path, shell: str) -> Ending:
    """Run a shell command in the runner, its script's path as $1; how it ended."""
    return runner.run(
        jail, script, lambda inside: ["sh", "-c", shell, "sh", str(inside)], 20, 1 << 20
    )


def a_script(folder: Path) -> Path:
    """A script to give a run."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "at001.txt").write_text("play(5,10,1,1,1,1,1)\n")
    return folder / "at001.txt"


def modes_under(folder: Path) -> dict[str, int]:
    """The modes of everything under a folder but links, by relative path."""
    return {
        path.relative_to(folder).as_posix(): mode(path)
        for path in folder.rglob("*")
        if not path.is_symlink()
    }


def alive_as(user: int) -> list[int]:
    """The processes running as a user, zombies left out."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            zombie = (entry / "stat").read_bytes().rsplit(b")", 1)[1].split()[0] == b"Z"
            if entry.name.isdigit() and entry.stat().st_uid == user and not zombie:
                found.append(int(entry.name))
        except (OSError, IndexError):
            continue
    return found


def gone_soon(alive: Callable[[], list[Any]]) -> bool:
    """Whether processes killed (SIGKILL pending: they run no more of their code) are gone
    within a few seconds."""
    deadline = time.monotonic() + 5
    while alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    return not alive()


def limit_rows(text: bytes) -> dict[str, tuple[str, str]]:
    """The rows of /proc/self/limits that LIMIT_ROWS names: soft and hard limit."""
    rows = {}
    for line in text.decode().splitlines():
        name = re.split(r"\s{2,}", line)[0]
        if name in LIMIT_ROWS:
            soft, hard = line[len(name) :].split()[:2]
            rows[name] = (soft, hard)
    return rows


def test_a_copy_for_any_user_lets_others_read_and_run_only_what_its_owner_could(
    tmp_path: Path,
) -> None:
    folder = a_submission(tmp_path / "own")
    open_copy(folder, tmp_path / "copy")
    copy = tmp_path / "copy"
    assert mode(copy) == 0o555
    assert modes_under(copy) == {
        "program": 0o555,
        "data": 0o444,
        "inner": 0o555,
        "inner/more": 0o444,
    }
    assert (copy / "link").is_symlink() and os.readlink(copy / "link") == "data"


@pytest.mark.parametrize(
    ("changed", "to", "open"),
    [
        ("", 0, True),
        ("data", 0o640, False),
        ("data", 0o641, False),
        ("data", 0o604, True),
        ("inner", 0o750, False),
        ("inner", 0o751, False),
        ("inner", 0o754, False),
        ("inner", 0o705, True),
    ],
)
def test_a_folder_is_open_to_others_when_they_can_read_every_file_and_enter_every_folder(
    tmp_path: Path, changed: str, to: int, open: bool
) -> None:
    folder = a_submission(tmp_path / "own")
    for path in (folder, folder / "inner"):
        path.chmod(0o755)
    for path in (folder / "program", folder / "data", folder / "inner" / "more"):
        path.chmod(0o644)
    if changed:
        (folder / changed).chmod(to)
    assert open_to_others(folder) is open


@pytest.mark.parametrize(
    ("code", "reason", "status"),
    [
        (128 + signal.SIGXCPU, Status.OVER_CPU, -signal.SIGXCPU),
        (128 + signal.SIGXFSZ, Status.OVER_FILE_SIZE, -signal.SIGXFSZ),
        (-signal.SIGXCPU, Status.OVER_CPU, -signal.SIGXCPU),
        (-signal.SIGXFSZ, Status.OVER_FILE_SIZE, -signal.SIGXFSZ),
        (128 + signal.SIGKILL, None, -signal.SIGKILL),
        (129, None, -1),
        (128, None, 128),
        (signal.SIGXCPU, None, signal.SIGXCPU),
        (1, None, 1),
        (0, None, 0),
    ],
)
def test_bwraps_128_plus_n_is_signal_n_and_says_which_limit_it_was(
    code: int, reason: Status | None, status: int
) -> None:
    assert reason_of(code, b"") is reason
    assert exit_code(code) == status


def test_a_limit_is_named_too_low_only_when_runs_start_once_it_alone_is_at_its_default() -> None:
    def starts(limits: Limits) -> bool:
        return limits.memory >= 10 * MB and limits.processes >= 2

    assert too_low(Limits(memory=MB), starts) == (
        "--memory-limit 1 is below what a run needs to start"
        " (it starts with the default, 2048): raise it"
    )
    assert too_low(Limits(processes=1), starts).startswith("--process-limit 1 is below")
    assert too_low(Limits(memory=MB, processes=1), starts) == ""  # no one limit is the cause
    assert too_low(Limits(), lambda _: True) == ""  # none below its default


@pytest.mark.parametrize(
    ("said", "status"),
    [
        (b"x\nMemoryError\n", Status.OVER_MEMORY),  # Python
        (b"malloc: Cannot allocate memory\n", Status.OVER_MEMORY),  # C's perror, ENOMEM
        (b"terminate called after throwing an instance of 'std::bad_alloc'\n", Status.OVER_MEMORY),
        (
            b'Exception in thread "main" java.lang.OutOfMemoryError: Java heap space\n',
            Status.OVER_MEMORY,
        ),
        (b"ghc: out of memory\n", Status.OVER_MEMORY),
        (
            b"There is insufficient memory for the Java Runtime Environment to continue.\n",
            Status.OVER_MEMORY,
        ),
        (b"sh: fork: Resource temporarily unavailable\n", Status.OVER_PROCESSES),  # EAGAIN
        (b"sh: Cannot fork\n", Status.OVER_PROCESSES),
        (b"sh: 1: can't fork\n", Status.OVER_PROCESSES),
        (b"write: File too large\n", Status.OVER_FILE_SIZE),  # EFBIG
        (b"write error: No space left on device\n", Status.OVER_FILE_SIZE),  # a full tmpfs
        (b"Traceback: ValueError\n", None),
    ],
)
def test_an_error_output_names_the_limit_an_allocation_a_fork_or_a_write_met(
    said: bytes, status: Status | None
) -> None:
    assert reason_of(1, said) is status


def test_a_run_in_bubblewrap_carries_every_limit(bubblewrap: Sandbox, tmp_path: Path) -> None:
    ending = run_in(bubblewrap, Jail(tmp_path), a_script(tmp_path / "s"), "cat /proc/self/limits")
    assert ending.code == 0 and limit_rows(ending.stdout) == LIMIT_ROWS


def test_a_run_in_bubblewrap_has_writable_folders_as_big_as_a_file_may_be(
    bubblewrap: Sandbox, tmp_path: Path
) -> None:
    if not bubblewrap.sized:
        pytest.skip("this bwrap cannot size its folders")
    shell = f'stat -f -c "%b %S" /tmp {HOME}'
    ending = run_in(bubblewrap, Jail(tmp_path), a_script(tmp_path / "s"), shell)
    sizes = [
        int(blocks) * int(size)
        for blocks, size in map(str.split, ending.stdout.decode().splitlines())
    ]
    assert ending.code == 0 and sizes == [2 * MB, 2 * MB]


def test_a_bwrap_that_cannot_size_its_folders_is_given_them_unsized(
    bubblewrap: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bubblewrap, "sized", False)
    assert bubblewrap.tmpfs("/tmp") == ["--perms", "1777", "--tmpfs", "/tmp"]


def test_a_run_in_a_sandbox_of_its_own_is_given_its_scripts_path_in_the_scripts_folder(
    bubblewrap: Sandbox, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """As where no sandbox can be kept (not as root, or no Python the sandbox may show)."""
    if bubblewrap.keeper is not None:
        bubblewrap.keeper.close()  # the kept sandboxes' fork servers free for runs of their own
    monkeypatch.setattr(bubblewrap, "keeper", None)
    script = a_script(tmp_path / "s")
    ending = run_in(bubblewrap, Jail(tmp_path), script, 'echo "$1"; cat "$1"')
    assert ending.code == 0
    assert ending.stdout == f"{SCRIPTS}/at001.txt\n".encode() + script.read_bytes()


@pytest.mark.parametrize(
    ("said", "told"),
    [
        (
            b"bwrap: setting up uid map: Permission denied\nbwrap: No permissions to unshare\n",
            "bwrap: No permissions to unshare",
        ),
        (b"", "?"),
    ],
    ids=["its last line", "nothing said"],
)
def test_a_sandbox_bwrap_cannot_make_is_an_error_with_bwraps_last_words(
    bubblewrap: Sandbox, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, said: bytes, told: str
) -> None:
    monkeypatch.setattr(bubblewrap, "workspace", tmp_path)
    monkeypatch.setattr(bubblewrap, "run", lambda *_: Ending(b"", said, 1))
    with pytest.raises(HarnessError) as refused:
        bubblewrap.probe_once()
    assert str(refused.value) == f"bubblewrap cannot make a sandbox here: {told}"


def test_a_run_in_bubblewrap_sees_its_script_and_folders_writable_by_none(
    bubblewrap: Sandbox, tmp_path: Path
) -> None:
    folder = a_submission(tmp_path / "own")
    shell = f"{SHOW_MODES} $1 {SCRIPTS} {SUBMISSION} {SUBMISSION}/data /tmp {HOME}"
    ending = run_in(bubblewrap, bubblewrap.jail(folder), a_script(tmp_path / "s"), shell)
    lines = ending.stdout.decode().splitlines()
    assert ending.code == 0 and lines[:2] == [f"444 {SCRIPTS}/at001.txt", f"555 {SCRIPTS}"]
    submission, data = (line.split()[0] for line in lines[2:4])
    assert lines[4:] == ["1777 /tmp", f"1777 {HOME}"]
    if os.geteuid() == 0:  # the run's user could not read the folder: a copy for any user
        assert (submission, data) == ("555", "444")


def test_the_sandboxs_probe_gives_a_folder_others_may_read_but_not_write(
    bubblewrap: Sandbox,
) -> None:
    probed = [path.parent for path in bubblewrap.workspace.glob("*/probe.txt")]
    assert len(probed) == 1 and mode(probed[0]) == 0o755


def test_a_run_in_bubblewrap_past_its_time_ends_with_all_it_started(
    bubblewrap: Sandbox, tmp_path: Path
) -> None:
    shell = "setsid sleep 60 & sleep 60"
    started = time.monotonic()
    ending = bubblewrap.run(
        Jail(tmp_path), a_script(tmp_path / "s"), lambda _: ["sh", "-c", shell], 0.5, 1 << 20
    )
    assert ending.stopped == TIMEOUT and time.monotonic() - started < 10
    assert gone_soon(lambda: processes_of_runs(os.getpid()))


@pytest.mark.parametrize(("size", "stopped"), [(4096, False), (4097, True)])
def test_a_run_printing_past_its_output_limit_is_stopped(
    bubblewrap: Sandbox, tmp_path: Path, size: int, stopped: bool
) -> None:
    argv = ["head", "-c", str(size), "/dev/zero"]
    ending = bubblewrap.run(Jail(tmp_path), a_script(tmp_path / "s"), lambda _: argv, 20, 4096)
    assert bool(ending.stopped) is stopped and len(ending.stdout) <= 4096


def test_an_unprivileged_run_carries_every_limit(users: Unprivileged, tmp_path: Path) -> None:
    folder = users.jail(a_submission(tmp_path / "own"))
    ending = run_in(users, folder, a_script(tmp_path / "s"), "cat /proc/self/limits")
    assert ending.code == 0 and limit_rows(ending.stdout) == LIMIT_ROWS


def test_an_unprivileged_copy_is_its_groups_alone(tmp_path: Path) -> None:
    need("" if os.geteuid() == 0 else "giving a copy to a group needs root")
    folder = a_submission(tmp_path / "own")
    copy = tmp_path / "private" / "copy"
    copy.parent.mkdir()
    own_copy(folder, copy, 4321)
    assert modes_under(copy) == {
        "program": 0o750,
        "data": 0o640,
        "inner": 0o750,
        "inner/more": 0o640,
    }
    assert mode(copy) == 0o750 and mode(copy.parent) == 0o750
    owners = {(path.stat().st_uid, path.stat().st_gid) for path in [copy.parent, copy]}
    owners |= {(path.lstat().st_uid, path.lstat().st_gid) for path in copy.rglob("*")}
    assert owners - {(0, 4321)} == {(0, 0)} and os.path.islink(copy / "link")


def test_an_unprivileged_run_has_a_home_its_own_and_its_script_read_only(
    users: Unprivileged, tmp_path: Path
) -> None:
    jail = users.jail(a_submission(tmp_path / "own"))
    shell = f'id -u; id -G; {SHOW_MODES} "$HOME" "$HOME/tmp" "$1" {jail.folder}/data; umask'
    ending = run_in(users, jail, a_script(tmp_path / "s"), shell)
    user, groups, home, scratch, script, data, umask = ending.stdout.decode().splitlines()
    assert ending.code == 0 and int(user) != 0 and groups == str(jail.group)
    assert home.split()[0] == "700" and script.split()[0] == "444"
    assert scratch.split()[0] == "755" and data.split()[0] == "640" and umask == "0077"
    assert mode(users.workspace) == 0o711


def test_the_unprivileged_runs_homes_are_in_memory_when_it_has_room_and_gone_after_their_run(
    users: Unprivileged, tmp_path: Path
) -> None:
    jail = users.jail(a_submission(tmp_path / "own"))
    ending = run_in(users, jail, a_script(tmp_path / "s"), 'echo "$HOME"; stat -f -c %T "$HOME"')
    home, kind = ending.stdout.decode().splitlines()
    assert ending.code == 0 and Path(home).parent == users.homes and not Path(home).exists()
    assert mode(users.homes) == 0o711 and users.homes.stat().st_uid == 0
    in_memory = homes_place(LIMITS, 1) is not None
    assert (kind == "tmpfs" and users.homes.parent == Path("/dev/shm")) or not in_memory
    assert homes_place(Limits(file_size=1 << 62), 1) is None


def test_an_unprivileged_run_has_a_clean_environment_of_its_locale_path_home_and_tmpdir(
    users: Unprivileged, tmp_path: Path
) -> None:
    jail = users.jail(a_submission(tmp_path / "own"))
    ending = run_in(users, jail, a_script(tmp_path / "s"), "env")
    variables = dict(line.split("=", 1) for line in ending.stdout.decode().splitlines())
    home = variables.get("HOME", "")
    assert ending.code == 0 and Path(home).parent == users.homes
    assert {name: value for name, value in variables.items() if name != "PWD"} == {
        "LANG": "C.UTF-8",
        "PATH": PATH,
        "HOME": home,
        "TMPDIR": f"{home}/tmp",
    }


def test_a_runs_home_holding_its_script_and_an_empty_tmp_is_removed_at_once_and_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for folder in (tmp_path / "grader" / "tmp", tmp_path / "home" / "tmp"):
        folder.mkdir(parents=True)
    (tmp_path / "home" / "at001.txt").write_text("")
    walked: list[str] = []
    monkeypatch.setattr(shutil, "rmtree", lambda path, **_: walked.append(path))
    monkeypatch.chdir(tmp_path / "grader")
    remove_home(str(tmp_path / "home"), "at001.txt")
    assert os.listdir(tmp_path) == ["grader"] and os.listdir(tmp_path / "grader") == ["tmp"]
    assert walked == []


@pytest.mark.parametrize(
    "leaves",
    [
        "mkdir -p $HOME/a/b $TMPDIR/c; echo x > $HOME/a/b/f; chmod 0 $HOME/a/b $HOME/a $TMPDIR/c",
        "rm -f $1; ln -s {outside}/kept $HOME/link",
        "rmdir $TMPDIR && ln -s {outside} $TMPDIR",
        "chmod 0 $TMPDIR; touch $HOME/.hidden; mkfifo $HOME/fifo",
    ],
)
def test_whatever_an_unprivileged_run_leaves_in_its_home_goes_with_it_and_no_link_is_followed(
    users: Unprivileged, tmp_path: Path, leaves: str
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "kept").write_text("kept\n")
    jail = users.jail(a_submission(tmp_path / "own"))
    shell = f'echo "$HOME"; {leaves.format(outside=outside)}'
    ending = run_in(users, jail, a_script(tmp_path / "s"), shell)
    assert ending.code == 0 and Path(ending.stdout.decode().split()[0]).parent == users.homes
    assert list(users.homes.iterdir()) == [] and (outside / "kept").read_text() == "kept\n"


def test_an_unprivileged_run_past_its_time_ends_with_all_it_started(
    users: Unprivileged, tmp_path: Path
) -> None:
    shell = "setsid -f sleep 60; sleep 60"
    jail = users.jail(a_submission(tmp_path / "own"))
    started = time.monotonic()
    ending = users.run(jail, a_script(tmp_path / "s"), lambda _: ["sh", "-c", shell], 0.5, 1 << 20)
    assert ending.stopped == TIMEOUT and time.monotonic() - started < 10
    assert gone_soon(lambda: processes_of_runs(os.getpid()))


def test_locking_leaves_a_folder_to_its_owner_alone(tmp_path: Path) -> None:
    names = ("open", "shut", "odd", "passable")
    for name, start in zip(names, (0o755, 0o700, 0o571, 0o701), strict=True):
        (tmp_path / name).mkdir()
        (tmp_path / name).chmod(start)
    changed = lock([*(tmp_path / name for name in names), tmp_path / "gone"])
    assert changed == [tmp_path / "open", tmp_path / "odd", tmp_path / "passable"]
    assert [mode(tmp_path / name) for name in names] == [0o700, 0o700, 0o500, 0o700]


def test_a_run_in_bubblewrap_has_a_loopback_of_its_own_and_no_other_interface(
    bubblewrap: Sandbox, tmp_path: Path
) -> None:
    shell = (
        "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '; python3 -c 'import socket;"
        ' server = socket.create_server(("127.0.0.1", 0));'
        ' socket.create_connection(server.getsockname()).close(); print("connected")\''
    )
    ending = run_in(bubblewrap, Jail(tmp_path), a_script(tmp_path / "s"), shell)
    assert ending.code == 0 and ending.stdout.decode().split() == ["lo", "connected"]


@pytest.mark.parametrize(
    ("point", "own"),
    [
        ("/sys", True),
        ("/sys/fs/cgroup/cpu", True),
        ("/proc/sys/fs/binfmt_misc", True),
        ("/dev/shm", True),
        ("/proc", False),
        ("/dev", False),
        ("/", False),
        ("/system", False),
        ("/devices/x", False),
        ("/home/dev/shm", False),
    ],
)
def test_the_kernels_own_filesystems_are_under_sys_or_under_proc_and_dev(
    point: str, own: bool
) -> None:
    assert kernels_own(point) is own


def test_runs_start_without_the_kernels_filesystems_their_folders_in_memory_the_grader_as_it_was(
    bubblewrap: Sandbox, tmp_path: Path
) -> None:
    need("" if os.geteuid() == 0 else "a mount namespace of the grader's needs root")
    assert bubblewrap.mounts is not None
    before = (mount_points(), os.readlink("/proc/thread-self/ns/mnt"), os.getcwd())

    def seen() -> int:
        with bubblewrap.mounted():
            points.extend(mount_points())
            inside.append(os.readlink("/proc/thread-self/ns/mnt"))
            folders.append(os.getcwd())
        after.append((mount_points(), os.readlink("/proc/thread-self/ns/mnt"), os.getcwd()))
        return 0

    points: list[str] = []
    inside: list[str] = []
    folders: list[str] = []
    after: list[tuple[list[str], str, str]] = []
    os.chdir(tmp_path)
    try:
        made_in_thread(seen)
        assert after == [(before[0], before[1], str(tmp_path))] and folders == [str(tmp_path)]
    finally:
        os.chdir(before[2])
    assert "/" in points and "/proc" in points and "/dev" in points
    assert [point for point in before[0] if kernels_own(point)]  # the machine's are all there
    assert not [point for point in points if kernels_own(point)]
    assert inside != [before[1]]
    assert str(bubblewrap.scratch) in points and str(bubblewrap.scratch) not in before[0]


def test_the_runs_mount_namespace_is_made_without_the_kernels_filesystems_a_tmpfs_on_its_folder(
    tmp_path: Path,
) -> None:
    need("" if os.geteuid() == 0 else "a mount namespace needs root")

    def made() -> tuple[int, list[str]]:
        """The namespace, and its mount points as its maker sees them."""
        namespace = new_trimmed_mounts(tmp_path)
        return namespace, mount_points()

    namespace, points = made_in_thread(made)
    os.close(namespace)
    assert "/" in points and str(tmp_path) in points
    assert not [point for point in points if kernels_own(point)]


def test_a_mount_namespace_whose_folder_cannot_hold_a_tmpfs_is_an_error_saying_why(
    tmp_path: Path,
) -> None:
    need("" if os.geteuid() == 0 else "a mount namespace needs root")
    absent = tmp_path / "absent"
    with pytest.raises(OSError) as refused:
        made_in_thread(functools.partial(new_trimmed_mounts, absent))
    assert refused.value.errno == errno.ENOENT
    assert refused.value.strerror == f"cannot mount a tmpfs on {absent}"


def test_one_call_kills_every_process_of_a_user_and_the_grader_stays_root(tmp_path: Path) -> None:
    need("" if os.geteuid() == 0 else "running as another user needs root")
    user = spare_user(4)
    drop = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", "--"]
    started = [subprocess.Popen([*drop, "sh", "-c", "setsid sleep 60 & exec sleep 60"])]
    started += [subprocess.Popen(["sleep", "60"])]  # root's: left alone
    time.sleep(0.5)
    killed: list[bool] = []
    worker = threading.Thread(target=lambda: killed.append(kill_all_of(user)))
    worker.start()
    worker.join()
    assert killed == [True] and started[0].wait(5) == -signal.SIGKILL
    assert started[1].poll() is None and os.geteuid() == 0 and os.getuid() == 0
    started[1].kill()
    started[1].wait()
    assert gone_soon(lambda: alive_as(user))


def test_reaping_a_user_kills_every_process_of_its_own_and_waits_until_they_are_gone() -> None:
    need("" if os.geteuid() == 0 else "running as another user needs root")
    user = spare_user(5)
    drop = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", "--"]
    started = [subprocess.Popen([*drop, "sleep", "60"]) for _ in range(2)]
    waiters = [threading.Thread(target=process.wait) for process in started]
    try:
        for waiter in waiters:
            waiter.start()
        deadline = time.monotonic() + 5
        while len(alive_as(user)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        reap(user)
        assert alive_as(user) == []
        assert [process.wait(5) for process in started] == [-signal.SIGKILL] * 2
    finally:
        for process in started:
            process.kill()
        for waiter in waiters:
            waiter.join()


def test_while_the_grader_kills_a_users_processes_none_of_them_may_signal_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    need("" if os.geteuid() == 0 else "running as another user needs root")
    user = spare_user(4)
    users_seen: list[list[int]] = []
    kill = os.kill

    def spied(pid: int, number: int) -> None:
        """Note the calling thread's users (real, effective, saved, file system), then kill."""
        rows = Path("/proc/thread-self/status").read_text().splitlines()
        row = next(row for row in rows if row.startswith("Uid:"))
        users_seen.append([int(field) for field in row.split()[1:]])
        kill(pid, number)

    monkeypatch.setattr(os, "kill", spied)
    worker = threading.Thread(target=lambda: kill_all_of(user))
    worker.start()
    worker.join()
    [(real, effective, saved, _)] = users_seen
    assert effective == user and real not in (user, 0) and saved == 0  # a user's process may
    # signal a thread only as its real or saved user
    assert os.getuid() == 0 and os.geteuid() == 0


@pytest.mark.parametrize("watched", [True, False])
def test_what_a_runs_user_made_in_a_shared_folder_goes_once_its_run_is_over(
    tmp_path: Path, watched: bool
) -> None:
    need("" if os.geteuid() == 0 else "files of other users need root")
    shared = tmp_path / "tmp"
    shared.mkdir()
    (shared / "before").write_text("")
    os.chown(shared / "before", 7, 7)
    leftovers = Leftovers([str(shared)], lambda user: user in (7, 8))
    if not watched:
        leftovers.close()
        leftovers.unwatched = [str(shared)]
    for name, user in (("first", 7), ("second", 8), ("folder", 7), ("root's", 0)):
        (shared / name).mkdir() if name == "folder" else (shared / name).write_text("")
        os.chown(shared / name, user, user)
    leftovers.clean(busy={8})
    remaining = {path.name for path in shared.iterdir()}
    assert remaining == ({"second", "root's"} | ({"before"} if watched else set()))
    leftovers.clean(busy=set())
    assert {path.name for path in shared.iterdir()} == remaining - {"second"}
    leftovers.close()


def test_the_users_of_the_runs_come_back_in_turn_after_every_other() -> None:
    pool = user_pool()
    taken = [pool.get_nowait() for _ in range(UID_SLOTS)]
    first = FIRST_UID + (os.getpid() % PID_SPAN) * UID_SLOTS
    assert taken == list(range(first, first + UID_SLOTS)) and pool.empty()
    pool.put(taken[5])
    pool.put(taken[2])
    assert [pool.get(), pool.get()] == [taken[5], taken[2]]


@pytest.mark.parametrize("one_call", [True, False])
def test_what_an_unprivileged_run_leaves_holding_its_output_ends_with_it(
    users: Unprivileged, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, one_call: bool
) -> None:
    if not one_call:  # a machine without the raw call: every process is looked at instead
        monkeypatch.setattr("acceptance.confine.users.SETRESUID", {})
    jail = users.jail(a_submission(tmp_path / "own"))
    started = time.monotonic()
    ending = run_in(users, jail, a_script(tmp_path / "s"), "sleep 60 & echo printed")
    assert ending.code == 0 and ending.stdout == b"printed\n" and not ending.stopped
    assert time.monotonic() - started < 5
    assert gone_soon(lambda: processes_of_runs(os.getpid()))


def test_an_unprivileged_run_has_no_capability_and_cannot_gain_any(
    users: Unprivileged, tmp_path: Path
) -> None:
    jail = users.jail(a_submission(tmp_path / "own"))
    shell = "id -u; grep -E '^(Cap|NoNewPrivs|Groups)' /proc/self/status"
    ending = run_in(users, jail, a_script(tmp_path / "s"), shell)
    user, *lines = ending.stdout.decode().splitlines()
    assert ending.code == 0 and int(user) != 0
    status = dict(line.split(":", 1) for line in lines)
    assert {name: value.strip() for name, value in status.items()} == {
        **{f"Cap{kind}": "0" * 16 for kind in ("Inh", "Prm", "Eff", "Bnd", "Amb")},
        "NoNewPrivs": "1",
        "Groups": "",
    }


def test_a_runs_own_scripts_folder_holds_a_read_only_copy_of_its_script_alone(
    bubblewrap: Sandbox, tmp_path: Path
) -> None:
    script = tmp_path / "at001.txt"
    script.write_bytes(b"play(5,10,1,1,1,1,1)\n")
    with bubblewrap.place(script) as (folder, _):  # a sandbox made per run (a grader not root)
        assert os.listdir(folder) == ["at001.txt"]
        assert mode(folder) == 0o555 and mode(folder / "at001.txt") == 0o444
        assert (folder / "at001.txt").read_bytes() == script.read_bytes()
    assert not folder.exists()
