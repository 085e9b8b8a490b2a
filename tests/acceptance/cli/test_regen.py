"""`at regen` and `at new`: expected files from the oracle, changed ones kept unless forced; new
scripts from a template or of random commands, existing ones kept unless forced."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from acceptance.cli import new
from acceptance.cli.main import main
from oracle.generate import DEFECTS, script

ROOT = Path(__file__).resolve().parents[3]
ORACLE_BYTES = (ROOT / "expected" / "at001.expected.txt").read_bytes()


def at(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    """Run `at` in-process; its exit status and the lines it printed."""
    code = main(list(args))
    return code, capsys.readouterr().out.splitlines()


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch project, the cwd, with at/at001.txt and an empty expected/ folder."""
    (tmp_path / "at").mkdir()
    (tmp_path / "expected").mkdir()
    shutil.copy(ROOT / "at" / "at001.txt", tmp_path / "at")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_regen_creates_then_keeps_a_changed_file_until_forced(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    expected = project / "expected" / "at001.expected.txt"
    assert at(capsys, "regen", "at") == (0, ["created: expected/at001.expected.txt"])
    assert expected.read_bytes() == ORACLE_BYTES
    assert at(capsys, "regen", "at/at001.txt") == (0, ["unchanged: expected/at001.expected.txt"])

    edited = ORACLE_BYTES.replace(b"score:0\n", b"score:0 \n", 1)
    expected.write_bytes(edited)
    code, lines = at(capsys, "regen", "at/at001.txt")
    assert (code, lines[0]) == (
        1,
        "kept: expected/at001.expected.txt (the oracle's output differs; --force overwrites it)",
    )
    assert lines[1] == "    first change at line 27, in ->setup_next(5)"
    assert lines[2:5] == ["    --- file", "    +++ oracle", "    @@ -24,7 +24,7 @@ ->setup_next(5)"]
    assert "    -      score:0⟦·⟧" in lines and "    +      score:0" in lines
    assert lines[-1] == "    marks: ⟦…⟧ what differs in a changed line, · trailing space"
    assert expected.read_bytes() == edited

    code, lines = at(capsys, "regen", "--force", "at/at001.txt")
    assert (code, lines[0]) == (0, "overwritten: expected/at001.expected.txt")
    assert expected.read_bytes() == ORACLE_BYTES


def test_regen_writes_beside_a_script_outside_any_project(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(ROOT / "at" / "at001.txt", tmp_path / "mine.txt")
    assert at(capsys, "regen", "mine.txt") == (0, ["created: mine.expected.txt"])
    assert at(capsys, "run", "mine.txt") == (0, ["1 passed, 0 failed"])


def test_regen_of_a_hidden_suite_writes_beside_its_scripts_not_in_the_projects_expected(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    (project / "hidden").mkdir()
    shutil.copy(ROOT / "at" / "at001.txt", project / "hidden" / "at001.txt")
    before = sorted(path.name for path in (project / "expected").iterdir())
    assert at(capsys, "regen", "hidden/") == (0, ["created: hidden/at001.expected.txt"])
    assert sorted(path.name for path in (project / "expected").iterdir()) == before
    assert (project / "hidden" / "at001.expected.txt").read_bytes() == ORACLE_BYTES
    assert at(capsys, "run", "hidden/") == (0, ["1 passed, 0 failed"])


def test_regen_writes_where_expected_says_and_run_reads_it_there(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    (project / "hidden").mkdir()
    shutil.copy(ROOT / "at" / "at001.txt", project / "hidden" / "at001.txt")
    created = ["created: outputs/at001.expected.txt"]
    assert at(capsys, "regen", "--expected", "outputs", "hidden") == (0, created)
    assert not list((project / "expected").iterdir())
    assert not (project / "hidden" / "at001.expected.txt").exists()
    assert at(capsys, "run", "--expected", "outputs", "hidden") == (0, ["1 passed, 0 failed"])


def test_new_scaffolds_a_script_that_regen_and_run_accept(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    script = project / "at" / "mine.txt"
    code, lines = at(capsys, "new", "mine")
    assert (code, lines) == (
        0,
        [
            "created at/mine.txt: write its commands, then `at regen at/mine.txt` records the"
            " oracle's output"
        ],
    )
    assert script.read_text().startswith("--mine: ")
    assert at(capsys, "regen", str(script))[0] == 0
    assert at(capsys, "run", str(script)) == (0, ["1 passed, 0 failed"])


def test_new_never_overwrites_a_script(capsys: pytest.CaptureFixture[str], project: Path) -> None:
    script = project / "at" / "at001.txt"
    before = script.read_bytes()
    assert main(["new", "at001"]) == 2
    assert capsys.readouterr().err == (
        "at: at/at001.txt exists already; it is left as it is (--force replaces it)\n"
    )
    assert script.read_bytes() == before


@pytest.mark.parametrize("name", ["../escape", "a b", "", "x.txt"])
def test_new_refuses_names_that_are_not_plain(
    capsys: pytest.CaptureFixture[str], project: Path, name: str
) -> None:
    assert main(["new", name]) == 2
    assert capsys.readouterr().err.startswith("at: a test name is letters, digits")
    assert sorted(path.name for path in (project / "at").iterdir()) == ["at001.txt"]


def test_regen_reports_a_failing_oracle_as_failed_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    script = project / "at" / "bad.txt"
    script.write_bytes(b"play(10,30,1,1,1,1,1)\n\xff\n")
    code, lines = at(capsys, "regen", "at/bad.txt")
    assert code == 1
    assert lines == [
        "failed: expected/bad.expected.txt (the oracle failed: cannot read the script:"
        " 'utf-8' codec can't decode byte 0xff in position 22: invalid start byte)"
    ]
    assert not (project / "expected" / "bad.expected.txt").exists()


def test_new_random_writes_the_generators_script_that_regen_and_run_accept(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    code, lines = at(capsys, "new", "mine", "--random", "40", "--seed", "7")
    assert (code, lines) == (
        0,
        [
            "created at/mine.txt: 40 random commands (seed 7); `at regen at/mine.txt` records the"
            " oracle's output"
        ],
    )
    assert (project / "at" / "mine.txt").read_text() == script(7, 40)
    assert at(capsys, "regen", "at/mine.txt")[0] == 0
    assert at(capsys, "run", "at/mine.txt") == (0, ["1 passed, 0 failed"])


def test_new_random_to_the_standard_output_with_a_defect(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    assert at(capsys, "new", "-", "--random", "30", "--seed", "3", "--defect", "syntax") == (
        0,
        script(3, 30, defect="syntax").splitlines(),
    )
    assert sorted(path.name for path in (project / "at").iterdir()) == ["at001.txt"]


def test_an_existing_script_is_kept_unless_forced(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    output = project / "at" / "mine.txt"
    output.write_text("my own test\n")
    assert main(["new", "mine", "--random", "3"]) == 2
    assert output.read_text() == "my own test\n"
    assert capsys.readouterr().err == (
        "at: at/mine.txt exists already; it is left as it is (--force replaces it)\n"
    )
    assert main(["new", "mine", "--random", "3", "--force"]) == 0
    assert output.read_text() == script(0, 3)


def test_a_script_folder_that_cannot_be_made_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "at").write_text("a file where the scripts' folder would be\n")
    assert main(["new", "mine", "--random", "3"]) == 2
    assert capsys.readouterr().err == "at: cannot make at: File exists\n"


def test_seed_and_defect_without_random_are_a_one_line_error(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    for option in (["--seed", "3"], ["--defect", "type"]):
        assert main(["new", "mine", *option]) == 2
        assert capsys.readouterr().err == (
            "at: --seed and --defect shape a --random script: give --random N\n"
        )
    assert sorted(path.name for path in (project / "at").iterdir()) == ["at001.txt"]


def test_the_defects_at_new_offers_are_the_generators() -> None:
    assert sorted(new.DEFECTS) == sorted(DEFECTS)


def test_a_reader_that_stops_early_ends_the_generator_quietly(tmp_path: Path) -> None:
    generator = subprocess.Popen(
        [str(Path(sys.executable).with_name("at")), "new", "-", "--random", "200000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    assert generator.stdout is not None and generator.stderr is not None
    assert generator.stdout.readline().startswith(b"-- generated")
    generator.stdout.close()
    assert generator.wait(timeout=60) == 0
    assert generator.stderr.read() == b""
