"""Reports of a run for people (a progress bar as it goes, one line per failure, its aligned diff)
and for CI (JUnit XML, JSON)."""

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any
from xml.etree import ElementTree

from acceptance.progress import Progress
from acceptance.running.aligned import Aligned, aligned, unified
from acceptance.running.cause import Cause, RuleGroup, groups
from acceptance.running.compare import (
    MAX_BLOCK_LINES,
    DiffLine,
    Mismatch,
    first_hunk,
    white_space,
)
from acceptance.running.memory import SinceLast
from acceptance.running.suite import ERRORS, Outcome, Result, Summary

INDENT = "    "
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
Hunks = Callable[[tuple[DiffLine, ...]], Aligned]  # a block diff's hunks (made once per diff, say)


@dataclass(frozen=True)
class Shown:
    """How much of a failure a report shows, and how: its diff and cause (else its headline
    alone), the clone's own sources behind the cause (`--explain`), colour (a terminal's)."""

    diff: bool = True
    sources: bool = False
    colour: bool = False


def plural(count: int, unit: str) -> str:
    """A count with its unit, plural unless one: `1 test`, `3 tests`, `1 pair`."""
    return f"{count} {unit}{'' if count == 1 else 's'}"


def location(mismatch: Mismatch) -> str:
    """Where an output first differs, in words."""
    return f"line {mismatch.line}, column {mismatch.column}, in {mismatch.place}"


def headline(result: Result) -> str:
    """The one line that says which test failed, how, and where."""
    reason = result.detail.splitlines()[0] if result.detail else ""
    mismatch = None if result.silent else result.mismatch  # a silent run differs everywhere
    return "".join(
        [
            f"{result.case.name}: {result.outcome.value}",
            f" ({reason})" if reason else "",
            f" at {location(mismatch)}" if mismatch else "",
            "" if result.silent else cause_words(result),
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
    colour: bool = False,
    hunks: Hunks = aligned,
) -> list[str]:
    """Where two outputs first differ as a unified diff of its block (`aligned`, its hunks as
    `hunks` makes them: once per diff, say), indented under a headline."""
    found = hunks(mismatch.diff)
    lines = unified(mismatch, found, (old, new), colour, unshown(mismatch, found))
    return [INDENT + line for line in lines]


def unshown(mismatch: Mismatch, found: Aligned) -> list[str]:
    """What a diff leaves unshown: the changed lines past its first hunks, the block past the
    lines compared, or a first difference past them."""
    where = f"{mismatch.block} of {mismatch.place}"
    if not found.hunks:
        return [f"(the outputs differ past the first {MAX_BLOCK_LINES} lines of the {where})"]
    if found.more:
        return [f"… {plural(found.more, 'line')} more differ past these, in the {where}"]
    if found.cut:
        return [f"… compared up to the first {MAX_BLOCK_LINES} lines of the {where}"]
    return []


def details(result: Result, shown: Shown = Shown(), hunks: Hunks = aligned) -> list[str]:
    """What a student needs past the headline: the diff (its hunks as `hunks` makes them), the
    program's error output, and the cause of the difference (with its sources if `shown` says)."""
    diff = (
        block_report(result.mismatch, colour=shown.colour, hunks=hunks) if result.mismatch else []
    )
    more = result.detail.splitlines()[1:]
    errors = [f"{INDENT}error output:"] + [INDENT + line for line in more] if more else []
    return diff + errors + cause_report(result, shown.sources)


def cause_report(result: Result, sources: bool = False) -> list[str]:
    """The oracle's line that best explains the difference, with its rule, for a person (and
    the clone's functions behind it if `sources`); none for a run that printed nothing."""
    if result.silent:
        return []
    spaces = spacing(result)
    if spaces:
        said = f"{INDENT}the cause: white space only ({spaces}), the words are the oracle's"
        named = result.cause.named if result.cause else ""
        return [said] + ([f"{INDENT}{INDENT}in a line of {named}"] if named else [])
    if result.cause is None:
        return []
    told = result.cause.told(verbose=sources)
    return [f"{INDENT}the cause:", *(INDENT + INDENT + line for line in told)]


def cause_groups(summary: Summary) -> list[RuleGroup]:
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


def tells_the_line(cause: Cause | None, mismatch: Mismatch) -> bool:
    """Whether a cause tells the oracle's line where the outputs first differ: why the oracle
    printed that line would say it again."""
    return cause is not None and cause.line == mismatch.line


def explanation(result: Result) -> list[str]:
    """Why the oracle printed its line where the outputs first differ, if its game can say and
    the cause does not say it already (the cause is another line, or there is none)."""
    explain = result.case.game.explain
    if result.mismatch is None or explain is None or result.silent:
        return []
    if tells_the_line(result.cause, result.mismatch):
        return []
    try:
        script = result.case.script.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    lines = explain(script, result.case.seed, result.mismatch.line)
    return [f"{INDENT}why the oracle printed it:", *(INDENT + INDENT + line for line in lines)]


def explained_report(result: Result, shown: Shown = Shown()) -> str:
    """A failed test as `shown` says: its headline alone, or with its diff, error output and
    cause, and with `--explain`'s sources, why the oracle printed its first differing line where
    the cause does not say it."""
    if not shown.diff:
        return headline(result)
    why = explanation(result) if shown.sources else []
    return "\n".join([headline(result), *details(result, shown), *why])


def full_report(result: Result) -> str:
    """The headline and details of a failed test, as one text."""
    return "\n".join([headline(result), *details(result)])


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

    def __init__(self, total: int, shown: Shown, lines: bool, progress: Progress) -> None:
        self.shown = shown
        self.lines = lines
        self.progress = progress
        self.total = total
        self.done = self.failed = 0
        progress.begin("tests", "test", total)

    def __call__(self, result: Result) -> None:
        """Show one finished test."""
        self.done += 1
        if not result.passed and self.lines:
            self.progress.write(explained_report(result, self.shown))
        self.failed += not result.passed
        self.progress.advance(note=f"{self.failed} failed" if self.failed else None)

    def stopped(self) -> str:
        """What a run stopped by Ctrl-C had done: its counts so far."""
        counts = f"{self.done - self.failed} passed, {self.failed} failed"
        return f"stopped after {self.done} of {plural(self.total, 'test')}: {counts}"
