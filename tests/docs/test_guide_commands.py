"""Every command of the tutorials and how-to guides runs as written and prints what the page
shows (the rule: tests/guides.py), one test per page, its commands in order in a scratch folder:

- a student's copy of the project (its suite copied, the installed environment, `tools/` and
  `oracle/` beside it), with their programs `./my_game` and `./lanes` (each prints the expected
  output of a public test, and nothing for any other script), the course's ETF layout
  (regression-testing/ beside tests/acceptance/) and a folder of their own tests: the tutorials
  and every guide but the instructors';
- an instructor's folder for theirs (grading, sandbox, Gradescope, integrity, many machines):
  their suite, a hidden suite with its points, a class of submissions (and one of git
  repositories, for the deadline), the starter code and the ETF files, and a class graded in two
  shards. Where no sandbox can run here, a page that grades in it is skipped (under CI=true it
  fails)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from acceptance.cli.main import main
from tests.acceptance.confine.test_sandbox import IN_CI, sandbox_trouble
from tests.guides import (
    COMMANDS,
    GUIDES,
    OUTPUT,
    ROOT,
    Block,
    Run,
    commands,
    in_process,
    mismatch,
    must_end_well,
    steps,
)

INSTRUCTORS = {"grading", "sandbox", "gradescope", "integrity", "many-machines"}
SLOW_PAGES = {"grade-a-class", "first-failing-test", "fuzz", "shrink"}  # half a minute or more
KINDS = {COMMANDS, OUTPUT, "text", "bash", "json", "toml", "python", "{toctree}"}
SECONDS = 600  # the longest a command may run
# A student's programs: each prints the expected output of a test of the public suite it is
# given (every such test passes), and nothing for any other script (a difference to find).
STUDENTS_PROGRAM = (
    '#!/bin/sh\nexec cat "{expected}/$(basename "${{2%.txt}}").expected.txt" 2>/dev/null\n'
)
ETF_PARAMETERS = """\
root = "../tests/acceptance/"
acceptance_tests = ["./student"]
executable = "../my_game"
"""
PROGRAM = "#!/bin/sh\necho 'state:not started, normal, ok'\n"
GAME = "import sys\n\nprint('state:not started, normal, ok')\nprint(len(sys.argv))\n"
STARTER = "import sys\n\nprint('state:not started, normal, ok')\n"


@dataclass
class Shell:
    """Where a page's commands run: its folder (a `cd` moves it), the environment, and what the
    last command printed."""

    folder: Path
    environment: dict[str, str]
    printed: str = ""


def executable(path: Path, text: str) -> None:
    """Write a program."""
    path.write_text(text)
    path.chmod(0o755)


def students_project(place: Path) -> None:
    """A student's copy of the project: the suite, the environment, tools/ and oracle/, their
    programs, the ETF layout and their own tests."""
    for folder in ("at", "expected"):
        shutil.copytree(ROOT / folder, place / folder)
    (place / ".venv").symlink_to(sys.prefix)
    for folder in ("tools", "oracle"):
        (place / folder).symlink_to(ROOT / folder)
    executable(place / "my_game", STUDENTS_PROGRAM.format(expected=place / "expected"))
    executable(place / "lanes", STUDENTS_PROGRAM.format(expected=place / "expected" / "star_lanes"))
    student = place / "tests" / "acceptance" / "student"
    student.mkdir(parents=True)
    shutil.copy(ROOT / "at" / "at001.txt", student)
    shutil.copy(ROOT / "expected" / "at001.expected.txt", student)
    (place / "regression-testing").mkdir()
    (place / "regression-testing" / "ETF_Test_Parameters.py").write_text(ETF_PARAMETERS)
    (place / "my_tests").mkdir()
    shutil.copy(ROOT / "at" / "at002.txt", place / "my_tests")


def submission(folder: Path, extra: str = "") -> None:
    """An instructor's submission: its program and its code."""
    folder.mkdir(parents=True)
    executable(folder / "space_defender_2", PROGRAM)
    (folder / "game.py").write_text(GAME + extra)


def git(folder: Path, *words: str) -> None:
    """A git command in a repository, committed as of 2020-11-20 (before the guide's deadline)."""
    when = "2020-11-20T12:00:00-0500"
    environment = {**os.environ, "GIT_COMMITTER_DATE": when, "GIT_AUTHOR_DATE": when}
    identity = ["-c", "user.name=Student", "-c", "user.email=s@example.org"]
    subprocess.run(["git", *identity, *words], cwd=folder, env=environment, check=True)


def instructors_folder(place: Path) -> None:
    """An instructor's folder: the suite, a hidden suite and its points, the class (and one of
    git repositories), the starter code, the ETF files, and the class graded in two shards."""
    for name in ("at001", "at002"):
        for folder in ("at", "expected", "hidden"):
            (place / folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "at" / f"{name}.txt", place / "at")
        shutil.copy(ROOT / "expected" / f"{name}.expected.txt", place / "expected")
        shutil.copy(ROOT / "at" / f"{name}.txt", place / "hidden" / f"hidden_{name}.txt")
        expected = place / "hidden" / f"hidden_{name}.expected.txt"
        shutil.copy(ROOT / "expected" / f"{name}.expected.txt", expected)
    (place / "points.txt").write_text("hidden_at001 2\n")
    submission(place / "submissions" / "ada", "print('ada')\n")
    submission(place / "submissions" / "bob", "print('bob')\n")
    submission(place / "class" / "cy")
    git(place / "class" / "cy", "init", "-q")
    git(place / "class" / "cy", "add", ".")
    git(place / "class" / "cy", "commit", "-qm", "in time")
    (place / "starter").mkdir()
    (place / "starter" / "game.py").write_text(STARTER)
    (place / "etf").mkdir()
    (place / "etf" / "ETF_Test.py").write_text("print('the course tester')\n")
    for shard in ("1/2", "2/2"):
        command = ["grade", "--no-sandbox", "--exe", "{}/space_defender_2", "--tests", "at/"]
        out = ["--out", f"out/{shard[0]}", "--shard", shard]
        assert main([*command, *out, "submissions/ada", "submissions/bob"]) == 0


def world(page: Path) -> Callable[[Path], None]:
    """What a page's commands run in."""
    return instructors_folder if page.stem in INSTRUCTORS else students_project


def run_in_process(
    words: list[str], shell: Shell, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    """An `at` command run in-process, as the shell would: `$VARIABLES` and globs expanded, what
    follows `>` the file its output goes to; its exit status and what it printed."""
    into = None
    if ">" in words:
        words, into = words[: words.index(">")], shell.folder / words[-1]
    expanded = [os.path.expandvars(word) for word in words[1:]]
    argv = [found for word in expanded for found in (sorted(glob.glob(word)) or [word])]
    capsys.readouterr()
    status = main(argv)
    out, err = capsys.readouterr()
    if into is not None:
        into.write_text(out)
        return status, err
    return status, out + err


def run_in_bash(command: str, shell: Shell) -> tuple[int, str]:
    """A command run in bash in the page's folder, with nothing on its input; bytes that are no
    UTF-8 (a BASIC game's screen characters) read as replacement characters."""
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=shell.folder,
        env=shell.environment,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        timeout=SECONDS,
    )
    return done.returncode, done.stdout.decode(errors="replace")


def run_command(command: str, shell: Shell, capsys: pytest.CaptureFixture[str], where: str) -> None:
    """Run one command of a page (a lone `cd` moves the page's folder) and keep what it printed."""
    words = command.split()
    if words[:1] == ["cd"] and len(words) == 2:
        shell.folder = shell.folder / words[1]
        os.chdir(shell.folder)
        return
    found = in_process(command)
    if found is not None:
        status, shell.printed = run_in_process(found, shell, capsys)
    else:
        status, shell.printed = run_in_bash(command, shell)
    problem = must_end_well(words, status, shell.printed)
    assert problem is None, f"{where}: {command!r} ended with {problem}:\n{shell.printed}"


def check_block(block: Block, shell: Shell, capsys: pytest.CaptureFixture[str], where: str) -> None:
    """Run an `sh` block, or check an `output` block (or a file's) against what was printed."""
    assert block.kind in KINDS, f"{where}: a fenced block of no known kind ({block.kind!r})"
    verb, text = block.directive or ("", "")
    if verb == "skip":
        assert text, f"{where}: a skipped block must say why"
        return
    if block.kind == COMMANDS:
        for command in commands(block):
            run_command(command, shell, capsys, where)
    elif verb == "file":
        printed = (shell.folder / text).read_text(encoding="utf-8")
        problem = mismatch(block.lines, printed)
        assert problem is None, f"{where}: {text} holds other lines: {problem}\n{printed}"
    elif block.kind == OUTPUT:
        problem = mismatch(block.lines, shell.printed)
        assert problem is None, f"{where}: {problem}\nwhat was printed:\n{shell.printed}"


def test_a_command_is_a_line_with_what_continues_it_a_heredoc_or_a_loop() -> None:
    block = Block(
        1,
        COMMANDS,
        (
            "# a comment",
            "at run at/   # the suite",
            "cat > p <<'END'",
            "#!/bin/sh",
            "END",
            "for s in a b; do",
            "  echo $s",
            "done",
            "at grade --exe P \\",
            "  class/*",
        ),
    )
    assert commands(block) == [
        "at run at/   # the suite",
        "cat > p <<'END'\n#!/bin/sh\nEND",
        "for s in a b; do\n  echo $s\ndone",
        "at grade --exe P \\\n  class/*",
    ]
    assert in_process("at run at/   # the suite") == ["at", "run", "at/"]
    assert in_process("at similar --json a/* > pairs.json") == [
        "at",
        "similar",
        "--json",
        "a/*",
        ">",
        "pairs.json",
    ]
    assert in_process("cd x && at etf") is None and in_process("oracle -b x") is None


@pytest.mark.parametrize(
    ("shown", "right"),
    [
        (["one", "two"], True),
        (["two"], False),  # the first lines printed come first
        (["...", "two", "three"], True),
        (["one", "...", "three"], True),
        (["one", "three"], False),  # lines shown together are printed together
        (["one", "t..."], True),  # a line cut short
        (["...", "done in 36.8s"], True),  # any number of seconds
        (["...", "three", "two"], False),  # in order
    ],
)
def test_an_output_block_shows_lines_printed_in_order_its_gaps_marked(
    shown: list[str], right: bool
) -> None:
    printed = "one\ntwo\nthree\ndone in 1.5s\n"
    assert (mismatch(shown, printed) is None) is right


def test_every_guide_has_commands_and_every_block_a_kind() -> None:
    assert {page.parent.name for page in GUIDES} == {"tutorials", "how-to"}
    for page in GUIDES:
        for step in steps(page):
            if isinstance(step, Block):
                assert step.kind in KINDS, f"{page.name}:{step.line}: kind {step.kind!r}"
    run = [
        page.stem
        for page in GUIDES
        if any(
            isinstance(step, Block) and step.kind == COMMANDS and not step.directive
            for step in steps(page)
        )
    ]
    assert {"first-failing-test", "grade-a-class", "students", "grading", "oracle"} <= set(run)


def needs(page: Path) -> list[pytest.MarkDecorator]:
    """The markers of a page's test: an instructor's needs the sandbox; some take minutes."""
    marks = [pytest.mark.sandbox] if page.stem in INSTRUCTORS else []
    return marks + ([pytest.mark.slow] if page.stem in SLOW_PAGES else [])


@pytest.mark.parametrize(
    "page",
    [pytest.param(page, marks=needs(page)) for page in GUIDES],
    ids=[f"{page.parent.name}/{page.stem}" for page in GUIDES],
)
def test_each_command_of_a_guide_runs_and_prints_what_the_page_shows(
    page: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if page.stem in INSTRUCTORS and (trouble := sandbox_trouble()):
        if IN_CI:
            pytest.fail(f"CI=true needs the sandbox: {trouble}")
        pytest.skip(trouble)
    place = tmp_path / "place"
    place.mkdir()
    monkeypatch.chdir(place)
    world(page)(place)
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    for name, value in (("PATH", path), ("PYTHONPATH", str(ROOT)), ("PROGRAM", "./my_game")):
        monkeypatch.setenv(name, value)  # for the commands run in-process too
    shell = Shell(place, dict(os.environ))
    for step in steps(page):
        where = f"{page.relative_to(ROOT)}:{step.line}"
        if isinstance(step, Run):
            run_command(step.command, shell, capsys, where)
        else:
            check_block(step, shell, capsys, where)
