"""report.html of a graded class: 30 generated submissions, one kind per injected fault (exact,
one trailing space on the state line, one wrong rule in the tests where a Grunt spawns, a
wrong echo in the few tests that move, a crash, a hang), graded over ten tests; the report groups
the failures into one cause per fault with the right counts, in the file and in a real browser;
causes.csv and the page name the rules the causes of the failing tests name (what the class
misses); the page ends with the rules of the oracle's table the suite reaches. Its histogram has
a bar per tenth of the scores and one for full scores, scaled to the tallest."""

import csv
import html
import io
import re
from pathlib import Path

import pytest

from acceptance.reports.class_report import bucket_label, bucket_of, coverage_html, histogram
from acceptance.running.cases import collect
from acceptance.running.coverage import coverage
from provenance.rules import RULES
from tests.classroom import (
    SPACE_CLASS,
    SPACE_TESTS,
    copy_suite,
    grade_unsandboxed,
    holding,
    make_class,
)
from tools.webpage.browser import Browser

BAR = re.compile(
    r'<div class="bucket" title="(\d+) scored ([^"]+)"><span class="count">(\d+)</span>'
    r'<div class="bar" style="height:(\d+)%"></div><span class="label">([^<]+)</span></div>'
)
CAUSE_ROW = re.compile(
    r'<tr class="cause" id="cause-\d+" data-name="[^"]*"><td class="(\w+)">([^<]*)</td>'
    r'<td><span class="what">([^<]*)</span>.*?<td class="number tests" data-label="tests">(\d+)'
    r'</td><td class="number submissions" data-label="submissions">(\d+)</td>'
    r'<td class="number runs" data-label="runs">(\d+)</td>',
    re.S,
)


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The output folder of `at grade` over the class: every kind's programs over the suite."""
    folder = tmp_path_factory.mktemp("class")
    suite = copy_suite(folder / "suite", SPACE_TESTS)
    pupils = make_class(folder / "class", SPACE_CLASS)
    options = ["--timeout", "1", "--give-up", "10", "-j", "4", "--out", str(folder / "out")]
    grade_unsandboxed(suite, pupils, *options)
    return folder


def expected_causes(folder: Path) -> set[tuple[str, str, int, int]]:
    """One cause per injected fault: its verdict and words, and how many tests and submissions."""
    suite = folder / "suite"
    spawning = holding(suite, r"Grunt\(id:\d+\) spawns")
    moving = holding(suite, r"^->move\(")
    assert 1 < len(spawning) < 10 and 1 < len(moving) < 10
    return {
        (
            "failed",
            "white space only (a trailing space):"
            " a space added after “state:not started, normal, ok”"
            ", in a line of view.state (messages.txt: COMMON STATE MESSAGE)",
            10,
            5,
        ),
        (
            "failed",
            "spawn.natural (spec 6.13.7 Phase 7: Enemy Spawn): “spawns” printed as “spawned”"
            " after “A Grunt(id:1)”",
            len(spawning),
            5,
        ),
        (
            "failed",
            "white space only (spacing): a space added after “-&gt;move”,"
            " in a line of echo.command"
            " (etf.md)",
            len(moving),
            6,
        ),
        ("crashed", "exit status 1 — ZeroDivisionError: division by zero", 10, 4),
        ("timed out", "no end after 1s", 10, 2),
    }


def test_each_injected_fault_is_one_cause_with_its_counts(graded: Path) -> None:
    page = (graded / "out" / "report.html").read_text()
    rows = CAUSE_ROW.findall(page)
    found = {
        (verdict, what, int(tests), int(pupils)) for _, verdict, what, tests, pupils, _ in rows
    }
    assert len(rows) == 5
    assert found == expected_causes(graded)
    assert all(int(runs) <= int(tests) * int(pupils) for *_, tests, pupils, runs in rows)


def test_a_browser_shows_the_causes_histogram_diffs_and_finds_by_name(
    graded: Path, browser: Browser
) -> None:
    browser.open((graded / "out" / "report.html").resolve().as_uri())
    causes = browser.evaluate(
        """Array.from(document.querySelectorAll("#cause-table tbody tr")).map((row) => [
            row.cells[0].textContent, row.querySelector(".what").textContent,
            Number(row.querySelector(".tests").textContent),
            Number(row.querySelector(".submissions").textContent)])"""
    )
    wanted = {(v, w.replace("&gt;", ">"), t, p) for v, w, t, p in expected_causes(graded)}
    assert {tuple(cause) for cause in causes} == wanted

    bars = browser.evaluate(
        """Array.from(document.querySelectorAll("#histogram .bucket")).map((bar) =>
            [Number(bar.querySelector(".count").textContent), bar.querySelector(".bar")
            .getBoundingClientRect().height])"""
    )
    assert len(bars) == 11 and sum(count for count, _ in bars) == 30
    assert all((height > 1) == (count > 0) for count, height in bars)

    opened = browser.evaluate("""(() => {
            const test = document.querySelector('tr[data-name="spacey00"] details.test');
            const before = test.querySelector("pre").getBoundingClientRect().height;
            test.closest("details.cause").open = true;
            test.open = true;
            return new Promise((done) => setTimeout(() => done([before,
                test.querySelector("pre").textContent,
                test.querySelector("pre").getBoundingClientRect().height]), 50));
        })()""")
    assert opened[0] == 0 and opened[2] > 0
    assert opened[1].startswith("    --- expected\n    +++ actual\n    @@ -1,2 +1,2 @@ (initial")
    assert "\n    +  state:not started, normal, ok⟦·⟧\n" in opened[1]

    browser.evaluate('document.querySelector("#search").focus()')
    browser.type("mover0")
    shown = browser.evaluate("""Array.from(document.querySelectorAll("#submission-table tbody tr"))
            .filter((row) => row.offsetParent !== null).map((row) => row.cells[0].textContent)""")
    assert shown == [f"mover{number:02d}" for number in range(6)]
    assert browser.evaluate('document.getElementById("shown").textContent') == "6 shown"
    browser.screenshot(graded / "report.png")
    assert browser.errors == []  # no console error, exception or failed load
    assert (graded / "report.png").read_bytes().startswith(b"\x89PNG")


def test_scores_sort_by_a_click_on_their_heading(graded: Path, browser: Browser) -> None:
    browser.open((graded / "out" / "report.html").resolve().as_uri())
    scores = browser.evaluate("""(() => {
            const heading = Array.from(document.querySelectorAll("#submission-table th"))
                .find((th) => th.textContent === "score");
            heading.click();
            heading.click();
            return Array.from(document.querySelectorAll("#submission-table tbody tr"))
                .map((row) => Number(row.cells[1].textContent));
        })()""")
    assert scores == sorted(scores, reverse=True) and scores[0] == 100 and scores[-1] == 0


def test_names_and_tests_sort_too(graded: Path, browser: Browser) -> None:
    browser.open((graded / "out" / "report.html").resolve().as_uri())
    columns = browser.evaluate("""(() => {
            const column = (table, index) => Array.from(
                document.querySelectorAll(`#${table} tbody tr`)).map((row) => row.cells[index]
                .textContent);
            const click = (table, name) => Array.from(document.querySelectorAll(`#${table} th`))
                .find((th) => th.textContent === name).click();
            const hardest = column("test-table", 0);
            click("test-table", "test");
            const byName = column("test-table", 0);
            click("submission-table", "submission");
            click("submission-table", "submission");
            return [hardest, byName, column("submission-table", 0)];
        })()""")
    hardest, by_name, submissions = columns
    assert by_name == sorted(hardest) and hardest != by_name
    assert submissions == sorted(submissions, reverse=True) and len(submissions) == 30


@pytest.mark.parametrize(
    ("score", "bucket"),
    [(0, 0), (9.99, 0), (10, 1), (19.99, 1), (50, 5), (89.99, 8), (90, 9), (99.99, 9), (100, 10)],
)
def test_a_score_falls_in_its_tenth_and_a_full_score_has_its_own_bar(
    score: float, bucket: int
) -> None:
    assert bucket_of(score) == bucket


def test_the_histogram_has_a_bar_per_tenth_each_labelled_and_scaled_to_the_tallest() -> None:
    bars = BAR.findall(histogram([100, 100, 100, 100, 55, 50, 0, 9.5]))
    assert [(int(count), label, int(height)) for count, _, _, height, label in bars] == [
        (2, "0–9", 50),
        (0, "10–19", 0),
        (0, "20–29", 0),
        (0, "30–39", 0),
        (0, "40–49", 0),
        (2, "50–59", 50),
        (0, "60–69", 0),
        (0, "70–79", 0),
        (0, "80–89", 0),
        (0, "90–99", 0),
        (4, "100", 100),
    ]
    assert all(title == count and scored == label for title, scored, count, _, label in bars)
    assert [bucket_label(bucket) for bucket in (0, 9, 10)] == ["0–9", "90–99", "100"]


def test_the_report_shows_the_rules_the_suite_reaches_the_fewest_tests_first(graded: Path) -> None:
    page = (graded / "out" / "report.html").read_text()
    (game,) = coverage(collect([graded / "suite"])).games
    said = f"{len(game.tests)} tests reach {len(game.reached)} of the oracle's {len(game.rules)}"
    assert f"Space Defender 2: {said} rules; {len(game.unreached)} none does." in page
    section = page[page.index('<section id="coverage">') :]
    section = section[: section.index("</section>")]
    rules = re.findall(
        r'<tr class="(\w+)"><td class="name">([^<]*)</td><td>[^<]*</td>'
        r'<td class="number" data-label="tests">(\d+)',
        section,
    )
    assert len(rules) == len(game.rules) and len(game.unreached) > len(RULES) // 4
    assert [int(tests) for *_, tests in rules] == sorted(len(r.tests) for r in game.rules)
    assert {name for kind, name, _ in rules if kind == "unreached"} == {
        reach.rule for reach in game.unreached
    }


def test_the_coverage_of_a_suite_whose_scripts_cannot_be_read_is_said_unknown() -> None:
    assert coverage_html(None) == "<p>Unknown: the suite's scripts could not be read.</p>"


def test_causes_csv_and_the_report_name_the_rules_the_class_misses_and_their_spec(
    graded: Path,
) -> None:
    spawning = holding(graded / "suite", r"Grunt\(id:\d+\) spawns")
    rows = list(csv.reader(io.StringIO((graded / "out" / "causes.csv").read_text())))
    assert rows[0] == ["rule", "spec", "submissions", "tests"]
    found = {(rule, spec): (int(pupils), int(tests)) for rule, spec, pupils, tests in rows[1:]}
    assert found[("spawn.natural", "spec 6.13.7 Phase 7: Enemy Spawn")] == (5, len(spawning))
    assert found[("view.state", "messages.txt: COMMON STATE MESSAGE")] == (5, 10)
    page = (graded / "out" / "report.html").read_text()
    section = page[page.index('<section id="missed">') : page.index('<section id="tests">')]
    shown = re.findall(
        r'<span class="what">([^<]*)</span> \(([^<]*)\).*?<td class="number submissions"'
        r' data-label="submissions">(\d+)</td><td class="number tests" data-label="tests">(\d+)'
        r"</td>",
        section,
        re.S,
    )
    assert [
        (html.unescape(rule), html.unescape(spec), int(p), int(t)) for rule, spec, p, t in shown
    ] == [(rule, spec, pupils, tests) for (rule, spec), (pupils, tests) in found.items()]


def test_the_table_of_what_the_class_misses_holds_its_rows_and_nothing_between(
    graded: Path,
) -> None:
    rows = list(csv.reader(io.StringIO((graded / "out" / "causes.csv").read_text())))[1:]
    page = (graded / "out" / "report.html").read_text()
    table = page[page.index('<table id="missed-table"') :]
    body = table[table.index("<tbody>") + len("<tbody>") : table.index("</tbody>")]
    *shown, end = body.split("</tr>")
    assert len(shown) == len(rows) > 1 and end == ""
    assert all(row.startswith('<tr class="cause missed"') for row in shown)
