"""The script generator (oracle/generate.py, `python -m tools.generate`): seeded scripts of the
length asked, covering every board and every part, written without losing what is on disk."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from model.session import MENU_SIZES
from oracle.generate import script_lines
from oracle.parser import parse
from tools.generate import main


def script(seed: int, commands: int) -> str:
    return "".join(line + "\n" for line in script_lines(seed, commands))


def test_the_same_seed_gives_the_same_script_and_another_seed_another() -> None:
    assert script(11, 500) == script(11, 500)
    assert script(11, 500) != script(12, 500)


@pytest.mark.parametrize("commands", [0, 1, 37, 1000])
def test_a_script_holds_exactly_the_commands_asked(commands: int) -> None:
    assert len(parse(script(5, commands))) == commands


def test_long_scripts_cover_every_board_size_and_every_option_of_every_menu() -> None:
    calls = parse(script(3, 5000))
    boards = {call.arguments[:2] for call in calls if call.name == "play"}
    assert {rows for rows, _ in boards} == set(range(5, 11))
    assert {columns for _, columns in boards} == set(range(10, 31))
    selected = {call.arguments[0] for call in calls if call.name == "setup_select"}
    assert selected == set(range(1, max(MENU_SIZES.values()) + 1))


def test_an_existing_output_file_is_kept_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "mine.txt"
    output.write_text("my own test\n")
    assert main(["--commands", "3", "--output", str(output)]) == 1
    assert output.read_text() == "my own test\n"
    assert capsys.readouterr().err == f"Error: {output} exists (--force to replace it)\n"
    assert main(["--commands", "3", "--output", str(output), "--force"]) == 0
    assert output.read_text() == script(0, 3)


def test_an_output_in_a_missing_folder_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "missing" / "out.txt"
    assert main(["--output", str(output)]) == 1
    assert capsys.readouterr().err == f"Error: cannot write {output}: No such file or directory\n"


def test_a_reader_that_stops_early_ends_the_generator_quietly() -> None:
    generator = subprocess.Popen(
        [sys.executable, "-m", "tools.generate", "--commands", "200000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert generator.stdout is not None and generator.stderr is not None
    assert generator.stdout.readline().startswith(b"-- generated")
    generator.stdout.close()
    assert generator.wait(timeout=60) == 0
    assert generator.stderr.read() == b""
