"""The star-canine command line: -b, --seed, --json, interactive play, exit
statuses, one-line errors."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games.star_canine import cli, json_transcript, transcript

GAME = "\n\nequip 1\nengage\n\ntake 1\nfly\n"


def run(args: list[str], capsys: pytest.CaptureFixture[str], code: int = 0) -> tuple[str, str]:
    assert cli.main(args) == code
    captured = capsys.readouterr()
    return captured.out, captured.err


def script(tmp_path: Path, text: str, name: str = "in.txt") -> str:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return str(path)


def test_b_prints_the_transcript(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, err = run(["-b", script(tmp_path, GAME)], capsys)
    assert (out, err) == (transcript(GAME), "")
    assert out.endswith("> fly\n" + out.splitlines()[-2] + "\n> ")


def test_seed_changes_the_random_choices(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = script(tmp_path, GAME)
    default, _ = run(["-b", path], capsys)
    zero, _ = run(["-b", path, "--seed", "0"], capsys)
    other, _ = run(["--seed", "12", "-b", path], capsys)
    assert default == zero != other
    assert other == transcript(GAME, 12)


def test_crlf_and_a_missing_last_newline_read_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lf, _ = run(["-b", script(tmp_path, GAME)], capsys)
    crlf, _ = run(["-b", script(tmp_path, GAME.replace("\n", "\r\n"), "crlf.txt")], capsys)
    bare, _ = run(["-b", script(tmp_path, GAME.rstrip("\n"), "bare.txt")], capsys)
    assert lf == crlf == bare


def test_json_prints_one_object_per_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = run(["-b", script(tmp_path, GAME), "--json", "--seed", "3"], capsys)
    assert out == json_transcript(GAME, 3)
    assert len([json.loads(line) for line in out.splitlines()]) == GAME.count("\n") + 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed", "x"], "argument --seed: the seed must be an integer, not 'x'"),
        (["-b"], "argument -b: expected one argument"),
        (["--fast"], "unrecognized arguments: --fast"),
        (["extra"], "unrecognized arguments: extra"),
    ],
)
def test_usage_errors_exit_2_with_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out, err = run(args, capsys, code=2)
    assert out == ""
    assert err == f"star-canine: {message} (see star-canine -h)\n"


def test_help_lists_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(["-h"], capsys)
    assert "-b INPUTS" in out and "--seed" in out and "--json" in out


def test_file_errors_exit_1_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "none.txt")
    assert run(["-b", missing], capsys, 1)[1] == (
        f"star-canine: input file {missing}: no such file\n"
    )
    assert run(["-b", str(tmp_path)], capsys, 1)[1] == (
        f"star-canine: input file {tmp_path}: is a folder, not a file\n"
    )
    latin = tmp_path / "latin.txt"
    latin.write_bytes("équipe\n".encode("latin-1"))
    assert run(["-b", str(latin)], capsys, 1)[1] == (
        f"star-canine: input file {latin}: not UTF-8 text\n"
    )


def test_a_byte_order_mark_is_not_typed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(["-b", script(tmp_path, "\ufeff" + GAME)], capsys)
    assert out == transcript(GAME)


def interact(lines: str, as_json: bool = False) -> str:
    out = io.StringIO()
    game = cli.new_game(None)
    cli._interactive(game, as_json, io.StringIO(lines), out)
    return out.getvalue()


def test_interactive_play_shows_what_b_shows_without_the_typed_lines() -> None:
    typed = "\n\nequip 1\nquit\n"
    shown = interact(typed)
    echoed, start = transcript(typed), 0
    for line in ("", "", "equip 1", "quit"):
        start = echoed.index(f"> {line}\n", start) + 2
        echoed = echoed[:start] + echoed[start + len(line) + 1 :]
    assert shown == echoed


def test_end_of_input_ends_the_interactive_game_cleanly() -> None:
    assert interact("").endswith("Commands: continue, quit\n> \n")


def test_interactive_json_answers_one_line_per_typed_line() -> None:
    out = interact("\nfly\n", as_json=True)
    assert [json.loads(line)["scene"] for line in out.splitlines()] == [
        "opening",
        "narrative",
        "narrative",
    ]


def test_ctrl_c_exits_130_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Interrupted())
    out, err = run([], capsys, code=130)
    assert out.endswith("> ") and err == "\n"


def test_the_installed_command_writes_utf8_whatever_the_locale(tmp_path: Path) -> None:
    path = script(tmp_path, GAME)
    environment = dict(os.environ, LC_ALL="C", LANG="C", PYTHONIOENCODING="ascii")
    done = subprocess.run(
        [sys.executable, "-m", "games.star_canine", "-b", path, "--seed", "5"],
        capture_output=True,
        env=environment,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout == transcript(GAME, 5).encode("utf-8")
