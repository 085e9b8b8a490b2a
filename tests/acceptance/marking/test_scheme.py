"""Marking schemes: `--scheme FILE` (TOML) gives the tests' points and the mark, by tiers of tests
passed or of percent of the points, or by weight, in one part or named parts summed; the mark is
a column of grades.csv and the summary, on report.html, and Gradescope's score. A bad scheme is a
one-line error naming the file and the key."""

import csv
import json
from pathlib import Path

import pytest

from acceptance.cli.main import main
from acceptance.errors import HarnessError
from acceptance.marking.scheme import parse_scheme
from acceptance.marking.submissions import Grade, Submission
from acceptance.running.cases import Case
from acceptance.running.suite import Outcome, Result
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

PHASE_1 = '[mark]\nby = "passed"\ntiers = [[11, 2.0], [9, 1.5], [7, 1.0], [0, 0.0]]\n'
STARTER = [f"at{number:03d}" for number in range(1, 16)]


def graded(passed: int, tests: list[str]) -> Grade:
    """A grade passing the first `passed` tests and failing the others."""
    results = tuple(
        Result(Case(name, Path(name), None), Outcome.PASSED if index < passed else Outcome.FAILED)
        for index, name in enumerate(tests)
    )
    return Grade(Submission("s", Path("s"), ()), results)


@pytest.mark.parametrize(
    ("passed", "mark"), [(15, 2.0), (11, 2.0), (10, 1.5), (9, 1.5), (8, 1.0), (7, 1.0), (6, 0.0)]
)
def test_phase_1_is_marked_by_its_tiers_of_tests_passed(passed: int, mark: float) -> None:
    points = parse_scheme(PHASE_1, STARTER, "phase1.toml")
    assert points.mark(graded(passed, STARTER)) == mark
    assert not points.weighted  # no [points]: reports show no points columns


def test_named_parts_are_summed_tiers_by_percent_of_points_and_weights() -> None:
    tests = ["at001", "at002", "at003", "at004", "hidden/a", "hidden/b"]
    text = (
        '[points]\n"hidden/*" = 3\n'
        '[mark.starter]\ntests = ["at*"]\nby = "percent"\ntiers = [[75, 2], [50, 1]]\n'
        '[mark.hidden]\ntests = ["hidden/*"]\nweight = 8\n'
    )
    points = parse_scheme(text, tests, "s.toml")
    # passes at001-at003 (75 % of the starter) and hidden/a (3 of 6 hidden points): 2 + 4
    assert points.mark(graded(5, tests)) == 6.0
    assert [points.part_mark(part, graded(2, tests)) for part in points.parts] == [1.0, 0.0]
    assert points.of("hidden/b") == 3 and points.weighted


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "[mark]\ntier = [[1, 1]]\n",
            "mark.tier: unknown key (known here: tests, by, tiers, weight)",
        ),
        ("[marks]\n", "marks: unknown key (known here: points, mark)"),
        (
            "[mark]\ntiers = [[1, 1], [2, 2]]\n",
            "mark.tiers[1]: thresholds must go down, highest first: 2 follows 1",
        ),
        ("[mark]\ntiers = [[5, 1]]\n", "mark.tiers[0]: 5 can never be reached (at most 4)"),
        (
            '[mark]\nby = "percent"\ntiers = [[101, 1]]\n',
            "mark.tiers[0]: 101 can never be reached (at most 100)",
        ),
        (
            '[mark]\ntests = ["at9*"]\nweight = 1\n',
            "mark.tests[0]: 'at9*' names no test of the suite",
        ),
        ("[points]\nat005 = 2\n", "points.at005: 'at005' names no test of the suite"),
        ("[points]\nat001 = -2\n", "points.at001: points must be a number of 0 or more, got -2"),
        (
            '[mark]\nby = "failed"\ntiers = [[1, 1]]\n',
            'mark.by: expected "passed" or "percent", got \'failed\'',
        ),
        ("[mark]\ntiers = [[1, 1]]\nweight = 2\n", "mark: give either tiers or a weight"),
        ("[mark]\ntiers = [[1, true]]\n", "mark.tiers[0]: a mark must be a number, got True"),
        (
            '[mark.a]\ntests = ["at00*"]\nweight = 1\n[mark.b]\ntests = ["at001"]\nweight = 1\n',
            "mark.b.tests: at001 is in mark.a already",
        ),
        (
            "[mark]\nweight = 1\n[mark.a]\nweight = 1\n",
            "mark.weight: [mark] holds either one part's keys or named parts",
        ),
        ("mark = 2\n", "mark: expected a table, got 2"),
    ],
)
def test_a_bad_scheme_is_a_one_line_error_naming_the_place(text: str, message: str) -> None:
    with pytest.raises(HarnessError) as caught:
        parse_scheme(text, ["at001", "at002", "at003", "at004"], "s.toml")
    assert str(caught.value) == f"s.toml: {message}"


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ('[mark]\nby = "passed"\nweight = 4\n', "mark.by"),
        ('[mark.hidden]\ntests = ["at00*"]\nby = "percent"\nweight = 8\n', "mark.hidden.by"),
    ],
)
def test_a_weighted_part_refuses_a_by_since_its_weight_counts_the_points(
    text: str, place: str
) -> None:
    with pytest.raises(HarnessError) as caught:
        parse_scheme(text, ["at001", "at002", "at003", "at004"], "s.toml")
    assert str(caught.value) == f"s.toml: {place}: goes with tiers (a weight counts the points)"


def test_a_scheme_that_is_not_toml_says_where() -> None:
    with pytest.raises(HarnessError, match=r"^s.toml: not TOML: .*\(at line 2, column 9\)$"):
        parse_scheme("[mark]\ntiers = ]\n", ["at001"], "s.toml")


TESTS = ["at001", "at002", "at003", "at004"]
CLASS = {
    "exact": Kind(1, EXACT),
    "mover": Kind(1, MOVER),  # fails at004 alone
    "spacey": Kind(1, TRAILING_SPACE % 1),  # fails all
}
SCHEME = "[mark]\ntiers = [[4, 10], [3, 6], [1, 2]]\n"


@pytest.fixture
def classroom(tmp_path: Path) -> tuple[Path, list[Path]]:
    """The suite of four tests, its scheme, and the three submissions."""
    copy_suite(tmp_path / "suite", [ROOT / "at" / f"{name}.txt" for name in TESTS])
    (tmp_path / "scheme.toml").write_text(SCHEME)
    return tmp_path, make_class(tmp_path / "class", CLASS)


def test_the_mark_is_in_the_grades_the_summary_the_page_and_gradescope(
    classroom: tuple[Path, list[Path]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, pupils = classroom
    scheme = str(folder / "scheme.toml")
    out = folder / "out"
    grade_unsandboxed(folder / "suite", pupils, "--scheme", scheme, "--out", str(out))
    with open(out / "grades.csv", newline="") as file:
        rows = list(csv.DictReader(file))
    assert [(row["submission"], row["mark"]) for row in rows] == [
        ("exact00", "10"),
        ("mover00", "6"),
        ("spacey00", "0"),
    ]
    summary = capsys.readouterr().out.splitlines()
    assert summary[0].split()[-2:] == ["mark", "reasons"]
    assert summary[2].split()[:6] == ["mover00", "3", "1", "0", "75.0", "6"]
    page = (out / "report.html").read_text()
    assert '<th data-sort="number">mark</th>' in page and "mean mark 5.33, median 6" in page
    results = out / "results.json"
    command = ["grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", str(folder / "suite")]
    command += ["--scheme", scheme, "--out", str(folder / "gs"), "--gradescope", str(results)]
    assert main([*command, str(pupils[1])]) == 0
    written = json.loads(results.read_text())
    assert written["score"] == 6.0 and written["extra_data"]["mark"] == 6.0
    assert written["output"].startswith("3 of 4 tests passed (1 wrong output, 0 errors): 3 of 4")
    assert "; mark 6" in written["output"]


def test_at_report_marks_a_stored_grading_by_another_scheme(
    classroom: tuple[Path, list[Path]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, pupils = classroom
    out = folder / "out"
    grade_unsandboxed(folder / "suite", pupils, "--out", str(out))
    assert "mark" not in (out / "grades.csv").read_text()
    (folder / "half.toml").write_text('[mark]\nby = "percent"\ntiers = [[50, 1]]\n')
    assert main(["report", str(out), "--scheme", str(folder / "half.toml")]) == 0
    with open(out / "grades.csv", newline="") as file:
        assert [row["mark"] for row in csv.DictReader(file)] == ["1", "1", "0"]


def marks(out: Path) -> list[str]:
    """The mark column of a grading's grades.csv, submission by submission."""
    with open(out / "grades.csv", newline="") as file:
        return [row["mark"] for row in csv.DictReader(file)]


def test_at_report_marks_a_stored_grading_by_its_own_weighted_scheme(
    classroom: tuple[Path, list[Path]], capsys: pytest.CaptureFixture[str]
) -> None:
    """The store keeps the scheme's parts, a part's weight among them: `at report` with no
    --scheme reads them back and marks as the grading did (at004 is 3 of the 6 points)."""
    folder, pupils = classroom
    out = folder / "out"
    (folder / "weighted.toml").write_text("[points]\nat004 = 3\n[mark]\nweight = 12\n")
    scheme = ["--scheme", str(folder / "weighted.toml")]
    grade_unsandboxed(folder / "suite", pupils, *scheme, "--out", str(out))
    assert marks(out) == ["12", "6", "0"]
    (out / "grades.csv").unlink()
    assert main(["report", str(out)]) == 0
    assert marks(out) == ["12", "6", "0"]


def test_points_in_both_the_scheme_and_a_points_file_are_an_error(
    classroom: tuple[Path, list[Path]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, pupils = classroom
    (folder / "points.txt").write_text("at004 3\n")
    (folder / "both.toml").write_text("[points]\nat004 = 2\n")
    command = ["grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", str(folder / "suite")]
    command += ["--points", str(folder / "points.txt"), "--scheme", str(folder / "both.toml")]
    assert main([*command, *map(str, pupils)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("at: ") and error.count("\n") == 1 and "keep one" in error


def test_the_gradescope_bundle_carries_the_scheme(
    classroom: tuple[Path, list[Path]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, _ = classroom
    bundle = folder / "bundle"
    command = ["gradescope", "--exe", TEMPLATE, "--tests", str(folder / "suite")]
    assert main([*command, "--scheme", str(folder / "scheme.toml"), "--out", str(bundle)]) == 0
    assert (bundle / "scheme.toml").read_text() == SCHEME
    assert '--scheme "$SOURCE/scheme.toml"' in (bundle / "run_autograder").read_text()
