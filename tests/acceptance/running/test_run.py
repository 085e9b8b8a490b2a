"""`at run`: grading the oracle in-process and external programs, reports for students and CI."""

import json
import os
import shlex
import shutil
import sys
import time
from pathlib import Path
from xml.etree import ElementTree

import pytest

from acceptance.cli.main import main
from acceptance.running.cases import is_script

ROOT = Path(__file__).resolve().parents[3]
BROKEN_LINE = 30
BROKEN_HEADLINE = (
    f"at001: failed at line {BROKEN_LINE}, column 95, in ->setup_next(5):"
    " white space only (a trailing space)"
)
ORACLE_PROGRAM = """\
import sys
from oracle.runner import run_script
with open(sys.argv[2], encoding="utf-8", newline="\\n") as script:
    sys.stdout.write(run_script(script.read()){change})
"""
PROGRAMS = {
    "right": ORACLE_PROGRAM.format(change=""),
    "wrong": ORACLE_PROGRAM.format(change='.replace("Welcome", "welcome")'),
    "crash": (
        "import sys\nprint('  state:not started, normal, ok')\n"
        "sys.exit('precondition violated')\n"
    ),
    "segfault": "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n",
    "hang": "import time\nprint('  state:not started, normal, ok', flush=True)\ntime.sleep(60)\n",
}


def at(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    """Run `at` in-process; its exit status and the lines it printed."""
    code = main(list(args))
    return code, capsys.readouterr().out.splitlines()


def program(tmp_path: Path, name: str) -> str:
    """The --exe command of one of the fake programs, written as a tiny script in tmp_path."""
    path = tmp_path / f"{name}.py"
    path.write_text(PROGRAMS[name], encoding="utf-8")
    return shlex.join([sys.executable, str(path)])


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    """A folder with copies of at001 and at002, each with its expected file beside it."""
    folder = tmp_path / "suite"
    folder.mkdir()
    for name in ("at001", "at002"):
        shutil.copy(ROOT / "at" / f"{name}.txt", folder)
        shutil.copy(ROOT / "expected" / f"{name}.expected.txt", folder)
    return folder


@pytest.fixture
def broken(suite: Path) -> Path:
    """The suite with a trailing space added to one line of at001's expected file."""
    expected = suite / "at001.expected.txt"
    lines = expected.read_bytes().split(b"\n")
    lines[BROKEN_LINE - 1] += b" "
    expected.write_bytes(b"\n".join(lines))
    return suite


@pytest.fixture
def lonely(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A script with no expected file anywhere, run from a folder outside the project."""
    monkeypatch.chdir(tmp_path)
    script = tmp_path / "lonely.txt"
    shutil.copy(ROOT / "at" / "at001.txt", script)
    return script


def test_every_acceptance_test_passes_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    count = sum(is_script(path) for path in (ROOT / "at").iterdir())
    assert at(capsys, "run", str(ROOT / "at")) == (0, [f"{count} passed, 0 failed"])


def test_trailing_space_is_reported_with_test_line_and_command(
    capsys: pytest.CaptureFixture[str], broken: Path
) -> None:
    assert at(capsys, "run", str(broken)) == (1, [BROKEN_HEADLINE, "1 passed, 1 failed"])


def test_single_test_shows_the_aligned_diff_with_the_space_made_visible(
    capsys: pytest.CaptureFixture[str], broken: Path
) -> None:
    code, lines = at(capsys, "run", str(broken / "at001.txt"))
    changed = [line for line in lines if line[4:5] in "-+" and line[4:7] not in ("---", "+++")]
    assert (code, lines[0], lines[-1]) == (1, BROKEN_HEADLINE, "0 passed, 1 failed")
    assert len(changed) == 2 and changed[0].endswith("?⟦·⟧") and changed[1].endswith("?")
    assert changed[0].startswith("    -") and changed[1].startswith("    +")
    assert "    marks: ⟦…⟧ what differs in a changed line, · trailing space" in lines
    assert any(line.endswith("->setup_next(5)") for line in lines[1:4])
    assert not any("->play" in line or "->toggle_debug_mode" in line for line in lines[1:])


def test_diff_flag_shows_the_block_diff_of_every_failure(
    capsys: pytest.CaptureFixture[str], broken: Path
) -> None:
    code, lines = at(capsys, "run", "--diff", str(broken))
    assert (code, lines[0], lines[-1]) == (1, BROKEN_HEADLINE, "1 passed, 1 failed")
    assert len(lines) > 10


def test_missing_expected_file_fails_naming_where_it_looked(
    capsys: pytest.CaptureFixture[str], lonely: Path
) -> None:
    shutil.copy(ROOT / "at" / "at002.txt", lonely.parent)
    shutil.copy(ROOT / "expected" / "at002.expected.txt", lonely.parent)
    code, lines = at(capsys, "run", str(lonely.parent))
    assert code == 1
    assert lines == [
        "lonely: no expected output (looked for lonely.expected.txt)",
        "1 passed, 1 failed",
    ]


def test_a_suite_with_no_expected_file_is_a_one_line_error_naming_at_regen(
    capsys: pytest.CaptureFixture[str], lonely: Path
) -> None:
    assert main(["run", str(lonely)]) == 2
    assert capsys.readouterr().err == (
        "at: the test lonely has no expected file: `at regen lonely.txt` writes it from the"
        " oracle\n"
    )
    shutil.copy(ROOT / "at" / "at002.txt", lonely.with_name("other.txt"))
    assert main(["run", "--exe", "true", "."]) == 2
    assert capsys.readouterr().err == (
        "at: none of the 2 tests of . has an expected file: `at regen .` writes them from the"
        " oracle\n"
    )


def test_external_program_that_prints_the_oracle_output_passes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suite: Path
) -> None:
    assert at(capsys, "run", "--exe", program(tmp_path, "right"), str(suite)) == (
        0,
        ["2 passed, 0 failed"],
    )


def test_wrong_external_program_fails_at_its_first_difference(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suite: Path
) -> None:
    code, lines = at(capsys, "run", "--exe", program(tmp_path, "wrong"), str(suite))
    assert (code, lines[-1]) == (1, "0 passed, 2 failed")
    assert lines[0] == (
        "at001: failed at line 2, column 3, in (initial state): notice.welcome (told differently)"
    )
    assert lines[-3:-1] == [
        "causes, most tests first:",
        "    notice.welcome (messages.txt: INITIAL STATE): 2 tests: at001, at002",
    ]


def test_crashing_program_is_reported_per_test_with_its_error_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suite: Path
) -> None:
    code, lines = at(capsys, "run", "--diff", "--exe", program(tmp_path, "crash"), str(suite))
    headlines = [line for line in lines if line.startswith("at00")]
    assert (code, lines[-1]) == (1, "0 passed, 2 failed")
    assert headlines == [
        f"{name}: crashed (exit status 1) at line 2, column 1, in (initial state)"
        for name in ("at001", "at002")
    ]
    assert lines.count("    error output:") == 2 and lines.count("    precondition violated") == 2


def test_program_killed_by_a_signal_is_reported_by_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suite: Path
) -> None:
    code, lines = at(
        capsys, "run", "--exe", program(tmp_path, "segfault"), str(suite / "at001.txt")
    )
    assert (code, lines[0]) == (1, "at001: crashed (printed nothing, killed by SIGSEGV)")


def test_timeout_kills_the_program_and_the_run_goes_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suite: Path
) -> None:
    started = time.perf_counter()
    code, lines = at(
        capsys, "run", "--exe", program(tmp_path, "hang"), "--timeout", "0.5", "-j", "2", str(suite)
    )
    assert time.perf_counter() - started < 5
    assert (code, lines[-1]) == (1, "0 passed, 2 failed")
    assert sorted(lines[:2]) == [
        f"{name}: timed out (no end after 0.5s) at line 2, column 1, in (initial state)"
        for name in ("at001", "at002")
    ]


def test_a_missing_executable_is_said_once_before_any_test_runs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suite: Path
) -> None:
    missing = str(tmp_path / "no-such-program")
    assert main(["run", "--exe", missing, str(suite)]) == 2
    assert capsys.readouterr() == ("", f"at: cannot run --exe program {missing!r}: no such file\n")


def test_against_oracle_grades_scripts_that_have_no_expected_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lonely: Path
) -> None:
    right = program(tmp_path, "right")
    assert at(capsys, "run", "--exe", right, "--against-oracle", str(lonely)) == (
        0,
        ["1 passed, 0 failed"],
    )
    assert at(capsys, "run", "--exe", right, str(lonely))[0] == 2


def test_parallel_jobs_give_the_results_of_a_serial_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, broken: Path
) -> None:
    crash = program(tmp_path, "crash")
    serial, parallel = (
        json.loads(
            "\n".join(at(capsys, "run", "--json", "-j", jobs, "--exe", crash, str(broken))[1])
        )
        for jobs in "13"
    )
    assert (
        [test["outcome"] for test in parallel["tests"]]
        == [test["outcome"] for test in serial["tests"]]
        == ["crashed"] * 2
    )


def test_json_summary_gives_totals_and_each_first_difference(
    capsys: pytest.CaptureFixture[str], broken: Path
) -> None:
    code, lines = at(capsys, "run", "--json", str(broken))
    summary = json.loads("\n".join(lines))
    assert (code, summary["passed"], summary["failed"], summary["total"]) == (1, 1, 1, 2)
    first, second = summary["tests"]
    assert (first["name"], first["outcome"], first["line"], first["place"]) == (
        "at001",
        "failed",
        30,
        "->setup_next(5)",
    )
    assert (second["name"], second["outcome"], second["line"]) == ("at002", "passed", None)
    assert [test["script"] for test in summary["tests"]] == [
        str(broken / "at001.txt"),
        str(broken / "at002.txt"),
    ]


def test_junit_report_counts_failures_and_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, broken: Path
) -> None:
    report = tmp_path / "junit.xml"
    assert at(capsys, "run", "--junit", str(report), str(broken))[0] == 1
    suite = ElementTree.parse(report).getroot()
    failure = suite.find("testcase[@name='at001']/failure")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("2", "1", "0")
    assert failure is not None and failure.get("message") == BROKEN_HEADLINE
    assert suite.find("testcase[@name='at002']/failure") is None
    at(capsys, "run", "--junit", str(report), "--exe", program(tmp_path, "crash"), str(broken))
    assert ElementTree.parse(report).getroot().get("errors") == "2"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["run", "nowhere"], "at: no such file or folder: nowhere"),
        (["run", "README.md"], "at: not a test script (NAME.txt): README.md"),
        (
            ["run", "--against-oracle", "at"],
            "at: --against-oracle compares an --exe program with the oracle: give --exe",
        ),
        (["run", "--exe", "'", "at"], 'at: cannot parse --exe "\'": No closing quotation'),
        (
            ["run", "--junit", "no/such/dir/j.xml", "at/at001.txt"],
            "at: cannot write no/such/dir/j.xml: No such file or directory",
        ),
    ],
)
def test_bad_input_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(ROOT)
    assert main(args) == 2
    assert capsys.readouterr().err == message + "\n"


def test_folder_without_scripts_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "notes.expected.txt").write_text("not a script\n")
    assert main(["run", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"at: no test scripts in {tmp_path}\n"


@pytest.mark.parametrize("option", [["--timeout", "0"], ["-j", "0"], ["-j", "two"]])
def test_bad_numbers_are_refused_by_the_parser(
    capsys: pytest.CaptureFixture[str], option: list[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["run", *option])
    assert stop.value.code == 2 and "expected a number above 0" in capsys.readouterr().err


def test_explain_adds_the_clones_sources_to_the_cause_and_no_block_that_repeats_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suite: Path
) -> None:
    exe, script = program(tmp_path, "wrong"), str(suite / "at001.txt")
    _, plain = at(capsys, "run", "-v", "--fresh", "--exe", exe, script)
    _, explained = at(capsys, "run", "--explain", "--fresh", "--exe", exe, script)
    assert "    the cause:" in plain and not any("model." in line for line in plain)
    sources = [line for line in explained if line.startswith("        source: model.")]
    assert len(sources) == 1
    assert [line for line in explained if line not in sources] == plain
    assert "    why the oracle printed it:" not in explained  # the cause tells that line


def test_a_reader_that_stops_early_ends_at_quietly(
    monkeypatch: pytest.MonkeyPatch, broken: Path
) -> None:
    """`at run -v | head`: the pipe closed, `at` stops with status 1 and no traceback, its output
    sent to the null device so that the flush at exit cannot fail either."""
    reader, writer = os.pipe()
    os.close(reader)
    with open(writer, "w", encoding="utf-8", buffering=1) as closed:
        monkeypatch.setattr(sys, "stdout", closed)
        assert main(["run", "-v", str(broken)]) == 1
        assert os.fstat(closed.fileno()).st_rdev == os.stat(os.devnull).st_rdev
        print("written at exit", file=closed)
