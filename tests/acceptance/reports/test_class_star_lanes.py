"""A Star Lanes class graded as a Space Defender 2 one is: 12 generated submissions (exact, a
trailing space on the title line, a wrong split rule, a crash, a hang) over six tests of
at/star_lanes with their seeds, with a points file; its report groups one cause per fault, the
points change its scores, and its Gradescope results.json holds the typed line of each diff."""

import csv
import json
import re
from pathlib import Path

import pytest

from acceptance.cli.main import main
from tests.classroom import (
    LANES_CLASS,
    LANES_TESTS,
    TEMPLATE,
    copy_suite,
    grade_unsandboxed,
    holding,
    make_class,
)

CAUSE_ROW = re.compile(
    r'<tr class="cause" id="cause-\d+" data-name="[^"]*"><td class="\w+">([^<]*)</td>'
    r'<td><span class="what">([^<]*)</span>.*?<td class="number tests" data-label="tests">(\d+)'
    r'</td><td class="number submissions" data-label="submissions">(\d+)</td>',
    re.S,
)
POINTS = "star_lanes/*split* 2\n"


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`at grade` of the class over the suite, with the points file."""
    folder = tmp_path_factory.mktemp("lanes")
    suite = copy_suite(folder / "star_lanes", LANES_TESTS)
    pupils = make_class(folder / "class", LANES_CLASS)
    (folder / "points.txt").write_text(POINTS)
    options = ["--timeout", "2", "--give-up", "6", "-j", "4", "--out", str(folder / "out")]
    options += ["--points", str(folder / "points.txt")]
    grade_unsandboxed(suite, pupils, *options)
    return folder


def test_each_fault_is_one_cause_with_its_counts(graded: Path) -> None:
    splitting = holding(graded / "star_lanes", "HAS SPLIT 2 FOR 1")
    assert 1 < len(splitting) < 6
    rows = CAUSE_ROW.findall((graded / "out" / "report.html").read_text())
    assert {(verdict, what, int(tests), int(pupils)) for verdict, what, tests, pupils in rows} == {
        (
            "failed",
            "white space only (a trailing space): a space added after"
            " “* S * T * A * R ** L * A * N * E * S *”",
            6,
            3,
        ),
        (
            "failed",
            "“2” printed as “3” after “…STOCK OF CAPELLA FREIGHT CO. HAS SPLIT”",
            len(splitting),
            3,
        ),
        ("crashed", "exit status 1 — ZeroDivisionError: division by zero", 6, 2),
        ("timed out", "no end after 2s", 6, 1),
    }


def test_points_weigh_the_split_tests(graded: Path) -> None:
    with open(graded / "out" / "grades.csv", newline="") as file:
        rows = {row["submission"]: row for row in csv.DictReader(file)}
    split_tests = [path.stem for path in LANES_TESTS if "split" in path.stem]
    possible = 2 * len(split_tests) + 6 - len(split_tests)
    splitting = holding(graded / "star_lanes", "HAS SPLIT 2 FOR 1")
    lost = sum(2 if "split" in name else 1 for name in splitting)
    assert rows["exact00"]["points"] == rows["exact00"]["max_points"] == str(possible)
    assert rows["splitter00"]["points"] == str(possible - lost)
    assert rows["splitter00"]["score"] == f"{100 * (possible - lost) / possible:.1f}"
    matrix = (graded / "out" / "matrix.csv").read_text().splitlines()
    worth = [str(2 if "split" in path.stem else 1) for path in sorted(LANES_TESTS)]
    assert matrix[1] == ",".join(["(points per test)", *worth, str(possible)])


def test_gradescope_results_of_a_star_lanes_submission(graded: Path) -> None:
    results = graded / "results.json"
    command = ["grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", str(graded / "star_lanes")]
    command += ["--points", str(graded / "points.txt"), "--out", str(graded / "one")]
    assert main([*command, "--gradescope", str(results), str(graded / "class" / "splitter00")]) == 0
    tests = json.loads(results.read_text())["tests"]
    failed = [test for test in tests if test["status"] == "failed"]
    assert failed and all(test["name"].startswith("star_lanes/") for test in tests)
    assert all(" in input line " in test["output"] for test in failed)
    assert all("\n    +" in test["output"] for test in failed)
    assert all("HAS SPLIT ⟦3⟧ FOR 1" in test["output"] for test in failed)
