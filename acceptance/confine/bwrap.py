"""Running a program in a bubblewrap sandbox, with limits, and saying which limit ended a run.

The program sees the system and its own folder read-only, its script alone, an empty private /tmp
and working folder, no network, and its own process namespace, so everything it starts ends with
it; as root it runs as a user of its own, since the kernel limits processes per user but not for
root. What a run costs the grader does not grow with the machine: fork servers (`spawner`) set
the limits and share a network namespace and a mount namespace made once, and as root one bwrap
is kept for a submission's runs in a job (`kept`). What a run sees: docs/how-to/sandbox.md; why
and how: "Bubblewrap, run by run" and "Kept sandboxes" in docs/explanation/sandbox.md.
"""

import contextlib
import ctypes
import os
import queue
import shutil
import stat
import subprocess
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path, PurePosixPath

from acceptance.confine.jail import HOME, SUBMISSION, Jail
from acceptance.confine.kept import (
    Gone,
    Keeper,
    KeptSandbox,
    KeptServer,
    interpreter,
    server_binds,
    server_command,
)
from acceptance.confine.kept import settings as kept_settings
from acceptance.confine.limits import Limits
from acceptance.confine.namespaces import (
    CLONE_FS,
    CLONE_NEWNS,
    enter,
    shared_networks,
    trimmed_mounts,
)
from acceptance.confine.spawner import Confinement, NotStarted, Spawner
from acceptance.confine.users import UID_SLOTS, user_pool
from acceptance.errors import HarnessError
from acceptance.processes.execution import Guard, Setting, popen, run_program
from acceptance.processes.spawning import LIBC
from acceptance.running.cases import shown
from acceptance.running.outcome import OUTPUT_LIMIT, Ending

SCRIPTS = "/script"  # the private folder holding the one script of a run
PATH = "/usr/local/bin:/usr/bin:/bin"
ENVIRONMENT = {"PATH": PATH, "HOME": HOME, "LANG": "C.UTF-8"}  # a run's whole environment
MQUEUE = "/dev/mqueue"  # where a kept sandbox shows its POSIX message queues, to empty them
EMPTIED = ("/tmp", HOME, MQUEUE)  # a kept sandbox's writable folders, emptied after each run
OPEN = ("/", "/tmp", HOME)  # the folders of the sandbox whose modes are already right
SYSTEM = ("usr", "etc", "opt", "bin", "sbin", "lib", "lib32", "lib64", "libx32")
TOOLS = {"bwrap": "bubblewrap", "prlimit": "util-linux", "setpriv": "util-linux"}
AS_ROOT = {"setpriv": True, "prlimit": False}  # the tools needed only as root, or only not as root
PROBE_TIMEOUT = 30.0


def missing_tools(root: bool) -> list[str]:
    """The packages to install for the sandbox's commands that are not on the PATH."""
    needed = [tool for tool in TOOLS if AS_ROOT.get(tool, root) is root]
    return list(dict.fromkeys(TOOLS[tool] for tool in needed if shutil.which(tool) is None))


def system_binds() -> list[str]:
    """The system's folders, read-only, and its links (/bin -> usr/bin) as links."""
    words: list[str] = []
    for name in SYSTEM:
        path = Path("/", name)
        if path.is_symlink():
            words += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            words += ["--ro-bind", str(path), str(path)]
    return words


def bound_folders() -> list[Path]:
    """The system folders the sandbox binds, as they are on the machine (links resolved)."""
    return [Path("/", name).resolve() for name in SYSTEM if Path("/", name).is_dir()]


def covers(private: Sequence[Path]) -> list[str]:
    """The bwrap options that cover each private folder lying under a bound system folder with an
    empty read-only folder (the outermost once; one that does not exist has nothing to hide); a
    system folder itself, or one holding it, cannot be covered. Each folder's parents are looked
    up in sets, so that a class of submissions costs its size, not its size squared."""
    bound = set(bound_folders())
    holding = {path for system in bound for path in (system, *system.parents)}
    inside: dict[Path, None] = {}  # the covered folders, in order
    existing = {path.resolve() for path in private if path.exists()}
    for folder in sorted(existing, key=lambda path: len(path.parts)):
        if folder in holding:
            raise HarnessError(f"cannot hide {shown(folder)} from the programs: they need it")
        if not bound.isdisjoint(folder.parents) and inside.keys().isdisjoint(folder.parents):
            inside[folder] = None
    return [
        word for folder in inside for word in ("--tmpfs", str(folder), "--remount-ro", str(folder))
    ]


def open_to_others(folder: Path) -> bool:
    """Whether any user can read every file of a folder (then it needs no copy)."""
    for top, folders, files in os.walk(folder):
        for name in folders + [""]:
            if os.stat(os.path.join(top, name)).st_mode & 0o005 != 0o005:
                return False
        for name in files:
            mode = os.lstat(os.path.join(top, name)).st_mode
            if not stat.S_ISLNK(mode) and mode & 0o004 == 0:
                return False
    return True


def open_copy(folder: Path, copy: Path) -> None:
    """Copy a folder so that any user can read it (and run what its owner could run)."""
    shutil.copytree(folder, copy, symlinks=True)
    for top, _, files in os.walk(copy):
        os.chmod(top, 0o555)
        for name in files:
            path = os.path.join(top, name)
            if not os.path.islink(path):
                runnable = os.stat(path).st_mode & 0o100
                os.chmod(path, 0o555 if runnable else 0o444)


def passages(mount: str) -> list[str]:
    """The folders bwrap made on the way to a mount point, which anyone must be able to cross."""
    return [str(folder) for folder in PurePosixPath(mount).parents if str(folder) not in OPEN]


class Scripts:
    """The suite's scripts as a runner gives them to its runs: each read at its first run, then
    written from memory into each run's own copy."""

    def __init__(self) -> None:
        self.read: dict[Path, bytes] = {}

    def copy(
        self,
        script: Path,
        path: str,
        folder: int | None = None,
        owner: tuple[int, int] | None = None,
    ) -> None:
        """A run's read-only copy of a script at `path` (in the `folder` open there, if given),
        owned by `owner` (a user and group) if given; a link found at `path` is not followed."""
        written = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC
        placed = os.open(path, written, 0o444, dir_fd=folder)
        try:
            if owner is not None:
                os.fchown(placed, *owner)
            os.fchmod(placed, 0o444)
            if script not in self.read:
                self.read[script] = script.read_bytes()
            unwritten = memoryview(self.read[script])
            while unwritten:
                unwritten = unwritten[os.write(placed, unwritten) :]
        finally:
            os.close(placed)


def run_kept(keeper: Keeper, jail: Jail, attempt: Callable[[KeptSandbox], Ending]) -> Ending:
    """A run (`attempt`, given the sandbox) in a kept sandbox showing the jail; a sandbox
    found ended before the run started gives the run to another, or a new one."""
    while True:
        kept, new = keeper.take(jail)
        try:
            return attempt(kept)
        except Gone:
            if new:
                raise OSError("the sandbox ended before its first run") from None
        finally:
            keeper.give_back(kept)


class Sandbox:
    """Runs programs in bubblewrap with limits; as root each run at once has a user of its own
    and a network namespace of its own, made once. Private folders (each run's script, copies of
    folders) live in `workspace`."""

    def __init__(
        self, limits: Limits, workspace: Path, runs: int, private: Sequence[Path] = ()
    ) -> None:
        self.limits = limits
        self.workspace = workspace
        self.private = [*private, workspace]
        self.covered: list[str] | None = None  # covers(private), made at the first run
        self.scripts = Scripts()
        root = os.geteuid() == 0
        self.users = user_pool() if root else None
        self.networks: queue.Queue[int] | None = None
        self.scratch = workspace / "runs"  # each run's private folder, in memory where it can be
        self.scratch.mkdir(mode=0o700)
        self.mounts = trimmed_mounts(self.scratch) if root else None
        self.home_mounts = os.open("/proc/self/ns/mnt", os.O_RDONLY | os.O_CLOEXEC) if root else -1
        if root:
            self.networks = shared_networks(min(runs, UID_SLOTS))
        self.spawner = Spawner(Confinement(limits.rlimits(), networks=self.networks))
        self.python = interpreter(self.private, bound_folders()) if root else None
        self.keeper = None if self.python is None else Keeper(self.keep, min(runs, UID_SLOTS))
        self.spawn = self.spawner.spawn() if root else popen
        self.binds = system_binds()
        self.sized = (
            "--size"
            in subprocess.run(
                ["bwrap", "--help"], capture_output=True, text=True, check=False
            ).stdout
        )

    def jail(self, folder: Path, mount: str = SUBMISSION, workdir: str = HOME) -> Jail:
        """The folder a program is given, copied first when the run's user could not read it."""
        if not folder.is_dir():
            return Jail(folder, mount, workdir, f"no folder {shown(folder)}")
        try:
            if os.geteuid() != 0 or open_to_others(folder):
                return Jail(folder.resolve(), mount, workdir)
            copy = Path(tempfile.mkdtemp(dir=self.workspace)) / "folder"
            open_copy(folder, copy)
        except OSError as error:
            return Jail(folder, mount, workdir, f"cannot read {shown(folder)}: {error.strerror}")
        return Jail(copy, mount, workdir)

    def covers(self) -> list[str]:
        """The covers of the private folders, made once, when the first run starts: by then the
        grader has made its output folder."""
        if self.covered is None:
            self.covered = covers(self.private)
        return self.covered

    def tmpfs(self, path: str) -> list[str]:
        """An empty writable folder, as big as the file size limit when bwrap can say so."""
        size = ["--size", str(self.limits.file_size)] if self.sized else []
        return [*size, "--perms", "1777", "--tmpfs", path]

    def close(self) -> None:
        """End the kept sandboxes and the fork servers, and let go of the namespaces."""
        if self.keeper is not None:
            self.keeper.close()
        self.spawner.close()
        while self.networks is not None and not self.networks.empty():
            os.close(self.networks.get())
        for held in (self.mounts, self.home_mounts):
            if held is not None and held >= 0:
                os.close(held)

    def command(
        self, jail: Jail, scripts: Path, user: int | None, argv: Sequence[str]
    ) -> list[str]:
        """The bwrap command line that runs `argv` in the sandbox, as `user` if one is given (as
        root: in the network namespace its fork server is in, when the grader made one, with
        the limits the server set before bwrap starts), else with the limits set by `prlimit`
        inside (set outside, the process limit would count every process of the grader's user:
        inside a user namespace only the sandbox's)."""
        drop = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups"]
        drop += ["--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"]
        return [
            *self.options(jail, scripts, user is None),
            *(drop if user is not None else ["prlimit", *self.limits.prlimit(), "--"]),
            *argv,
        ]

    def options(
        self, jail: Jail, scripts: Path, own_user: bool, extra: Sequence[str] = ()
    ) -> list[str]:
        """bwrap and its options that make the sandbox showing a jail and a scripts' folder, in
        a user namespace of its own if asked, with `extra` options before the root is made
        read-only."""
        return [
            "bwrap",
            "--die-with-parent",
            *(["--unshare-user"] if own_user else []),
            *("--unshare-ipc", "--unshare-pid", "--unshare-uts", "--unshare-cgroup-try"),
            *(["--unshare-net"] if self.networks is None else []),
            *self.binds,
            *self.covers(),
            *("--dev", "/dev", "--proc", "/proc"),
            *self.tmpfs("/tmp"),
            *self.tmpfs(HOME),
            *("--ro-bind", str(jail.folder), jail.mount, "--ro-bind", str(scripts), SCRIPTS),
            *(word for folder in passages(jail.mount) for word in ("--chmod", "0755", folder)),
            *extra,
            *("--remount-ro", "/", "--chdir", jail.workdir, "--clearenv"),
            *(word for name, value in ENVIRONMENT.items() for word in ("--setenv", name, value)),
        ]

    def keep(self, jail: object) -> KeptSandbox:
        """A new kept sandbox showing a jail, its server ready, made from the mount namespace of
        the runs with its scripts' folder there (in memory), which the grader reaches from its
        own through a descriptor."""
        assert isinstance(jail, Jail) and self.python is not None  # a keeper's, as root
        binds, python = self.python
        made = kept_settings(self.limits.rlimits(), EMPTIED)
        extra = ["--mqueue", MQUEUE, *server_binds(binds)]
        with self.mounted():
            scripts = Path(tempfile.mkdtemp(dir=self.scratch))
            scripts.chmod(0o555)
            folder = os.open(scripts, os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
            command = [*self.options(jail, scripts, False, extra), *server_command(python, made)]
            try:
                server = KeptServer(command, self.spawner, PROBE_TIMEOUT)
            except BaseException:
                os.close(folder)
                shutil.rmtree(scripts, ignore_errors=True)
                raise
        return KeptSandbox(jail, server, scripts, folder)

    def run_in(
        self,
        kept: KeptSandbox,
        jail: Jail,
        script: Path,
        argv: Callable[[Path], list[str]],
        timeout: float,
        limit: int,
        guard: Guard | None,
    ) -> Ending:
        """Run `argv` for the script, seen alone in the sandbox's scripts' folder, in a kept
        sandbox as a user taken from the pool."""
        assert self.users is not None  # kept sandboxes are root's
        user = self.users.get()
        try:
            self.scripts.copy(script, script.name, kept.folder)
            setting = Setting(ENVIRONMENT, Path(jail.workdir))
            inside = argv(Path(SCRIPTS, script.name))
            spawn = kept.spawn(user, user)
            return run_program(inside, timeout, limit, guard, setting=setting, spawn=spawn)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(script.name, dir_fd=kept.folder)
            self.users.put(user)

    @contextlib.contextmanager
    def place(self, script: Path) -> Iterator[tuple[Path, int | None]]:
        """A fresh private folder holding a copy of the script alone, and a user for the run."""
        folder = Path(tempfile.mkdtemp(dir=self.scratch))
        user = self.users.get() if self.users is not None else None
        try:
            self.scripts.copy(script, str(folder / script.name))
            folder.chmod(0o555)
            yield folder, user
        finally:
            if self.users is not None and user is not None:
                self.users.put(user)
            folder.chmod(0o700)
            shutil.rmtree(folder, ignore_errors=True)

    def run(
        self,
        jail: Jail,
        script: Path,
        argv: Callable[[Path], list[str]],
        timeout: float,
        limit: int,
        guard: Guard | None = None,
    ) -> Ending:
        """Run the command line `argv` gives for the script at /script/NAME in the sandbox (a
        kept one as root); OSError if it cannot be, Stopped if the guard stops it."""
        if self.keeper is not None:
            return run_kept(
                self.keeper,
                jail,
                lambda kept: self.run_in(kept, jail, script, argv, timeout, limit, guard),
            )
        with self.mounted(), self.place(script) as (scripts, user):
            command = self.command(jail, scripts, user, argv(Path(SCRIPTS, script.name)))
            try:
                return run_program(command, timeout, limit, guard, spawn=self.spawn)
            except NotStarted as error:  # bwrap itself, not the program
                raise OSError(error.errno, error.strerror, error.filename) from None

    @contextlib.contextmanager
    def mounted(self) -> Iterator[None]:
        """The calling thread in the mount namespace made for the runs, if any, then back in the
        grader's, in the folder it was in all along (entering a mount namespace takes a thread to
        its root, and needs the thread's folder to be its own: from then on it no longer follows
        the grader's other threads' changes of folder)."""
        if self.mounts is None:
            yield
            return
        if LIBC.unshare(CLONE_FS) != 0:
            raise OSError(ctypes.get_errno(), "cannot give a thread a folder of its own")
        here = os.open(".", os.O_PATH | os.O_CLOEXEC)
        try:
            enter(self.mounts, CLONE_NEWNS)
            try:
                os.fchdir(here)
                yield
            finally:
                enter(self.home_mounts, CLONE_NEWNS)
                os.fchdir(here)
        finally:
            os.close(here)

    def probe(self) -> None:
        """Make one sandbox and run `true` in it: a machine that cannot is a one-line error. As
        root, where a kept sandbox cannot be made, each run makes its own."""
        if self.keeper is not None:
            try:
                self.probe_once()
                return
            except HarnessError:
                self.keeper.close()
                self.keeper = None
        self.probe_once()

    def probe_once(self) -> None:
        """Make one sandbox and run `true` in it, or say why it cannot be."""
        empty = Path(tempfile.mkdtemp(dir=self.workspace))
        script = empty / "probe.txt"
        script.write_bytes(b"")
        empty.chmod(0o755)
        try:
            ending = self.run(Jail(empty), script, lambda _: ["true"], PROBE_TIMEOUT, OUTPUT_LIMIT)
        except OSError as error:
            raise HarnessError(f"cannot run bwrap: {error.strerror}") from None
        if ending.code != 0:
            why = ending.stderr.decode("utf-8", errors="replace").strip().splitlines()
            raise HarnessError(f"bubblewrap cannot make a sandbox here: {(why or ['?'])[-1]}")


@contextlib.contextmanager
def sandbox(limits: Limits, runs: int, private: Sequence[Path] = ()) -> Iterator[Sandbox]:
    """A working sandbox for `runs` runs at once, hiding the grader's `private` folders, its own
    folders removed after; no bubblewrap (or a machine where it cannot work) is a one-line error
    naming what to install."""
    missing = missing_tools(os.geteuid() == 0)
    if missing:
        raise HarnessError(
            f"no sandbox: install {' and '.join(missing)} (apt-get install {' '.join(missing)}),"
            " or give --no-sandbox to run the programs unisolated"
        )
    with tempfile.TemporaryDirectory(prefix="at-sandbox-") as workspace:
        made = Sandbox(limits, Path(workspace), runs, private)
        try:
            made.probe()
            yield made
        finally:
            made.close()
