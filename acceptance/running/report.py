"""Reports of a run for people (a progress bar as it goes, one line per failure, block diffs) and
for CI (JUnit XML, JSON)."""

import json
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any
from xml.etree import ElementTree

from acceptance.progress import Progress
from acceptance.running.cause import Cause, Group, groups
from acceptance.running.compare import (
    DiffLine,
    Mismatch,
    first_hunk,
    marks_used,
    visible,
    white_space,
)
from acceptance.running.memory import SinceLast
from acceptance.running.suite import ERRORS, Outcome, Result, Summary

INDENT = "    "
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
DiffShown = Callable[[tuple[DiffLine, ...]], list[str]] | None  # a block diff's lines (None: made)


def plural(count: int, unit: str) -> str:
    """A count with its unit, plural unless one: `1 test`, `3 tests`, `1 pair`."""
    return f"{count} {unit}{'' if count == 1 else 's'}"


def location(mismatch: Mismatch) -> str:
    """Where an output first differs, in words."""
    return f"line {mismatch.line}, column {mismatch.column}, in {mismatch.place}"


def headline(result: Result) -> str:
    """The one line that says which test failed, how, and where."""
    reason = result.detail.splitlines()[0] if result.detail else ""
    return "".join(
        [
            f"{result.case.name}: {result.outcome.value}",
            f" ({reason})" if reason else "",
            f" at {location(result.mismatch)}" if result.mismatch else "",
            cause_words(result),
        ]
    )


def spacing(result: Result) -> str:
    """What a wrong output's first difference in white space only is ('' for any other)."""
    wrong = result.outcome is Outcome.FAILED and result.mismatch is not None
    return white_space(first_hunk(result.mismatch.diff)) if wrong and result.mismatch else ""


def cause_words(result: Result) -> str:
    """The headline's end: a difference in white space only named as such, its line's rule as
    context, not as the fault; else the rule of the difference's cause."""
    spaces = spacing(result)
    if spaces:
        context = f", in a line of {result.cause.rule}" if result.cause else ""
        return f": white space only ({spaces}){context}"
    return f": {result.cause.rule} ({result.cause.kind.words})" if result.cause else ""


def block_report(
    mismatch: Mismatch,
    old: str = "expected",
    new: str = "actual",
    shown: DiffShown = None,
) -> list[str]:
    """The diff of the state block in force where two outputs first differ, invisibles marked
    (its lines as `shown` gives them: `diff_lines` made once per diff, say)."""
    return [
        f"{INDENT}{mismatch.block} of {mismatch.place} (- {old}, + {new}; numbers are line numbers):",
        *(shown or diff_lines)(mismatch.diff),
    ]


def diff_lines(diff: tuple[DiffLine, ...]) -> list[str]:
    """A block diff's lines, numbered, invisibles marked, and the legend of the marks used."""
    body = [f"{INDENT}{line.side.value} {line.number:>5} {visible(line.text)}" for line in diff]
    marks = marks_used(body)
    legend = (
        [f"{INDENT}marks: " + ", ".join(f"{mark} {meaning}" for mark, meaning in marks.items())]
        if marks
        else []
    )
    return body + legend


def details(result: Result, shown: DiffShown = None, verbose: bool = False) -> list[str]:
    """What a student needs past the headline: the block diff (its lines as `shown` gives
    them), the program's error output, and the cause of the difference (verbose: with the
    clone's functions behind its rule)."""
    diff = block_report(result.mismatch, shown=shown) if result.mismatch else []
    more = result.detail.splitlines()[1:]
    errors = [f"{INDENT}error output:"] + [INDENT + line for line in more] if more else []
    return diff + errors + cause_report(result, verbose)


def cause_report(result: Result, verbose: bool = False) -> list[str]:
    """The oracle's line that best explains the difference, with its rule, for a person."""
    spaces = spacing(result)
    if spaces:
        said = f"{INDENT}the cause: white space only ({spaces}), the words are the oracle's"
        named = result.cause.named if result.cause else ""
        return [said] + ([f"{INDENT}{INDENT}in a line of {named}"] if named else [])
    if result.cause is None:
        return []
    told = result.cause.told(verbose)
    return [f"{INDENT}the cause:", *(INDENT + INDENT + line for line in told)]


def cause_groups(summary: Summary) -> list[Group]:
    """The run's failing tests grouped by the rule of their cause (white space apart), the most
    tests first."""
    return groups(
        (result.case.name, grouped_cause(result.cause, spacing(result)))
        for result in summary.results
        if result.cause
    )


def grouped_cause(cause: Cause, spaces: str) -> Cause:
    """A cause as a run's summary groups it: a difference in white space only apart from its
    line's rule."""
    return replace(cause, rule=f"white space only ({spaces})", spec="") if spaces else cause


def causes_summary(summary: Summary) -> list[str]:
    """The causes of a run's failing tests, each rule with its tests, the most tests first."""
    found = cause_groups(summary)
    if len(summary.results) < 2 or not found:
        return []
    return ["causes, most tests first:", *(INDENT + group.line for group in found)]


def explanation(result: Result) -> list[str]:
    """Why the oracle printed its line where the outputs first differ, if its game can say."""
    explain = result.case.game.explain
    if result.mismatch is None or explain is None:
        return []
    try:
        script = result.case.script.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    lines = explain(script, result.case.seed, result.mismatch.line)
    return [f"{INDENT}why the oracle printed it:", *(INDENT + INDENT + line for line in lines)]


def explained_report(result: Result) -> str:
    """`full_report`, then the oracle's explanation of the first differing line."""
    return "\n".join([full_report(result, verbose=True), *explanation(result)])


def full_report(result: Result, verbose: bool = False) -> str:
    """The headline and details of a failed test, as one text."""
    return "\n".join([headline(result), *details(result, verbose=verbose)])


def since_last_report(since: SinceLast) -> list[str]:
    """What changed since the last run, for a person: regressions first, with their causes,
    then the tests that now pass (nothing where nothing changed)."""
    failing, passing = since.newly_failing, since.newly_passing
    if not failing and not passing:
        return []
    counts = f"{len(failing)} newly failing, {len(passing)} newly passing"
    regressions = [f"{INDENT}regression: {regression(result)}" for result in failing]
    fixed = [f"{INDENT}now passes: {result.case.name}" for result in passing]
    return [f"since the last run: {counts}", *regressions, *fixed]


def regression(result: Result) -> str:
    """A newly failing test: its name, how it fails, and its cause's rule where it has one."""
    cause = f": {result.cause.named} ({result.cause.kind.words})" if result.cause else ""
    return f"{result.case.name}: {result.outcome.value}{cause}"


def closing_line(summary: Summary) -> str:
    """The line every run ends with."""
    return f"{summary.passed} passed, {summary.failed} failed"


def tolerant_closing_line(summary: Summary) -> str:
    """The closing line with white space tolerated, and the exact verdict that grading gives."""
    exact = summary.passed_exactly
    return (
        f"{closing_line(summary)} with white space tolerated; graded byte for byte: "
        f"{exact} passed, {len(summary.results) - exact} failed"
    )


def xml_safe(text: str) -> str:
    """Text with the characters XML 1.0 cannot hold written as escapes."""
    return NOT_XML.sub(lambda match: repr(match.group())[1:-1], text)


def junit_xml(summary: Summary) -> str:
    """The run as a JUnit XML test suite: differences are failures, crashes and timeouts errors."""
    failures = sum(result.outcome not in ERRORS and not result.passed for result in summary.results)
    errors = sum(result.outcome in ERRORS for result in summary.results)
    suite = ElementTree.Element(
        "testsuite",
        name="acceptance",
        tests=str(len(summary.results)),
        failures=str(failures),
        errors=str(errors),
        time=f"{summary.seconds:.3f}",
    )
    for result in summary.results:
        case = ElementTree.SubElement(
            suite,
            "testcase",
            classname=result.case.script.parent.name or ".",
            name=result.case.name,
            time=f"{result.seconds:.3f}",
        )
        if not result.passed:
            kind = "error" if result.outcome in ERRORS else "failure"
            ElementTree.SubElement(
                case, kind, message=xml_safe(headline(result)), type=result.outcome.name
            ).text = xml_safe(full_report(result))
    return ElementTree.tostring(suite, encoding="unicode", xml_declaration=True) + "\n"


def json_summary(
    summary: Summary, since: SinceLast | None = None, shrunk: list[dict[str, Any]] | None = None
) -> str:
    """The run as a JSON summary: totals, each test's outcome and first difference, the causes,
    what changed since the last run (where it was remembered), and the tests shrunk (if any)."""
    tests = [
        {
            "name": result.case.name,
            "script": str(result.case.script),
            "outcome": result.outcome.name.lower(),
            "seconds": round(result.seconds, 4),
            "line": result.mismatch.line if result.mismatch else None,
            "place": result.mismatch.place if result.mismatch else None,
            "detail": result.detail or None,
            "cause": result.cause.as_json() if result.cause else None,
        }
        for result in summary.results
    ]
    causes = [
        {"rule": group.rule, "spec": group.spec, "tests": list(group.tests)}
        for group in cause_groups(summary)
    ]
    totals = {"passed": summary.passed, "failed": summary.failed, "total": len(summary.results)}
    run = {**totals, "seconds": round(summary.seconds, 3), "tests": tests, "causes": causes}
    if since is not None:
        run["since_last"] = since.as_json()
    if shrunk:
        run["shrunk"] = shrunk
    return json.dumps(run, indent=2) + "\n"


class Display:
    """Shows a run as it goes: its progress (tests done, failures so far), and a line (or
    report, with `diffs`) per failed test unless `lines` is off."""

    def __init__(self, total: int, diffs: bool, lines: bool, progress: Progress) -> None:
        self.diffs = diffs
        self.lines = lines
        self.progress = progress
        self.total = total
        self.done = self.failed = 0
        progress.begin("tests", "test", total)

    def __call__(self, result: Result) -> None:
        """Show one finished test."""
        self.done += 1
        if not result.passed and self.lines:
            self.progress.write(explained_report(result) if self.diffs else headline(result))
        self.failed += not result.passed
        self.progress.advance(note=f"{self.failed} failed" if self.failed else None)

    def stopped(self) -> str:
        """What a run stopped by Ctrl-C had done: its counts so far."""
        counts = f"{self.done - self.failed} passed, {self.failed} failed"
        return f"stopped after {self.done} of {plural(self.total, 'test')}: {counts}"
