"""`provenance.state` annotates the lines the view gives: the explanations follow its layout."""

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import model.view
from model.session import Session
from model.starfighter import Starfighter
from model.view import INDENT, BoardRow, LinePart, lines, render
from oracle.generate import script_lines
from oracle.runner import text_source, validate
from oracle.why import explained

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = "\n".join(script_lines(3, 300)) + "\n"  # setup, games in both modes, errors
EXTRA = "    Shield:up"
Record = dict[str, Any]


def records() -> list[Record]:
    """The script's lines explained, without their numbers (a layout change shifts them)."""
    return [
        {key: value for key, value in line.record().items() if key != "line"}
        for line in explained(text_source(SCRIPT))
    ]


def one_line_more(status: list[str]) -> list[str]:
    return [*status, EXTRA]


def one_line_less(status: list[str]) -> list[str]:
    return [text for text in status if not text.startswith("    Projectile Pattern:")]


def with_extra(before: list[Record]) -> list[Record]:
    """The records after the view adds a line to the Starfighter's block, below its power."""
    after = []
    for record in before:
        after.append(record)
        if record["rule"] == "view.starfighter" and record["text"].startswith("      Power:"):
            after.append(record | {"text": "  " + EXTRA})
    return after


def without_pattern(before: list[Record]) -> list[Record]:
    """The records after the view drops the Starfighter's projectile pattern line."""
    return [r for r in before if not r["text"].startswith("      Projectile Pattern:")]


@pytest.mark.parametrize(
    ("layout", "expected"), [(one_line_more, with_extra), (one_line_less, without_pattern)]
)
def test_the_explanations_follow_a_change_of_the_starfighters_block(
    monkeypatch: pytest.MonkeyPatch,
    layout: Callable[[list[str]], list[str]],
    expected: Callable[[list[Record]], list[Record]],
) -> None:
    before = records()
    drawn = model.view._starfighter
    monkeypatch.setattr(model.view, "_starfighter", lambda ship: layout(drawn(ship)))
    after = records()
    assert after != before
    assert after == expected(before)
    rules = {record["text"].split(":")[0].strip(): record["rule"] for record in after}
    assert rules["score"] == "score.total"
    assert rules["Projectile"] == "view.projectile"


def test_a_line_the_view_moves_keeps_its_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """The score printed above the Starfighter's block is still the score's line."""
    before = records()
    walk = model.view._game

    def score_first(texts: list[str], tags: Any, *rest: Any) -> None:
        start = len(texts)
        walk(texts, tags, *rest)
        texts.insert(start, texts.pop(start + 4))
        if tags is not None:
            tags.insert(start, tags.pop(start + 4))

    monkeypatch.setattr(model.view, "_game", score_first)
    after = records()
    assert sorted(map(str, after)) == sorted(map(str, before))
    scores = [index for index, record in enumerate(after) if record["rule"] == "score.total"]
    assert scores
    for index in scores:
        assert after[index]["text"].startswith("      score:")
        assert after[index + 1]["text"] == "  Starfighter:"
        assert after[index + 1]["rule"] == "view.starfighter"


def test_the_lines_are_the_texts_rendered_each_with_its_subject() -> None:
    session = Session()
    script = validate(text_source(SCRIPT))
    for steps in script.steps():
        for step in steps:
            step.command.apply(session)
            shown = lines(session)
            assert "\n".join(INDENT + line.text for line in shown) == render(session)
            for line in shown:
                if line.part in (LinePart.STARFIGHTER, LinePart.SCORE):
                    assert isinstance(line.subject, Starfighter)
                if isinstance(line.subject, BoardRow):
                    rows = {entity.position.row for entity in line.subject.entities}
                    assert rows <= {line.subject.row}


def test_provenance_imports_no_private_name_of_the_model() -> None:
    private = []
    for path in sorted((ROOT / "provenance").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("model"):
                names = [alias.name for alias in node.names]
                private += [f"{path.name}: {node.module}.{n}" for n in names if n.startswith("_")]
            if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
                if isinstance(node.value, ast.Name) and node.value.id in {"view", "model"}:
                    private.append(f"{path.name}: {node.value.id}.{node.attr}")
    assert private == []
