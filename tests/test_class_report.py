"""report.html of a graded class: 30 generated submissions, one kind per injected fault (exact,
one trailing space on the state line, one wrong rule in the tests where a Grunt spawns, a
wrong echo in the few tests that move, a crash, a hang), graded over ten tests; the report groups
the failures into one cause per fault with the right counts, in the file and in a real browser."""

import json
import re
from pathlib import Path

import pytest

from acceptance.cli import main
from tests.browser import Browser, browser  # noqa: F401 (the fixture)
from tests.classroom import SPACE_CLASS, SPACE_TESTS, TEMPLATE, copy_suite, make_class, holding

CAUSE_ROW = re.compile(
    r'<tr class="cause" id="cause-\d+" data-name="[^"]*"><td class="(\w+)">([^<]*)</td>'
    r'<td><span class="what">([^<]*)</span>.*?<td class="number tests">(\d+)</td>'
    r'<td class="number submissions">(\d+)</td><td class="number occurrences">(\d+)</td>',
    re.S,
)


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The output folder of `at grade` over the class: every kind's programs over the suite."""
    folder = tmp_path_factory.mktemp("class")
    suite = copy_suite(folder / "suite", SPACE_TESTS)
    pupils = make_class(folder / "class", SPACE_CLASS)
    options = ["--timeout", "1", "--give-up", "10", "-j", "4", "--out", str(folder / "out")]
    assert main(["grade", "--exe", TEMPLATE, "--tests", str(suite), *options, *map(str, pupils)]) == 0
    return folder


def expected_causes(folder: Path) -> set[tuple[str, str, int, int]]:
    """One cause per injected fault: its verdict and words, and how many tests and submissions."""
    suite = folder / "suite"
    spawning = holding(suite, r"Grunt\(id:\d+\) spawns")
    moving = holding(suite, r"^->move\(")
    assert 1 < len(spawning) < 10 and 1 < len(moving) < 10
    return {
        ("failed", "“·” added after “state:not started, normal, ok”", 10, 5),
        ("failed", "“s” printed as “ed” after “A Grunt(id:#) spawn”", len(spawning), 5),
        ("failed", "“·” added after “-&gt;move”", len(moving), 6),
        ("crashed", "exit status 1 · ZeroDivisionError: division by zero", 10, 4),
        ("timed out", "no end after 1s", 10, 2),
    }


def test_each_injected_fault_is_one_cause_with_its_counts(graded: Path) -> None:
    page = (graded / "out" / "report.html").read_text()
    rows = CAUSE_ROW.findall(page)
    found = {(verdict, what, int(tests), int(pupils)) for _, verdict, what, tests, pupils, _ in rows}
    assert len(rows) == 5
    assert found == expected_causes(graded)
    assert all(int(occurrences) <= int(tests) * int(pupils) for *_, tests, pupils, occurrences in rows)
