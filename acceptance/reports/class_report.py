"""`report.html` of a graded class: one self-contained page (no network) that answers what the
class got wrong, which tests are hardest and whom to look at.

The class at a glance (a histogram of scores, each test's pass rate, the count of each verdict),
failures grouped by cause, and per submission its score and failing tests, grouped by cause, each
opening on its block diff as `at run -v` prints it; what the class misses: the rules the causes of
the failing tests name (`acceptance.reports.missed`), each with how many submissions and tests it
explains; and, before the submissions, what the suite checks: the rules of the oracle's table its
tests reach, the fewest first (`at cover`). Tables sort by a click on their headings, and a
search box keeps the submissions, tests and causes whose names hold what is typed. Verdicts are
rendered from `Outcome` alone, so a new kind of outcome shows without a change here.
"""

import json
import statistics
from collections import Counter
from collections.abc import Sequence

from acceptance.marking.points import Points, number_text
from acceptance.marking.submissions import Grade
from acceptance.reports.grade_report import dated, first_lines, mark_text, snapshot_cells
from acceptance.reports.html import asset, escape
from acceptance.reports.missed import Missed, missed
from acceptance.reports.slips import Group, edit, slips
from acceptance.running.aligned import aligned
from acceptance.running.compare import (
    MAX_BLOCK_LINES,
    TRAILING_SPACE,
    Hunk,
    PerDiff,
    first_hunk,
    visible,
    white_space,
)
from acceptance.running.coverage import Coverage, Covered
from acceptance.running.report import details, headline, plural
from acceptance.running.suite import ERRORS, Outcome, Result

BUCKETS = 10  # histogram bars of 10 points each; a full score has its own bar
# (submission, test) -> the number of its cause on the page
CauseOf = dict[tuple[str, str], int]
CONTEXT = 40  # characters of a line shown before an edit


def percent_text(value: float) -> str:
    """A percentage with one decimal."""
    return f"{value:.1f}"


def bucket_of(score: float) -> int:
    """The histogram bar of a score: 0-9.9, 10-19.9, ..., 90-99.9, then 100."""
    return BUCKETS if score >= 100 else min(int(score // (100 / BUCKETS)), BUCKETS - 1)


def bucket_label(bucket: int) -> str:
    """What a histogram bar counts."""
    width = 100 // BUCKETS
    return "100" if bucket == BUCKETS else f"{bucket * width}–{bucket * width + width - 1}"


def histogram(scores: Sequence[float]) -> str:
    """Bars of how many submissions scored in each tenth."""
    counts = Counter(bucket_of(score) for score in scores)
    most = max(counts.values(), default=1)
    bars = "".join(
        f'<div class="bucket" title="{counts[bucket]} scored {bucket_label(bucket)}">'
        f'<span class="count">{counts[bucket]}</span>'
        f'<div class="bar" style="height:{100 * counts[bucket] / most:.0f}%"></div>'
        f'<span class="label">{bucket_label(bucket)}</span></div>'
        for bucket in range(BUCKETS + 1)
    )
    return f'<figure id="histogram"><figcaption>Scores (%)</figcaption><div class="bars">{bars}</div></figure>'


def verdicts(grades: Sequence[Grade]) -> str:
    """How many tests ended with each verdict, and in how many submissions."""
    tests: Counter[Outcome] = Counter()
    pupils: Counter[Outcome] = Counter()
    for grade in grades:
        kinds = [result.outcome for result in grade.results]
        tests.update(kinds)
        pupils.update(set(kinds))
    rows = "".join(
        f'<tr class="verdict {kind_class(outcome)}"><td>{escape(outcome.value)}</td>'
        f'<td class="number">{tests[outcome]}</td><td class="number">{pupils[outcome]}</td></tr>'
        for outcome in Outcome
        if tests[outcome]
    )
    return (
        '<table id="verdicts"><thead><tr><th>verdict</th><th>tests</th><th>submissions</th></tr>'
        f"</thead><tbody>{rows}</tbody></table>"
    )


def kind_class(outcome: Outcome) -> str:
    """The CSS class of a verdict: passed, failed (wrong output) or error."""
    if outcome is Outcome.PASSED:
        return "passed"
    return "error" if outcome in ERRORS else "failed"


def fragment(text: str) -> str:
    """A piece of a line with its spaces and invisibles marked (`·` a space, `→` a tab)."""
    return visible(text.removesuffix("\n") + "\n").replace(" ", TRAILING_SPACE)


def context(before: str) -> str:
    """Where on its line an edit is: the last words before it (up to CONTEXT characters)."""
    words = before.split()
    kept: list[str] = []
    while words and len(" ".join([words[-1], *kept])) <= CONTEXT:
        kept.insert(0, words.pop())
    if not kept:
        return "at the start of a line" if not words else f"after “…{words[-1][-CONTEXT:]}”"
    return f"after “{'…' if words else ''}{' '.join(kept)}”"


def lines_said(count: int, what: str) -> str:
    """`a line left out`, `3 lines left out`."""
    return f"a line {what}" if count == 1 else f"{count} lines {what}"


def hunk_text(hunk: Hunk) -> str:
    """What happened at a wrong output's first difference, in words, with the edit there."""
    if hunk.shape == "past":  # a runaway output: its diff is cut before it
        return f"a difference past the first {MAX_BLOCK_LINES} lines of its block"
    if hunk.shape == "middle":
        first = hunk.removed[0].text.strip()
        return f"{lines_said(len(hunk.removed), 'left out in the middle')}, the first “{first}”"
    if hunk.shape == "end":
        return "the output ends early"
    if hunk.shape == "extra":
        return "a line too many" if len(hunk.added) == 1 else f"{len(hunk.added)} lines too many"
    before, removed, added = edit(hunk.removed[0].text, hunk.added[0].text)
    if not removed:
        return f"“{fragment(added)}” added {context(before)}"
    if not added:
        return f"“{fragment(removed)}” left out {context(before)}"
    return f"“{fragment(removed)}” printed as “{fragment(added)}” {context(before)}"


def slip_text(group: Group) -> str:
    """A cause in words: the error and its reason; a difference in white space, named as such
    first; else what happened at the first difference, after the rule missed where the oracle
    tells it (shown by its example)."""
    example = group.example
    if group.slip.outcome in ERRORS or example.mismatch is None or example.silent:
        reason = example.detail.splitlines() or [""]
        return " · ".join(filter(None, [reason[0], reason[-1] if len(reason) > 1 else ""]))
    hunk = first_hunk(example.mismatch.diff)
    said = hunk_text(hunk)
    spaces = white_space(hunk)
    rule = example.cause.named if example.cause else ""
    if spaces:
        return f"white space only ({spaces}): {said}" + (f", in a line of {rule}" if rule else "")
    return f"{rule}: {said}" if rule and group.slip.key[0] == "rule" else said


def example_lines(result: Result) -> str:
    """The first differing lines of an example of a cause (none for an error with no output)."""
    lines = first_lines(result.mismatch) if result.mismatch else []
    return f"<pre>{escape(chr(10).join(lines))}</pre>" if lines else ""


def names_list(names: Sequence[str]) -> str:
    """Names as a comma-separated list."""
    return ", ".join(escape(name) for name in names)


def cause_row(group: Group, number: int) -> str:
    """One cause of the class: what, how many tests and submissions, and which."""
    outcome = group.slip.outcome
    everyone = " ".join((*group.submissions, *group.tests)).lower()
    return (
        f'<tr class="cause" id="cause-{number}" data-name="{escape(everyone)}">'
        f'<td class="{kind_class(outcome)}">{escape(outcome.value)}</td>'
        f'<td><span class="what">{escape(slip_text(group))}</span>{example_lines(group.example)}'
        f"<details><summary>where</summary><p><b>submissions:</b> {names_list(group.submissions)}"
        f"</p><p><b>tests:</b> {names_list(group.tests)}</p></details></td>"
        f'<td class="number tests">{len(group.tests)}</td>'
        f'<td class="number submissions">{len(group.submissions)}</td>'
        f'<td class="number occurrences">{len(group.where)}</td></tr>'
    )


def causes_table(groups: Sequence[Group]) -> str:
    """The failures of the class grouped by cause, the most frequent first."""
    if not groups:
        return "<p>No test failed.</p>"
    rows = "".join(cause_row(group, number) for number, group in enumerate(groups, 1))
    return (
        '<table id="cause-table" class="sortable"><thead><tr><th data-sort="text">verdict</th>'
        '<th data-sort="text">cause (first difference, - expected, + actual)</th>'
        '<th data-sort="number">tests</th><th data-sort="number">submissions</th>'
        f'<th data-sort="number">occurrences</th></tr></thead><tbody>{rows}</tbody></table>'
    )


def missed_row(rule: Missed) -> str:
    """One rule the class misses: its name and spec section, how many submissions and tests its
    causes explain, and which."""
    everyone = " ".join((*rule.submissions, *rule.tests)).lower()
    return (
        f'<tr class="cause missed" data-name="{escape(everyone)}"><td><span class="what">'
        f"{escape(rule.rule)}</span> ({escape(rule.spec)})<details><summary>where</summary>"
        f"<p><b>submissions:</b> {names_list(rule.submissions)}</p>"
        f"<p><b>tests:</b> {names_list(rule.tests)}</p></details></td>"
        f'<td class="number submissions">{len(rule.submissions)}</td>'
        f'<td class="number tests">{len(rule.tests)}</td></tr>'
    )


def missed_table(grades: Sequence[Grade]) -> str:
    """What the class misses: each rule the causes of its wrong outputs name, the most
    submissions first."""
    rules = missed(grades)
    if not rules:
        return "<p>No wrong output has a cause the oracle can tell.</p>"
    return (
        '<table id="missed-table" class="sortable"><thead><tr>'
        '<th data-sort="text">rule (spec), the cause of failing tests</th>'
        '<th data-sort="number">submissions</th><th data-sort="number">tests</th></tr></thead>'
        f'<tbody>{"".join(map(missed_row, rules))}</tbody></table>'
    )


def tests_table(grades: Sequence[Grade], points: Points) -> str:
    """Every test's pass rate as a bar, the hardest first."""
    names = [result.case.name for result in grades[0].results] if grades else []
    passed = Counter(
        result.case.name for grade in grades for result in grade.results if result.passed
    )
    total = len(grades)
    order = sorted(names, key=lambda name: (passed[name], names.index(name)))
    worth = '<th data-sort="number">points</th>' if points.weighted else ""
    rows = "".join(
        f'<tr data-name="{escape(name.lower())}"><td>{escape(name)}</td>'
        f'<td data-value="{passed[name] / total if total else 0:.4f}">'
        f'<div class="rate"><div style="width:{100 * passed[name] / total if total else 0:.1f}%">'
        f"</div></div></td>"
        f'<td class="number" data-value="{passed[name]}">{passed[name]} of {total}</td>'
        + (f'<td class="number">{number_text(points.of(name))}</td>' if points.weighted else "")
        + "</tr>"
        for name in order
    )
    return (
        '<table id="test-table" class="sortable"><thead><tr><th data-sort="text">test</th>'
        f'<th data-sort="number">pass rate</th><th data-sort="number">passed</th>{worth}</tr>'
        f"</thead><tbody>{rows}</tbody></table>"
    )


class Diffs:
    """The failing tests' entries of the page: each its headline, its diff's text (`at run -v`'s
    lines below its headline) stored once and shown when opened (the submissions with one
    fault print the same output: their diffs are aligned once, stored once, and their entries
    made once)."""

    def __init__(self) -> None:
        self.texts: dict[str, int] = {}
        self.hunks = PerDiff(aligned)  # a class's runs share a few dozen distinct diffs
        self.made: dict[tuple[object, ...], tuple[Result, str]] = {}  # the result kept: ids stay

    def entry(self, result: Result) -> str:
        """A failing test's entry, its diff text (`at run -v`'s lines below its headline) by
        number, made once for the results alike: same test, outcome, place, error output and
        cause."""
        mismatch = result.mismatch
        where = None
        if mismatch is not None:
            where = (
                id(mismatch.diff),
                mismatch.line,
                mismatch.column,
                mismatch.place,
                mismatch.block,
            )
        key = (result.case.name, result.outcome, where, result.detail, id(result.cause))
        kept = self.made.get(key)
        if kept is None:
            text = "\n".join(details(result, hunks=self.hunks))
            number = self.texts.setdefault(text, len(self.texts))
            made = (
                f'<details class="test" data-diff="{number}">'
                f"<summary>{escape(headline(result))}</summary><pre></pre></details>"
            )
            kept = self.made[key] = (result, made)
        return kept[1]

    def json(self) -> str:
        """Every diff text as a JSON array, safe inside a script element."""
        return json.dumps(list(self.texts)).replace("<", "\\u003c")


def failing_html(grade: Grade, said: Sequence[str], diffs: Diffs, cause: CauseOf) -> str:
    """A submission's failing tests under their causes (each cause's words as `said` of its
    group), each collapsed on its block diff."""
    name = grade.submission.name
    by_cause: dict[int, list[Result]] = {}  # in the order of each cause's first failing test
    for result in grade.results:
        if not result.passed:
            by_cause.setdefault(cause[name, result.case.name], []).append(result)
    if not by_cause:
        return "all passed"
    parts = []
    for number, results in by_cause.items():
        tests = "".join(diffs.entry(result) for result in results)
        parts.append(
            f'<details class="cause"><summary>{len(results)} test{"s" * (len(results) != 1)}:'
            f' {said[number - 1]} <a href="#cause-{number}">cause {number}</a></summary>{tests}'
            "</details>"
        )
    return "".join(parts)


def commit_cell(grade: Grade) -> str:
    """Under a deadline, the commit graded (or none), its committer time and the late commits."""
    commit, committed, late = snapshot_cells(grade)
    if not grade.submission.snapshot:
        return "<td>(a folder)</td>"
    if not committed:
        return f"<td>{escape(commit)}; {late} late</td>"
    return (
        f'<td title="{escape(commit)}"><code>{escape(commit[:12])}</code> {escape(committed)};'
        f" {late} late</td>"
    )


def submission_row(
    grade: Grade,
    points: Points,
    said: Sequence[str],
    diffs: Diffs,
    cause: CauseOf,
    commits: bool,
) -> str:
    """One submission: its name, score, points, mark, counts, the commit graded under a
    deadline, and its failing tests."""
    score = points.percent(grade)
    marked = points.mark(grade) if points.parts else None
    mark = (
        f'<td class="number mark" data-value="{marked:.4f}">{mark_text(marked)}</td>'
        if marked is not None
        else ""
    )
    earned = (
        f'<td class="number" data-value="{points.earned(grade)}">'
        f"{number_text(points.earned(grade))} / {number_text(points.possible(grade))}</td>"
        if points.weighted
        else ""
    )
    numbers = "".join(
        f'<td class="number">{count}</td>' for count in (grade.passed, grade.failed, grade.errors)
    )
    perfect = ' class="perfect"' if grade.passed == len(grade.results) else ""
    return (
        f'<tr{perfect} data-name="{escape(grade.submission.name.lower())}">'
        f"<td>{escape(grade.submission.name)}</td>"
        f'<td class="number score" data-value="{score:.4f}">{percent_text(score)}</td>{earned}'
        f"{mark}{numbers}{commit_cell(grade) if commits else ''}"
        f"<td>{failing_html(grade, said, diffs, cause)}</td></tr>"
    )


def submissions_table(grades: Sequence[Grade], points: Points, groups: Sequence[Group]) -> str:
    """Every submission in class order, and the diffs their failing tests open on."""
    diffs = Diffs()
    cause = {where: number for number, group in enumerate(groups, 1) for where in group.where}
    commits = dated(grades)
    said = [f"{escape(group.slip.outcome.value)}, {escape(slip_text(group))}" for group in groups]
    rows = "".join(submission_row(grade, points, said, diffs, cause, commits) for grade in grades)
    worth = '<th data-sort="number">points</th>' if points.weighted else ""
    worth += '<th data-sort="number">mark</th>' if points.parts else ""
    graded = '<th data-sort="text">commit graded</th>' if commits else ""
    return (
        '<table id="submission-table" class="sortable"><thead><tr>'
        f'<th data-sort="text">submission</th><th data-sort="number">score</th>{worth}'
        '<th data-sort="number">passed</th><th data-sort="number">failed</th>'
        f'<th data-sort="number">errors</th>{graded}<th>failing tests, by cause</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
        f'<script type="application/json" id="diffs">{diffs.json()}</script>'
    )


def facts(grades: Sequence[Grade], points: Points) -> str:
    """The class in one line: its size, its mean and median scores and marks."""
    scores = [points.percent(grade) for grade in grades]
    tests = len(grades[0].results) if grades else 0
    spread = (
        f"; mean score {percent_text(statistics.fmean(scores))},"
        f" median {percent_text(statistics.median(scores))}"
        if scores
        else ""
    )
    weighted = (
        f"; {number_text(points.possible(grades[0]))} points" if points.weighted and grades else ""
    )
    marks = [points.mark(grade) for grade in grades] if points.parts else []
    marked = (
        f"; mean mark {mark_text(statistics.fmean(marks))},"
        f" median {mark_text(statistics.median(marks))}"
        if marks
        else ""
    )
    return f"{plural(len(grades), 'submission')}, {plural(tests, 'test')}{weighted}{spread}{marked}"


def coverage_table(game: Coverage) -> str:
    """One game's rules, the fewest tests first: name, spec section, how many tests reach it."""
    order = sorted(game.rules, key=lambda reach: len(reach.tests))
    rows = "".join(
        f'<tr class="{"reached" if reach.tests else "unreached"}"><td>{escape(reach.rule)}</td>'
        f'<td>{escape(reach.spec)}</td><td class="number">{len(reach.tests)}</td></tr>'
        for reach in order
    )
    return (
        f"<p>{escape(game.game.title)}: {plural(len(game.tests), 'test')} reach"
        f" {len(game.reached)} of the oracle's {plural(len(game.rules), 'rule')};"
        f" {len(game.unreached)} none does.</p>"
        "<details><summary>every rule, the fewest tests first</summary>"
        '<table class="coverage sortable"><thead><tr><th data-sort="text">rule</th>'
        '<th data-sort="text">spec</th><th data-sort="number">tests</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></details>"
    )


def coverage_html(covered: Covered | None) -> str:
    """What the suite checks: for each game with a rule table, the rules its tests reach."""
    if covered is None:
        return "<p>Unknown: the suite's scripts could not be read.</p>"
    parts = [coverage_table(game) for game in covered.games]
    parts += [
        f"<p>{escape(game.title)}: {plural(count, 'test')}; its oracle has no rule table.</p>"
        for game, count in covered.left_out
    ]
    return "".join(parts)


def class_html(
    grades: Sequence[Grade],
    title: str,
    points: Points,
    covered: Covered | None = None,
    integrity: str = "",
) -> str:
    """The whole report page of a graded class; the suite's coverage if known, and at its end
    the integrity review's section when one is given."""
    groups = slips(grades)
    scores = [points.percent(grade) for grade in grades]
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f"<style>{asset('report.css')}</style></head>\n<body>\n"
        f'<header><h1>{escape(title)}</h1><p id="facts">{escape(facts(grades, points))}</p>'
        '<input id="search" type="search" placeholder="find a submission or test by name"'
        ' aria-label="find a submission or test by name"> <span id="shown"></span></header>\n'
        '<section id="glance"><h2>The class at a glance</h2><div class="charts">'
        f"{histogram(scores)}{verdicts(grades)}</div></section>\n"
        f'<section id="causes"><h2>Failures by cause</h2>{causes_table(groups)}</section>\n'
        f'<section id="missed"><h2>What the class misses</h2>{missed_table(grades)}</section>\n'
        f'<section id="tests"><h2>Tests, hardest first</h2>{tests_table(grades, points)}</section>\n'
        f'<section id="coverage"><h2>What the suite checks</h2>{coverage_html(covered)}</section>\n'
        f'<section id="submissions"><h2>Submissions</h2>'
        f"{submissions_table(grades, points, groups)}</section>\n{integrity}"
        f"<script>{asset('report.js')}</script>\n</body></html>\n"
    )
