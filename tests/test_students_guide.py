"""Each `at` command in the fenced blocks of the students' guide (docs/how-to/students.md) runs as
written, in a student's repository: a copy of the public suite, their programs `./my_game` and
`./lanes`, the course's ETF layout (regression-testing/ beside tests/acceptance/) and a folder of
their own tests. Each ends as the guide says (a finding of `at fuzz`, a failing script kept by
`at shrink`: 1; anything else: 0), never in a usage error or a traceback."""

import os
import re
import shlex
import shutil
from pathlib import Path

import pytest

from acceptance.cli.main import main
from tests.guides import subcommands

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "how-to" / "students.md"
# Left out, with why: Star Lanes' reference oracle is PC-BASIC running the original listing, tens
# of seconds a script here, so fuzzing against it (and shrinking a finding) takes many minutes.
SLOW = {'at fuzz --exe "./lanes" --game star_lanes'}
# The commands that end with 1 when they find (and keep) a script the program fails.
FINDING = {"fuzz", "shrink"}
# A student's programs: each prints the expected output of a test of the public suite it is
# given (every such test passes), and nothing for any other script (a difference to find).
PROGRAM = '#!/bin/sh\nexec cat "{expected}/$(basename "${{2%.txt}}").expected.txt" 2>/dev/null\n'
ETF_PARAMETERS = """\
root = "../tests/acceptance/"
acceptance_tests = ["./student"]
executable = "../my_game"
"""


def guide_commands() -> list[tuple[str, str]]:
    """Each `at` command of the guide's fenced blocks (not the output they show), with the folder
    a `cd` line just before it names ('' for the repository)."""
    names, found = subcommands(), []
    text = GUIDE.read_text(encoding="utf-8")
    for block in re.findall(r"^```[^\n]*\n(.*?)^```", text, re.M | re.S):
        folder = ""
        for line in block.splitlines():
            if not line.startswith(("at ", "cd ")):
                continue  # what a command prints, or another program's command
            words = shlex.split(line, comments=True)
            if words[:1] == ["cd"]:
                folder = words[1]
            elif len(words) > 1 and words[0] == "at" and words[1] in names:
                found.append((folder, line.split("#")[0].strip()))
                folder = ""
    return found


def program(path: Path, expected: Path) -> None:
    """A student's program that prints the expected outputs kept in `expected`."""
    path.write_text(PROGRAM.format(expected=expected))
    path.chmod(0o755)


@pytest.fixture
def repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A student's repository, the cwd: the public suite, their programs, the ETF layout, their
    own tests; $PROGRAM names their program, as the CI example sets it."""
    repo = tmp_path / "repo"
    for folder in ("at", "expected"):
        shutil.copytree(ROOT / folder, repo / folder)
    program(repo / "my_game", repo / "expected")
    program(repo / "lanes", repo / "expected" / "star_lanes")
    student = repo / "tests" / "acceptance" / "student"
    student.mkdir(parents=True)
    shutil.copy(ROOT / "at" / "at001.txt", student)
    shutil.copy(ROOT / "expected" / "at001.expected.txt", student)
    (repo / "regression-testing").mkdir()
    (repo / "regression-testing" / "ETF_Test_Parameters.py").write_text(ETF_PARAMETERS)
    (repo / "my_tests").mkdir()
    shutil.copy(ROOT / "at" / "at002.txt", repo / "my_tests")
    monkeypatch.chdir(repo)
    monkeypatch.setenv("PROGRAM", "./my_game")
    return repo


def test_the_guide_has_commands_to_run() -> None:
    commands = [line for _, line in guide_commands()]
    assert len(commands) >= 10 and "at run" in commands
    assert SLOW <= set(commands)  # each one left out is still in the guide


@pytest.mark.parametrize(
    ("folder", "command"),
    [pair for pair in guide_commands() if pair[1] not in SLOW],
    ids=[line for folder, line in guide_commands() if line not in SLOW],
)
def test_each_command_of_the_students_guide_runs_as_written(
    repository: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    folder: str,
    command: str,
) -> None:
    monkeypatch.chdir(repository / folder)
    words = [os.path.expandvars(word) for word in shlex.split(command)]
    code = main(words[1:])
    err = capsys.readouterr().err
    assert code == (1 if words[1] in FINDING else 0), err
