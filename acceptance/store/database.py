"""The grading store: every finished run of `at grade`, committed the moment it ends, in an
SQLite file of the output folder, so that grading that stops loses at most the runs in flight
and the same command again runs only what the store lacks.

A run is stored under a key of all it depends on (submission content, test, settings); commits
are made durable by a thread at most SYNC_SECONDS later, not once per run. Tables, keys and
durability: docs/reference/store.md.
"""

import contextlib
import dataclasses
import fcntl
import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from acceptance.errors import HarnessError
from acceptance.game_oracles.registry import GAMES
from acceptance.marking.points import Points, part_of
from acceptance.marking.submissions import Snapshot, Submission
from acceptance.running.cases import Case, shown
from acceptance.running.compare import DiffLine, Mismatch, diff_json, diff_of
from acceptance.running.run_report import plural
from acceptance.running.suite import Outcome, Result
from acceptance.store.digests import digest

STORE = "grading.sqlite"
FORMAT = 1
SYNC_SECONDS = 0.5  # the longest a committed run waits to be made durable on disk
# SQLite's names of a failure to write, rather than of a file that is not a store
WRITE_FAILURES = (
    "SQLITE_FULL",
    "SQLITE_READONLY",
    "SQLITE_IOERR",
    "SQLITE_CANTOPEN",
    "SQLITE_PERM",
)
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS diffs (digest TEXT PRIMARY KEY, diff TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
    key TEXT PRIMARY KEY,
    submission TEXT NOT NULL,
    test TEXT NOT NULL,
    outcome TEXT NOT NULL,
    seconds REAL NOT NULL,
    detail TEXT NOT NULL,
    line INTEGER,
    col INTEGER,
    place TEXT,
    block TEXT,
    diff TEXT REFERENCES diffs (digest),
    output TEXT NOT NULL,
    size INTEGER NOT NULL,
    finished REAL NOT NULL
);
"""


RunIndex = tuple[int, int]  # a run of a grading: the numbers of its submission and its test


@dataclass(frozen=True)
class StoredSubmission:
    """A submission as the store knows it: the submission (with the commit graded, under a
    deadline), a digest of its folder's content, a digest of the settings it was graded with,
    and the isolation of its runs."""

    submission: Submission
    content: str
    settings: str
    isolation: str

    @property
    def name(self) -> str:
        """The submission's name."""
        return self.submission.name

    def key(self, test: str) -> str:
        """The key of its run of a test (given by the test's key): a digest of three digests,
        each of the same length, so that they need no length before them."""
        return hashlib.sha256(f"{self.content}{test}{self.settings}".encode()).hexdigest()

    def record(self) -> list[Any]:
        """As JSON data."""
        submission = self.submission
        return [
            submission.name,
            str(submission.folder),
            list(submission.argv),
            submission.template,
            self.content,
            self.settings,
            self.isolation,
        ] + ([dataclasses.astuple(submission.snapshot)] if submission.snapshot else [])


def stored_submission_of(data: list[Any]) -> StoredSubmission:
    """A submission as the store knows it, from its JSON data (a snapshot last, under a
    deadline)."""
    name, folder, argv, template, content, settings, isolation, *rest = data
    snapshot = Snapshot(*rest[0]) if rest else None
    return StoredSubmission(
        Submission(name, Path(folder), tuple(argv), template, snapshot),
        content,
        settings,
        isolation,
    )


@dataclass(frozen=True)
class GradingPlan:
    """What a grading grades: its suite (each test with its key), its class, and the points its
    reports give."""

    cases: tuple[Case, ...]
    tests: tuple[str, ...]
    submissions: tuple[StoredSubmission, ...]
    points: Points

    def keys(self) -> dict[RunIndex, str]:
        """The key of every run of the grading, by the numbers of its submission and test."""
        return {
            (number, test_number): pupil.key(test)
            for number, pupil in enumerate(self.submissions)
            for test_number, test in enumerate(self.tests)
        }

    def record(self) -> dict[str, Any]:
        """As JSON data."""
        return {
            "cases": [
                [*case_record(case), test]
                for case, test in zip(self.cases, self.tests, strict=True)
            ],
            "pupils": [pupil.record() for pupil in self.submissions],
            "points": self.points.record(),
        }


def plan_of(data: dict[str, Any]) -> GradingPlan:
    """What a grading grades, from its JSON data."""
    cases = tuple(case_of(item[:-1]) for item in data["cases"])
    tests = tuple(str(item[-1]) for item in data["cases"])
    worth = data["points"]
    parts = tuple(map(part_of, worth.get("parts", [])))
    points = Points(worth["given"], worth["weighted"], parts)
    return GradingPlan(cases, tests, tuple(map(stored_submission_of, data["pupils"])), points)


def suite_json(cases: Sequence[Case]) -> str:
    """The suite a store grades: its tests' names and games, in order."""
    return json.dumps([[case.name, case.game.name] for case in cases])


def case_record(case: Case) -> list[Any]:
    """A test of the suite as JSON data, to name it again in `at report`."""
    expected = str(case.expected) if case.expected else None
    return [case.name, str(case.script), expected, case.game.name, case.seed]


def case_of(data: list[Any]) -> Case:
    """A test of the suite from its JSON data."""
    name, script, expected, game, seed = data
    return Case(name, Path(script), Path(expected) if expected else None, GAMES[game], seed)


def write_failed(error: sqlite3.Error) -> bool:
    """Whether SQLite failed to write (a full disk, a read-only file or folder, a quota, an I/O
    error) rather than found something that is not a store."""
    name = getattr(error, "sqlite_errorname", "")
    return isinstance(name, str) and name.startswith(WRITE_FAILURES)


def sqlite_reason(error: sqlite3.Error, path: Path) -> str:
    """Why SQLite could not write a store, in its words, or plainly when its folder is on a
    read-only file system (SQLite says only that it cannot open the file)."""
    with contextlib.suppress(OSError):
        if os.statvfs(path.parent).f_flag & os.ST_RDONLY:
            return "read-only file system"
    return str(error)


def kept_runs(path: Path) -> int | None:
    """How many runs a store's file holds, read without writing: as a reader beside a writer,
    or else as a file that cannot change (a read-only folder, where SQLite cannot make the
    files a reader shares); None if it cannot be read at all."""
    if not path.is_file():
        return None
    for way in ("mode=ro", "immutable=1"):
        try:
            reader = sqlite3.connect(f"{path.resolve().as_uri()}?{way}", uri=True)
            with contextlib.closing(reader):
                return int(reader.execute("SELECT COUNT(*) FROM runs").fetchone()[0])
        except sqlite3.Error:
            continue
    return None


def cannot_write(what: Path | str, why: str, store: Path, runs: int | None) -> HarnessError:
    """The one line said when writing the store or a report failed: what, why, the runs kept,
    and that the same command goes on from them once it can write."""
    if runs is not None:
        kept = (
            f"{runs:,} run{'' if runs == 1 else 's'} {'is' if runs == 1 else 'are'}"
            f" kept in {shown(store)}"
        )
    else:
        kept = f"the runs in {shown(store)} are kept" if store.exists() else "no run is stored yet"
    return HarnessError(
        f"cannot write {shown(what) if isinstance(what, Path) else what}: {why}; {kept}:"
        " the same command goes on from them once it can write (make room, or fix the folder)"
    )


def connected(path: Path) -> sqlite3.Connection:
    """A connection to a store's file, its tables made if missing, each commit written to the
    operating system at once (its write-ahead log made durable by the store's Syncer)."""
    connection = None
    try:
        connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        connection.executescript(SCHEMA)
    except sqlite3.DatabaseError as error:
        if connection is not None:
            connection.close()
        if write_failed(error):
            raise cannot_write(path, sqlite_reason(error, path), path, kept_runs(path)) from None
        raise HarnessError(f"{shown(path)} is not a grading store: {error}") from None
    return connection


def hold(path: Path) -> int:
    """A descriptor of the store's file holding its lock (the kernel lets it go when this
    process ends, however it ends); a one-line error if another process holds it."""
    descriptor = os.open(path, os.O_RDONLY | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        raise HarnessError(
            f"{shown(path.parent)} is in use by another `at` (grading or writing its reports):"
            " wait for it to end, or give another --out"
        ) from None
    return descriptor


@dataclass(frozen=True)
class Ready:
    """A finished run made ready for the store by the worker that ran it: its result, its
    output's digest and size, and its block diff as JSON text with that text's digest (none if
    its output matched), so that the grading's main thread only writes it."""

    result: Result
    output: str
    size: int
    diff: str | None = None
    diff_digest: str | None = None


def ready(result: Result, output: bytes, diff: str | None = None) -> Ready:
    """A finished run made ready for the store (in the worker that ran it), with its block diff's
    JSON text if it was made already (the grader makes it once per distinct output)."""
    mismatch = result.mismatch
    text = None if mismatch is None else diff or diff_json(mismatch)
    return Ready(
        result,
        hashlib.sha256(output).hexdigest(),
        len(output),
        text,
        None if text is None else digest(text),
    )


class Syncer:
    """Makes a store's commits durable on disk, in a thread of its own: an fsync of its
    write-ahead log as soon as a commit is told of, then none for SYNC_SECONDS, so that every
    commit is on disk at most half a second after it is made, for one fsync per half second at
    most rather than one per run."""

    def __init__(self, log: Path) -> None:
        self.log = log
        self.committed = threading.Event()
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, name="store-sync", daemon=True)
        self.thread.start()

    def run(self) -> None:
        """Sync each time commits were made, at most once per SYNC_SECONDS, until stopped."""
        while True:
            self.committed.wait()
            if self.stopping.is_set():
                return
            self.committed.clear()
            self.sync()
            if self.stopping.wait(SYNC_SECONDS):
                return

    def sync(self) -> None:
        """Make the write-ahead log durable; a log that cannot be synced leaves the commits to
        the checkpoint that closing the store makes (itself synced), and to the next sync."""
        with contextlib.suppress(OSError):
            descriptor = os.open(self.log, os.O_RDONLY)
            try:
                os.fsync(descriptor)
            finally:
                os.close(descriptor)

    def stop(self) -> None:
        """Sync what was committed and end the thread."""
        self.stopping.set()
        self.committed.set()
        self.thread.join()
        self.sync()


class Store:
    """The grading store of an output folder: open it with `Store.open`, close it after."""

    def __init__(self, path: Path, connection: sqlite3.Connection, lock: int) -> None:
        self.path = path
        self.connection = connection
        self.lock = lock
        self.syncer: Syncer | None = None
        self.diffs: set[str] = set()  # the digests of the block diffs this grading has written

    @staticmethod
    def open(folder: Path, create: bool = True) -> "Store":
        """The store of an output folder, made if missing (and `create`), held by this process
        alone until closed; a one-line error if the file is not a store of this format or another
        `at` holds it."""
        path = folder / STORE
        if not create and not path.is_file():
            raise HarnessError(f"{shown(folder)} holds no grading store ({STORE})")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            lock = hold(path)
        except OSError as error:
            raise cannot_write(path, str(error.strerror), path, kept_runs(path)) from None
        try:
            store = Store(path, connected(path), lock)
            store.check_format(create)
        except BaseException:
            os.close(lock)
            raise
        return store

    def check_format(self, create: bool) -> None:
        """Mark a new store with its format; an error if the store is of another."""
        try:
            written = self.get("format")
            if written is None and create:
                self.put("format", FORMAT)
            elif written != FORMAT:
                raise HarnessError(
                    f"{shown(self.path)} is a store of format {written!r}, not {FORMAT}"
                )
        except sqlite3.DatabaseError as error:
            raise HarnessError(f"{shown(self.path)} is not a grading store: {error}") from None

    def close(self) -> None:
        """Close the file (every run is committed already, and made durable now) and let others
        open it."""
        if self.syncer is not None:
            self.syncer.stop()
        self.connection.close()
        os.close(self.lock)

    def committed(self) -> None:
        """Tell the syncer of a commit of runs, started at the first."""
        if self.syncer is None:
            self.syncer = Syncer(self.path.with_name(self.path.name + "-wal"))
        self.syncer.committed.set()

    def get(self, key: str) -> Any:
        """A value of the meta table, as JSON data; None if missing."""
        row = self.connection.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def put(self, key: str, value: Any) -> None:
        """Set a value of the meta table, committed."""
        with self.writing():
            self.connection.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, json.dumps(value))
            )

    def kept(self) -> int | None:
        """How many runs the store holds (None if it cannot even be read)."""
        try:
            return int(self.connection.execute("SELECT COUNT(*) FROM runs").fetchone()[0])
        except sqlite3.Error:
            return None

    def cannot_write(self, what: Path | str, why: str) -> HarnessError:
        """The one-line error of a write beside this store that failed."""
        return cannot_write(what, why, self.path, self.kept())

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Writes committed together or, if any fails, none (its failure to write the one-line
        error saying what is kept); the block diffs it wrote are forgotten with it, so that a run
        of one written again writes its diff again."""
        written = set(self.diffs)
        with self.writing():
            self.connection.execute("BEGIN")
            try:
                yield
                self.connection.execute("COMMIT")
            except BaseException:
                self.diffs = written
                if self.connection.in_transaction:
                    self.connection.execute("ROLLBACK")
                raise

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """A write to the store, whose failure to write (a full disk, a read-only folder, a
        quota) is the one-line error saying what is kept; what was committed before stays."""
        try:
            yield
        except sqlite3.Error as error:
            if not write_failed(error):
                raise
            raise self.cannot_write(self.path, sqlite_reason(error, self.path)) from None

    @contextlib.contextmanager
    def together(self) -> Iterator[None]:
        """The runs added meanwhile committed as one transaction (`transaction`), then made
        durable as any commit is: the runs that reached the grading at once cost one commit."""
        with self.transaction():
            yield
        self.committed()

    def claim(
        self, cases: Sequence[Case], game: str | None, folders: Sequence[Path], force: bool
    ) -> None:
        """Record the grading a store holds: its suite (each test's name and game, the game, the
        scripts' folders) and its class (the submissions' folders). A store of another suite, or
        of a class with a submission this grading lacks (another class, or a part of it), is
        refused unless `force`: its reports would lose grades. A class that grew is the same."""
        scripts = sorted({str(case.script.parent.resolve()) for case in cases})
        suite = {"game": game, "tests": json.loads(suite_json(cases)), "folders": scripts}
        known = self.get("suite")
        if known is not None and not force:
            other = {**known, "folders": known.get("folders", scripts)}  # an older store's
            if other != suite:
                tests = plural(len(known["tests"]), "test")
                self.refuse(f"another suite or game ({tests}, game {known['game'] or 'any'})")
        graded = sorted({str(folder.resolve()) for folder in folders})
        lost = [] if force else sorted(set(self.get("class") or []) - set(graded))
        if lost:
            names = ", ".join(Path(folder).name for folder in lost[:3]) + ", ..." * (len(lost) > 3)
            self.refuse(f"another class ({len(lost)} of its submissions not in this one: {names})")
        self.put("suite", suite)
        self.put("class", graded)

    def refuse(self, what: str) -> NoReturn:
        """The one-line error of a grading into the folder of another."""
        raise HarnessError(
            f"{shown(self.path.parent)} holds the grading of {what}: give another --out, or"
            " --force to grade into it, its reports replaced"
        )

    def plan(self) -> GradingPlan:
        """What the last grading into this store graded; an error if none did."""
        data = self.get("graded")
        if data is None:
            raise HarnessError(f"{shown(self.path)} holds no grading yet")
        try:
            return plan_of(data)
        except (KeyError, TypeError, ValueError) as error:
            raise HarnessError(f"{shown(self.path)} holds an unreadable grading: {error}") from None

    def keys(self) -> set[str]:
        """The keys of every stored run."""
        return {row[0] for row in self.connection.execute("SELECT key FROM runs")}

    def found(self, graded: GradingPlan) -> dict[RunIndex, Result]:
        """The stored results of a grading's runs, by the numbers of their submission and test."""
        keys = graded.keys()
        names = {case.name: case for case in graded.cases}
        stored = self.results(keys.values(), names)
        return {task: stored[key] for task, key in keys.items() if key in stored}

    def add(self, key: str, pupil: StoredSubmission, run: Ready) -> None:
        """Commit one finished run (a test is named by the case of the result): one statement,
        committed as it runs, its block diff (if this grading has not written it yet) committed
        just before it, so that a kill between leaves a diff no run names, never a run without
        its diff."""
        result, mismatch = run.result, run.result.mismatch
        with self.writing():
            if run.diff is not None and run.diff_digest not in self.diffs:
                self.connection.execute(
                    "INSERT OR IGNORE INTO diffs (digest, diff) VALUES (?, ?)",
                    (run.diff_digest, run.diff),
                )
            self.connection.execute(
                "INSERT OR REPLACE INTO runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    key,
                    pupil.name,
                    result.case.name,
                    result.outcome.name,
                    result.seconds,
                    result.detail,
                    *(
                        (mismatch.line, mismatch.column, mismatch.place, mismatch.block)
                        if mismatch
                        else (None, None, None, None)
                    ),
                    run.diff_digest,
                    run.output,
                    run.size,
                    time.time(),
                ),
            )
        if run.diff_digest is not None:
            self.diffs.add(run.diff_digest)
        self.committed()

    def results(self, keys: Iterable[str], cases: dict[str, Case]) -> dict[str, Result]:
        """The stored results of some runs, by key (runs the store lacks are left out)."""
        wanted = set(keys)
        diffs: dict[str, tuple[DiffLine, ...]] = {}
        found: dict[str, Result] = {}
        rows = self.connection.execute(
            "SELECT key, test, outcome, seconds, detail, line, col, place, block, diff FROM runs"
        )
        for key, test, outcome, seconds, detail, line, column, place, block, diff in rows:
            if key not in wanted or test not in cases:
                continue
            mismatch = None
            if diff is not None:
                if diff not in diffs:
                    diffs[diff] = diff_of(self.diff_text(diff))
                mismatch = Mismatch(line, column, place, diffs[diff], block)
            found[key] = Result(cases[test], Outcome[outcome], seconds, mismatch, detail)
        return found

    def outputs(self) -> dict[str, tuple[str, str, int]]:
        """The outcome (its name), output digest and output size of every stored run, by key."""
        rows = self.connection.execute("SELECT key, outcome, output, size FROM runs")
        return {key: (outcome, output, size) for key, outcome, output, size in rows}

    def diff_text(self, diff: str) -> str:
        """A stored block diff's JSON text."""
        row = self.connection.execute("SELECT diff FROM diffs WHERE digest = ?", (diff,))
        return str(row.fetchone()[0])

    def copy_runs(self, other: "Store", keys: Iterable[str]) -> None:
        """Copy some runs of another store, with their diffs, into this one."""
        wanted = set(keys)
        with self.transaction():
            for row in other.connection.execute("SELECT * FROM runs"):
                if row[0] in wanted:
                    if row[10] is not None:
                        self.connection.execute(
                            "INSERT OR IGNORE INTO diffs VALUES (?, ?)",
                            (row[10], other.diff_text(row[10])),
                        )
                    self.connection.execute(
                        "INSERT OR REPLACE INTO runs"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        row,
                    )
        self.committed()
