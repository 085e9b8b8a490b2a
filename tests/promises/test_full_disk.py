"""A full disk: a grading whose store or reports cannot be written (the disk fills up, the folder
turns read-only) ends with one line saying what failed, how many runs are kept and that the same
command goes on from them once it can write; no traceback, nothing stored lost, and the same
command then finishes with the reports of one whole run. The disk is a small tmpfs, mounted
here (root); without the right to mount the test is skipped, except under CI=true where it
fails."""

import contextlib
import errno
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from acceptance.cli.main import main
from acceptance.errors import HarnessError
from acceptance.grading.grading import write_reports
from acceptance.store.database import STORE, Store, kept_runs
from tests.classroom import (
    CRASH,
    EXACT,
    ROOT,
    TEMPLATE,
    TRAILING_SPACE,
    Kind,
    copy_suite,
    make_class,
)

TESTS = ["at001", "at002", "at003", "at004"]
CLASS = {
    "exact": Kind(4, EXACT),
    "spacey": Kind(3, TRAILING_SPACE % 1),
    "crashing": Kind(3, CRASH),
}
SIZE = 2 << 20  # the tmpfs
ROOM = 192 << 10  # what the filler leaves: the store opens in it, and fills it after a few runs
REPORTS = ("grades.csv", "matrix.csv", "report.html")
KEPT = re.compile(
    r"at: cannot write (?P<what>\S+): (?P<why>[^;]+); (?P<runs>\d+) runs are kept in"
    r" (?P<store>\S+):"
    r" the same command goes on from them once it can write \(make room, or fix the folder\)\n"
)


def mount(folder: Path, *options: str) -> str:
    """Mount a tmpfs of SIZE bytes on a folder (or remount it with options); why not, if not."""
    command = ["mount", "-t", "tmpfs", "-o", ",".join([f"size={SIZE}", *options]), "tmpfs"]
    try:
        done = subprocess.run([*command, str(folder)], capture_output=True, text=True)
    except OSError as error:
        return f"cannot run mount: {error.strerror}"
    return done.stderr.strip() or ("" if done.returncode == 0 else f"mount ended {done.returncode}")


@contextlib.contextmanager
def small_disk(folder: Path) -> Iterator[Path]:
    """A tmpfs of SIZE bytes on a new folder, unmounted after; the test is skipped where this
    machine does not let us mount one (failed under CI=true)."""
    folder.mkdir()
    trouble = mount(folder)
    if trouble and os.environ.get("CI") == "true":
        pytest.fail(f"CI=true needs a tmpfs mounted (as root): {trouble}")
    if trouble:
        pytest.skip(f"needs the right to mount a tmpfs (root): {trouble}")
    try:
        yield folder
    finally:
        left = subprocess.run(["umount", str(folder)], capture_output=True, text=True)
        if left.returncode:
            subprocess.run(["umount", "--lazy", str(folder)], check=False)
        assert left.returncode == 0, f"the store left a file open: {left.stderr.strip()}"


def grade(suite: Path, pupils: list[Path], out: Path) -> int:
    """`at grade` of the class, one run at a time, unsandboxed, into an output folder."""
    command = ["grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", str(suite), "-j", "1"]
    return main([*command, "--out", str(out), *map(str, pupils)])


def test_a_full_disk_keeps_the_runs_says_so_in_one_line_and_the_same_command_finishes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = copy_suite(tmp_path / "suite", [ROOT / "at" / f"{name}.txt" for name in TESTS])
    pupils = make_class(tmp_path / "class", CLASS)
    for pupil in pupils:  # each its own runs, none shared with an identical submission
        with open(pupil / "program", "a") as program:
            program.write(f"# {pupil.name}\n")
    assert grade(suite, pupils, tmp_path / "whole") == 0
    with small_disk(tmp_path / "disk") as disk:
        filler = disk / "filler"
        free = os.statvfs(disk)
        filler.write_bytes(bytes(free.f_bavail * free.f_frsize - ROOM))
        capsys.readouterr()
        assert grade(suite, pupils, disk / "out") == 2
        error = capsys.readouterr().err
        said = KEPT.fullmatch(error)
        assert said, error
        assert said["why"] in {"database or disk is full", "No space left on device"}
        runs = int(said["runs"])
        assert 0 < runs < len(TESTS) * len(pupils)
        assert said["store"] == str(disk / "out" / STORE)
        assert kept_runs(disk / "out" / STORE) == runs
        filler.unlink()
        assert grade(suite, pupils, disk / "out") == 0
        for name in REPORTS:
            assert (disk / "out" / name).read_bytes() == (tmp_path / "whole" / name).read_bytes()
        assert mount(disk, "remount", "ro") == ""
        capsys.readouterr()
        assert grade(suite, pupils, disk / "out") == 2
        error = capsys.readouterr().err
        store = disk / "out" / STORE
        assert KEPT.fullmatch(error) and error.startswith(
            f"at: cannot write {store}: read-only file system; 40 runs are kept in {store}:"
        )


def report_in_the_way(tmp_path: Path, tests: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """`at report` of a graded class whose report.html is a folder in the way: what it says."""
    suite = copy_suite(tmp_path / "suite", [ROOT / "at" / f"{name}.txt" for name in tests])
    pupils = make_class(tmp_path / "class", {"exact": Kind(1, EXACT)})
    out = tmp_path / "out"
    assert grade(suite, pupils, out) == 0
    (out / "report.html").unlink()
    (out / "report.html").mkdir()
    (out / "report.html" / "in the way").touch()
    capsys.readouterr()
    assert main(["report", str(out)]) == 2
    return capsys.readouterr().err


def test_a_report_that_cannot_be_written_is_one_line_and_the_runs_are_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    error = report_in_the_way(tmp_path, TESTS, capsys)
    out = tmp_path / "out"
    assert KEPT.fullmatch(error) and error.startswith(
        f"at: cannot write {out / 'report.html'}: Is a directory; 4 runs are kept in"
    )
    assert not [path.name for path in out.iterdir() if path.name.startswith(".report.html")]


def test_a_single_run_kept_is_said_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert report_in_the_way(tmp_path, ["at001"], capsys).startswith(
        f"at: cannot write {out / 'report.html'}: Is a directory; 1 run is kept in {out / STORE}:"
    )


def test_a_report_refused_by_a_read_only_file_system_is_one_line_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store.open(tmp_path)
    try:

        def refused(*args: object, **options: object) -> None:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))

        monkeypatch.setattr(Path, "write_text", refused)
        monkeypatch.setattr(Path, "unlink", refused)  # even for a missing file, as Linux does
        with pytest.raises(HarnessError, match="cannot write .*report.html: Read-only file system"):
            write_reports([tmp_path / "report.html"], ["<p>"], store)
    finally:
        store.close()
