"""Each `at` command in the fenced blocks of the instructors' guides (docs/how-to/) runs as
written, in an instructor's folder: their suite (at/ and expected/), a hidden suite with its
points, a class of submissions (and one of git repositories, for the deadline), the starter code
and the ETF files, a grading and the shards of one graded before. Each ends with status 0, never
a usage error or a traceback; where no sandbox can run here, the commands that grade in it are
skipped (under CI=true they fail)."""

import glob
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from acceptance.cli.main import main
from tests.guides import subcommands
from tests.test_sandbox import IN_CI, sandbox_trouble

ROOT = Path(__file__).resolve().parent.parent
# The how-to guides an instructor follows.
GUIDES = [
    ROOT / "docs" / "how-to" / f"{name}.md"
    for name in ("grading", "sandbox", "gradescope", "integrity", "many-machines")
]
PROGRAM = "#!/bin/sh\necho 'state:not started, normal, ok'\n"
GAME = "import sys\n\nprint('state:not started, normal, ok')\nprint(len(sys.argv))\n"
STARTER = "import sys\n\nprint('state:not started, normal, ok')\n"


def guide_commands() -> list[str]:
    """Each `at` command of the guides' fenced blocks (not the output they show)."""
    names, found = subcommands(), []
    for guide in GUIDES:
        text = guide.read_text(encoding="utf-8")
        for block in re.findall(r"^```[^\n]*\n(.*?)^```", text, re.M | re.S):
            for line in block.splitlines():
                words = shlex.split(line, comments=True) if line.startswith("at ") else []
                if len(words) > 1 and words[1] in names:
                    found.append(line.split(" #")[0].strip())
    return found


def submission(folder: Path, extra: str = "") -> None:
    """A submission: its program and its code."""
    folder.mkdir(parents=True)
    (folder / "space_defender_2").write_text(PROGRAM)
    (folder / "space_defender_2").chmod(0o755)
    (folder / "game.py").write_text(GAME + extra)


def git(folder: Path, *words: str) -> None:
    """A git command in a repository, committed as of 2020-11-20 (before the guide's deadline)."""
    when = "2020-11-20T12:00:00-0500"
    environment = {**os.environ, "GIT_COMMITTER_DATE": when, "GIT_AUTHOR_DATE": when}
    identity = ["-c", "user.name=Student", "-c", "user.email=s@example.org"]
    subprocess.run(["git", *identity, *words], cwd=folder, env=environment, check=True)


def graded_before(out: str, *options: str) -> None:
    """A grading of the class into `out`, as the guide's later commands find it."""
    command = ["grade", "--no-sandbox", "--exe", "{}/space_defender_2", "--tests", "at/"]
    assert main([*command, "--out", out, *options, "submissions/ada", "submissions/bob"]) == 0


@pytest.fixture
def instructor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An instructor's folder, the cwd: the suite, a hidden suite, the points, the class."""
    place = tmp_path / "course"
    for name in ("at001", "at002"):
        (place / "at").mkdir(parents=True, exist_ok=True)
        (place / "expected").mkdir(exist_ok=True)
        (place / "hidden").mkdir(exist_ok=True)
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
    monkeypatch.chdir(place)
    return place


def test_the_guides_have_commands_to_run() -> None:
    subjects = {shlex.split(line)[1] for line in guide_commands()}
    assert {"grade", "gradescope", "similar", "report", "merge"} <= subjects


@pytest.mark.parametrize("command", guide_commands())
def test_each_command_of_the_instructors_guides_runs_as_written(
    instructor: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    words = shlex.split(command)
    sandboxed = words[1] == "grade" and "--no-sandbox" not in words
    trouble = sandbox_trouble() if sandboxed else ""
    if trouble and not IN_CI:
        pytest.skip(trouble)
    if words[1] == "report":
        graded_before("grading")
    if words[1] == "merge":
        graded_before("out/1", "--shard", "1/2")
        graded_before("out/2", "--shard", "2/2")
    capsys.readouterr()
    into = None
    if ">" in words:  # the shell's redirection: what `at` prints, kept in a file
        into = Path(words[-1])
        words = words[: words.index(">")]
    argv = [found for word in words[1:] for found in (sorted(glob.glob(word)) or [word])]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    if into is not None:
        into.write_text(out)
        assert out.startswith(("{", "["))
