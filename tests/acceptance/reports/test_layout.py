"""report.html reads at a glance, at any width: the submissions first, then the class's causes,
then the tests, those every submission passed folded away; a heading on one short line; columns
named for what they count; and in headless Chromium, every diff open, a document no wider than its
window at 1280 px and at a phone's 390 px, long lines of the board scrolling in their own box.

The class is of realistic size, built in memory as `at grade` grades it (no program is run):
eight submissions over the 106 tests, with a changed number, spacing, a tab, a crash with its
error output, causes and the suite's coverage found as a grading finds them, and a long folder
name. Screenshots at both
widths are written beside the page, in the test's own folder."""

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from acceptance.marking.scheme import parse_scheme
from acceptance.marking.submissions import Grade, Submission
from acceptance.reports.class_report import HEADING, class_html
from acceptance.running.cases import Case, collect
from acceptance.running.cause import cause_of
from acceptance.running.coverage import coverage
from acceptance.running.suite import Outcome, Result, difference
from tests.classroom import ROOT
from tools.webpage.browser import Browser

SCHEME = '[points]\n"at0*" = 2\n[mark]\ntiers = [[100, 4], [80, 3], [50, 2], [1, 1]]\n'
WIDTHS = (1280, 390)
SPECIAL = re.compile(rb"^->special", re.M)
CRASH = "exit status 1\nTraceback (most recent call last):\nKeyError: 'special'"
Fault = Callable[[bytes], bytes]
FAULTS: dict[str, Fault] = {
    "exact-a": lambda expected: expected,
    "exact-b": lambda expected: expected,
    "health": lambda expected: expected.replace(b"health:120/120", b"health:80/80"),
    "spacing": lambda expected: expected.replace(b"\n->move(", b"\n->move ("),
    "tabbed": lambda expected: expected.replace(b"\n->move(", b"\n->move\t("),
    "crashing": lambda expected: expected,  # crashes in the tests that use a special
    "a-submission-whose-repository-has-a-rather-long-name-final-2": lambda expected: (
        expected.replace(b"health:120/120", b"health:100/120")
    ),
    "mixed": lambda expected: expected.replace(b"health:120/120", b"health:80/80").replace(
        b"\n->move(", b"\n->move ("
    ),
}


def result_of(name: str, case: Case, expected: bytes) -> Result:
    """What a submission gets on a test, as `at grade` grades it (its cause found)."""
    if name == "crashing" and SPECIAL.search(expected):
        actual = b"".join(expected.splitlines(True)[:5])
        return Result(case, Outcome.CRASHED, 0.1, difference(case, expected, actual), CRASH)
    mismatch = difference(case, expected, FAULTS[name](expected))
    if mismatch is None:
        return Result(case, Outcome.PASSED, 0.1)
    return Result(case, Outcome.FAILED, 0.1, mismatch, cause=cause_of(case, mismatch))


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """report.html of the class, written in a folder of its own."""
    cases = collect([ROOT / "at"])
    expected = {case: case.expected.read_bytes() for case in cases if case.expected}
    grades = [
        Grade(
            Submission(name, Path("class") / name, ("program",)),
            tuple(result_of(name, case, expected[case]) for case in cases),
        )
        for name in FAULTS
    ]
    points = parse_scheme(SCHEME, [case.name for case in cases], "scheme.toml")
    path = tmp_path_factory.mktemp("layout") / "report.html"
    text = class_html(grades, points, "isolation: bubblewrap", coverage(cases))
    path.write_text(text, encoding="utf-8")
    return path


def test_the_submissions_come_first_then_the_causes_then_the_tests(page: Path) -> None:
    text = page.read_text()
    sections = re.findall(r'<section id="([\w-]+)"><h2>', text)
    assert sections == ["submissions", "glance", "causes", "missed", "tests", "coverage"]


def test_the_tests_every_submission_passed_are_folded_away(page: Path) -> None:
    text = page.read_text()
    shown = text[text.index('<table id="test-table"') : text.index('<details id="passed-by-all"')]
    folded = text[text.index('<details id="passed-by-all">') :]
    folded = folded[: folded.index("</details>")]
    failing = re.findall(r'data-value="\d+">(\d+) of 8</td>', shown)
    passing = re.findall(r'data-value="\d+">(\d+) of 8</td>', folded)
    assert failing and all(int(count) < 8 for count in failing)
    assert passing and all(count == "8" for count in passing)
    assert len(failing) + len(passing) == 106
    assert f"<summary>{len(passing)} tests every submission passed</summary>" in folded


@pytest.mark.parametrize("width", WIDTHS)
def test_the_page_fits_its_window_with_every_diff_open(
    page: Path, browser: Browser, width: int
) -> None:
    browser.resize(width, 900, mobile=width < 600)
    browser.open(page.resolve().as_uri())
    shot = page.with_name(f"report-{width}.png")  # the page as it opens, to look at
    browser.screenshot(shot)
    assert shot.read_bytes().startswith(b"\x89PNG")
    browser.evaluate("document.querySelectorAll('details').forEach((shown) => shown.open = true)")
    seen = browser.evaluate("""new Promise((done) => setTimeout(() => {
            const heading = document.querySelector("h1");
            const pres = Array.from(document.querySelectorAll("pre"));
            done({
                document: document.documentElement.scrollWidth,
                shown: document.documentElement.clientWidth,  // the window less its scrollbar
                window: window.innerWidth,
                heading: [heading.textContent, heading.getBoundingClientRect().height,
                    parseFloat(getComputedStyle(heading).lineHeight),
                    heading.scrollWidth - heading.clientWidth],
                longest: Math.max(...pres.flatMap((pre) => pre.textContent.split("\\n")
                    .map((line) => line.length))),
                scrolling: pres.filter((pre) => pre.scrollWidth > pre.clientWidth).length,
                runs: Array.from(document.querySelectorAll("#verdicts td[data-label=runs]"))
                    .reduce((sum, cell) => sum + Number(cell.textContent), 0),
            });
        }, 200))""")
    assert seen["window"] == width  # laid out at the window's width, not zoomed out to fit
    assert seen["document"] <= seen["shown"] <= seen["window"]
    assert seen["longest"] > 100 and seen["scrolling"] > 0  # board lines, in their own boxes
    text, height, line, cut = seen["heading"]
    assert text == HEADING and height < 1.5 * line and cut == 0  # one line, none of it hidden
    assert seen["runs"] == 8 * 106  # the verdicts count runs, and say so
    assert browser.errors == []


def test_columns_say_what_they_count(page: Path) -> None:
    text = page.read_text()
    assert "<th>verdict</th><th>runs</th><th>submissions</th>" in text
    assert '<th data-sort="number">runs</th></tr>' in text  # a cause's (submission, test) pairs
    assert '<th data-sort="number">passed by</th>' in text
    assert "<title>Grades: 8 submissions, 106 tests; isolation: bubblewrap</title>" in text
    facts = re.search(r'<p id="facts">([^<]*)</p>', text)
    assert facts and facts.group(1).startswith("8 submissions, 106 tests; ")
    assert facts.group(1).endswith("; isolation: bubblewrap")
