"""The super-star-trek command line: -b, --seed, --instructions, exit statuses, one-line errors."""

import io
import sys
from pathlib import Path

import pytest

from games.super_star_trek import cli, transcript
from tests.live import without_echoes

GAME = "SRS\nLRS\nXXX\nNO\n"


def run(args: list[str], capsys: pytest.CaptureFixture[str], code: int = 0) -> tuple[str, str]:
    assert cli.main(args) == code
    captured = capsys.readouterr()
    return captured.out, captured.err


def script(tmp_path: Path, data: bytes, name: str = "in.txt") -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def test_b_prints_the_transcript(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, err = run(["-b", script(tmp_path, GAME.encode())], capsys)
    assert (out, err) == (transcript(GAME), "")
    assert "LET HIM STEP FORWARD AND ENTER 'AYE'? NO\n" in out


def test_without_b_the_game_is_played_live_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(GAME))
    out, err = run(["--seed", "3"], capsys)
    assert (out, err) == (without_echoes(transcript(GAME, 3), GAME.splitlines()), "")


def test_seed_is_the_listings_randomize(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = script(tmp_path, GAME.encode())
    default, _ = run(["-b", path], capsys)
    seeded, _ = run(["-b", path, "--seed", "-7"], capsys)
    assert seeded == transcript(GAME, -7) != default


def test_crlf_and_a_missing_last_newline_read_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lf, _ = run(["-b", script(tmp_path, GAME.encode())], capsys)
    crlf, _ = run(["-b", script(tmp_path, GAME.replace("\n", "\r\n").encode(), "c.txt")], capsys)
    bare, _ = run(["-b", script(tmp_path, GAME.rstrip("\n").encode(), "b.txt")], capsys)
    assert lf == crlf == bare


def test_instructions_print_the_original_programs_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, err = run(["--instructions"], capsys)
    assert "INSTRUCTIONS FOR 'SUPER STAR TREK'" in out and err == ""
    assert "COMMANDS (NAV,SRS,LRS,PHA,TOR,SHE,DAM,COM, OR XXX)" in out


@pytest.mark.parametrize(
    "args",
    [["--instructions", "--seed", "3"], ["--seed", "x"], ["-b"], ["--colour"], ["extra"]],
)
def test_usage_errors_exit_2_with_one_line(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    out, err = run(args, capsys, code=2)
    assert out == "" and err.count("\n") == 1 and err.startswith("super-star-trek: ")


def test_file_problems_exit_1_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "missing.txt")
    not_utf8 = script(tmp_path, b"NAV\n\xff\xfe\n")
    for path, reason in ((missing, "no such file"), (str(tmp_path), "folder"), (not_utf8, "UTF-8")):
        out, err = run(["-b", path], capsys, code=1)
        assert out == "" and err.count("\n") == 1 and reason in err


def test_help_lists_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["-h"]) == 0
    out = capsys.readouterr().out
    assert all(option in out for option in ("-b INPUTS", "--seed N", "--instructions"))
