"""The `import-graph` directive: the project's packages and which imports which, drawn as an
inline SVG from grimp's graph of the code at build time, so the picture is the code's own; with
`:harness:`, the folders of the harness (`acceptance/`) instead.

Every import counts, those made only for type checking and those inside functions too. A package
is drawn one row below the lowest package that imports it, so every arrow points down.
"""

from __future__ import annotations

from collections import Counter
from html import escape

import grimp
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

# The boxes of a picture, each with what it holds; a module belongs to the longest that prefixes
# its name.
Groups = dict[str, str]
PROJECT: Groups = {
    "web": "the web page's Python side",
    "tools": "generator, benchmarks, mutation, builds",
    "acceptance": "the at harness",
    "oracle": "command line, grammar, runs",
    "commands": "the command object",
    "provenance": "why each line: rules, records",
    "model": "state, rules, view",
    "games.star_lanes": "Star Lanes",
    "games.super_star_trek": "Super Star Trek",
    "games.star_canine": "Star Canine",
    "games.command_line": "the games' shared options",
    "games.basic": "the Microsoft-BASIC runtime",
}
HARNESS: Groups = {
    "acceptance.cli": "one module per at command",
    "acceptance.grading": "a grading's orchestration",
    "acceptance.gradescope": "results.json, the bundle",
    "acceptance.integrity": "similarity, same output",
    "acceptance.fuzzing": "random games, shrinking",
    "acceptance.etf": "ETF_Test.py answered",
    "acceptance.confine": "sandbox, users, limits",
    "acceptance.reports": "the instructors' reports",
    "acceptance.store": "the runs kept (SQLite)",
    "acceptance.marking": "submissions, points, schemes",
    "acceptance.processes": "starting and ending programs",
    "acceptance.running": "run, compare, cause",
    "acceptance.game_oracles": "the games' oracles, registered",
    "acceptance.errors": "the harness's one error",
    "acceptance.progress": "long work's progress line",
}
ROOTS = ("web", "tools", "acceptance", "oracle", "commands", "provenance", "model", "games")
BOX_WIDTH, BOX_HEIGHT, GAP, ROW_GAP, MARGIN = 200, 46, 24, 64, 12


def group_of(module: str, groups: Groups) -> str | None:
    """The box a module is drawn in, or None for a package's bare `__init__` (`games`) and a
    module no box holds."""
    found = [group for group in groups if module == group or module.startswith(group + ".")]
    return max(found, key=len) if found else None


def package_imports(graph: grimp.ImportGraph, groups: Groups) -> Counter[tuple[str, str]]:
    """How many module imports go from each box to each other box."""
    counts: Counter[tuple[str, str]] = Counter()
    for module in graph.modules:
        importer = group_of(module, groups)
        for imported_module in graph.find_modules_directly_imported_by(module):
            imported = group_of(imported_module, groups)
            if importer and imported and importer != imported:
                counts[importer, imported] += 1
    return counts


def rows_of(edges: set[tuple[str, str]], groups: Groups) -> dict[str, int]:
    """Each box's row: one below the lowest box importing it (the graph has no cycle)."""
    row = {group: 0 for group in groups}
    for _ in groups:  # longest paths settle within as many rounds as there are boxes
        for importer, imported in edges:
            row[imported] = max(row[imported], row[importer] + 1)
    return row


def svg(counts: Counter[tuple[str, str]], groups: Groups) -> str:
    """The picture: a box per group, an arrow per importing pair, thicker for more imports."""
    row = rows_of(set(counts), groups)
    label = "import-graph-title" if groups is PROJECT else "harness-graph-title"
    what = "packages of the project" if groups is PROJECT else "folders of the harness"
    rows: dict[int, list[str]] = {}
    for group in groups:
        rows.setdefault(row[group], []).append(group)
    widest = max(len(boxes) for boxes in rows.values())
    width = 2 * MARGIN + widest * BOX_WIDTH + (widest - 1) * GAP
    height = 2 * MARGIN + len(rows) * BOX_HEIGHT + (len(rows) - 1) * ROW_GAP
    where: dict[str, tuple[float, float]] = {}
    for number, boxes in sorted(rows.items()):
        span = len(boxes) * BOX_WIDTH + (len(boxes) - 1) * GAP
        left = (width - span) / 2
        for index, group in enumerate(boxes):
            where[group] = (
                left + index * (BOX_WIDTH + GAP),
                MARGIN + number * (BOX_HEIGHT + ROW_GAP),
            )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}"'
        f' role="img" aria-labelledby="{label}" class="import-graph"'
        ' style="max-width:100%;height:auto;color:inherit">',
        f'<title id="{label}">The {what} and their imports</title>',
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="9"'
        ' markerHeight="9" markerUnits="userSpaceOnUse" orient="auto-start-reverse">'
        '<path d="M 0 0 L 10 5 L 0 10 z"'
        ' fill="currentColor"/></marker></defs>',
    ]
    for (importer, imported), count in sorted(counts.items()):
        x1, y1 = where[importer]
        x2, y2 = where[imported]
        start = (x1 + BOX_WIDTH / 2, y1 + BOX_HEIGHT)
        end = (x2 + BOX_WIDTH / 2, y2)
        bend = (start[1] + end[1]) / 2
        parts.append(
            f'<path d="M {start[0]:.0f} {start[1]:.0f} C {start[0]:.0f} {bend:.0f},'
            f' {end[0]:.0f} {bend:.0f}, {end[0]:.0f} {end[1]:.0f}" fill="none"'
            f' stroke="currentColor" stroke-opacity="0.45"'
            f' stroke-width="{1 + min(count, 40) / 10:.1f}" marker-end="url(#arrow)">'
            f"<title>{escape(importer)} imports {escape(imported)} ({count} imports)</title></path>"
        )
    for group, (x, y) in where.items():
        parts.append(
            f'<g><rect x="{x:.0f}" y="{y:.0f}" width="{BOX_WIDTH}" height="{BOX_HEIGHT}" rx="6"'
            ' fill="#2962ff" fill-opacity="0.12" stroke="currentColor" stroke-opacity="0.6"/>'
            f'<text x="{x + BOX_WIDTH / 2:.0f}" y="{y + 19:.0f}" text-anchor="middle"'
            ' font-family="monospace" font-size="14" font-weight="bold" fill="currentColor">'
            f"{escape(group.replace('.', '/'))}/</text>"
            f'<text x="{x + BOX_WIDTH / 2:.0f}" y="{y + 36:.0f}" text-anchor="middle"'
            ' font-family="sans-serif" font-size="11" fill="currentColor">'
            f"{escape(groups[group])}</text></g>"
        )
    parts.append("</svg>")
    return "".join(parts)


def table(counts: Counter[tuple[str, str]]) -> str:
    """The same graph as a list, for readers who cannot see the picture."""
    lines = "".join(
        f"<li><code>{escape(importer)}</code> imports <code>{escape(imported)}</code>"
        f" ({count} module import{'s' if count > 1 else ''})</li>"
        for (importer, imported), count in sorted(counts.items())
    )
    return f"<details><summary>The same as a list</summary><ul>{lines}</ul></details>"


class ImportGraph(SphinxDirective):
    """The picture of the packages' imports (or, with `:harness:`, of the harness's folders),
    built from the code now."""

    option_spec = {"harness": directives.flag}

    def run(self) -> list[nodes.Node]:
        groups = HARNESS if "harness" in self.options else PROJECT
        counts = package_imports(grimp.build_graph(*ROOTS, cache_dir=None), groups)
        html = f'<figure class="import-graph">{svg(counts, groups)}{table(counts)}</figure>'
        return [nodes.raw("", html, format="html")]


def setup(app: Sphinx) -> dict[str, object]:
    app.add_directive("import-graph", ImportGraph)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
