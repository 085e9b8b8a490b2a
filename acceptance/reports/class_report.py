"""`report.html` of a graded class: one self-contained page (no network) that answers, in the
order an instructor asks, how each submission did, what the class got wrong, and which tests are
hardest.

Its sections: the submissions (score, points, mark, counts, failing tests grouped by cause), the
class at a glance, failures by cause, what the class misses (`acceptance.reports.missed`), the
tests hardest first, and what the suite checks (`at cover`). Verdicts are rendered from
`Outcome` alone, so a new kind of outcome shows without a change here. Each section, and how a
difference is said: "The report a person reads" in docs/how-to/grading.md.
"""

import itertools
import json
import re
import statistics
import unicodedata
from collections import Counter
from collections.abc import Sequence

from acceptance.marking.points import Points, number_text
from acceptance.marking.submissions import Grade
from acceptance.reports.grade_report import dated, first_lines, mark_text, snapshot_cells
from acceptance.reports.html import asset, escape, number_cell, page
from acceptance.reports.missed import Missed, missed
from acceptance.reports.slips import SlipGroup, edit, slips, word_at
from acceptance.running.aligned import aligned
from acceptance.running.compare import (
    CARRIAGE_RETURN,
    MARKS,
    MAX_BLOCK_LINES,
    TAB,
    TRAILING_SPACE,
    Hunk,
    PerDiff,
    first_hunk,
    white_space,
)
from acceptance.running.coverage import Coverage, Covered
from acceptance.running.run_report import details, headline, plural
from acceptance.running.suite import ERRORS, Outcome, Result

HEADING = "Grades"  # the page's heading: short, so that it never wraps; its title says more
COUNTS = ("passed", "failed", "errors")  # a submission's tests by how they ended
BUCKETS = 10  # histogram bars of 10 points each; a full score has its own bar
# (submission, test) -> the number of its cause on the page
CauseOf = dict[tuple[str, str], int]
CONTEXT = 40  # characters of a line shown before an edit
SPACES = re.compile(" +")  # marked when two or more in a row or ending a line, else shown as is
LEGEND = {**MARKS, TRAILING_SPACE: "a space ending its line, or one of two or more in a row"}
CONTROLS = {"\t": "tab", "\r": "carriage return", "\n": "newline"}


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
    return (
        '<figure id="histogram"><figcaption>Scores (%)</figcaption>'
        f'<div class="bars">{bars}</div></figure>'
    )


def verdicts(grades: Sequence[Grade]) -> str:
    """How many runs (a submission's test) ended with each verdict, and in how many submissions."""
    runs: Counter[Outcome] = Counter()
    pupils: Counter[Outcome] = Counter()
    for grade in grades:
        kinds = [result.outcome for result in grade.results]
        runs.update(kinds)
        pupils.update(set(kinds))
    rows = "".join(
        f'<tr class="verdict {kind_class(outcome)}"><td>{escape(outcome.value)}</td>'
        f'{number_cell("runs", runs[outcome])}{number_cell("submissions", pupils[outcome])}</tr>'
        for outcome in Outcome
        if runs[outcome]
    )
    return (
        '<table id="verdicts"><thead><tr><th>verdict</th><th>runs</th><th>submissions</th></tr>'
        f"</thead><tbody>{rows}</tbody></table>"
    )


def kind_class(outcome: Outcome) -> str:
    """The CSS class of a verdict: passed, failed (wrong output) or error."""
    if outcome is Outcome.PASSED:
        return "passed"
    return "error" if outcome in ERRORS else "failed"


def marked(line: str) -> str:
    """A line as the page shows it, a character for each of its own (a newline none): spaces as
    spaces, but those ending the line or two or more in a row marked `·`, tabs `→` and carriage
    returns `␍`."""
    shown = list(line.replace("\t", TAB).replace("\r", CARRIAGE_RETURN).replace("\n", ""))
    for run in SPACES.finditer(line):
        if run.end() - run.start() > 1 or not line[run.end() :].strip("\r\n"):
            shown[run.start() : run.end()] = TRAILING_SPACE * (run.end() - run.start())
    return "".join(shown)


def white_name(char: str) -> str:
    """A white-space character's name: `space`, `tab`, `no-break space`."""
    return CONTROLS.get(char) or unicodedata.name(char, "white-space character").lower()


def white_words(text: str) -> str:
    """White space in words: `a space`, `3 spaces`, `a tab and a newline`."""
    runs = [(white_name(char), len(list(run))) for char, run in itertools.groupby(text)]
    return " and ".join(plural(count, name) if count > 1 else f"a {name}" for name, count in runs)


def said(line: str, start: int, end: int) -> str:
    """A fragment of a line, from `start` to `end`, as the page says it: white space alone in
    words, else quoted, its spaces marked as in the whole line."""
    text = line[start:end]
    return white_words(text) if not text.strip() else f"“{marked(line)[start:end]}”"


def tail(word: str) -> str:
    """The end of a word too long to show whole: its last CONTEXT characters, from where no word
    or number is split (the whole word if it is one)."""
    start = len(word) - CONTEXT
    split = word_at(word, start)
    start = split[1] if split else start
    return word[start:] if start < len(word) else word


def context(before: str) -> str:
    """Where on its line an edit is: the last words before it (up to CONTEXT characters)."""
    words = before.split()
    kept: list[str] = []
    while words and len(" ".join([words[-1], *kept])) <= CONTEXT:
        kept.insert(0, words.pop())
    if not kept:
        return "at the start of a line" if not words else f"after “…{tail(words[-1])}”"
    return f"after “{'…' if words else ''}{' '.join(kept)}”"


def lines_said(count: int, what: str) -> str:
    """`a line left out`, `3 lines left out`."""
    return f"a line {what}" if count == 1 else f"{count} lines {what}"


def hunk_text(hunk: Hunk) -> str:
    """What happened at a wrong output's first difference, in words, with the edit there cut at
    whole words and numbers."""
    if hunk.shape == "past":  # a runaway output: its diff is cut before it
        return f"a difference past the first {MAX_BLOCK_LINES} lines of its block"
    if hunk.shape == "middle":
        first = hunk.removed[0].text.strip()
        return f"{lines_said(len(hunk.removed), 'left out in the middle')}, the first “{first}”"
    if hunk.shape == "end":
        return "the output ends early"
    if hunk.shape == "extra":
        return "a line too many" if len(hunk.added) == 1 else f"{len(hunk.added)} lines too many"
    expected, actual = hunk.removed[0].text, hunk.added[0].text
    made = edit(expected, actual)
    start = len(made.before)
    removed = said(expected, start, start + len(made.removed))
    added = said(actual, start, start + len(made.added))
    if not made.removed:
        return f"{added} added {context(made.before)}"
    if not made.added:
        return f"{removed} left out {context(made.before)}"
    return f"{removed} printed as {added} {context(made.before)}"


def slip_text(group: SlipGroup) -> str:
    """A cause in words: the error and its reason; a difference in white space, named as such
    first; else what happened at the first difference, after the rule missed where the oracle
    tells it (shown by its example)."""
    example = group.example
    if group.slip.outcome in ERRORS or example.mismatch is None or example.silent:
        reason = example.detail.splitlines() or [""]
        return " — ".join(filter(None, [reason[0], reason[-1] if len(reason) > 1 else ""]))
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


def cause_row(group: SlipGroup, number: int) -> str:
    """One cause of the class: what, how many tests and submissions, and which."""
    outcome = group.slip.outcome
    everyone = " ".join((*group.submissions, *group.tests)).lower()
    return (
        f'<tr class="cause" id="cause-{number}" data-name="{escape(everyone)}">'
        f'<td class="{kind_class(outcome)}">{escape(outcome.value)}</td>'
        f'<td><span class="what">{escape(slip_text(group))}</span>{example_lines(group.example)}'
        f"<details><summary>where</summary><p><b>submissions:</b> {names_list(group.submissions)}"
        f"</p><p><b>tests:</b> {names_list(group.tests)}</p></details></td>"
        f'{number_cell("tests", len(group.tests), kind="tests")}'
        f'{number_cell("submissions", len(group.submissions), kind="submissions")}'
        f'{number_cell("runs", len(group.where), kind="runs")}</tr>'
    )


def causes_table(groups: Sequence[SlipGroup]) -> str:
    """The failures of the class grouped by cause, the most frequent first."""
    if not groups:
        return "<p>No test failed.</p>"
    rows = "".join(cause_row(group, number) for number, group in enumerate(groups, 1))
    return with_legend(
        '<table id="cause-table" class="sortable cards"><thead><tr>'
        '<th data-sort="text">verdict</th>'
        '<th data-sort="text">cause (first difference, - expected, + actual)</th>'
        '<th data-sort="number">tests</th><th data-sort="number">submissions</th>'
        f'<th data-sort="number">runs</th></tr></thead><tbody>{rows}</tbody></table>'
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
        f'{number_cell("submissions", len(rule.submissions), kind="submissions")}'
        f'{number_cell("tests", len(rule.tests), kind="tests")}</tr>'
    )


def missed_table(grades: Sequence[Grade]) -> str:
    """What the class misses: each rule the causes of its wrong outputs name, the most
    submissions first."""
    rules = missed(grades)
    if not rules:
        return "<p>No wrong output has a cause the oracle can tell.</p>"
    return (
        '<table id="missed-table" class="sortable cards"><thead><tr>'
        '<th data-sort="text">rule (spec), the cause of failing tests</th>'
        '<th data-sort="number">submissions</th><th data-sort="number">tests</th></tr></thead>'
        f'<tbody>{"".join(map(missed_row, rules))}</tbody></table>'
    )


def tests_table(
    table: str, names: Sequence[str], passed: Counter[str], total: int, points: Points
) -> str:
    """Tests with their pass rates as bars, in the order given."""
    worth = '<th data-sort="number">points</th>' if points.weighted else ""
    rows = "".join(
        f'<tr data-name="{escape(name.lower())}"><td>{escape(name)}</td>'
        f'<td data-value="{passed[name] / total if total else 0:.4f}">'
        f'<div class="rate"><div style="width:{100 * passed[name] / total if total else 0:.1f}%">'
        f"</div></div></td>"
        + number_cell("passed by", f"{passed[name]} of {total}", passed[name])
        + (number_cell("points", number_text(points.of(name))) if points.weighted else "")
        + "</tr>"
        for name in names
    )
    return (
        f'<table id="{table}" class="sortable"><thead><tr><th data-sort="text">test</th>'
        f'<th data-sort="number">pass rate</th><th data-sort="number">passed by</th>{worth}</tr>'
        f"</thead><tbody>{rows}</tbody></table>"
    )


def tests_html(grades: Sequence[Grade], points: Points) -> str:
    """Each test some submission fails, its pass rate as a bar, the hardest first; the tests
    every submission passed folded away below."""
    names = [result.case.name for result in grades[0].results] if grades else []
    passed = Counter(
        result.case.name for grade in grades for result in grade.results if result.passed
    )
    total = len(grades)
    order = sorted(names, key=lambda name: (passed[name], names.index(name)))
    failing = [name for name in order if passed[name] < total]
    everyone = [name for name in order if passed[name] == total]
    shown = (
        tests_table("test-table", failing, passed, total, points)
        if failing
        else "<p>Every submission passed every test.</p>"
    )
    folded = (
        f'<details id="passed-by-all"><summary>{plural(len(everyone), "test")} every submission'
        f' passed</summary>{tests_table("passed-table", everyone, passed, total, points)}'
        "</details>"
        if everyone
        else ""
    )
    return shown + folded


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
        number_cell("mark", mark_text(marked), f"{marked:.4f}", "mark")
        if marked is not None
        else ""
    )
    earned = (
        number_cell(
            "points",
            f"{number_text(points.earned(grade))} / {number_text(points.possible(grade))}",
            points.earned(grade),
        )
        if points.weighted
        else ""
    )
    numbers = "".join(
        number_cell(label, count)
        for label, count in zip(COUNTS, (grade.passed, grade.failed, grade.errors), strict=True)
    )
    perfect = ' class="perfect"' if grade.passed == len(grade.results) else ""
    return (
        f'<tr{perfect} data-name="{escape(grade.submission.name.lower())}">'
        f'<td class="name">{escape(grade.submission.name)}</td>'
        f'{number_cell("score", percent_text(score), f"{score:.4f}", "score")}{earned}'
        f"{mark}{numbers}{commit_cell(grade) if commits else ''}"
        f'<td class="misses">{failing_html(grade, said, diffs, cause)}</td></tr>'
    )


def submissions_table(grades: Sequence[Grade], points: Points, groups: Sequence[SlipGroup]) -> str:
    """Every submission in class order, and the diffs their failing tests open on."""
    diffs = Diffs()
    cause = {where: number for number, group in enumerate(groups, 1) for where in group.where}
    commits = dated(grades)
    said = [f"{escape(group.slip.outcome.value)}, {escape(slip_text(group))}" for group in groups]
    rows = "".join(submission_row(grade, points, said, diffs, cause, commits) for grade in grades)
    worth = '<th data-sort="number">points</th>' if points.weighted else ""
    worth += '<th data-sort="number">mark</th>' if points.parts else ""
    counts = "".join(f'<th data-sort="number">{label}</th>' for label in COUNTS)
    graded = '<th data-sort="text">commit graded</th>' if commits else ""
    table = (
        '<table id="submission-table" class="sortable cards"><thead><tr>'
        f'<th data-sort="text">submission</th><th data-sort="number">score</th>{worth}'
        f"{counts}{graded}<th>what it misses: failing tests, by cause</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )
    return with_legend(table) + (
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
        f'<tr class="{"reached" if reach.tests else "unreached"}">'
        f'<td class="name">{escape(reach.rule)}</td><td>{escape(reach.spec)}</td>'
        f'{number_cell("tests", len(reach.tests))}</tr>'
        for reach in order
    )
    return (
        f"<p>{escape(game.game.title)}: {plural(len(game.tests), 'test')} reach"
        f" {len(game.reached)} of the oracle's {plural(len(game.rules), 'rule')};"
        f" {len(game.unreached)} none does.</p>"
        "<details><summary>every rule, the fewest tests first</summary>"
        '<table class="coverage sortable cards"><thead><tr><th data-sort="text">rule</th>'
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


def class_title(grades: Sequence[Grade], note: str = "") -> str:
    """The page's title: the class's size, and how it was graded (`note`)."""
    tests = len(grades[0].results) if grades else 0
    size = f"{HEADING}: {plural(len(grades), 'submission')}, {plural(tests, 'test')}"
    return f"{size}; {note}" if note else size


def with_legend(shown: str) -> str:
    """Some HTML after the legend of the marks it shows (none when it shows none)."""
    used = [f"<b>{mark}</b> {meaning}" for mark, meaning in LEGEND.items() if mark in shown]
    return (f'<p class="legend">Marks: {"; ".join(used)}.</p>' if used else "") + shown


def section(name: str, heading: str, content: str) -> str:
    """A section of the page, its id `name`."""
    return f'<section id="{name}"><h2>{heading}</h2>{content}</section>\n'


def class_html(
    grades: Sequence[Grade],
    points: Points,
    note: str = "",
    covered: Covered | None = None,
    integrity: str = "",
) -> str:
    """The whole report page of a graded class, what an instructor opens it for first: the
    submissions, then the class's causes, then the tests; the suite's coverage if known, and at
    its end the integrity review's section when one is given."""
    groups = slips(grades)
    scores = [points.percent(grade) for grade in grades]
    said = "; ".join(filter(None, [facts(grades, points), note]))
    body = (
        f'<header><h1>{HEADING}</h1><p id="facts">{escape(said)}</p>'
        '<input id="search" type="search" placeholder="find a submission or test by name"'
        ' aria-label="find a submission or test by name"> <span id="shown"></span></header>\n'
        + section("submissions", "Submissions", submissions_table(grades, points, groups))
        + section(
            "glance",
            "The class at a glance",
            f'<div class="charts">{histogram(scores)}{verdicts(grades)}</div>',
        )
        + section("causes", "Failures by cause", causes_table(groups))
        + section("missed", "What the class misses", missed_table(grades))
        + section("tests", "Tests, hardest first", tests_html(grades, points))
        + section("coverage", "What the suite checks", coverage_html(covered))
        + f"{integrity}<script>{asset('report.js')}</script>\n"
    )
    return page(class_title(grades, note), body)
