"""A grading is one value and its steps: `grade(Grading(...))`, as the tests call it, writes the
reports `at grade` writes with the same settings, tells what the grader should know through the
function it is given, and ends with the summary, the note and the exit status."""

from pathlib import Path

import pytest

from acceptance.cli.main import main
from acceptance.grading.grading import REPORTS, Grading, grade
from acceptance.running.cases import collect
from tests.classroom import CRASH, EXACT, ROOT, TEMPLATE, Kind, copy_suite, make_class


def test_a_grading_called_directly_writes_what_at_grade_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = copy_suite(tmp_path / "suite", [ROOT / "at" / "at001.txt", ROOT / "at" / "at002.txt"])
    pupils = make_class(tmp_path / "class", {"exact": Kind(1, EXACT), "crashing": Kind(1, CRASH)})
    command = ["grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", str(suite), "-j", "1"]
    assert main([*command, "--out", str(tmp_path / "cli"), *map(str, pupils)]) == 0
    told: list[str] = []
    grading = Grading(
        cases=tuple(collect([suite], None)),
        game=None,
        template=TEMPLATE,
        folders=tuple(pupils),
        out=tmp_path / "direct",
        sandbox=False,
        shard=(1, 1),
    )
    finished = grade(grading, told.append)
    assert (finished.code, finished.submissions) == (0, 2)
    assert told == ["shard 1/1: 2 of 2 submissions"]
    assert finished.note == "isolation: none (--no-sandbox: the runs were not isolated)"
    assert finished.summary.splitlines()[2].split()[:5] == ["crashing00", "0", "0", "2", "0.0"]
    for name in REPORTS:
        assert (tmp_path / "direct" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes()
