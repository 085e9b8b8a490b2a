"""`at merge`: shards of a class graded apart (each `at grade` into its own folder) merge into the
class's grades.csv, matrix.csv and report.html, the same bytes one run over the whole class
writes; shards that disagree are a one-line error."""

from collections.abc import Callable
from pathlib import Path

import pytest

from acceptance.cli.main import main
from tests.classroom import (
    TEMPLATE,
)

COMPARED = ("grades.csv", "matrix.csv", "report.html")


@pytest.fixture
def classroom(
    tmp_path: Path, mixed_classroom: Callable[[int, int], list[Path]]
) -> tuple[Path, list[str]]:
    """The suite, its points file, and the submission folders (two of a kind) in name order."""
    pupils = mixed_classroom(2, 3)
    (tmp_path / "points.txt").write_text("at004 3\n")
    return tmp_path, sorted(map(str, pupils))


def grade(folder: Path, out: str, pupils: list[str]) -> None:
    """`at grade` of some submissions into an output folder."""
    command = [
        "grade",
        "--no-sandbox",
        "--exe",
        TEMPLATE,
        "--tests",
        str(folder / "suite"),
        "-j",
        "2",
    ]
    command += ["--points", str(folder / "points.txt"), "--out", str(folder / out)]
    assert main([*command, *pupils]) == 0


def test_merged_shards_write_the_reports_of_one_run(
    classroom: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, pupils = classroom
    grade(folder, "whole", pupils)
    for shard in range(3):
        grade(folder, f"shard{shard}", pupils[shard::3])
    capsys.readouterr()
    shards = [str(folder / f"shard{shard}") for shard in (2, 0, 1)]
    assert main(["merge", *shards, "--out", str(folder / "merged")]) == 0
    for name in COMPARED:
        assert (folder / "merged" / name).read_bytes() == (folder / "whole" / name).read_bytes()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[-4:] == ["points", "max_points", "score", "reasons"]
    assert lines[-2].startswith("merged 3 shards: 7 submissions; reports: ")
    assert (
        lines[-1] == "isolation: none (--no-sandbox: the runs were not isolated)"
    )  # as the shards were


def test_shards_that_disagree_are_a_one_line_error(
    classroom: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, pupils = classroom
    grade(folder, "a", pupils[:2])
    grade(folder, "b", pupils[1:3])
    (folder / "points.txt").write_text("at004 2\n")
    grade(folder, "c", pupils[3:4])
    capsys.readouterr()
    cases = {
        ("a", "b"): f"at: graded in two shards: {Path(pupils[1]).name}\n",
        ("a", "c"): f"at: {folder / 'c'} was graded over another suite or other points\n",
        ("a", "nowhere"): f"at: {folder / 'nowhere'} holds no grading store (grading.sqlite)\n",
    }
    for (first, second), message in cases.items():
        command = ["merge", str(folder / first), str(folder / second), "--out", str(folder / "m")]
        assert main(command) == 2
        assert capsys.readouterr().err == message
    assert main(["merge", str(folder / "a"), "--out", str(folder / "a"), "--force"]) == 2
    assert (
        capsys.readouterr().err == f"at: {folder / 'a'} is one of the shards: give a new folder\n"
    )
    (folder / "a" / "grading.sqlite").write_text("{}")
    assert main(["merge", str(folder / "a"), "--out", str(folder / "m")]) == 2
    assert capsys.readouterr().err == (
        f"at: {folder / 'a' / 'grading.sqlite'} is not a grading store: file is not a database\n"
    )
