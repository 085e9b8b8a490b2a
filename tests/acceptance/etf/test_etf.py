"""`at etf` beside the course's ETF_Test.py (re-implemented from its documented behaviour in
tests/acceptance/etf/etf_reference.py): the same Test Results and result lines, warnings and log/
files, on a copy of the starter project's layout; and a parameters file is read, never run."""

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from acceptance.cli.main import main

ROOT = Path(__file__).resolve().parents[3]
REFERENCE = Path(__file__).with_name("etf_reference.py")
EXECUTABLE = "EIFGENs/space_defender_2/W_code/space_defender_2"
TESTS = {"instructor": ("at001", "at002"), "student": ("at004",)}
PROGRAM = """\
#!{python}
import sys
from oracle.runner import run_script
with open(sys.argv[2], encoding="utf-8", newline="\\n") as script:
    sys.stdout.write(run_script(script.read()){change})
"""
PROGRAMS = {
    "exact": "",
    "failing": '.replace("->move(", "->move (")',
    "spaced": '.replace(", ", ",   ").replace("\\n", " \\n\\n")',
}
PARAMETERS = """\
#!/usr/bin/env python3

# Specify the directory (relative or absolute) where the acceptance test files are.
root = "../tests/acceptance/"

# Specify files or directories (relative to root) of the acceptance tests.
acceptance_tests = {tests}

ignore_warnings = {ignore_warnings}
is_expected = {is_expected}
oracle = "../oracle.exe"
executable = "../{executable}"
print_only_errors = {print_only_errors}
format_for_diff = {diff}
is_tolerant_on_white_spaces = {tolerant}
"""
STARTER = {
    "tests": '[\n    "./instructor",\n    "./student"\n    ]',
    "ignore_warnings": "True",
    "is_expected": "False",
    "executable": EXECUTABLE,
    "print_only_errors": "False",
    "tolerant": "False",
    "diff": '"meld"',
}
RESULT_PREFIXES = ("Test Results: ", "Success: ", "Error: ", "meld ", "Warning: ", "System exit: ")


@dataclass(frozen=True)
class Run:
    """What one run printed, its exit status and the log files it left."""

    code: int
    lines: list[str]
    log: dict[str, bytes]

    @property
    def etf_lines(self) -> list[str]:
        """The lines ETF_Test.py prints too: results, warnings, the Test Results lines."""
        return [line for line in self.lines if line.startswith(RESULT_PREFIXES)]


def executable_script(path: Path, text: str) -> None:
    """Write a script the shell can run."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(0o755)


def write_parameters(project: Path, **settings: str) -> Path:
    """The parameters file of the starter with some settings changed."""
    path = project / "regression-testing" / "ETF_Test_Parameters.py"
    path.write_text(PARAMETERS.format(**{**STARTER, **settings}), encoding="utf-8")
    return path


def put_program(project: Path, name: str) -> None:
    """The student's program at the parameters' path: one of the fake programs."""
    change = PROGRAMS[name]
    executable_script(project / EXECUTABLE, PROGRAM.format(python=sys.executable, change=change))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the starter's layout: regression-testing/ (ETF_Test.py, its parameters) beside
    tests/acceptance/instructor/ and student/, the oracle at ../oracle.exe, a program built."""
    for folder, names in TESTS.items():
        tests = tmp_path / "tests" / "acceptance" / folder
        tests.mkdir(parents=True)
        for name in names:
            shutil.copy(ROOT / "at" / f"{name}.txt", tests)
            shutil.copy(ROOT / "expected" / f"{name}.expected.txt", tests)
    (tmp_path / "regression-testing").mkdir()
    shutil.copy(REFERENCE, tmp_path / "regression-testing" / "ETF_Test.py")
    executable_script(tmp_path / "oracle.exe", PROGRAM.format(python=sys.executable, change=""))
    write_parameters(tmp_path)
    put_program(tmp_path, "exact")
    return tmp_path


def log_of(folder: Path) -> dict[str, bytes]:
    """The files under a log folder, by path, and their bytes; the folder is removed."""
    log = folder / "log"
    files = {
        str(path.relative_to(log)): path.read_bytes() for path in log.rglob("*") if path.is_file()
    }
    shutil.rmtree(log, ignore_errors=True)
    return files


def reference_run(project: Path) -> Run:
    """ETF_Test.py run from regression-testing/, as students run it."""
    folder = project / "regression-testing"
    done = subprocess.run(
        [sys.executable, "ETF_Test.py"],
        cwd=folder,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    return Run(done.returncode, done.stdout.splitlines(), log_of(folder))


def at_etf(
    project: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *args: str,
) -> Run:
    """`at etf` run in-process from regression-testing/."""
    folder = project / "regression-testing"
    monkeypatch.chdir(folder)
    code = main(["etf", *args])
    return Run(code, capsys.readouterr().out.splitlines(), log_of(folder))


@pytest.mark.parametrize(
    ("program", "settings", "passed"),
    [
        ("exact", {}, "3/3"),
        ("failing", {}, "2/3"),
        ("failing", {"is_expected": "True", "print_only_errors": "True", "diff": "None"}, "2/3"),
        ("spaced", {"tolerant": "True"}, "3/3"),
    ],
)
def test_at_etf_prints_and_logs_what_etf_test_does(
    project: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    program: str,
    settings: dict[str, str],
    passed: str,
) -> None:
    put_program(project, program)
    write_parameters(project, **settings)
    reference = reference_run(project)
    ours = at_etf(project, capsys, monkeypatch)
    assert f"Test Results: {passed} passed." in reference.lines
    assert ours.etf_lines == reference.etf_lines
    assert ours.log == reference.log
    assert sorted(ours.log) == [
        f"{folder}/{name}.{kind}.txt"
        for folder, names in sorted(TESTS.items())
        for name in names
        for kind in ("actual", "expected")
    ]
    assert ours.code == (0 if passed == "3/3" else 1)


def test_a_parameters_file_saved_with_a_byte_order_mark_is_read_as_python_reads_it(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows editors save UTF-8 with a byte-order mark, which Python's import skips."""
    parameters = write_parameters(project, print_only_errors="True")
    parameters.write_text(parameters.read_text(encoding="utf-8"), encoding="utf-8-sig")
    reference = reference_run(project)
    ours = at_etf(project, capsys, monkeypatch)
    assert "Test Results: 3/3 passed." in reference.lines
    assert (ours.etf_lines, ours.log, ours.code) == (reference.etf_lines, reference.log, 0)


def test_white_space_tolerance_gives_the_exact_verdict_too(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    put_program(project, "spaced")
    write_parameters(project, tolerant="True", print_only_errors="True")
    ours = at_etf(project, capsys, monkeypatch)
    assert ours.code == 0
    assert ours.lines[-4:] == [
        "Graded byte for byte, as the course grades (white space is tolerated only here): "
        "0/3 passed.",
        *(
            f"    {name} passes only with white space tolerated: line 1, column 22, in "
            "(initial state)"
            for name in ("instructor/at001", "instructor/at002", "student/at004")
        ),
    ]


@pytest.mark.parametrize("ignore", ["True", "False"])
def test_at_etf_warns_as_etf_test_does_and_stops_when_warnings_are_not_ignored(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, ignore: str
) -> None:
    tests = '["./instructor", "./instructor/at001.txt", "./student/at009.txt", "./nothing"]'
    write_parameters(project, tests=tests, ignore_warnings=ignore)
    reference = reference_run(project)
    ours = at_etf(project, capsys, monkeypatch)
    warnings = [line for line in ours.lines if line.startswith("Warning: ")]
    assert warnings == [
        "Warning: File ../tests/acceptance/./student/at009.txt is listed but can not be found",
        "Warning: File ../tests/acceptance/./instructor/at001.txt already in list",
    ]
    assert ours.etf_lines == reference.etf_lines
    assert (ours.code, reference.code) == ((0, 0) if ignore == "True" else (1, 1))
    assert ours.log == (reference.log if ignore == "True" else {})


def test_a_missing_expected_file_is_warned_about_when_expected_files_are_copied(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (project / "tests" / "acceptance" / "student" / "at004.expected.txt").unlink()
    write_parameters(project, is_expected="True")
    reference = reference_run(project)
    ours = at_etf(project, capsys, monkeypatch)
    assert (
        "Warning: File ../tests/acceptance/student/at004.txt is listed but "
        + ("../tests/acceptance/student/at004.expected.txt can not be found")
        in ours.lines
    )
    assert ours.etf_lines == reference.etf_lines
    assert ours.log == reference.log


def test_at_etf_from_another_folder_resolves_paths_from_the_parameters_folder(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    put_program(project, "failing")
    monkeypatch.chdir(project)
    code = main(["etf", "regression-testing/ETF_Test_Parameters.py"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 1
    meld = "meld regression-testing/log/student/at004.actual.txt"
    assert f"{meld} regression-testing/log/student/at004.expected.txt &" in lines
    assert len(log_of(project / "regression-testing")) == 6


@pytest.mark.parametrize(
    ("statement", "line"),
    [
        ("import os", "import os"),
        (
            'executable = __import__("os").system("touch ran")',
            'executable = __import__("os").system("touch ran")',
        ),
        ('acceptance_tests = [open("ran", "w")]', 'acceptance_tests = [open("ran", "w")]'),
        ("def f():\n    pass", "def f():"),
    ],
)
def test_a_parameters_file_is_read_never_run(
    project: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    statement: str,
    line: str,
) -> None:
    program = project / EXECUTABLE
    executable_script(program, f"#!/bin/sh\ntouch {project / 'ran'}\n")
    parameters = write_parameters(project)
    parameters.write_text(f"{parameters.read_text()}\n{statement}\n", encoding="utf-8")
    number = parameters.read_text().splitlines().index(statement.splitlines()[0]) + 1
    monkeypatch.chdir(project / "regression-testing")
    assert main(["etf"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    expected = "at: ETF_Test_Parameters.py, line {}: only assignments of literal values are read, "
    assert err.splitlines() == [expected.format(number) + f"never run: {line[:60]}"]
    assert not (project / "ran").exists() and not (project / "regression-testing" / "ran").exists()
    assert not (project / "regression-testing" / "log").exists()


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("executable = 'x'\n", "ETF_Test_Parameters.py sets no acceptance_tests"),
        ("acceptance_tests = 'a'\nexecutable = 'x'\n", "line 1: acceptance_tests must be a list"),
        (
            "acceptance_tests = []\nexecutable = 'x'\nis_expected = 'no'\n",
            "line 3: is_expected must",
        ),
        ("acceptance_tests = [\n", "line 1: not Python: '[' was never closed"),
        (
            "acceptance_tests = []\nexecutable = 'x'\n",
            "no test to run (see root, acceptance_tests)",
        ),
    ],
)
def test_bad_parameters_are_a_one_line_error(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    text: str,
    error: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ETF_Test_Parameters.py").write_text(text, encoding="utf-8")
    assert main(["etf"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and error in err[0]


def test_a_missing_parameters_file_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["etf"]) == 2
    assert capsys.readouterr().err == (
        "at: no parameters file ETF_Test_Parameters.py (give its path: at etf PATH)\n"
    )
