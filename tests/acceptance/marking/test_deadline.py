"""Deadlines: `at grade --deadline TIME` grades each submission, a git repository, at its last
commit on or before TIME by committer time, read from git's objects without touching the working
tree, the index or HEAD; the commit and its time are in grades.csv, report.html and the store,
later commits count as late, a repository with no commit in time is no submission (0), and a
folder that is no repository is an error unless --allow-folders."""

import csv
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from acceptance.cli.main import main
from acceptance.errors import HarnessError
from acceptance.marking.deadline import chosen, parse_deadline
from acceptance.marking.submissions import Snapshot
from acceptance.store.database import Store
from tests.acceptance.confine.test_sandbox_limits import need
from tests.classroom import (
    CRASH,
    EXACT,
    HEADER,
    PROGRAM,
    ROOT,
    TEMPLATE,
    TRAILING_SPACE,
    copy_suite,
)

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

TESTS = ["at001", "at002"]
DEADLINE = "2020-11-25 23:59 -0500"
NOBODY = 65534  # the uid and gid of nobody, who owns the repositories of another user's test


def commit(repository: Path, body: str, when: str) -> str:
    """Commit a program with this body at this committer (and author) time; its id."""
    (repository / PROGRAM).write_text(HEADER + body)
    (repository / PROGRAM).chmod(0o755)
    environment = {**os.environ, "GIT_COMMITTER_DATE": when, "GIT_AUTHOR_DATE": when}
    identity = ["-c", "user.name=Student", "-c", "user.email=s@example.org"]
    git(repository, "add", PROGRAM)
    git(repository, *identity, "commit", "-qm", when, environment=environment)
    return git(repository, "rev-parse", "HEAD")


def git(repository: Path, *words: str, environment: dict[str, str] | None = None) -> str:
    """What a git command prints in a repository."""
    done = subprocess.run(
        ["git", *words], cwd=repository, env=environment, check=True, capture_output=True
    )
    return done.stdout.decode().strip()


def repository(folder: Path) -> Path:
    """A new, empty git repository."""
    folder.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(folder)], check=True)
    return folder


def state(folder: Path) -> tuple[str, bytes, str, bytes]:
    """What grading must leave alone: HEAD, the index, the status, the working tree's program."""
    return (
        (folder / ".git" / "HEAD").read_text(),
        (folder / ".git" / "index").read_bytes(),
        git(folder, "status", "--porcelain"),
        (folder / PROGRAM).read_bytes(),
    )


@pytest.fixture
def classroom(tmp_path: Path) -> Path:
    """The suite, and a class of repositories: alice committed an exact program before the
    deadline and a wrong one after it, and has a crashing one uncommitted; bob committed only
    after the deadline."""
    copy_suite(tmp_path / "suite", [ROOT / "at" / f"{name}.txt" for name in TESTS])
    alice = repository(tmp_path / "class" / "alice")
    commit(alice, EXACT, "2020-11-25T22:00:00-05:00")
    commit(alice, TRAILING_SPACE % 1, "2020-11-26T09:30:00-05:00")
    (alice / PROGRAM).write_text(HEADER + CRASH)
    bob = repository(tmp_path / "class" / "bob")
    commit(bob, EXACT, "2020-11-26T00:00:00-05:00")
    return tmp_path


def grade(folder: Path, *options: str) -> int:
    """`at grade --deadline` of the class over the suite, unsandboxed."""
    command = ["grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", str(folder / "suite")]
    command += ["--deadline", DEADLINE, "--out", str(folder / "out"), *options]
    return main([*command, *sorted(map(str, (folder / "class").iterdir()))])


def rows(folder: Path) -> list[dict[str, str]]:
    """The rows of grades.csv."""
    with open(folder / "out" / "grades.csv", newline="") as file:
        return list(csv.DictReader(file))


def test_a_repository_is_graded_at_its_last_commit_before_the_deadline_untouched(
    classroom: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    alice = classroom / "class" / "alice"
    before = state(alice)
    in_time = git(alice, "rev-list", "--max-count=1", "HEAD~1")
    assert grade(classroom) == 0
    assert state(alice) == before
    alice_row, bob_row = rows(classroom)
    assert (alice_row["passed"], alice_row["commit"], alice_row["late"]) == ("2", in_time, "1")
    assert alice_row["committed"] == "2020-11-25T22:00:00-05:00"
    assert (bob_row["passed"], bob_row["score"], bob_row["commit"]) == ("0", "0.0", "no submission")
    assert (bob_row["committed"], bob_row["late"]) == ("", "1")
    page = (classroom / "out" / "report.html").read_text()
    assert (
        f'<td title="{in_time}"><code>{in_time[:12]}</code> 2020-11-25T22:00:00-05:00; 1 late'
        in page
    )
    assert "<td>no submission; 1 late</td>" in page
    assert not (classroom / "out" / ".snapshots").exists()
    store = Store.open(classroom / "out", create=False)
    snapshots = [pupil.submission.snapshot for pupil in store.plan().submissions]
    store.close()
    assert [snapshot.commit if snapshot else None for snapshot in snapshots] == [in_time, ""]


def test_the_same_grading_again_runs_nothing_and_a_later_deadline_takes_the_late_commit(
    classroom: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert grade(classroom) == 0
    written = (classroom / "out" / "grades.csv").read_bytes()
    assert grade(classroom) == 0
    assert (classroom / "out" / "grades.csv").read_bytes() == written
    command = ["grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", str(classroom / "suite")]
    command += ["--deadline", "2020-11-27T00:00Z", "--out", str(classroom / "out")]
    assert main([*command, str(classroom / "class" / "alice")]) == 2  # bob's grades would go
    assert main([*command, "--force", str(classroom / "class" / "alice")]) == 0
    (alice_row,) = rows(classroom)
    assert (alice_row["passed"], alice_row["late"]) == ("0", "0")  # the trailing space, on time


def test_a_folder_that_is_no_repository_is_an_error_unless_allowed(
    classroom: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = classroom / "class" / "carol"
    plain.mkdir()
    (plain / PROGRAM).write_text(HEADER + EXACT)
    (plain / PROGRAM).chmod(0o755)
    assert grade(classroom) == 2
    error = capsys.readouterr().err
    assert error == (
        f"at: {plain} is not a git repository: --deadline grades each repository's last commit"
        " before it (--allow-folders grades folders as they are)\n"
    )
    assert grade(classroom, "--allow-folders") == 0
    carol = rows(classroom)[2]
    assert (carol["submission"], carol["passed"], carol["commit"]) == ("carol", "2", "")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2020-11-25 23:59", "--deadline '2020-11-25 23:59' needs its offset from UTC"),
        ("Nov 25", "--deadline 'Nov 25' is not an ISO 8601 time"),
    ],
)
def test_a_deadline_without_its_offset_is_a_one_line_error(text: str, message: str) -> None:
    with pytest.raises(HarnessError, match=f"^{message}"):
        parse_deadline(text)


def test_a_repository_with_no_commit_yet_is_no_submission_and_a_broken_one_an_error(
    classroom: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repository(classroom / "class" / "carol")
    assert grade(classroom) == 0
    carol = rows(classroom)[2]
    assert (carol["passed"], carol["commit"], carol["late"]) == ("0", "no submission", "0")
    broken = classroom / "class" / "dave"
    (broken / ".git").mkdir(parents=True)
    capsys.readouterr()
    assert grade(classroom) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"at: cannot read the git repository {broken}: fatal: not a git")
    assert error.count("\n") == 1


def test_a_repository_with_no_commit_yet_has_none_whatever_its_files_are_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Graded from inside it: git reads the current folder as the working tree."""
    carol = repository(tmp_path / "carol")
    (carol / "HEAD^{commit}").write_text("a file named as a revision\n")
    monkeypatch.chdir(carol)
    assert chosen(carol, parse_deadline(DEADLINE)) == Snapshot("", "", 0)


def test_a_commit_made_at_the_deadline_itself_is_in_time(tmp_path: Path) -> None:
    carol = repository(tmp_path / "carol")
    made = commit(carol, EXACT, "2020-11-25T23:59:00-05:00")
    commit(carol, CRASH, "2020-11-25T23:59:01-05:00")
    snapshot = chosen(carol, parse_deadline(DEADLINE))
    assert (snapshot.commit, snapshot.late) == (made, 1)


def test_a_repository_owned_by_another_user_is_graded_all_the_same(
    classroom: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A grader (root here) reads the students' repositories, which the students own."""
    need("" if os.geteuid() == 0 else "giving a repository to another user needs root")
    alice = classroom / "class" / "alice"
    in_time = git(alice, "rev-list", "--max-count=1", "HEAD~1")
    for pupil in (classroom / "class").iterdir():
        for path in (pupil, *pupil.rglob("*")):
            os.lchown(path, NOBODY, NOBODY)
    assert (alice / ".git" / "HEAD").stat().st_uid == NOBODY
    assert grade(classroom) == 0
    alice_row, bob_row = rows(classroom)
    assert (alice_row["passed"], alice_row["commit"], alice_row["late"]) == ("2", in_time, "1")
    assert (bob_row["commit"], bob_row["late"]) == ("no submission", "1")
