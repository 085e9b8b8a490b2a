"""The command line in-process: modes, usage errors, files, exit statuses (etf.md)."""

import errno
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import oracle.cli
from oracle.cli import MODES, help_text, main
from oracle.runner import run_script

SCRIPT = "-- a test\nplay(10,30,1,1,1,1,1)\nsetup_next(5)\ntoggle_debug_mode\npass\nfire\n"
RUN_HELP = "Run 'oracle -help' to see more details\n"


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "at.txt"
    path.write_text(SCRIPT)
    return path


def outcome(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of one in-process run."""
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_batch_prints_the_trace(capsys: pytest.CaptureFixture[str], script: Path) -> None:
    assert outcome(capsys, "-b", script) == (0, run_script(SCRIPT), "")


def test_batch_writes_a_new_output_file(
    capsys: pytest.CaptureFixture[str], script: Path, tmp_path: Path
) -> None:
    output = tmp_path / "out.txt"
    assert outcome(capsys, "-b", script, output) == (0, "", "")
    assert output.read_bytes() == run_script(SCRIPT).encode()


def test_a_big_script_is_written_chunk_by_chunk_to_the_same_bytes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = "play(10,30,1,1,1,1,1)\nsetup_next(5)\n" + "pass\nmove(E,2)\nmove(E,1)\n" * 100
    source, output = tmp_path / "big.txt", tmp_path / "big.out"
    source.write_text(text)
    assert outcome(capsys, "-b", source, output)[0] == 0
    assert output.read_text() == run_script(text)


def test_an_existing_output_file_is_refused_and_kept(
    capsys: pytest.CaptureFixture[str], script: Path, tmp_path: Path
) -> None:
    output = tmp_path / "out.txt"
    output.write_text("mine")
    assert outcome(capsys, "-b", script, output) == (
        1,
        "",
        f"Error: output file {output} already exists!\n",
    )
    assert output.read_text() == "mine"


def test_an_output_file_in_a_missing_folder(
    capsys: pytest.CaptureFixture[str], script: Path, tmp_path: Path
) -> None:
    output = tmp_path / "nowhere" / "out.txt"
    status, out, err = outcome(capsys, "-b", script, output)
    assert (status, out) == (1, "")
    assert err == f"Error: cannot write output file {output}: No such file or directory\n"


def test_a_missing_input_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"
    output = tmp_path / "out.txt"
    assert outcome(capsys, "-b", missing, output) == (
        1,
        "",
        f"Error: cannot read input file {missing}: No such file or directory\n",
    )
    assert not output.exists()


def test_a_folder_as_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert outcome(capsys, "-b", tmp_path) == (
        1,
        "",
        f"Error: cannot read input file {tmp_path}: Is a directory\n",
    )


def test_an_unreadable_input_file(
    capsys: pytest.CaptureFixture[str], script: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script.chmod(0)
    if os.geteuid() == 0:  # root reads any file: refuse it the way the system refuses others
        monkeypatch.setattr("builtins.open", _refusing(open, script))
    assert outcome(capsys, "-b", script) == (
        1,
        "",
        f"Error: cannot read input file {script}: Permission denied\n",
    )


def _refusing(real_open: Callable[..., Any], refused: Path) -> Callable[..., Any]:
    """`open` that fails on `refused` as it does for a file its user may not read."""

    def opening(path: Any, *arguments: Any, **options: Any) -> Any:
        if os.fspath(path) == os.fspath(refused):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))
        return real_open(path, *arguments, **options)

    return opening


def test_an_input_file_that_is_not_utf8(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, output = tmp_path / "latin1.txt", tmp_path / "out.txt"
    path.write_bytes(b"pass\n-- caf\xe9\n")
    assert outcome(capsys, "-b", path, output) == (
        1,
        "",
        f"Error: input file {path} is not UTF-8 text\n",
    )
    assert not output.exists()


def test_crlf_input_gives_the_same_trace_as_lf(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "crlf.txt"
    path.write_bytes(SCRIPT.replace("\n", "\r\n").encode())
    assert outcome(capsys, "-b", path) == (0, run_script(SCRIPT), "")


def test_a_script_with_a_syntax_error_is_a_normal_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("-- bad\npass\n  move(A 8)\n")
    assert outcome(capsys, "-b", path) == (
        0,
        "Syntax Error: specification of command executions cannot be parsed\n"
        "parse error (Line 3, Column 10)\n",
        "",
    )


def test_a_script_with_a_type_error_is_a_normal_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("jump\n")
    expected = (
        "Type Error: specification of command executions is not type-correct\n"
        "Error: unknown event name jump\n"
    )
    assert outcome(capsys, "-b", path) == (0, expected, "")


def test_a_pipe_as_input_is_read_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=fifo.write_text, args=(SCRIPT,), daemon=True)
    writer.start()
    assert outcome(capsys, "-b", fifo) == (0, run_script(SCRIPT), "")
    writer.join(timeout=10)


def test_last_prints_the_last_command_only(
    capsys: pytest.CaptureFixture[str], script: Path
) -> None:
    status, out, _ = outcome(capsys, "-l", script)
    assert status == 0
    assert out.startswith("->fire\n  state:in game(2.0), debug, ok\n")
    assert run_script(SCRIPT).endswith(out)


def test_last_writes_to_an_output_file(
    capsys: pytest.CaptureFixture[str], script: Path, tmp_path: Path
) -> None:
    output = tmp_path / "last.txt"
    assert outcome(capsys, "-l", script, output) == (0, "", "")
    assert output.read_text().startswith("->fire\n")


def test_window_prints_the_commands_of_the_window(
    capsys: pytest.CaptureFixture[str], script: Path
) -> None:
    status, out, _ = outcome(capsys, "-w", "2", "4", script)
    assert status == 0
    assert out.startswith("->setup_next(5)\n")
    assert out.count("\n->") == 1
    assert "->toggle_debug_mode\n" in out


def test_window_to_a_file(capsys: pytest.CaptureFixture[str], script: Path, tmp_path: Path) -> None:
    output = tmp_path / "w.txt"
    assert outcome(capsys, "-w", "1", "1", script, output) == (0, "", "")
    assert output.read_text() == run_script("")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ((), "Error: a mode is not specified"),
        (("-x",), "Error: '-x' is not a valid mode"),
        (("at001.txt",), "Error: 'at001.txt' is not a valid mode"),
        (("-B", "a"), "Error: '-B' is not a valid mode"),
        (("-b",), "Error: wrong number of arguments for the '-b' mode"),
        (("-b", "a", "b", "c"), "Error: wrong number of arguments for the '-b' mode"),
        (("-i", "a"), "Error: wrong number of arguments for the '-i' mode"),
        (("-w", "1", "2"), "Error: wrong number of arguments for the '-w' mode"),
        (("-w", "1", "2", "a", "b", "c"), "Error: wrong number of arguments for the '-w' mode"),
        (("-l",), "Error: wrong number of arguments for the '-l' mode"),
        (("-l", "a", "b", "c"), "Error: wrong number of arguments for the '-l' mode"),
        (("-help", "x"), "Error: wrong number of arguments for the '-help' mode"),
        (("-version", "x"), "Error: wrong number of arguments for the '-version' mode"),
        (("-w", "x", "2", "in"), "Error: the start of window is not a valid integer"),
        (("-w", "1", "y", "in"), "Error: the end of window is neither a valid integer nor '_'"),
        (("-w", "3", "2", "in"), "Error: a window [start, end) should be such that start <= end"),
        (
            ("-w", "-1", "2", "in"),
            "Error: when the start of a window is non-positive, its end must be a non-positive"
            " number",
        ),
    ],
)
def test_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    assert outcome(capsys, *argv) == (2, "", f"{message}\n{RUN_HELP}")


def test_a_usage_error_is_found_before_the_input_is_read(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = outcome(capsys, "-w", "x", "1", "missing.txt")
    assert status == 2
    assert "missing.txt" not in err


def test_help_lists_every_mode_and_the_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = outcome(capsys, "-help")
    assert (status, err) == (0, "")
    for usage in (
        "-b input [output]",
        "-i",
        "-w start end input [output]",
        "-l input [output]",
        "-why input [output]",
        "-why-json input [output]",
        "-help",
        "-version",
    ):
        assert f"  {usage} " in out
    assert "Exit status: 0" in out
    assert set(MODES) == {
        "-b",
        "-i",
        "-w",
        "-l",
        "-why",
        "-why-json",
        "-help",
        "-h",
        "--help",
        "-version",
        "--version",
    }


@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_h_and_help_print_the_usage_as_help_does(
    capsys: pytest.CaptureFixture[str], flag: str
) -> None:
    assert outcome(capsys, flag) == outcome(capsys, "-help")
    assert outcome(capsys, flag)[:2] == (0, help_text() + "\n")


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = outcome(capsys, "-version")
    assert status == 0
    assert out.startswith("oracle ")
    assert out.count("\n") == 1


def test_an_internal_error_is_one_line_and_status_3(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, script: Path
) -> None:
    def broken(*arguments: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(oracle.cli, "run", broken)
    assert outcome(capsys, "-b", script) == (
        3,
        "",
        "Error: internal error, please report it: RuntimeError('boom')\n",
    )


def test_an_interrupt_exits_with_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, script: Path
) -> None:
    def interrupted(*arguments: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(oracle.cli, "run", interrupted)
    assert outcome(capsys, "-b", script)[0] == 130


def test_python_dash_m_oracle_runs_the_same_command_line(script: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "oracle", "-b", str(script)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, run_script(SCRIPT), "")


def test_usage_errors_exit_with_2_from_a_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "oracle"], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"Error: a mode is not specified\n{RUN_HELP}"
