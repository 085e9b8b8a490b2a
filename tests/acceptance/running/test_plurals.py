"""Counts are said with their unit in the singular for one: `1 submission`, `1 test`, `1 pair`,
`1 run`, in every message and report."""

from pathlib import Path

import pytest

from acceptance.cli.main import main
from acceptance.running.run_report import plural
from tests.classroom import EXACT, HEADER, PROGRAM, ROOT, TEMPLATE, copy_suite


def test_one_is_singular_and_any_other_count_plural() -> None:
    assert [plural(count, "pair") for count in (0, 1, 2)] == ["0 pairs", "1 pair", "2 pairs"]


def test_grading_one_submission_over_one_test_says_both_in_the_singular(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy_suite(tmp_path / "suite", [ROOT / "at" / "at001.txt"])
    pupil = tmp_path / "ada"
    pupil.mkdir()
    (pupil / PROGRAM).write_text(HEADER + EXACT)
    (pupil / PROGRAM).chmod(0o755)
    monkeypatch.chdir(tmp_path)
    command = ["grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", "suite", "ada"]
    assert main(command) == 0
    out = capsys.readouterr().out
    assert "graded 1 submission over 1 test in " in out
    page = (tmp_path / "grading" / "report.html").read_text()
    assert "<title>Grades: 1 submission, 1 test" in page
