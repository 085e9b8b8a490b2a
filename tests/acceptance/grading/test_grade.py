"""`at grade`: a class of 30 fake submissions (correct, off by one space, crashing midway, hanging,
missing) graded over a suite, with the right counts in the CSV, the matrix and the HTML report;
a hanging submission costs a few timeouts, never the whole run."""

import csv
import html
import sys
import threading
import time
from pathlib import Path

import pytest

from acceptance.cli.main import main
from acceptance.grading.runs import SubmissionRunner
from acceptance.marking.submissions import Submission
from acceptance.processes.execution import Stopped
from acceptance.running.cases import collect

ROOT = Path(__file__).resolve().parents[3]
TESTS = ("at001", "at002", "at003")
ORACLE = Path(sys.executable).with_name("oracle")
EXPECTED = "$(dirname $(dirname $2))/expected/$(basename $2 .txt).expected.txt"
PROGRAMS = {
    "oracle": f'#!/bin/sh\nexec "{ORACLE}" "$@"\n',
    "printer": f'#!/bin/sh\ncat "{EXPECTED}"\n',
    "spacey": f"#!/bin/sh\nsed '3s/$/ /' \"{EXPECTED}\"\n",
    "crashing": f'#!/bin/sh\nhead -n 5 "{EXPECTED}"\necho "Segmentation fault" >&2\nexit 139\n',
    "hanging": f'#!/bin/sh\nhead -n 2 "{EXPECTED}"\nexec sleep 60\n',
}
CLASS = {"oracle": 4, "printer": 6, "spacey": 6, "crashing": 5, "hanging": 4, "missing": 5}
# What each kind of submission gets over the three tests: passed, failed, errors, score.
GRADES = {
    "oracle": ["3", "0", "0", "100.0"],
    "printer": ["3", "0", "0", "100.0"],
    "spacey": ["0", "3", "0", "0.0"],
    "crashing": ["0", "0", "3", "0.0"],
    "hanging": ["0", "0", "3", "0.0"],
    "missing": ["0", "0", "3", "0.0"],
}


@pytest.fixture
def classroom(tmp_path: Path) -> Path:
    """The suite (three tests of at/ with their expected files) and 30 submission folders, each
    named after its kind; two of the missing ones have no folder at all."""
    for name in TESTS:
        (tmp_path / "at").mkdir(exist_ok=True)
        (tmp_path / "expected").mkdir(exist_ok=True)
        (tmp_path / "at" / f"{name}.txt").write_bytes((ROOT / "at" / f"{name}.txt").read_bytes())
        expected = ROOT / "expected" / f"{name}.expected.txt"
        (tmp_path / "expected" / expected.name).write_bytes(expected.read_bytes())
    for kind, count in CLASS.items():
        for number in range(count):
            folder = tmp_path / "class" / f"{kind}{number}"
            if kind == "missing" and number < 2:
                continue
            folder.mkdir(parents=True)
            if kind in PROGRAMS:
                (folder / "space_defender_2").write_text(PROGRAMS[kind])
                (folder / "space_defender_2").chmod(0o755)
    return tmp_path


def submissions(classroom: Path) -> list[str]:
    """The 30 submission folders, in class order."""
    return [
        str(classroom / "class" / f"{kind}{number}")
        for kind, count in CLASS.items()
        for number in range(count)
    ]


def grade(classroom: Path, *options: str) -> int:
    """Run `at grade` on the class over the suite."""
    return main(
        ["grade", "--exe", "{}/space_defender_2", "--tests", str(classroom / "at")]
        + ["--timeout", "2", "--give-up", "1", "-j", "2", "--out", str(classroom / "out")]
        + ["--no-sandbox", *options, *submissions(classroom)]
    )


def kind_of(name: str) -> str:
    """A submission's kind, from its folder name."""
    return name.rstrip("0123456789")


def test_a_class_is_graded_with_the_right_counts_in_csv_matrix_and_html(
    capsys: pytest.CaptureFixture[str], classroom: Path
) -> None:
    started = time.perf_counter()
    assert grade(classroom) == 0
    assert time.perf_counter() - started < 30
    with open(classroom / "out" / "grades.csv", newline="") as file:
        header, *rows = list(csv.reader(file))
    assert header == ["submission", "passed", "failed", "errors", "score", "reasons"]
    assert len(rows) == 30
    assert all(row[1:5] == GRADES[kind_of(row[0])] for row in rows)
    reasons = {kind_of(row[0]): row[5] for row in rows}
    assert reasons["oracle"] == reasons["spacey"] == ""
    assert reasons["crashing"] == "3 crashed" and reasons["missing"] == "3 not found"
    assert reasons["hanging"].startswith(("1 timed out, 2 not run", "2 timed out, 1 not run"))

    with open(classroom / "out" / "matrix.csv", newline="") as file:
        header, *matrix = list(csv.reader(file))
    assert header == ["submission", *TESTS]
    outcomes = {kind_of(row[0]): set(row[1:]) for row in matrix}
    assert outcomes["oracle"] == outcomes["printer"] == {"passed"}
    assert outcomes["spacey"] == {"failed"} and outcomes["crashing"] == {"crashed"}
    assert outcomes["hanging"] <= {"timed out", "not run"} and outcomes["missing"] == {"not found"}

    page = (classroom / "out" / "report.html").read_text()
    submitted = page.split('<section id="submissions">')[1].split("</section>")[0]
    assert submitted.count("<tr data-name=") == 20 and submitted.count('<tr class="perfect"') == 10
    assert html.escape("at001: failed at line 3, column 24, in ->play(10,30,1,1,1,1,1)") in page
    assert "·" in page and "at002: crashed (exit status 139) at line 6" in page

    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["submission", "passed", "failed", "errors", "score", "reasons"]
    assert lines[1].split() == ["oracle0", "3", "0", "0", "100.0"]
    assert lines[-2].startswith("graded 30 submissions over 3 tests in ")
    assert lines[-1] == "isolation: none (--no-sandbox: the runs were not isolated)"
    assert "not isolated" in page.split("</h1>")[0]


def test_a_hanging_submission_costs_a_few_timeouts_not_all_its_tests(
    capsys: pytest.CaptureFixture[str], classroom: Path
) -> None:
    for name in TESTS[1:]:
        (classroom / "at" / f"{name}.txt").unlink()
    for extra in range(4, 10):
        (classroom / "at" / f"at00{extra}.txt").write_bytes(
            (ROOT / "at" / "at001.txt").read_bytes()
        )
        (classroom / "expected" / f"at00{extra}.expected.txt").write_bytes(
            (ROOT / "expected" / "at001.expected.txt").read_bytes()
        )
    started = time.perf_counter()
    hanging = str(classroom / "class" / "hanging0")
    assert (
        main(
            ["grade", "--exe", "{}/space_defender_2", "--tests", str(classroom / "at"), "-j", "1"]
            + ["--timeout", "0.5", "--give-up", "2", "--out", str(classroom / "out"), hanging]
            + ["--no-sandbox"]
        )
        == 0
    )
    assert time.perf_counter() - started < 3
    matrix = (classroom / "out" / "matrix.csv").read_text().splitlines()[1].split(",")[1:]
    assert matrix == ["timed out"] * 2 + ["not run"] * 5


def test_reports_with_no_store_beside_them_are_kept_unless_fresh(
    capsys: pytest.CaptureFixture[str], classroom: Path
) -> None:
    (classroom / "out").mkdir()
    (classroom / "out" / "grades.csv").write_text("last year's grades\n")
    command = ["grade", "--exe", "{}/space_defender_2"]
    command += ["--tests", str(classroom / "at" / "at001.txt"), "--out", str(classroom / "out")]
    command += ["--no-sandbox", str(classroom / "class" / "printer0")]
    assert main(command) == 2
    assert capsys.readouterr().err.endswith(
        "grades.csv exist already, with no grading store: --fresh replaces them\n"
    )
    assert (classroom / "out" / "grades.csv").read_text() == "last year's grades\n"
    assert main([*command, "--fresh"]) == 0
    assert (classroom / "out" / "grades.csv").read_text().startswith("submission,passed")


@pytest.mark.parametrize(
    ("template", "message"),
    [
        (
            "space_defender_2",
            "at: --exe 'space_defender_2' must name the program with {} for the folder\n",
        ),
        ("'{}/x", 'at: cannot parse --exe "\'{}/x": No closing quotation\n'),
    ],
)
def test_a_template_that_names_no_program_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], classroom: Path, template: str, message: str
) -> None:
    assert main(["grade", "--exe", template, "--out", str(classroom / "out"), "x"]) == 2
    assert capsys.readouterr().err == message


def test_a_submission_that_floods_its_output_is_stopped_as_an_error(
    capsys: pytest.CaptureFixture[str], classroom: Path
) -> None:
    flooding = classroom / "class" / "flooding0"
    flooding.mkdir()
    (flooding / "space_defender_2").write_text("#!/bin/sh\nexec yes 'state:not started'\n")
    (flooding / "space_defender_2").chmod(0o755)
    started = time.perf_counter()
    assert (
        main(
            [
                "grade",
                "--exe",
                "{}/space_defender_2",
                "--tests",
                str(classroom / "at" / "at001.txt"),
            ]
            + ["--out", str(classroom / "out"), "--no-sandbox", str(flooding)]
        )
        == 0
    )
    assert time.perf_counter() - started < 5
    page = (classroom / "out" / "report.html").read_text()
    assert "at001: printed too much (more than " in page


def test_stopping_a_grading_ends_a_run_in_flight_without_the_sandbox(tmp_path: Path) -> None:
    """Ctrl-C stops the grader's guard: a --no-sandbox run of a program that would go on for 20 s
    more is ended at once, not waited for."""
    case = collect([ROOT / "at" / "at001.txt"], None)[0]
    grader = SubmissionRunner({case: b""}, timeout=30, give_up=3, timeouts={})
    sleeper = Submission("sleeper", tmp_path, (sys.executable, "-c", "import time; time.sleep(20)"))
    started = time.monotonic()
    threading.Timer(0.5, grader.guard.stop).start()
    with pytest.raises(Stopped):
        grader(sleeper, case)
    assert time.monotonic() - started < 10


def test_a_submissions_program_without_its_execute_bit_is_not_executable(
    capsys: pytest.CaptureFixture[str], classroom: Path
) -> None:
    uploaded = classroom / "class" / "uploaded0"
    uploaded.mkdir()
    (uploaded / "space_defender_2").write_text("#!/bin/sh\nexit 0\n")  # no execute bit
    command = ["grade", "--no-sandbox", "--exe", "{}/space_defender_2"]
    command += ["--tests", str(classroom / "at" / "at001.txt"), "--out", str(classroom / "out")]
    assert main([*command, str(classroom / "class" / "oracle0"), str(uploaded)]) == 0
    rows = (classroom / "out" / "grades.csv").read_text().splitlines()
    assert rows[-1].startswith("uploaded0,") and rows[-1].endswith(",1 not executable")
