"""A failure as each view shows it: `at run` on a terminal's place (its stdout piped), report.html
(the failing test's entry: its headline and the text it opens on) and Gradescope's results.json
(the test's output), for generated submissions graded over one test of the project."""

import contextlib
import html
import io
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from acceptance.cli.main import main
from tests.classroom import PROGRAM, ROOT, TEMPLATE, Kind, copy_suite, make_class

TEST = "at005"
DIFFS = re.compile(r'<script type="application/json" id="diffs">(.*?)</script>', re.S)
ENTRY = re.compile(r'data-diff="(\d+)"><summary>(.*?)</summary>', re.S)
# A module of the clone as its sources name it: `model.session:Session.toggle_debug_mode`.
CLONE_MODULE = re.compile(r"\b(model|oracle|commands|provenance)\.[a-z_.]+:")


@dataclass(frozen=True)
class Views:
    """A failing test's text in each view: the terminal's, report.html's, Gradescope's."""

    terminal: str
    report: str
    gradescope: str

    def each(self) -> dict[str, str]:
        """The views by name."""
        return {"terminal": self.terminal, "report": self.report, "gradescope": self.gradescope}


def graded_class(folder: Path, kinds: Mapping[str, Kind]) -> dict[str, Views]:
    """Each kind's one submission graded over the test, as a class (report.html) and alone
    (Gradescope), and run by `at run` from the folder; each failure's views, by kind."""
    suite = copy_suite(folder / "suite", [ROOT / "at" / f"{TEST}.txt"])
    pupils = make_class(
        folder / "class", {kind: Kind(1, spec.body) for kind, spec in kinds.items()}
    )
    grade = ["grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", str(suite), "--timeout", "5"]
    assert main([*grade, "--out", str(folder / "out"), *map(str, pupils)]) == 0
    page = (folder / "out" / "report.html").read_text(encoding="utf-8")
    views = {}
    for pupil in pupils:
        results = folder / f"{pupil.name}.json"
        command = [*grade, "--gradescope", str(results), "--out", str(folder / pupil.name)]
        assert main([*command, str(pupil)]) == 0
        (test,) = json.loads(results.read_text(encoding="utf-8"))["tests"]
        views[pupil.name.rstrip("0123456789")] = Views(
            terminal(folder, pupil / PROGRAM, suite / f"{TEST}.txt"),
            entry(page, pupil.name),
            test["output"],
        )
    return views


def terminal(folder: Path, program: Path, script: Path) -> str:
    """What `at run --exe PROGRAM SCRIPT` prints, its stdout piped, run from `folder`."""
    printed = io.StringIO()
    with contextlib.chdir(folder), contextlib.redirect_stdout(printed):
        main(["run", "--exe", str(program), str(script)])
    return printed.getvalue()


def entry(page: str, submission: str) -> str:
    """A submission's failing test's entry in report.html: its headline, then its text."""
    match = DIFFS.search(page)
    assert match is not None
    texts = json.loads(match.group(1))
    row = page[page.index(f'data-name="{submission}"') :]
    found = ENTRY.search(row)
    assert found is not None
    return "\n".join([html_text(found.group(2)), texts[int(found.group(1))]])


def html_text(markup: str) -> str:
    """The text of a piece of the page's HTML, as its reader sees it."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def changed_lines(text: str) -> tuple[list[str], list[str]]:
    """The removed and added lines of the diff in a failure's text (indented under its headline),
    without their sign and indent."""
    lines = [line[4:] for line in text.splitlines() if line.startswith("    ")]
    body = [line for line in lines if not line.startswith(("---", "+++"))]
    return [line[1:] for line in body if line[:1] == "-"], [
        line[1:] for line in body if line[:1] == "+"
    ]
