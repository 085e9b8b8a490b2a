"""`at shrink`: a failing test shrunk to the fewest commands on which the program still fails with
the same cause rule (not to any difference), printed with its script, the test's commands, the
cause and the block diff, kept as a new test beside the others without overwriting one."""

import json
import shlex
import shutil
import sys
import time
from pathlib import Path

import pytest

from acceptance.cli.main import main
from acceptance.fuzzing.fuzz import Probe, Trial, minimal
from acceptance.fuzzing.shrunk_case import shrink_case
from acceptance.processes.execution import oracle_output
from acceptance.running.cases import Case, make_case
from acceptance.running.outcome import Output, Status
from tests.planted_bugs import altered_oracle

ROOT = Path(__file__).resolve().parents[3]
TEST = "at051"  # play, toggle_debug_mode, setup_next(5), move(A,1), move(J,1), move(A,1)
# Two bugs: a command that is in the test only once changes the welcome (notice.welcome, the
# test's first difference), and debug mode is shown in capitals (a difference with fewer commands).
TWO_BUGS = altered_oracle(
    'if "move(J,1)" in text:\n'
    '    output = output.replace("Welcome", "welcome")\n'
    'if "toggle_debug_mode" in text:\n'
    '    output = output.replace(", debug,", ", DEBUG,")\n'
)
CRASH_ON_J = altered_oracle(
    'if "move(J,1)" in text:\n' "    sys.stdout.write(output)\n" "    sys.exit(1)\n"
)
RIGHT = altered_oracle()


def two_bugs(case: Case) -> Output:
    """The two bugs in-process."""
    text = case.script.read_text(encoding="utf-8")
    output = oracle_output(case).stdout.decode()
    if "move(J,1)" in text:
        output = output.replace("Welcome", "welcome")
    if "toggle_debug_mode" in text:
        output = output.replace(", debug,", ", DEBUG,")
    return Output(Status.OK, output.encode())


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch project holding the test, the cwd."""
    (tmp_path / "at").mkdir()
    (tmp_path / "expected").mkdir()
    shutil.copy(ROOT / "at" / f"{TEST}.txt", tmp_path / "at")
    shutil.copy(ROOT / "expected" / f"{TEST}.expected.txt", tmp_path / "expected")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def program(folder: Path, source: str) -> str:
    """The --exe command of a small Python program written in `folder`."""
    path = folder / "program.py"
    path.write_text(source, encoding="utf-8")
    return shlex.join([sys.executable, str(path)])


def test_a_test_shrinks_to_the_commands_its_cause_needs_not_to_any_difference(
    tmp_path: Path,
) -> None:
    case = make_case(ROOT / "at" / f"{TEST}.txt")
    shrunk = shrink_case(case, two_bugs, tmp_path, 1)
    assert shrunk.finding.shrunk == ("move(J,1)",)
    assert shrunk.failure.rule == "notice.welcome" and len(shrunk.units) == 6
    probe = Probe(case.game, two_bugs, oracle_output, tmp_path)
    anything = minimal(probe, Trial(0, None, shrunk.finding.trial.lines), 1)
    assert "move(J,1)" not in anything.shrunk  # any difference: the capitals, another cause


def test_the_time_a_shrink_reports_is_the_time_it_took(tmp_path: Path) -> None:
    case = make_case(ROOT / "at" / f"{TEST}.txt")
    started = time.perf_counter()
    shrunk = shrink_case(case, two_bugs, tmp_path, 1)
    assert 0 < shrunk.seconds <= time.perf_counter() - started


def test_at_shrink_prints_the_script_its_cause_and_diff_and_keeps_it_as_a_test(
    capsys: pytest.CaptureFixture[str], project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    exe = program(tmp_path_factory.mktemp("programs"), TWO_BUGS)
    assert main(["shrink", "--exe", exe, "-j", "1", f"at/{TEST}.txt"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == [
        f"{TEST}: shrunk to 1 command of the test's 6, failing with the same cause,"
        f" notice.welcome ({lines[0].rsplit('(', 1)[1]}",
        "the script:",
        "    move(J,1)",
    ]
    assert lines[3].startswith(f"{TEST}_shrunk: failed at line 2, column 3, in (initial state)")
    assert "        notice.welcome: told differently" in lines
    assert any(line.startswith("        messages.txt: INITIAL STATE: ") for line in lines)
    assert lines[-1] == f"saved at/{TEST}_shrunk.txt, expected/{TEST}_shrunk.expected.txt"
    assert (project / "at" / f"{TEST}_shrunk.txt").read_text() == "move(J,1)\n"
    assert main(["run", "--exe", exe, f"at/{TEST}_shrunk.txt"]) == 1  # it fails as a test


def test_shrink_json_gives_the_script_its_commands_the_test_and_the_cause(
    capsys: pytest.CaptureFixture[str], project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    exe = program(tmp_path_factory.mktemp("programs"), TWO_BUGS)
    (project / "at" / f"{TEST}_shrunk.txt").write_text("mine\n")  # taken: not overwritten
    out = project / "kept"
    assert main(["shrink", "--json", "--out", str(out), "--exe", exe, f"at/{TEST}.txt"]) == 1
    found = json.loads(capsys.readouterr().out)
    assert found["script"] == str(out / "at" / f"{TEST}_shrunk.txt")
    assert found["commands"] == ["move(J,1)"] and found["cause"]["rule"] == "notice.welcome"
    assert found["from"]["test"] == TEST and len(found["from"]["commands"]) == 6
    assert main(["shrink", "--json", "--exe", exe, f"at/{TEST}.txt"]) == 1
    assert json.loads(capsys.readouterr().out)["script"].endswith(f"{TEST}_shrunk_2.txt")
    assert (project / "at" / f"{TEST}_shrunk.txt").read_text() == "mine\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["shrink", "--exe", "RIGHT", "at/at051.txt"],
            "at: at051: the program prints what the oracle prints: nothing to shrink",
        ),
        (["shrink", "--exe", "RIGHT", "at"], "at: give one test script, not a folder: at"),
        (["shrink", "--exe", "RIGHT", "nowhere.txt"], "at: no such file or folder: nowhere.txt"),
    ],
)
def test_a_test_that_cannot_be_shrunk_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str],
    project: Path,
    tmp_path_factory: pytest.TempPathFactory,
    args: list[str],
    message: str,
) -> None:
    right = program(tmp_path_factory.mktemp("programs"), RIGHT)
    assert main([right if arg == "RIGHT" else arg for arg in args]) == 2
    assert capsys.readouterr().err == message + "\n"


def test_run_shrink_shrinks_the_failing_tests_of_causes_new_since_the_last_run(
    capsys: pytest.CaptureFixture[str], project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    exe = program(tmp_path_factory.mktemp("programs"), TWO_BUGS)
    assert main(["run", "--shrink", "--json", "--exe", exe, "at"]) == 1
    shrunk = json.loads(capsys.readouterr().out)["shrunk"]
    assert [(kept["from"]["test"], kept["commands"]) for kept in shrunk] == [(TEST, ["move(J,1)"])]
    assert main(["run", "--shrink", "--exe", exe, f"at/{TEST}.txt"]) == 1
    assert "the script:" not in capsys.readouterr().out  # the cause is not new: nothing shrunk
    assert main(["run", "--shrink", "at"]) == 2
    assert capsys.readouterr().err == (
        "at: --shrink shrinks the failing tests of an --exe program: give --exe\n"
    )


def test_a_crash_shrinks_to_the_commands_that_still_crash_the_program(
    capsys: pytest.CaptureFixture[str], project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    exe = program(tmp_path_factory.mktemp("programs"), CRASH_ON_J)
    assert main(["shrink", "--exe", exe, f"at/{TEST}.txt"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{TEST}: shrunk to 1 command of the test's 6, failing the same way")
    assert "(crashed)" in lines[0] and lines[2] == "    move(J,1)"
