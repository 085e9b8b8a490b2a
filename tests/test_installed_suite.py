"""`at run` with no path, in a folder with no at/: the public suite installed with `at` runs,
and `at` says so; in a project with its own at/, its own suite runs."""

from pathlib import Path

import pytest

from acceptance.running.cases import installed_suite
from acceptance.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


def test_outside_a_project_the_installed_public_suite_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert installed_suite() == ROOT  # an editable install: the checkout's at/ and expected/
    assert main(["run", "--game", "star_canine"]) == 0
    output = capsys.readouterr()
    count = len(list((ROOT / "at" / "star_canine").glob("*.txt")))
    assert output.out == f"{count} passed, 0 failed\n"
    assert output.err == f"at: no at/ folder here: running the public suite installed in {ROOT}\n"


def test_in_a_project_its_own_suite_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "at").mkdir()
    (tmp_path / "expected").mkdir()
    (tmp_path / "at" / "mine.txt").write_bytes((ROOT / "at" / "at001.txt").read_bytes())
    (tmp_path / "expected" / "mine.expected.txt").write_bytes(
        (ROOT / "expected" / "at001.expected.txt").read_bytes()
    )
    monkeypatch.chdir(tmp_path)
    assert main(["run", "--game", "space_defender_2"]) == 0
    assert capsys.readouterr() == ("1 passed, 0 failed\n", "")
