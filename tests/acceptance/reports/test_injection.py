"""What students control never acts in the grader's reports: submission names, outputs and error
output that look like spreadsheet formulas are quoted in every CSV (OWASP's advice against CSV
injection), and markup in them shows as text in report.html, in headless Chromium: no script of
theirs runs, the page's title and elements are the report's own."""

import csv
from pathlib import Path

import pytest

from acceptance.reports.grade_report import inert
from tests.classroom import ROOT, copy_suite, grade_unsandboxed
from tools.webpage.browser import Browser

FORMULAS = ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tx", "\rx"]
MARKUP = [  # folder names: no slash, so no closing tag
    "<script>window.pwned=1",
    "<b onmouseover=window.pwned=1>bold",
    "<img src=x onerror=window.pwned=2>",
    "<svg onload=window.pwned=3>",
]
HOSTILE = (
    "#!/bin/sh\n"
    "echo '<script>window.pwned=4;document.title=\"pwned\"</script>'\n"
    "echo '<img src=x onerror=window.pwned=5>' >&2\n"
    "echo '=HYPERLINK(\"http://x\")' >&2\n"
    "exit 1\n"
)


@pytest.mark.parametrize("cell", FORMULAS)
def test_a_cell_that_could_start_a_formula_is_quoted(cell: str) -> None:
    assert inert(cell) == "'" + cell


@pytest.mark.parametrize("cell", ["alice", "100.0", "3 timed out", "", "a=b", "(points per test)"])
def test_other_cells_are_left_as_they_are(cell: str) -> None:
    assert inert(cell) == cell


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A class whose names are formulas and markup, whose programs print markup and formulas."""
    folder = tmp_path_factory.mktemp("injection")
    copy_suite(folder / "suite", [ROOT / "at" / "at001.txt", ROOT / "at" / "at002.txt"])
    pupils = []
    for name in FORMULAS + MARKUP:
        pupil = folder / "class" / name
        pupil.mkdir(parents=True)
        (pupil / "program").write_text(HOSTILE)
        (pupil / "program").chmod(0o755)
        pupils.append(pupil)
    grade_unsandboxed(folder / "suite", pupils, "--out", str(folder / "out"))
    return folder


def test_every_csv_quotes_the_formulas_among_names_and_reasons(graded: Path) -> None:
    for report in ("grades.csv", "matrix.csv"):
        with open(graded / "out" / report, newline="") as file:
            rows = list(csv.reader(file))
        names = [row[0] for row in rows[1:]]
        assert names == ["'" + name for name in FORMULAS] + MARKUP, report
        cells = [cell for row in rows for cell in row]
        assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]


def test_the_page_shows_hostile_names_outputs_and_errors_as_text(
    graded: Path, browser: Browser
) -> None:
    page = graded / "out" / "report.html"
    title = page.read_text().split("<title>")[1].split("</title>")[0]
    browser.open(page.resolve().as_uri())
    browser.evaluate(
        "document.querySelectorAll('details').forEach((shown) => { shown.open = true; })"
    )
    seen = browser.evaluate("""new Promise((done) => setTimeout(() => done({
            title: document.title,
            pwned: window.pwned === undefined ? null : window.pwned,
            scripts: document.scripts.length,
            strangers: document.querySelectorAll("img, svg, iframe, object").length,
            text: document.body.innerText,
        }), 200))""")
    assert seen["title"] == title.replace("&#x27;", "'") and seen["pwned"] is None
    assert seen["scripts"] == 2  # the report's own: its diffs' data and its code
    assert seen["strangers"] == 0
    for name in MARKUP:
        assert name in seen["text"]
    assert "<img src=x onerror=window.pwned=5>" in seen["text"]
    assert browser.errors == []
