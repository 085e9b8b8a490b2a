"""Each mistake a person makes on the command line is one line on stderr, exit status 2, and
nothing written: a program that cannot be run (said once, whatever the number of tests), a
folder with no tests (named), an unreadable script, expected file, points file or scheme (in
every command), a class pattern that matched nothing, a class where no submission has the
program, a grading with no suite named where the default is ambiguous, a suite with no expected
files (naming `at regen`)."""

from pathlib import Path

import pytest

from acceptance.cli.main import main
from tests.classroom import EXACT, HEADER, PROGRAM, ROOT, TEMPLATE, copy_suite

# Read by root as by anyone, this file fails every read (EIO): a file nobody may read, for a test
# suite that runs as root, where a file's mode refuses nothing.
UNREADABLE = Path("/proc/self/mem")


@pytest.fixture
def place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cwd: a suite of two tests, a class of one exact submission, a points file, a scheme
    and a program that passes."""
    copy_suite(tmp_path / "suite", [ROOT / "at" / "at001.txt", ROOT / "at" / "at002.txt"])
    pupil = tmp_path / "class" / "ada"
    pupil.mkdir(parents=True)
    (pupil / PROGRAM).write_text(HEADER + EXACT)
    (pupil / PROGRAM).chmod(0o755)
    (tmp_path / "points.txt").write_text("at001 2\n")
    (tmp_path / "scheme.toml").write_text('[points]\n"at001" = 2\n')
    monkeypatch.chdir(tmp_path)
    return tmp_path


def unreadable(path: Path) -> None:
    """Make a file of the suite one that no read succeeds on."""
    path.unlink(missing_ok=True)
    path.symlink_to(UNREADABLE)


def one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The one error line `at` exits 2 with, printing nothing else."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("at: ")
    assert "Traceback" not in err
    return err.removesuffix("\n")


GRADE = ["grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", "suite", "--out", "out"]
GRADESCOPE = ["gradescope", "--exe", TEMPLATE, "--tests", "suite", "--out", "out"]
COMMANDS = {
    "run": ["run", "suite"],
    "regen": ["regen", "suite"],
    "cover": ["cover", "suite"],
    "grade": [*GRADE, "class/ada"],
    "gradescope": GRADESCOPE,
    "fuzz": ["fuzz", "--exe", "class/ada/program", "--budget", "1", "--toward", "suite"],
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("file", ["at002.txt", "at002.expected.txt"])
def test_an_unreadable_file_of_the_suite_is_one_line_in_every_command(
    capsys: pytest.CaptureFixture[str], place: Path, command: str, file: str
) -> None:
    unreadable(place / "suite" / file)
    error = one_line(capsys, COMMANDS[command])
    assert error.startswith(f"at: cannot read suite/{file}: ")
    assert not (place / "out").exists()


@pytest.mark.parametrize("option", ["--points", "--scheme"])
@pytest.mark.parametrize("command", [[*GRADE, "class/ada"], GRADESCOPE])
def test_an_unreadable_points_file_or_scheme_is_one_line(
    capsys: pytest.CaptureFixture[str], place: Path, command: list[str], option: str
) -> None:
    unreadable(place / "marks.txt")
    assert one_line(capsys, [*command, option, "marks.txt"]).startswith("at: cannot read the ")
    assert not (place / "out").exists()


@pytest.mark.parametrize("sandbox", [[], ["--sandbox"]])
@pytest.mark.parametrize("command", [["run", "suite"], ["fuzz", "--budget", "1"]])
def test_a_program_that_cannot_run_is_said_once(
    capsys: pytest.CaptureFixture[str], place: Path, command: list[str], sandbox: list[str]
) -> None:
    argv = [*command, *sandbox, "--exe"]
    assert one_line(capsys, [*argv, "./nope"]) == (
        "at: cannot run --exe program './nope': no such file"
    )
    assert one_line(capsys, [*argv, "nope-on-no-path"]) == (
        "at: cannot run --exe program 'nope-on-no-path': no such program on the PATH"
    )
    (place / "class" / "ada" / PROGRAM).chmod(0o644)
    assert one_line(capsys, [*argv, "class/ada/program"]) == (
        "at: cannot run --exe program 'class/ada/program':"
        " permission denied (not an executable file)"
    )
    for folder in ("class/ada", "class/ada/", "class"):
        assert one_line(capsys, [*argv, folder]) == (
            f"at: cannot run --exe program {folder!r}: it is a folder, not a program"
        )
    assert not (place / "at").exists()


def test_a_grading_whose_template_names_a_folder_says_so(
    capsys: pytest.CaptureFixture[str], place: Path
) -> None:
    argv = ["grade", "--no-sandbox", "--exe", "{}", "--tests", "suite", "class/ada"]
    assert one_line(capsys, argv) == (
        "at: no submission has the program --exe '{}' names (it is a folder, not a program,"
        " in class/ada): nothing graded"
    )


def test_a_folder_with_no_tests_is_named(capsys: pytest.CaptureFixture[str], place: Path) -> None:
    (place / "empty").mkdir()
    assert one_line(capsys, ["run", "empty"]) == "at: no test scripts in empty"


def test_a_bundle_of_a_test_with_no_expected_file_is_one_line_and_no_folder(
    capsys: pytest.CaptureFixture[str], place: Path
) -> None:
    (place / "suite" / "at002.expected.txt").unlink()
    assert one_line(capsys, GRADESCOPE) == (
        "at: the test at002 has no expected file: `at regen suite/at002.txt` writes it from the"
        " oracle"
    )
    assert not (place / "out").exists()


@pytest.mark.parametrize("command", ["run", "grade", "gradescope"])
def test_a_suite_with_scripts_but_no_expected_files_is_one_line_naming_at_regen(
    capsys: pytest.CaptureFixture[str], place: Path, command: str
) -> None:
    for expected in (place / "suite").glob("*.expected.txt"):
        expected.unlink()
    assert one_line(capsys, COMMANDS[command]) == (
        "at: none of the 2 tests of suite has an expected file: `at regen suite` writes them"
        " from the oracle"
    )
    assert not (place / "out").exists()


def test_a_class_pattern_that_matched_nothing_is_one_line(
    capsys: pytest.CaptureFixture[str], place: Path
) -> None:
    error = one_line(capsys, [*GRADE, "class/ada", "nosuch/*"])
    assert error == "at: the pattern 'nosuch/*' matched no submission folder"
    assert not (place / "out").exists()


def test_a_class_where_no_submission_has_the_program_is_one_line_before_grading(
    capsys: pytest.CaptureFixture[str], place: Path
) -> None:
    command = [*GRADE[:3], "{}/nope", *GRADE[4:], "class/ada"]
    assert one_line(capsys, command) == (
        "at: no submission has the program --exe '{}/nope' names (no such file, in class/ada):"
        " nothing graded"
    )
    assert not (place / "out").exists()
    (place / "class" / "ada" / PROGRAM).chmod(0o644)
    assert "permission denied" in one_line(capsys, [*GRADE, "class/ada"])


@pytest.mark.parametrize("command", ["grade", "gradescope"])
def test_grading_with_no_suite_named_where_the_default_is_ambiguous_names_the_option(
    capsys: pytest.CaptureFixture[str], place: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.chdir(ROOT)  # a checkout: the suites of four games
    argv = [command, "--exe", TEMPLATE, "--out", str(place / "out")]
    argv += [str(place / "class" / "ada")] if command == "grade" else []
    assert one_line(capsys, argv) == (
        "at: give --tests PATH, the suite to grade over: at holds the suites of 4 games"
        " (--game GAME picks one)"
    )
    assert not (place / "out").exists()
