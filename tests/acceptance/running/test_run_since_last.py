"""`at run` remembers its last run in the folder it runs from and says what changed: a fix that
breaks another test shows as a regression with its cause, then the test it fixed; `--fresh`
ignores the memory; another program's runs and an unreadable memory are no memory; runs that
overlap leave a whole memory."""

import json
import shlex
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from acceptance.cli.main import main
from acceptance.running.cases import make_case
from acceptance.running.memory import MEMORY_FILE, remember
from acceptance.running.suite import Outcome, Result, Summary
from tests.planted_bugs import altered_oracle

ROOT = Path(__file__).resolve().parents[3]
# The oracle, except that it writes "welcome" for "Welcome" in the script named in broken.name.
ONE_BROKEN = altered_oracle(
    'broken = (Path(__file__).parent / "broken.name").read_text().strip()\n'
    "if Path(sys.argv[2]).stem == broken:\n"
    '    output = output.replace("Welcome", "welcome")\n'
)

CAUSE = "notice.welcome (messages.txt: INITIAL STATE) (told differently)"


@pytest.fixture
def suite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Copies of at001 and at002 with their expected files, the cwd."""
    for name in ("at001", "at002"):
        shutil.copy(ROOT / "at" / f"{name}.txt", tmp_path)
        shutil.copy(ROOT / "expected" / f"{name}.expected.txt", tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def breaking(folder: Path, name: str) -> str:
    """The --exe command of the program, made to break the test `name`."""
    (folder / "broken.name").write_text(name)
    path = folder / "one_broken.py"
    path.write_text(ONE_BROKEN, encoding="utf-8")
    return shlex.join([sys.executable, str(path)])


def at(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    """Run `at` in-process; its exit status and the lines it printed."""
    code = main(list(args))
    return code, capsys.readouterr().out.splitlines()


def test_a_fix_that_breaks_another_test_names_both_since_the_last_run(
    capsys: pytest.CaptureFixture[str], suite: Path
) -> None:
    exe = breaking(suite, "at001")
    code, first = at(capsys, "run", "--exe", exe, ".")
    assert code == 1 and not any(line.startswith("since the last run") for line in first)
    exe = breaking(suite, "at002")
    code, lines = at(capsys, "run", "--exe", exe, ".")
    since = lines.index("since the last run: 1 newly failing, 1 newly passing")
    assert lines[since + 1] == f"    regression: at002: failed: {CAUSE}"
    assert lines[since + 2 :] == ["    now passes: at001", "1 passed, 1 failed"]
    breaking(suite, "at001")
    code, lines = at(capsys, "run", "--json", "--exe", exe, ".")
    summary = json.loads("\n".join(lines))
    assert summary["since_last"] == {"newly_failing": ["at001"], "newly_passing": ["at002"]}


def test_a_run_with_nothing_changed_says_nothing_of_the_last(
    capsys: pytest.CaptureFixture[str], suite: Path
) -> None:
    exe = breaking(suite, "at001")
    assert at(capsys, "run", "--exe", exe, ".")[1] == at(capsys, "run", "--exe", exe, ".")[1]
    summary = json.loads("\n".join(at(capsys, "run", "--json", "--exe", exe, ".")[1]))
    assert summary["since_last"] == {"newly_failing": [], "newly_passing": []}


def test_fresh_ignores_the_memory_but_the_run_is_remembered(
    capsys: pytest.CaptureFixture[str], suite: Path
) -> None:
    exe = breaking(suite, "at001")
    at(capsys, "run", "--exe", exe, ".")
    breaking(suite, "at002")
    summary = json.loads("\n".join(at(capsys, "run", "--json", "--fresh", "--exe", exe, ".")[1]))
    assert summary["since_last"] == {"newly_failing": [], "newly_passing": []}
    breaking(suite, "at001")
    summary = json.loads("\n".join(at(capsys, "run", "--json", "--exe", exe, ".")[1]))
    assert summary["since_last"] == {"newly_failing": ["at001"], "newly_passing": ["at002"]}


def test_the_last_run_of_another_program_is_not_compared(
    capsys: pytest.CaptureFixture[str], suite: Path
) -> None:
    at(capsys, "run", ".")  # the clone passes both
    exe = breaking(suite, "at001")
    summary = json.loads("\n".join(at(capsys, "run", "--json", "--exe", exe, ".")[1]))
    assert summary["since_last"] == {"newly_failing": [], "newly_passing": []}


def test_the_clone_is_remembered_under_no_command_and_a_program_under_its_own(
    capsys: pytest.CaptureFixture[str], suite: Path
) -> None:
    at(capsys, "run", ".")
    exe = breaking(suite, "at001")
    at(capsys, "run", "--exe", exe, ".")
    programs = json.loads((suite / MEMORY_FILE).read_text())["programs"]
    assert [entry["program"] for entry in programs] == [exe, ""]
    assert programs[0]["tests"] == {
        str(suite / "at001.txt"): {"passed": False, "rule": "notice.welcome"},
        str(suite / "at002.txt"): {"passed": True, "rule": None},
    }


def test_an_unreadable_memory_is_no_memory_and_is_written_again(
    capsys: pytest.CaptureFixture[str], suite: Path
) -> None:
    (suite / MEMORY_FILE).write_text("{not json")
    exe = breaking(suite, "at001")
    assert at(capsys, "run", "--exe", exe, ".")[1][-1] == "1 passed, 1 failed"
    memory = json.loads((suite / MEMORY_FILE).read_text())
    assert [entry["program"] for entry in memory["programs"]] == [exe]
    assert sorted(path.name for path in suite.iterdir() if path.name.startswith(".at")) == [
        MEMORY_FILE
    ]


def test_runs_that_overlap_leave_a_whole_memory(suite: Path) -> None:
    summaries = {
        program: Summary((Result(make_case(suite / "at001.txt"), Outcome.PASSED),), 0.0)
        for program in map(str, range(8))
    }
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(
            pool.map(
                lambda program: remember(suite / MEMORY_FILE, program, summaries[program]),
                summaries,
            )
        )
    memory = json.loads((suite / MEMORY_FILE).read_text())
    assert {entry["program"] for entry in memory["programs"]} <= set(summaries)
    assert [path.name for path in suite.iterdir() if path.name.startswith(".at")] == [MEMORY_FILE]
