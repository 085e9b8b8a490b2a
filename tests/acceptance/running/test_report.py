"""Reports from results alone: headlines, full reports, JUnit XML and JSON."""

import json
from pathlib import Path
from xml.etree import ElementTree

from acceptance.running.cases import Case
from acceptance.running.compare import compare
from acceptance.running.run_report import full_report, headline, json_summary, junit_xml
from acceptance.running.suite import Outcome, Result, Summary

CASE = Case("at900", Path("at/at900.txt"), Path("expected/at900.expected.txt"))
EXPECTED = b"  state:not started, normal, ok\n->pass\n  state:in game(1.0), normal, ok\n"
CRASH = Result(
    CASE,
    Outcome.CRASHED,
    mismatch=compare(EXPECTED, EXPECTED[:39]),
    detail="exit status 1\n\x1b[31mPrecondition violated\x1b[0m",
)


def test_headline_names_test_outcome_reason_and_place() -> None:
    assert headline(CRASH) == "at900: crashed (exit status 1) at line 3, column 1, in ->pass"
    assert headline(Result(CASE, Outcome.NOT_FOUND, detail="cannot run 'x'")) == (
        "at900: not found (cannot run 'x')"
    )


def test_full_report_ends_with_the_program_error_output() -> None:
    lines = full_report(CRASH).splitlines()
    assert lines[-2:] == ["    error output:", "    \x1b[31mPrecondition violated\x1b[0m"]
    assert lines[1:6] == [
        "    --- expected",
        "    +++ actual",
        "    @@ -2,2 +2,1 @@ ->pass",
        "     ->pass",
        "    -  state:in game(1.0), normal, ok",
    ]


def test_junit_xml_is_well_formed_even_with_control_characters() -> None:
    summary = Summary((CRASH, Result(CASE, Outcome.PASSED)), 0.25)
    suite = ElementTree.fromstring(junit_xml(summary))
    error = suite.find("testcase/error")
    assert (suite.get("tests"), suite.get("errors"), suite.get("failures")) == ("2", "1", "0")
    assert error is not None and error.get("type") == "CRASHED"
    assert "\\x1b[31mPrecondition violated" in (error.text or "")


def test_json_summary_lists_every_test() -> None:
    summary = json.loads(json_summary(Summary((CRASH, Result(CASE, Outcome.PASSED)), 0.25)))
    assert (summary["passed"], summary["failed"], summary["total"]) == (1, 1, 2)
    assert [test["outcome"] for test in summary["tests"]] == ["crashed", "passed"]
    assert summary["tests"][0]["place"] == "->pass"
