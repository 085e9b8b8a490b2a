"""Hostile input through the command line: odd bytes, huge lines, deep nesting, bad paths, a
broken cache, a closed pipe and a big script to a file. Each gets a clear message or the right
trace and a documented exit status, never a traceback.

Already covered in tests/oracle/test_cli.py: a missing input file, a folder as input, a file that
is not UTF-8, CRLF line ends, an existing output file, an output file in a missing folder, an
unreadable input file (when not root; simulated here).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import oracle.cli
from oracle.calls import SYNTAX_HEADING
from oracle.cli import main
from oracle.generate import script
from oracle.runner import run_script
from oracle.typecheck import TYPE_HEADING

INITIAL = "  state:not started, normal, ok\n  Welcome to Space Defender Version 2.\n"
SETUP = "play(5,10,1,1,1,1,1)\nsetup_next(5)\n"
MEGABYTE = 1 << 20


def outcome(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes | str
) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of `oracle -b` on a file holding `content`."""
    path = tmp_path / "script.txt"
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    status = main(["-b", str(path)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def syntax_error(line: int, column: int) -> str:
    return f"{SYNTAX_HEADING}\nparse error (Line {line}, Column {column})\n"


@pytest.mark.parametrize(
    "content", ["", "\n\n\n", "-- only\n  -- comments\n\n\t--\n", "-- x\r\n\r\n", " \t\r\n"]
)
def test_a_script_without_commands_prints_the_initial_state(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str
) -> None:
    assert outcome(capsys, tmp_path, content) == (0, INITIAL, "")


def test_binary_bytes_are_not_utf8_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "script.txt"
    status, out, err = outcome(capsys, tmp_path, bytes(range(256)) * 4)
    assert (status, out, err) == (1, "", f"Error: input file {path} is not UTF-8 text\n")


def test_control_characters_that_are_utf8_are_a_syntax_error_where_they_stand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert outcome(capsys, tmp_path, "pass\n  \x01\x02\x7f\n") == (0, syntax_error(2, 3), "")
    assert outcome(capsys, tmp_path, "pass\x0cfire\n") == (0, syntax_error(1, 5), "")


def test_nul_bytes_are_a_syntax_error_except_in_comment_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert outcome(capsys, tmp_path, "pass\x00fire\n") == (0, syntax_error(1, 5), "")
    assert outcome(capsys, tmp_path, "\x00") == (0, syntax_error(1, 1), "")
    assert outcome(capsys, tmp_path, "-- \x00\x00\npass\n") == (0, run_script("pass\n"), "")


def test_old_mac_line_ends_are_blanks_within_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert outcome(capsys, tmp_path, "pass\rfire\r") == (0, run_script("pass fire"), "")
    assert outcome(capsys, tmp_path, "pass\r)\r") == (0, syntax_error(1, 6), "")


def test_a_generated_script_with_crlf_line_ends_gives_the_same_trace(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = script(5, 300)
    assert outcome(capsys, tmp_path, text.replace("\n", "\r\n")) == (0, run_script(text), "")


def test_a_megabyte_comment_line_and_a_megabyte_of_blanks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    content = "-- " + "x" * MEGABYTE + "\n" + " \t" * (MEGABYTE // 2) + "pass\n"
    assert outcome(capsys, tmp_path, content) == (0, run_script("pass"), "")


def test_a_megabyte_line_of_commands_runs_them_all(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = outcome(capsys, tmp_path, "abort " * (MEGABYTE // 6))
    assert (status, err) == (0, "")
    assert out.count("\n->abort\n  state:not started, normal, error\n") == MEGABYTE // 6


def test_a_megabyte_name_is_reported_whole(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    name = "x" * MEGABYTE
    assert outcome(capsys, tmp_path, f"pass\n{name}\n") == (
        0,
        f"{TYPE_HEADING}\nError: unknown event name {name}\n",
        "",
    )


@pytest.mark.parametrize(
    ("content", "column"),
    [("(" * 5000 + ")" * 5000, 1), ("move" + "(" * 5000 + ")" * 5000, 6),
     ("move(A," + "(" * 5000, 8), ("move(" * 5000, 10), ("pass" + ")" * 5000, 5)],
)  # fmt: skip
def test_five_thousand_nested_parentheses_are_a_syntax_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, column: int
) -> None:
    assert outcome(capsys, tmp_path, content) == (0, syntax_error(1, column), "")


@pytest.mark.parametrize(
    "number", ["123456789012345678901234567890", "-123456789012345678901234567890"]
)
def test_a_thirty_digit_integer_is_a_type_error_printed_whole(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, number: str
) -> None:
    expected = (
        f"{TYPE_HEADING}\nsetup_next({int(number)}) does not conform to declaration"
        " setup_next(state: STATE = 1 .. 5)\n"
    )
    assert outcome(capsys, tmp_path, f"setup_next({number})") == (0, expected, "")


def test_a_thirty_digit_integer_with_leading_zeros_is_its_value(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = outcome(capsys, tmp_path, SETUP + "move(A," + "0" * 29 + "2)")
    assert (status, out) == (0, run_script(SETUP + "move(A,2)"))
    assert "\n->move(A,2)\n" in out


@pytest.mark.parametrize(
    ("name", "reason"),
    [("script.txt/inner", "Not a directory"), ("x" * 300, "File name too long"),
     ("loop", "Too many levels of symbolic links")],
)  # fmt: skip
def test_input_paths_that_cannot_be_read(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    reason: str,
) -> None:
    (tmp_path / "script.txt").write_text("pass")
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    monkeypatch.chdir(tmp_path)
    assert main(["-b", name, "out.txt"]) == 1
    assert capsys.readouterr() == ("", f"Error: cannot read input file {name}: {reason}\n")
    assert not (tmp_path / "out.txt").exists()


def test_an_input_file_without_read_permission(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Simulated, since root reads any file (tests/oracle/test_cli.py has the real one for other
    users)."""
    path = tmp_path / "script.txt"
    path.write_text("pass")

    def refused(*arguments: object, **options: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(oracle.cli, "open", refused, raising=False)
    assert main(["-b", str(path)]) == 1
    assert capsys.readouterr() == ("", f"Error: cannot read input file {path}: Permission denied\n")


@pytest.mark.parametrize(
    ("output", "message"),
    [("script.txt/out.txt", "Error: cannot write output file {}: Not a directory"),
     (".", "Error: output file {} already exists!"),
     ("loop", "Error: output file {} already exists!")],
)  # fmt: skip
def test_output_paths_that_cannot_be_written(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    output: str,
    message: str,
) -> None:
    (tmp_path / "script.txt").write_text("pass")
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    monkeypatch.chdir(tmp_path)
    assert main(["-w", "1", "_", "script.txt", output]) == 1
    assert capsys.readouterr() == ("", message.format(output) + "\n")


@pytest.mark.parametrize("cache", ["a file, not a folder", "a corrupt cache file"])
def test_a_broken_grammar_cache_is_ignored(tmp_path: Path, cache: str) -> None:
    if cache == "a file, not a folder":
        (tmp_path / "cache").write_text("not a folder")
    else:
        folder = tmp_path / "cache" / "space-defender-2-oracle"
        folder.mkdir(parents=True)
        (folder / "script-grammar.pickle").write_bytes(b"garbage\n\x80\x04junk")
    done = _oracle(
        ["-b", "/dev/stdin"], SETUP + "pass", {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, run_script(SETUP + "pass"), "")


def test_a_reader_that_stops_early_ends_the_oracle_quietly(tmp_path: Path) -> None:
    source = tmp_path / "script.txt"
    source.write_text(SETUP + "pass\n" * 5000)
    process = subprocess.Popen(
        [sys.executable, "-m", "oracle", "-b", str(source)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline() == b"  state:not started, normal, ok\n"
    process.stdout.close()
    error = process.stderr.read()
    assert (process.wait(timeout=60), error) == (1, b"")


@pytest.mark.slow
def test_a_big_script_to_an_output_file_runs_in_bounded_memory(tmp_path: Path) -> None:
    """200,000 commands whose trace (over 200 MB) would not fit if it were kept: menus, the
    biggest states that are cheap to compute."""
    source, output = tmp_path / "big.txt", tmp_path / "big.out"
    source.write_text("play(10,30,1,1,1,1,1)\n" + "setup_select(2)\nsetup_select(1)\n" * 100_000)
    status, peak = own_peak([sys.executable, "-m", "oracle", "-b", str(source), str(output)])
    assert status == 0
    assert output.stat().st_size > 200_000_000
    assert peak < 200_000_000


# Runs a command as a child forked from this small process, not from the tests' big one: a
# process's peak memory (ru_maxrss) keeps its parent's from before exec, so a command started
# straight from pytest would count pytest's own memory as its peak.
PEAK = """import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss * 1024)
"""


def own_peak(argv: list[str]) -> tuple[int, int]:
    """A command's exit status and its own peak resident memory in bytes."""
    shown = subprocess.run(
        [sys.executable, "-c", PEAK, *argv], capture_output=True, text=True, check=True
    ).stdout.split()
    return int(shown[0]), int(shown[1])


def test_a_commands_own_peak_memory_leaves_out_the_tests_own() -> None:
    """The measure above is the command's: pytest holding 300 MB does not count."""
    held = bytearray(300_000_000)
    held[::4096] = b"\1" * len(held[::4096])
    assert own_peak([sys.executable, "-c", "pass"])[1] < 100_000_000
    del held


def _oracle(
    argv: list[str], stdin: str, environment: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "oracle", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, **environment},
        timeout=60,
        check=False,
    )
