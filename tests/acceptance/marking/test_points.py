"""Points: a points file weights the tests (`TEST-OR-GLOB POINTS`, the last line naming a test
counts, tests not named count 1), and changes the scores in every output of `at grade`: the
summary, grades.csv, matrix.csv and report.html."""

import csv
from pathlib import Path

import pytest

from acceptance.cli.main import main
from acceptance.errors import HarnessError
from acceptance.marking.points import parse_points
from tests.classroom import (
    EXACT,
    MOVER,
    ROOT,
    TEMPLATE,
    TRAILING_SPACE,
    Kind,
    copy_suite,
    grade_unsandboxed,
    make_class,
)

TESTS = ["at001", "at002", "at003", "at004"]
POINTS = "# the hidden suite's weights\nat00*  2   # every test 2...\nat003 1\nat004 5\n"
# exact passes all (2+2+1+5 = 10 of 10); mover fails at004, the one test that moves (5 points);
# spacey fails all.
CLASS = {
    "exact": Kind(1, EXACT),
    "mover": Kind(1, MOVER),
    "spacey": Kind(1, TRAILING_SPACE % 1),
}


def test_the_last_line_naming_a_test_counts_and_others_count_1() -> None:
    points = parse_points("at00* 2\nat003 0.5\n# at002 9\n\n", [*TESTS, "star_lanes/x"], "p")
    assert [points.of(name) for name in [*TESTS, "star_lanes/x"]] == [2, 2, 0.5, 2, 1]
    assert points.weighted


def test_a_test_may_be_worth_0_points() -> None:
    points = parse_points("at001 0\nat002 0.0\n", TESTS, "p")
    assert [points.of(name) for name in TESTS] == [0, 0, 1, 1]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("at001 two\n", "p, line 1: points must be a number of 0 or more, got 'two'"),
        ("at001 -1\n", "p, line 1: points must be a number of 0 or more, got '-1'"),
        ("\nat001 nan\n", "p, line 2: points must be a number of 0 or more, got 'nan'"),
        ("at001\n", "p, line 1: expected `TEST POINTS`, got 'at001'"),
        ("at01* 2\n", "p, line 1: 'at01*' names no test of the suite"),
    ],
)
def test_a_bad_line_is_an_error_naming_it(text: str, message: str) -> None:
    with pytest.raises(HarnessError, match="^" + message.replace("*", r"\*") + "$"):
        parse_points(text, TESTS, "p")


@pytest.fixture
def graded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, list[str]]:
    """`at grade` of the class with the points file; its output folder and summary lines."""
    suite = copy_suite(tmp_path / "suite", [ROOT / "at" / f"{name}.txt" for name in TESTS])
    pupils = make_class(tmp_path / "class", CLASS)
    (tmp_path / "points.txt").write_text(POINTS)
    options = ["--points", str(tmp_path / "points.txt"), "--out", str(tmp_path / "out")]
    grade_unsandboxed(suite, pupils, *options)
    return tmp_path / "out", capsys.readouterr().out.splitlines()


def test_points_change_the_scores_of_the_summary_grades_matrix_and_report(
    graded: tuple[Path, list[str]],
) -> None:
    out, summary = graded
    assert [line.split() for line in summary[:4]] == [
        ["submission", "passed", "failed", "errors", "points", "max_points", "score", "reasons"],
        ["exact00", "4", "0", "0", "10", "10", "100.0"],
        ["mover00", "3", "1", "0", "5", "10", "50.0"],
        ["spacey00", "0", "4", "0", "0", "10", "0.0"],
    ]
    with open(out / "grades.csv", newline="") as file:
        rows = list(csv.reader(file))
    assert rows[0] == summary[0].split()
    assert rows[1:] == [line.split() + [""] for line in summary[1:4]]  # no errors, no reasons
    with open(out / "matrix.csv", newline="") as file:
        assert list(csv.reader(file)) == [
            ["submission", *TESTS, "points"],
            ["(points per test)", "2", "2", "1", "5", "10"],
            ["exact00", "passed", "passed", "passed", "passed", "10"],
            ["mover00", "passed", "passed", "passed", "failed", "5"],
            ["spacey00", "failed", "failed", "failed", "failed", "0"],
        ]
    page = (out / "report.html").read_text()
    assert "3 submissions, 4 tests; 10 points; mean score 50.0, median 50.0" in page
    assert '<td class="number score" data-label="score" data-value="50.0000">50.0</td>' in page
    assert '<td class="number" data-label="points" data-value="5.0">5 / 10</td>' in page


def test_without_a_points_file_every_test_counts_1_and_no_points_are_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = copy_suite(tmp_path / "suite", [ROOT / "at" / f"{name}.txt" for name in TESTS])
    pupils = make_class(tmp_path / "class", CLASS)
    out = ["--out", str(tmp_path / "out")]
    grade_unsandboxed(suite, pupils, *out)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["submission", "passed", "failed", "errors", "score", "reasons"]
    assert lines[2].split() == ["mover00", "3", "1", "0", "75.0"]
    assert "points" not in (tmp_path / "out" / "matrix.csv").read_text()
    page = (tmp_path / "out" / "report.html").read_text()
    assert ">points</th>" not in page and ">mark</th>" not in page


def test_a_missing_points_file_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = copy_suite(tmp_path / "suite", [ROOT / "at" / "at001.txt"])
    options = ["--points", str(tmp_path / "none.txt"), "--out", str(tmp_path / "out")]
    assert (
        main(["grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", str(suite), *options, "x"])
        == 2
    )
    assert capsys.readouterr().err.startswith(
        f"at: cannot read the points file {tmp_path}/none.txt:"
    )
    assert not (tmp_path / "out").exists()
