"""The integrity review as text, JSON and HTML: the pairs of submissions to look at, most similar
first, each with the code the two share side by side, and (from a grading) the pairs that alone
print the same wrong output. Submissions are hostile: every text of theirs is escaped, and the
page is self-contained (no script, no link out). These are pairs to look at, not findings."""

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from acceptance.integrity.same_output import SameOutput
from acceptance.integrity.similarity import Code, Fragment, Pair, Similarity, fragments, line_span
from acceptance.reports.html import escape, number_cell, page
from acceptance.running.run_report import plural

HEADING = "Integrity review"  # the section's heading in a grading's report.html
SHOWN = 50  # pairs shown with their shared code
TABLED = 500  # pairs in the page's table (--json lists them all)
FRAGMENTS = 10  # fragments shown of a pair, the longest
LINES = 80  # lines shown of one side of a fragment
LISTED = 20  # pairs listed by `at similar`'s text
TESTS = 10  # tests named of a pair printing the same wrong output
CAUTION = (
    "These are pairs to look at, not findings: a high score says that two submissions share"
    " code the base does not hold, not why. Shared code has innocent causes (help from the same"
    " tutorial, the course's examples, a common library), and a low score proves nothing."
)


def score_text(score: float) -> str:
    """A score with two decimals."""
    return f"{score:.2f}"


@dataclass
class Texts:
    """The lines of the submissions' files, each file read once, undecodable bytes replaced."""

    read: dict[Path, list[str]] = field(default_factory=dict)

    def lines(self, path: Path) -> list[str]:
        """The lines of a file; none if it cannot be read now."""
        if path not in self.read:
            try:
                text = path.read_bytes().decode("utf-8", "replace")
            except OSError:
                text = ""
            self.read[path] = text.splitlines()
        return self.read[path]


def side(code: Code, number: int, first: int, last: int, texts: Texts) -> str:
    """One side of a fragment: the file and lines of one submission, numbered."""
    source = code.sources[number]
    start, end = line_span(source, first, last)
    lines = texts.lines(code.folder / source.path)[start - 1 : min(end, start + LINES - 1)]
    cut = "\n…" if end - start + 1 > LINES else ""
    numbered = "\n".join(f"{start + i:5} {line}" for i, line in enumerate(lines))
    return (
        f"<figure><figcaption>{escape(code.name)}: {escape(source.path)},"
        f" lines {start}–{end}</figcaption><pre>{escape(numbered)}{cut}</pre></figure>"
    )


def fragment_html(a: Code, b: Code, fragment: Fragment, texts: Texts) -> str:
    """A fragment both submissions hold, side by side."""
    left = side(a, fragment.a_file, fragment.a_first, fragment.a_last, texts)
    right = side(b, fragment.b_file, fragment.b_first, fragment.b_last, texts)
    return f'<div class="sides">{left}{right}</div>'


def pair_html(result: Similarity, rank: int, pair: Pair, texts: Texts) -> str:
    """A pair's shared code, its longest fragments side by side, in a closed details element."""
    a, b = result.codes[pair.a], result.codes[pair.b]
    found = fragments(a, b)
    shown = "".join(fragment_html(a, b, fragment, texts) for fragment in found[:FRAGMENTS])
    more = (
        f"<p>and {len(found) - FRAGMENTS} shorter fragments</p>" if len(found) > FRAGMENTS else ""
    )
    return (
        f'<details id="pair-{rank}"><summary>{rank}. {escape(a.name)} and {escape(b.name)}:'
        f" score {score_text(pair.score)}, {plural(len(found), 'fragment')}</summary>"
        f"{shown}{more}</details>"
    )


def pairs_table(result: Similarity) -> str:
    """The first TABLED pairs sharing code, most similar first, the first SHOWN linked to their
    code."""
    rows = "".join(
        f"<tr>{number_cell('rank', rank)}"
        f'<td class="name">{escape(result.codes[pair.a].name)}</td>'
        f'<td class="name">{escape(result.codes[pair.b].name)}</td>'
        f"{number_cell('score', score_text(pair.score))}"
        f"{number_cell('fingerprints shared', pair.shared)}"
        + ('<td class="flagged">look</td>' if result.flagged(pair) else "<td></td>")
        + (
            f'<td class="link"><a href="#pair-{rank}">code</a></td>'
            if rank <= SHOWN
            else "<td></td>"
        )
        + "</tr>"
        for rank, pair in enumerate(result.pairs[:TABLED], 1)
    )
    more = len(result.pairs) - TABLED
    return (
        '<table class="cards"><thead><tr><th>#</th><th>submission</th><th>submission</th>'
        "<th>score</th><th>fingerprints shared</th><th>flagged</th><th></th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
        + (
            f"<p>and {plural(more, 'pair')} sharing less (`at similar --json` lists them all)</p>"
            if more > 0
            else ""
        )
    )


def same_output_table(pairs: Sequence[SameOutput]) -> str:
    """The pairs that alone print the same wrong output, most tests first."""
    if not pairs:
        return "<p>No two submissions alone print the same wrong output of a test.</p>"
    rows = "".join(
        f'<tr><td class="name">{escape(pair.a)}</td><td class="name">{escape(pair.b)}</td>'
        f"{number_cell('tests', len(pair.tests))}<td>{escape(', '.join(pair.tests[:TESTS]))}"
        + (f" and {len(pair.tests) - TESTS} more" if len(pair.tests) > TESTS else "")
        + "</td></tr>"
        for pair in pairs
    )
    return (
        '<table class="cards"><thead><tr><th>submission</th><th>submission</th><th>tests</th>'
        f"<th>which</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def integrity_section(
    result: Similarity, same: Sequence[SameOutput] | None = None, heading: str = HEADING
) -> str:
    """The integrity review as a section of a page, under its heading (none where the page's own
    says it): the caution, the pairs, their shared code, and (from a grading) the pairs printing
    the same wrong output."""
    texts = Texts()
    shown = "".join(
        pair_html(result, rank, pair, texts) for rank, pair in enumerate(result.pairs[:SHOWN], 1)
    )
    behaviour = (
        "<h3>The same wrong output</h3><p>Pairs that alone, of the whole class, print byte for"
        " byte the same wrong output of a test.</p>" + same_output_table(same)
        if same is not None
        else ""
    )
    return (
        f'<section id="integrity">{f"<h2>{escape(heading)}</h2>" if heading else ""}'
        f'<p class="caution">{escape(CAUTION)}</p>'
        f"<p>{escape(facts(result))}</p><h3>Shared code</h3>{pairs_table(result)}"
        f"{shown}{behaviour}</section>\n"
    )


def facts(result: Similarity) -> str:
    """The review in one line: submissions, pairs sharing code, pairs flagged."""
    flagged = sum(result.flagged(pair) for pair in result.pairs)
    return (
        f"{plural(len(result.codes), 'submission')}; {plural(len(result.pairs), 'pair')}"
        f" share{'s' * (len(result.pairs) == 1)} code;"
        f" {flagged} flagged at a score of {score_text(result.threshold)} or more"
    )


def integrity_page(result: Similarity, title: str) -> str:
    """The integrity review as a self-contained page in report.html's style, its title its one
    heading."""
    return page(
        title, f"<header><h1>{escape(title)}</h1></header>\n{integrity_section(result, None, '')}"
    )


def pairs_json(result: Similarity) -> str:
    """The pairs sharing code as JSON, most similar first."""
    pairs = [
        {
            "a": result.codes[pair.a].name,
            "b": result.codes[pair.b].name,
            "score": round(pair.score, 4),
            "flagged": result.flagged(pair),
        }
        for pair in result.pairs
    ]
    return json.dumps({"pairs": pairs}, indent=2) + "\n"


def pairs_text(result: Similarity) -> str:
    """The first LISTED pairs, a line each, and the review in one line."""
    lines = [
        f"{score_text(pair.score)}  {'look' if result.flagged(pair) else '    '}"
        f"  {result.codes[pair.a].name}  {result.codes[pair.b].name}"
        for pair in result.pairs[:LISTED]
    ]
    if len(result.pairs) > LISTED:
        lines.append(f"... and {len(result.pairs) - LISTED} more pairs")
    return "\n".join([*lines, facts(result)]) + "\n"
