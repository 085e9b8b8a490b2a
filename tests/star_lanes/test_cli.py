"""The star-lanes command line: the transcript of a file, one-line errors, exit statuses."""

import io
import sys
from pathlib import Path

import pytest

from games.star_lanes import transcript
from games.star_lanes.cli import main
from tests.live import without_echoes

GAME_START = "2\nN\nALICE\nBOB\n"


def run(args: list[str], capfdbinary: pytest.CaptureFixture[bytes]) -> tuple[int, bytes, str]:
    """Exit status, standard output and standard error of the command."""
    status = main(args)
    captured = capfdbinary.readouterr()
    return status, captured.out, captured.err.decode()


def test_b_prints_the_transcript_of_the_file(
    tmp_path: Path, capfdbinary: pytest.CaptureFixture[bytes]
) -> None:
    script = tmp_path / "game.txt"
    script.write_text(GAME_START)
    status, out, err = run(["-b", str(script)], capfdbinary)
    assert (status, err) == (0, "")
    assert out == transcript(GAME_START).encode("latin-1")
    assert out.endswith(b"WHAT IS YOUR MOVE? ")


def test_without_b_the_game_is_played_live_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capfdbinary: pytest.CaptureFixture[bytes]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(GAME_START))
    status, out, err = run(["--seed", "3"], capfdbinary)
    assert (status, err) == (0, "")
    shown = without_echoes(transcript(GAME_START, 3), GAME_START.splitlines())
    assert out == shown.encode("latin-1")


def test_crlf_and_a_missing_last_newline_read_the_same(
    tmp_path: Path, capfdbinary: pytest.CaptureFixture[bytes]
) -> None:
    script = tmp_path / "game.txt"
    script.write_bytes(GAME_START.replace("\n", "\r\n").removesuffix("\r\n").encode())
    status, out, _ = run(["-b", str(script)], capfdbinary)
    assert status == 0 and out == transcript(GAME_START).encode("latin-1")


def test_seed_changes_the_galaxy(tmp_path: Path, capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    script = tmp_path / "game.txt"
    script.write_text(GAME_START)
    _, power_on, _ = run(["-b", str(script)], capfdbinary)
    status, seeded, _ = run(["-b", str(script), "--seed", "7"], capfdbinary)
    assert status == 0 and seeded != power_on
    assert seeded == transcript(GAME_START, 7).encode("latin-1")


@pytest.mark.parametrize(
    "args",
    [["-b"], ["--seed"], ["--seed", "x"], ["-b", "a", "--seed", "1.5"], ["--colour"], ["extra"]],
)
def test_usage_errors_are_one_line_and_status_2(
    args: list[str], capfdbinary: pytest.CaptureFixture[bytes]
) -> None:
    status, out, err = run(args, capfdbinary)
    assert (status, out) == (2, b"")
    assert err.count("\n") == 1 and err.startswith("star-lanes: ")


def test_file_errors_are_one_line_and_status_1(
    tmp_path: Path, capfdbinary: pytest.CaptureFixture[bytes]
) -> None:
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"2\n\xff\xfe\n")
    for path in (tmp_path / "missing.txt", tmp_path, binary):
        status, out, err = run(["-b", str(path)], capfdbinary)
        assert (status, out) == (1, b"")
        assert err.count("\n") == 1 and str(path) in err


def test_help_lists_the_options(capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    assert main(["-h"]) == 0
    help_text = capfdbinary.readouterr().out.decode()
    assert "-b INPUTS" in help_text and "--seed N" in help_text


def test_without_b_the_game_is_played_on_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """Prompts as they come, typed lines read from standard input (the terminal echoes them)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(GAME_START))
    status = main([])
    out = capfd.readouterr().out
    assert status == 0
    assert "HOW MANY PLAYERS (2-4)? " in out and "ALICE, HERE ARE YOUR LEGAL MOVES" in out
    assert "ALICE\n" not in out.split("WHAT IS YOUR NAME? ")[1]


def test_an_error_of_the_listing_at_the_terminal_ends_the_game(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("6\nN\nA\nB\nC\nD\nE\nF\nRUN\n"))
    assert main([]) == 0
    assert capfd.readouterr().out.endswith("Subscript out of range in 160\u00a0\n")
