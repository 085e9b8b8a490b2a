"""Finding scripts and their expected files: beside the script first, then the project's expected/
for the scripts of its at/ alone, or in a folder given."""

import re
from pathlib import Path

import pytest

from acceptance.errors import HarnessError
from acceptance.game_oracles.registry import GAMES
from acceptance.running.cases import collect, expected_target


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch project, the cwd: at/ with three scripts, expected/ with the files of two."""
    for path in (
        "at/a.txt",
        "at/b.txt",
        "at/c.txt",
        "at/b.expected.txt",
        "expected/a.expected.txt",
    ):
        (tmp_path / path).parent.mkdir(exist_ok=True)
        (tmp_path / path).write_text("pass\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_folder_holds_its_scripts_in_order_not_its_expected_files(project: Path) -> None:
    assert [case.name for case in collect([Path("at")])] == ["a", "b", "c"]


def test_expected_file_beside_the_script_comes_before_the_project_one(project: Path) -> None:
    (project / "expected" / "b.expected.txt").write_text("other\n")
    a, b, c = collect([Path("at")])
    assert a.expected == project / "expected" / "a.expected.txt"
    assert b.expected == Path("at/b.expected.txt")
    assert c.expected is None


def test_a_new_expected_file_belongs_in_the_project_expected_folder(project: Path) -> None:
    assert expected_target(Path("at/c.txt")) == project / "expected" / "c.expected.txt"


def test_a_new_expected_file_of_a_game_given_goes_in_that_games_folder_whatever_the_scripts(
    project: Path,
) -> None:
    star_lanes = GAMES["star_lanes"]
    (project / "at" / "kept").mkdir()
    target = expected_target(Path("at/kept/c.txt"), star_lanes)
    assert target == project / "expected" / star_lanes.folder / "c.expected.txt"


def test_a_script_outside_the_projects_at_never_takes_the_projects_expected_file(
    project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    hidden = project / "hidden"
    hidden.mkdir()
    (hidden / "a.txt").write_text("pass\n")
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "a.txt"
    elsewhere.write_text("pass\n")
    assert [case.expected for case in collect([hidden, elsewhere])] == [None, None]
    assert expected_target(hidden / "a.txt") == hidden / "a.expected.txt"
    assert expected_target(elsewhere) == elsewhere.with_name("a.expected.txt")


def test_expected_files_in_a_folder_given_are_laid_out_as_a_projects_expected(
    project: Path,
) -> None:
    kept = project / "kept"
    (kept / "star_lanes").mkdir(parents=True)
    (kept / "c.expected.txt").write_text("pass\n")
    assert [case.expected for case in collect([Path("at")], None, kept)] == [
        None,
        None,
        kept / "c.expected.txt",
    ]
    target = expected_target(Path("at/c.txt"), GAMES["star_lanes"], kept)
    assert target == kept / "star_lanes" / "c.expected.txt"


def test_a_script_named_twice_is_one_case(project: Path) -> None:
    assert [case.name for case in collect([Path("at/b.txt"), Path("at")])] == ["b", "a", "c"]


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("nowhere", "no such file or folder: nowhere"),
        ("at/b.expected.txt", "not a test script (NAME.txt): at/b.expected.txt"),
        ("expected", "no test scripts in expected"),
    ],
)
def test_paths_that_are_not_scripts_are_refused(project: Path, path: str, message: str) -> None:
    with pytest.raises(HarnessError, match=f"^{re.escape(message)}$"):
        collect([Path(path)])
