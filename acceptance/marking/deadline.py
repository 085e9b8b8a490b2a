"""Deadlines: a submission that is a git repository is graded as its last commit on or before the
deadline left it, by committer time, so that "only the last submission before the deadline is
graded" holds however the working tree moved on since.

The commit's files are read from git's objects alone (`rev-list`, `ls-tree`, `cat-file`) into a
snapshot folder in the output folder, which is what gets graded: the repository's working tree,
index and HEAD are never touched, and no filter, hook or attribute of the repository runs. A
repository with no commit on or before the deadline is no submission (an empty folder: every
test not found, 0). Committer time is what the student's machine said when the commit was made
(or rebased): a student who sets their clock can backdate a commit, so the deadline is only as
good as the clocks; a push log on the course's server is the evidence that does not depend on
them.
"""

import contextlib
import dataclasses
import os
import shutil
import subprocess
from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path, PurePosixPath

from acceptance.errors import HarnessError
from acceptance.marking.submissions import Snapshot, Submission, program_of
from acceptance.running.cases import shown

# Read git's objects only: no pager, no prompt, no lazy fetch. Any owner's repository is read,
# since GIT_DIR names it (git checks the owner only of a repository it finds itself, and
# safe.directory=* says the same to a git that would check it there too).
GIT = ("git", "--no-pager", "-c", "safe.directory=*", "-c", "core.fsmonitor=false")
SNAPSHOTS = ".snapshots"  # in the output folder: each repository as the deadline saw it
LINK, EXECUTABLE, SUBMODULE = "120000", "100755", "160000"


def parse_deadline(text: str) -> datetime:
    """A deadline: an ISO 8601 time with its offset (`2020-11-25 23:59 -0500`)."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise HarnessError(
            f"--deadline {text!r} is not an ISO 8601 time (say 2020-11-25 23:59 -0500)"
        ) from None
    if moment.tzinfo is None:
        raise HarnessError(f"--deadline {text!r} needs its offset from UTC (say -0500 or Z)")
    return moment


def is_repository(folder: Path) -> bool:
    """Whether a folder is a git repository's working tree (its .git a folder or a link file)."""
    return (folder / ".git").exists()


def git(folder: Path, *words: str, data: bytes | None = None, may_fail: bool = False) -> bytes:
    """What a git command printed about a folder's repository; a one-line error if it failed
    (nothing, if it `may_fail`)."""
    environment = {**os.environ, "GIT_DIR": str(folder / ".git"), "GIT_NO_LAZY_FETCH": "1"}
    environment.pop("GIT_INDEX_FILE", None)
    environment["GIT_TERMINAL_PROMPT"] = "0"
    try:
        done = subprocess.run(
            [*GIT, *words], input=data, capture_output=True, env=environment, check=False
        )
    except OSError as error:
        raise HarnessError(f"--deadline reads repositories with git: {error.strerror}") from None
    if done.returncode != 0 and may_fail:
        return b""
    if done.returncode != 0:
        why = done.stderr.decode(errors="replace").strip().splitlines() or ["failed"]
        raise HarnessError(f"cannot read the git repository {shown(folder)}: {why[-1]}")
    return done.stdout


def history(folder: Path) -> list[tuple[str, int, str]]:
    """The commits of HEAD's history, each with its committer time (Unix and ISO 8601); none in
    a repository with no commit yet."""
    git(folder, "rev-parse", "--git-dir")  # a one-line error if it is no repository
    if not git(folder, "rev-parse", "--verify", "--quiet", "HEAD^{commit}", may_fail=True):
        return []
    text = git(folder, "rev-list", "--no-commit-header", "--format=%H %ct %cI", "HEAD", "--")
    commits = []
    for line in text.decode().splitlines():
        commit, seconds, iso = line.split(" ")
        commits.append((commit, int(seconds), iso))
    return commits


def chosen(folder: Path, deadline: datetime) -> Snapshot:
    """The commit graded: the one of HEAD's history with the latest committer time on or before
    the deadline (of equal times, the first git lists); those after the deadline count late."""
    limit = deadline.timestamp()
    commits = history(folder)
    in_time = [commit for commit in commits if commit[1] <= limit]
    late = len(commits) - len(in_time)
    if not in_time:
        return Snapshot("", "", late)
    commit, _, iso = max(in_time, key=lambda item: item[1])
    return Snapshot(commit, iso, late)


def tree_entries(folder: Path, commit: str) -> list[tuple[str, str, str]]:
    """A commit's files: mode, object and path of each (submodules left out)."""
    listed = git(folder, "ls-tree", "-r", "-z", "--full-tree", commit)
    entries = []
    for item in listed.split(b"\0"):
        if item:
            head, path = item.split(b"\t", 1)
            mode, _, name = head.decode().split(" ")
            if mode != SUBMODULE:
                entries.append((mode, name, os.fsdecode(path)))
    return entries


def blobs(folder: Path, names: Sequence[str]) -> list[bytes]:
    """The bytes of some blobs, read in one `cat-file --batch`."""
    out = git(folder, "cat-file", "--batch", data="".join(f"{name}\n" for name in names).encode())
    contents, at = [], 0
    for name in names:
        end = out.index(b"\n", at)
        header = out[at:end].split(b" ")
        if len(header) != 3 or header[1] != b"blob":
            raise HarnessError(f"cannot read the git repository {shown(folder)}: {name} is missing")
        size = int(header[2])
        contents.append(out[end + 1 : end + 1 + size])
        at = end + 1 + size + 1
    return contents


def checked_path(target: Path, path: str) -> Path:
    """Where a file of the tree goes under the target; an error for a path that leaves it (git
    refuses to make such trees, but objects can be made by hand)."""
    parts = PurePosixPath(path).parts
    if not parts or path.startswith("/") or any(part in {"..", ".", ".git"} for part in parts):
        raise HarnessError(f"a commit holds a path that cannot be checked out: {path!r}")
    where = target.joinpath(*parts)
    if not where.parent.resolve().is_relative_to(target.resolve()):
        raise HarnessError(f"a commit holds a path through a link: {path!r}")
    return where


def export(folder: Path, commit: str, target: Path) -> None:
    """A commit's files written into a new folder, as checking it out would (executable bits and
    links kept), from the repository's objects alone."""
    target.mkdir(parents=True)
    entries = tree_entries(folder, commit)
    for (mode, _, path), content in zip(
        entries, blobs(folder, [e[1] for e in entries]), strict=True
    ):
        where = checked_path(target, path)
        where.parent.mkdir(parents=True, exist_ok=True)
        if mode == LINK:
            where.symlink_to(os.fsdecode(content))
        else:
            where.write_bytes(content)
            where.chmod(0o755 if mode == EXECUTABLE else 0o644)


def at_deadline(
    pupils: Sequence[Submission], deadline: datetime, allow_folders: bool, snapshots: Path
) -> list[Submission]:
    """The submissions as the deadline saw them: each repository's snapshot folder (under
    `snapshots`) graded in its place; a folder that is no repository is graded as it is with
    `allow_folders`, an error otherwise."""
    graded = []
    for number, pupil in enumerate(pupils):
        if not is_repository(pupil.folder):
            if not allow_folders:
                raise HarnessError(
                    f"{shown(pupil.folder)} is not a git repository: --deadline grades each"
                    " repository's last commit before it (--allow-folders grades folders as"
                    " they are)"
                )
            graded.append(pupil)
            continue
        snapshot = chosen(pupil.folder, deadline)
        target = snapshots / str(number) / (pupil.folder.resolve().name or "submission")
        if snapshot.commit:
            export(pupil.folder, snapshot.commit, target)
        else:
            target.mkdir(parents=True)
        argv = program_of(pupil.template, target)
        graded.append(dataclasses.replace(pupil, folder=target, argv=argv, snapshot=snapshot))
    return graded


@contextlib.contextmanager
def snapshots_in(out: Path) -> Iterator[Path]:
    """The folder of a grading's snapshots, in its output folder (hidden from the programs as
    it is, and at the same path each time, so that the store records the same grading), made
    empty and removed once graded."""
    folder = out / SNAPSHOTS
    shutil.rmtree(folder, ignore_errors=True)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
