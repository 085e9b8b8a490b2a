"""A run that printed nothing is said to have printed nothing, with its exit status, rather than
told a rule of the first line it lacks; a failing run's error output (its last lines) shows beside
its failure whatever the verdict: in `at run`, report.html and Gradescope. The case behind it: a
submission whose script calls a path the sandbox hides prints nothing, and only its error output
says why."""

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from acceptance.cli.main import main
from acceptance.running.outcome import Ending, stderr_tail, verdict
from tests.classroom import PROGRAM, Kind
from tests.failure_views import TEST, Views, changed_lines, graded_class

HIDDEN = '/hidden/bin/python3 main.py "$2"\n'  # a path the sandbox hides: `not found`
CAUSE = re.compile(
    r'<tr class="cause" [^>]*><td class="\w+">([^<]*)</td><td><span class="what">([^<]*)<'
)
KINDS = {
    "silent": Kind(1, HIDDEN + "exit 0\n"),
    "vanished": Kind(1, HIDDEN),  # the shell's own status: 127
    "warner": Kind(1, "sed '23d' \"$E\"\necho 'warning: the board is drawn twice' >&2\n"),
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the class is graded."""
    return tmp_path_factory.mktemp("silence")


@pytest.fixture(scope="module")
def views(folder: Path) -> dict[str, Views]:
    """Each kind's failure in each view."""
    return graded_class(folder, KINDS)


def test_a_silent_run_is_said_to_have_printed_nothing_with_its_exit_status_everywhere(
    views: dict[str, Views],
) -> None:
    for kind, headline in (
        ("silent", f"{TEST}: failed (printed nothing, exit status 0)"),
        ("vanished", f"{TEST}: crashed (printed nothing, exit status 127)"),
    ):
        for name, text in views[kind].each().items():
            assert text.splitlines()[0] == headline, (kind, name)
            assert "the cause" not in text and "view.state" not in text, (kind, name)
            assert changed_lines(text)[1] == [], (kind, name)


def test_the_error_output_of_a_silent_run_shows_why_it_printed_nothing(
    views: dict[str, Views],
) -> None:
    for kind in ("silent", "vanished"):
        for name, text in views[kind].each().items():
            errors = text.split("    error output:\n", 1)[1].splitlines()
            assert errors[0].endswith("/hidden/bin/python3: not found"), (kind, name)


def test_a_wrong_outputs_error_output_shows_beside_its_failure(views: dict[str, Views]) -> None:
    for name, text in views["warner"].each().items():
        assert text.startswith(f"{TEST}: failed at line 23, column 1, in ->toggle"), name
        assert "    error output:\n    warning: the board is drawn twice\n" in text, name
        assert "    the cause:\n" in text, name


def test_the_class_report_groups_silent_runs_by_what_they_said(folder: Path) -> None:
    rows = CAUSE.findall((folder / "out" / "report.html").read_text(encoding="utf-8"))
    silent = sorted((verdict, what) for verdict, what in rows if "printed nothing" in what)
    assert [(verdict, what.split(" — ")[0]) for verdict, what in silent] == [
        ("crashed", "printed nothing, exit status 127"),
        ("failed", "printed nothing, exit status 0"),
    ]
    assert all(what.endswith("/hidden/bin/python3: not found") for _, what in silent)


def test_json_says_a_silent_run_printed_nothing_and_gives_it_no_cause(folder: Path) -> None:
    printed = io.StringIO()
    program = folder / "class" / "silent00" / PROGRAM
    with contextlib.chdir(folder), contextlib.redirect_stdout(printed):
        main(["run", "--json", "--exe", str(program), str(folder / "suite" / f"{TEST}.txt")])
    (test,) = json.loads(printed.getvalue())["tests"]
    assert test["detail"].startswith("printed nothing, exit status 0\n")
    assert test["cause"] is None


@pytest.mark.parametrize(
    ("ending", "detail"),
    [
        (Ending(b"out\n", b"", 0), ""),
        (Ending(b"out\n", b"a warning\n", 0), "\na warning"),
        (Ending(b"", b"", 0), "printed nothing, exit status 0"),
        (
            Ending(b"", b"sh: x: not found\n", 127),
            "printed nothing, exit status 127\nsh: x: not found",
        ),
        (Ending(b"out\n", b"slow\n", -9, "timeout"), "no end after 2s\nslow"),
        (Ending(b"", b"", -9, "timeout"), "printed nothing, no end after 2s"),
    ],
)
def test_a_runs_detail_says_its_ending_then_its_error_output(ending: Ending, detail: str) -> None:
    assert verdict(ending, 2.0, ending.code).detail == detail


def test_error_output_shows_its_last_lines_each_cut_to_a_width() -> None:
    tail = stderr_tail(b"".join(b"line %d\n" % n for n in range(20)) + b"x" * 10_000 + b"\n")
    lines = tail.splitlines()
    assert lines[:4] == ["line 16", "line 17", "line 18", "line 19"]
    assert len(lines) == 5 and lines[4] == "x" * 200 + "…"
