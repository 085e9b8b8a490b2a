"""The game registry: a test's folder says its game, `at run` runs a sister game's suite when
--game names it, a sister
game's program gets its seed, and each game's oracle (the clone, or PC-BASIC for a BASIC game)
writes its expected files. A small echo game stands for the sister games."""

import random
import shlex
import shutil
import sys
import types
from pathlib import Path

import pytest

from acceptance.cli.main import main
from acceptance.game_oracles import pcbasic, tellers
from acceptance.game_oracles.registry import GAMES, SPACE_DEFENDER_2, game_of_folder, sister_game
from acceptance.processes.execution import clone_output
from acceptance.running.cases import collect, make_case
from tests.acceptance.game_oracles import echo_game

ROOT = Path(__file__).resolve().parents[3]
ECHO_PROGRAM = Path(echo_game.__file__)
SCRIPT = "HELLO\nXYZZY\nMAP\n"


def at(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    """Run `at` in-process; its exit status and the lines it printed."""
    code = main(list(args))
    return code, capsys.readouterr().out.splitlines()


def echo_command(*options: str) -> str:
    """The --exe command of the echo game as an external program."""
    return shlex.join([sys.executable, str(ECHO_PROGRAM), *options])


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch project, the cwd, with the echo game registered: at001 of Space Defender 2, and
    the echo game's script `words` with its seed and expected file."""
    monkeypatch.setitem(GAMES, "echo", echo_game.game())
    monkeypatch.chdir(tmp_path)
    (tmp_path / "at" / "echo").mkdir(parents=True)
    (tmp_path / "expected" / "echo").mkdir(parents=True)
    shutil.copy(ROOT / "at" / "at001.txt", tmp_path / "at")
    shutil.copy(ROOT / "expected" / "at001.expected.txt", tmp_path / "expected")
    (tmp_path / "at" / "echo" / "words.txt").write_text(SCRIPT)
    (tmp_path / "at" / "echo" / "words.seed").write_text("42\n")
    expected = echo_game.transcript(SCRIPT, 42)
    (tmp_path / "expected" / "echo" / "words.expected.txt").write_text(expected)
    return tmp_path


def test_the_folder_of_a_test_says_its_game() -> None:
    assert game_of_folder(Path("at/star_lanes")) is GAMES["star_lanes"]
    assert game_of_folder(Path("at/super_star_trek")) is GAMES["super_star_trek"]
    assert game_of_folder(Path("at")) is SPACE_DEFENDER_2
    assert game_of_folder(Path("my_tests")) is SPACE_DEFENDER_2


def test_a_sister_game_case_has_its_name_seed_and_expected_file(project: Path) -> None:
    case = make_case(Path("at/echo/words.txt"))
    assert (case.name, case.game.name, case.seed) == ("echo/words", "echo", 42)
    assert case.expected == project / "expected" / "echo" / "words.expected.txt"


def test_run_without_a_path_runs_a_sister_game_suite_only_when_its_game_is_named(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    assert at(capsys, "run", "--json")[0] == 0
    assert [case.name for case in collect([Path("at"), Path("at/echo")])] == [
        "at001",
        "echo/words",
    ]
    public = len(list((ROOT / "at").glob("*.txt")))
    assert at(capsys, "run") == (
        0,
        [f"{public + 1} passed, 0 failed ({public} public tests, 1 of your own)"],
    )
    assert at(capsys, "run", "--game", "echo") == (
        0,
        ["1 passed, 0 failed (0 public tests, 1 of your own)"],
    )


def test_an_external_program_of_a_sister_game_gets_the_seed(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    assert at(capsys, "run", "--exe", echo_command(), "at/echo") == (0, ["1 passed, 0 failed"])
    (project / "at" / "echo" / "words.seed").write_text("43\n")
    code, lines = at(capsys, "run", "--exe", echo_command(), "at/echo")
    assert (code, lines[0]) == (
        1,
        "echo/words: failed at line 3, column 14, in input line 1 ('HELLO')",
    )


def test_a_failure_is_named_by_the_typed_line_in_force(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    code, lines = at(capsys, "run", "--exe", echo_command("--quirk", "XYZZY"), "at/echo/words.txt")
    assert code == 1
    assert lines[0] == (  # the quirk's two spaces: a difference in white space only
        "echo/words: failed at line 5, column 14, in input line 2 ('XYZZY'):"
        " white space only (spacing)"
    )
    assert lines[3].startswith("    @@ -") and lines[3].endswith(" @@ input line 2 ('XYZZY')")


def test_a_seed_that_is_not_a_number_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    (project / "at" / "echo" / "words.seed").write_text("forty-two\n")
    assert main(["run", "--game", "echo"]) == 2
    assert capsys.readouterr().err == (
        "at: the seed at/echo/words.seed is not an integer: 'forty-two'\n"
    )


def test_regen_of_a_game_with_a_reference_oracle_writes_the_reference_not_the_clone(
    capsys: pytest.CaptureFixture[str], project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(GAMES, "echo", echo_game.game(reference=True, quirk="XYZZY"))
    expected = project / "expected" / "echo" / "words.expected.txt"
    expected.unlink()
    assert at(capsys, "regen", "at/echo") == (0, ["created: expected/echo/words.expected.txt"])
    assert expected.read_text() == echo_game.transcript(SCRIPT, 42)
    code, lines = at(capsys, "run", "at/echo")
    assert (code, lines[0]) == (
        1,
        "echo/words: failed at line 5, column 14, in input line 2 ('XYZZY'):"
        " white space only (spacing)",
    )


def test_a_game_whose_package_is_missing_fails_its_own_tests_only(
    capsys: pytest.CaptureFixture[str], project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "games.star_canine", None)
    (project / "at" / "star_canine").mkdir()
    (project / "at" / "star_canine" / "walk.txt").write_text("n\n")
    (project / "at" / "star_canine" / "walk.expected.txt").write_text("?\n")
    code, lines = at(capsys, "run", "at", "at/echo", "at/star_canine")
    assert code == 1
    assert lines[0].startswith("star_canine/walk: crashed (the clone raised ModuleNotFoundError")
    assert lines[-1] == "2 passed, 1 failed"


def test_a_sister_game_package_is_loaded_on_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, int | None]] = []

    def transcript(inputs: str, seed: int | None = None) -> str:
        calls.append((inputs, seed))
        return "MAP\n"

    package = types.ModuleType("games.star_lanes")
    package.transcript = transcript  # type: ignore[attr-defined]
    autoplay = types.ModuleType("games.star_lanes.autoplay")
    autoplay.random_inputs = lambda rng: (7, ["2", "N"])  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "games.star_lanes", package)
    monkeypatch.setitem(sys.modules, "games.star_lanes.autoplay", autoplay)
    game = GAMES["star_lanes"]
    assert game.clone("2\nN\n", 7) == "MAP\n" and calls == [("2\nN\n", 7)]
    assert game.random_script(random.Random(0)) == (7, ["2", "N"])


def fake_pcbasic(
    monkeypatch: pytest.MonkeyPatch,
) -> list[tuple[str, list[str], int | None, Path | None]]:
    """PC-BASIC's driver stood in for: each transcript asked of it noted, `PC-BASIC` printed."""
    calls: list[tuple[str, list[str], int | None, Path | None]] = []

    def transcript(game: str, inputs: list[str], seed: int | None, listing: Path | None) -> str:
        calls.append((game, inputs, seed, listing))
        return "PC-BASIC\n"

    monkeypatch.setattr(pcbasic, "transcript", transcript)
    return calls


def test_the_oracle_of_a_basic_game_is_pc_basic_through_its_driver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = fake_pcbasic(monkeypatch)
    assert GAMES["super_star_trek"].oracle("NAV\r\n1\r\n", 3) == "PC-BASIC\n"
    assert calls == [("super_star_trek", ["NAV", "1"], 3, None)]
    assert GAMES["star_canine"].reference is None and SPACE_DEFENDER_2.reference is None


def test_the_entry_of_a_basic_sister_game_takes_pc_basic_as_its_oracle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Made anew, not read from GAMES (built at import): a BASIC game's expected files come from
    PC-BASIC's driver, never from its clone; a game of no BASIC listing is its own oracle."""
    calls = fake_pcbasic(monkeypatch)
    for name, title in [("star_lanes", "Star Lanes"), ("super_star_trek", "Super Star Trek")]:
        game = sister_game(name, title, basic=True)
        assert game.reference is not None and game.oracle("2\nN\n", 7) == "PC-BASIC\n"
        assert calls.pop() == (name, ["2", "N"], 7, None)
    canine = sister_game("star_canine", "Star Canine", basic=False, explains=True)
    assert canine.reference is None and canine.oracle is canine.clone and not calls


def test_a_basic_game_transcript_is_pc_basic_bytes_one_per_character(tmp_path: Path) -> None:
    """PC-BASIC's error mark \\xff is one byte in an expected file, as `star-lanes -b` prints it."""
    script = tmp_path / "at" / "star_lanes" / "six_players.txt"
    script.parent.mkdir(parents=True)
    script.write_text("6\nN\nA\nB\nC\nD\nE\nF\n", encoding="utf-8")
    output = clone_output(make_case(script, GAMES["star_lanes"]))
    assert output.stdout.endswith(b"Subscript out of range in 160\xff\n")
    assert GAMES["star_canine"].encoding == "utf-8"


def test_the_entry_of_a_sister_game_that_explains_tells_its_lines_through_its_teller() -> None:
    """Made anew, not read from GAMES (built at import)."""
    script = min((ROOT / "at" / "star_canine").glob("*.txt")).read_text(encoding="utf-8")
    canine = sister_game("star_canine", "Star Canine", basic=False, explains=True)
    assert canine.tell is not None
    told = canine.tell(script, 1, 1)
    assert told.lines and told == tellers.star_canine(script, 1, 1)
    assert sister_game("star_canine", "Star Canine", basic=False).tell is None
