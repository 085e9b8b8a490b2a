"""One name, one thing: no two modules of the harness (acceptance/) define the same public class,
so that a class's name alone says which one is meant (docs/explanation/architecture.md, the
glossary)."""

import ast
from collections import defaultdict
from pathlib import Path

HARNESS = Path(__file__).resolve().parents[2] / "acceptance"


def public_classes(path: Path) -> list[str]:
    """The public classes a module defines at its top level."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [
        node.name
        for node in tree.body
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_")
    ]


def test_no_two_harness_modules_define_the_same_public_class() -> None:
    where: dict[str, list[str]] = defaultdict(list)
    for path in sorted(HARNESS.rglob("*.py")):
        for name in public_classes(path):
            where[name].append(str(path.relative_to(HARNESS.parent)))
    assert len(where) > 50  # the walk found the harness's classes
    assert {name: paths for name, paths in where.items() if len(paths) > 1} == {}


def test_the_old_names_of_things_are_gone() -> None:
    names = {name for path in HARNESS.rglob("*.py") for name in public_classes(path)}
    assert not names & {"Pupil", "Graded", "Grader"}
    assert not (HARNESS / "cli" / "classes.py").exists()
    aliases = [
        target.id
        for path in HARNESS.rglob("*.py")
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    ]
    assert not {"Run", "Tell"} & set(aliases)
