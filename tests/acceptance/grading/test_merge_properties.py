"""`at merge` over any split of a class: the class graded once, then split into random parts
(each graded into its own folder, which starts from a copy of the whole's store so that no
program runs again) and the parts merged in a random order, writes the reports of the whole."""

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acceptance.cli.main import main
from acceptance.store.database import STORE
from tests.acceptance.grading.conftest import SHARDED_TESTS, mixed_class
from tests.classroom import ROOT, TEMPLATE, copy_suite, make_class

COMPARED = ("grades.csv", "matrix.csv", "report.html", "causes.csv")
EACH = 2  # submissions of a kind: 7 in the class


def grade(place: Path, out: Path, pupils: list[Path], *options: str) -> None:
    """`at grade` of some submissions, unsandboxed, into an output folder."""
    command = ["grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", str(place / "suite")]
    command += ["--points", str(place / "points.txt"), "--out", str(out), *options]
    assert main([*command, *map(str, pupils)]) == 0


@pytest.fixture(scope="module")
def whole() -> Iterator[tuple[Path, list[Path]]]:
    """The suite, a points file and a mixed class (in name order, as `at merge` gives it),
    graded in one run into whole/."""
    with tempfile.TemporaryDirectory() as name:
        place = Path(name)
        copy_suite(place / "suite", [ROOT / "at" / f"{test}.txt" for test in SHARDED_TESTS])
        (place / "points.txt").write_text("at002 3\n")
        pupils = sorted(make_class(place / "class", mixed_class(EACH)))
        grade(place, place / "whole", pupils)
        yield place, pupils


@settings(max_examples=12, deadline=None)
@given(st.data())
def test_the_parts_of_any_split_merge_into_the_grading_of_the_whole(
    whole: tuple[Path, list[Path]], data: st.DataObject
) -> None:
    """However a class is split and its parts are given, merged they are the whole's grading."""
    place, pupils = whole
    owners = data.draw(st.lists(st.integers(0, 3), min_size=len(pupils), max_size=len(pupils)))
    parts = sorted(set(owners))
    order = data.draw(st.permutations(parts))
    with tempfile.TemporaryDirectory() as name:
        split = Path(name)
        for part in parts:
            (split / str(part)).mkdir()
            shutil.copy(place / "whole" / STORE, split / str(part) / STORE)
            mine = [pupil for pupil, owner in zip(pupils, owners, strict=True) if owner == part]
            grade(place, split / str(part), mine, "--force")
        shards = [str(split / str(part)) for part in order]
        assert main(["merge", *shards, "--out", str(split / "merged")]) == 0
        for report in COMPARED:
            merged = (split / "merged" / report).read_bytes()
            assert merged == (place / "whole" / report).read_bytes(), report
