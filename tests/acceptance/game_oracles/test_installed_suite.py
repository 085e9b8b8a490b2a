"""`at run` with no path, in a folder with no at/: the public suite installed with `at` runs,
Space Defender 2's unless --game names another, and `at` says so; in a project with its own at/,
its own tests run beside the public suite, never instead of it, and the summary counts each;
in the checkout, or where no suite is installed, the project's own tests are the suite."""

from pathlib import Path

import pytest

from acceptance.cli.main import main
from acceptance.game_oracles.registry import GAMES
from acceptance.running.cases import default_suites, installed_suite

ROOT = Path(__file__).resolve().parents[3]


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


def test_a_projects_own_tests_run_beside_the_public_suite(
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
    public = len(list((ROOT / "at").glob("*.txt")))
    assert capsys.readouterr() == (
        f"{public + 1} passed, 0 failed ({public} public tests, 1 of your own)\n",
        "",
    )


def test_with_no_path_only_the_course_games_public_suite_runs_and_a_finding_does_not_hide_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    public = len(list((ROOT / "at").glob("*.txt")))
    assert main(["run", "-j", "2", "--exe", "true"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == f"0 passed, {public} failed"
    (tmp_path / "at").mkdir()
    (tmp_path / "at" / "fuzz_3_11.txt").write_text("\n")
    (tmp_path / "at" / "fuzz_3_11.expected.txt").write_text("")
    assert main(["run", "-j", "2", "--exe", "true"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == (
        f"1 passed, {public} failed ({public} public tests, 1 of your own)"
    )


def test_in_the_checkout_the_public_suite_runs_once_with_no_own_tests(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    suites = default_suites(GAMES["star_canine"])
    assert suites.own == []
    assert len(suites.public) == len(list((ROOT / "at" / "star_canine").glob("*.txt")))


def test_with_no_suite_installed_the_projects_own_tests_are_the_suite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "at").mkdir()
    (tmp_path / "at" / "mine.txt").write_bytes((ROOT / "at" / "at001.txt").read_bytes())
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("acceptance.running.cases.installed_suite", lambda: None)
    suites = default_suites(None)
    assert ([case.name for case in suites.public], suites.own) == (["mine"], [])


def test_with_no_suite_installed_and_no_tests_here_the_empty_folder_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "at").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("acceptance.running.cases.installed_suite", lambda: None)
    assert main(["run"]) == 2
    assert capsys.readouterr() == ("", "at: no test scripts in at\n")
