"""Running a graded program as an unprivileged user of its own, where bubblewrap cannot make a
sandbox (missing, or refused by a container such as Gradescope's): the isolation a grader running
as root still has without namespaces.

Each run gets a user of its own taken in turn from a pool, its submission's group (whose private
copy only that group reads), a private HOME and TMPDIR (in /dev/shm when it has room), the
sandbox's limits and a clean environment, set up by a fork server (`spawner`), which is the first
process of a process namespace of its own where the machine allows. After the run, what it left
is killed and removed (`Leftovers`: only what the kernel reported made since the last run), so
that a run's cost does not grow with the machine's processes or shared folders. What this level
gives and does not: "unprivileged user only" in docs/how-to/sandbox.md; why and how: "Bubblewrap,
run by run" in docs/explanation/sandbox.md.
"""

import contextlib
import itertools
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from acceptance.confine.bwrap import PATH, Scripts
from acceptance.confine.jail import Jail
from acceptance.confine.leftovers import Leftovers
from acceptance.confine.limits import Limits
from acceptance.confine.spawner import Confinement, Spawned, Spawner
from acceptance.confine.users import (
    FIRST_UID,
    PID_SPAN,
    UID_SLOTS,
    end_all_of,
    kill_all_of,
    reap,
    user_pool,
)
from acceptance.errors import HarnessError
from acceptance.processes.execution import Guard, Setting, run_program
from acceptance.running.cases import shown
from acceptance.running.outcome import OUTPUT_LIMIT, Ending

FIRST_GID = 1 << 31  # the groups of submissions: one per submission of a grading
GID_SLOTS = 1 << 16
GID_SPAN = 1 << 14
SHARED = ("/tmp", "/var/tmp", "/dev/shm")  # folders any user may write, cleaned after each run
MEMORY = "/dev/shm"  # where the runs' homes go when it has room: a tmpfs on Linux
UMASK = 0o077  # what a run writes is its own


def lock(folders: Sequence[Path]) -> list[Path]:
    """Make each folder readable, writable and enterable by its owner alone; the folders whose
    mode this changed."""
    changed = []
    for folder in dict.fromkeys(folders):
        with contextlib.suppress(FileNotFoundError):
            mode = folder.stat().st_mode
            if mode & 0o077:
                folder.chmod(mode & 0o700)
                changed.append(folder)
    return changed


def own_copy(folder: Path, copy: Path, group: int) -> None:
    """Copy a folder so that only root and one group can read it (and run what its owner could)."""
    shutil.copytree(folder, copy, symlinks=True)
    os.chown(copy.parent, 0, group)
    copy.parent.chmod(0o750)
    for top, _, files in os.walk(copy):
        os.chown(top, 0, group)
        os.chmod(top, 0o750)
        for name in files:
            path = os.path.join(top, name)
            if not os.path.islink(path):
                runnable = os.stat(path).st_mode & 0o100
                os.chown(path, 0, group)
                os.chmod(path, 0o750 if runnable else 0o640)


def remove_home(home: str, script: str) -> None:
    """Remove a run's home: at once where it holds only the script and an empty `tmp` (three
    calls, none following a link), else whatever it holds, walked."""
    try:
        os.unlink(os.path.join(home, script))
        os.rmdir(os.path.join(home, "tmp"))
        os.rmdir(home)
    except OSError:
        shutil.rmtree(home, ignore_errors=True)


def setting(home: Path) -> Setting:
    """What a run starts with: a clean environment, its own folder as HOME, TMPDIR and working
    folder, and a umask that keeps what it writes its own."""
    environment = {"LANG": "C.UTF-8", "PATH": PATH, "HOME": str(home), "TMPDIR": str(home / "tmp")}
    return Setting(environment, home, UMASK)


class Unprivileged:
    """Runs programs as unprivileged users with limits (as root only): a user per run at once, a
    group per submission, private folders in `workspace`."""

    def __init__(self, limits: Limits, workspace: Path, homes: Path) -> None:
        self.limits = limits
        self.workspace = workspace
        self.homes = homes
        for folder in (workspace, homes):
            folder.chmod(0o711)
        self.spawner = Spawner(Confinement(limits.rlimits(), drop=True, own_pids=True))
        self.users = user_pool()
        first = FIRST_UID + (os.getpid() % PID_SPAN) * UID_SLOTS
        self.busy: set[int] = set()  # the users of the runs going on
        self.leftovers = Leftovers(SHARED, lambda user: first <= user < first + UID_SLOTS)
        start = FIRST_GID + (os.getpid() % GID_SPAN) * GID_SLOTS
        self.groups = itertools.count(start)
        self.named = itertools.count()  # the runs' homes, by number
        self.scripts = Scripts()

    def jail(self, folder: Path) -> Jail:
        """A copy of the submission's folder that only its own group can read."""
        if not folder.is_dir():
            return Jail(folder, str(folder), problem=f"no folder {shown(folder)}")
        group = next(self.groups)
        copy = Path(tempfile.mkdtemp(dir=self.workspace)) / "folder"
        try:
            own_copy(folder, copy, group)
        except OSError as error:
            return Jail(folder, str(folder), problem=f"cannot read {shown(folder)}: {error}")
        return Jail(copy, str(copy), group=group)

    @contextlib.contextmanager
    def place(self, script: Path, group: int) -> Iterator[tuple[Path, int]]:
        """A fresh folder of the run's user holding a copy of the script, and that user; after
        the run (its processes killed by then), whatever the user left in files is gone."""
        user = self.users.get()
        self.busy.add(user)
        home = os.path.join(self.homes, str(next(self.named)))
        try:
            scratch = os.path.join(home, "tmp")
            os.mkdir(home, 0o700)
            self.scripts.copy(script, os.path.join(home, script.name), None, (user, group))
            os.mkdir(scratch)
            for path in (home, scratch):
                os.chown(path, user, group)
            os.chmod(home, 0o700)
            yield Path(home), user
        finally:
            self.busy.discard(user)
            self.leftovers.clean(self.busy)
            remove_home(home, script.name)
            self.users.put(user)

    def run(
        self,
        jail: Jail,
        script: Path,
        argv: Callable[[Path], list[str]],
        timeout: float,
        limit: int,
        guard: Guard | None = None,
    ) -> Ending:
        """Run the command line `argv` gives for the run's copy of the script, as the run's user."""
        group = jail.group if jail.group is not None else next(self.groups)
        with self.place(script, group) as (home, user):
            started: list[Spawned] = []
            over: list[bool] = []  # whether nothing of the run can be left running

            def spawn(command: list[str], given: Setting) -> Spawned:
                """Start the program as the run's user, through a fork server."""
                started.append(self.spawner.start(command, given, user, group))
                return started[0]

            def ended(pid: int) -> None:
                """As the program ends, kill what it left (which may hold its output open), if its
                server found anything left: with one call, nothing of the user's runs after."""
                started[0].wait()
                if started[0].alone or kill_all_of(user):
                    over.append(True)
                else:
                    reap(user, pid)

            try:
                return run_program(
                    argv(home / script.name), timeout, limit, guard, ended, setting(home), spawn
                )
            finally:
                if not over and not (started and started[0].alone):
                    end_all_of(user)

    def probe(self) -> None:
        """Run `true` as an unprivileged user: a machine where that fails is a one-line error."""
        script = Path(tempfile.mkdtemp(dir=self.workspace)) / "probe.txt"
        script.write_bytes(b"")
        try:
            ending = self.run(Jail(script.parent), script, lambda _: ["true"], 30.0, OUTPUT_LIMIT)
        except OSError as error:
            raise HarnessError(f"cannot start a run as another user: {error.strerror}") from None
        if ending.code != 0:
            why = ending.stderr.decode("utf-8", errors="replace").strip().splitlines()
            raise HarnessError(f"cannot run a program as another user: {(why or ['?'])[-1]}")


@contextlib.contextmanager
def unprivileged(limits: Limits, runs: int) -> Iterator[Unprivileged]:
    """Runs as unprivileged users, for `runs` runs at once, its folders removed after."""
    if os.geteuid() != 0:
        raise HarnessError("running programs as other users needs root")
    with (
        tempfile.TemporaryDirectory(prefix="at-unprivileged-") as workspace,
        tempfile.TemporaryDirectory(prefix="at-homes-", dir=homes_place(limits, runs)) as homes,
    ):
        made = Unprivileged(limits, Path(workspace), Path(homes))
        try:
            made.probe()
            yield made
        finally:
            made.leftovers.close()
            made.spawner.close()


def homes_place(limits: Limits, runs: int) -> str | None:
    """Where the runs' homes are made: the machine's shared memory folder (a tmpfs, where making
    and removing a home costs a fraction of what it costs on a journaled disk) when it can hold a
    file at the size limit for each run at once, else the system's temporary folder (None)."""
    try:
        room = os.statvfs(MEMORY)
    except OSError:
        return None
    writable = not room.f_flag & os.ST_RDONLY and os.path.isdir(MEMORY)
    return MEMORY if writable and room.f_bavail * room.f_frsize >= runs * limits.file_size else None


def available() -> bool:
    """Whether this machine can run programs as unprivileged users: as root."""
    return os.geteuid() == 0
