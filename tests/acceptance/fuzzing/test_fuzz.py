"""`at fuzz`: a program that differs from the oracle only after a rarely used command is caught
within the default budget, the script shrunk to a few commands and kept as a test; the same seed
finds the same script; a BASIC game's clone is fuzzed against its reference oracle."""

import dataclasses
import random
import shlex
import sys
from pathlib import Path

import pytest

from acceptance.cli.fuzz import DEFAULT_BUDGET
from acceptance.cli.main import main
from acceptance.fuzzing.fuzz import save
from acceptance.game_oracles.registry import GAMES, SPACE_DEFENDER_2
from oracle.parser import parse
from oracle.runner import run_script
from tests.acceptance.game_oracles import echo_game

# Our oracle, except that its RNG Usage section (shown only after toggle_RNG_out, in a game)
# is spelled differently.
RARE_DIFFERENCE = """\
import sys
from oracle.runner import run_script
with open(sys.argv[2], encoding="utf-8", newline="\\n") as script:
    sys.stdout.write(run_script(script.read()).replace("  RNG Usage:", "  RNG usage:"))
"""
RIGHT = RARE_DIFFERENCE.replace('.replace("  RNG Usage:", "  RNG usage:")', "")


def at(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    """Run `at` in-process; its exit status and the lines it printed."""
    code = main(list(args))
    return code, capsys.readouterr().out.splitlines()


def program(folder: Path, name: str, source: str) -> str:
    """The --exe command of a small Python program written in `folder`."""
    path = folder / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    return shlex.join([sys.executable, str(path)])


def len_of_name(path: Path) -> int:
    """The length of a file's name: a name and the same with `_2` sort in that order."""
    return len(path.name)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty scratch project, the cwd."""
    (tmp_path / "at").mkdir()
    (tmp_path / "expected").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.slow
def test_a_difference_after_a_rare_command_is_caught_and_shrunk_to_a_few_commands(
    capsys: pytest.CaptureFixture[str], project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    fake = program(tmp_path_factory.mktemp("programs"), "rare", RARE_DIFFERENCE)
    code, lines = at(capsys, "fuzz", "--exe", fake, "--seed", "11", "-j", "2")
    scripts = sorted((project / "at").glob("fuzz_11_*.txt"))
    assert code == 1 and len(scripts) == 1
    commands = [call.name for call in parse(scripts[0].read_text())]
    assert "toggle_RNG_out" in commands and len(commands) <= 10
    expected = project / "expected" / f"{scripts[0].stem}.expected.txt"
    assert expected.read_text() == run_script(scripts[0].read_text())
    assert lines[2].startswith(f"{scripts[0].stem}: failed at line ")
    assert (
        "    -" in "\n".join(lines)
        and lines[-1] == f"saved at/{scripts[0].name}, {expected.relative_to(project)}"
    )
    assert at(capsys, "run", str(scripts[0])) == (0, ["1 passed, 0 failed"])
    assert at(capsys, "run", "--exe", fake, str(scripts[0]))[0] == 1


@pytest.mark.parametrize("seed", range(20))
def test_the_default_budget_brings_the_rare_command_on_any_seed(seed: int) -> None:
    rng = random.Random(seed)
    scripts = (SPACE_DEFENDER_2.random_script(rng)[1] for _ in range(DEFAULT_BUDGET))
    assert any("toggle_RNG_out" in line for script in scripts for line in script)


def test_a_program_that_agrees_with_the_oracle_is_not_reported(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    right = program(project, "right", RIGHT)
    code, lines = at(capsys, "fuzz", "--exe", right, "--seed", "3", "--budget", "2", "-j", "2")
    assert (code, lines[-1]) == (0, "no difference in 2 scripts (seed 3)")
    assert list((project / "at").iterdir()) == []


def test_the_same_seed_finds_and_shrinks_the_same_script(
    capsys: pytest.CaptureFixture[str], project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(GAMES, "echo", echo_game.game())
    quirky = shlex.join([sys.executable, echo_game.__file__, "--quirk", "XYZZY"])
    runs = [at(capsys, "fuzz", "--game", "echo", "--exe", quirky, "--seed", "4") for _ in "ab"]
    first, second = sorted((project / "at" / "echo").glob("fuzz_4_*.txt"), key=len_of_name)
    assert [code for code, _ in runs] == [1, 1]
    assert second.stem == f"{first.stem}_2"
    assert first.read_text() == second.read_text() == "XYZZY\n"
    assert runs[0][1][:-1] == [line.replace(second.stem, first.stem) for line in runs[1][1][:-1]]
    assert first.with_suffix(".seed").read_text() == second.with_suffix(".seed").read_text()


def test_a_basic_game_clone_is_fuzzed_against_its_reference_oracle(
    capsys: pytest.CaptureFixture[str], project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(GAMES, "echo", echo_game.game(reference=True, quirk="SCAN"))
    code, lines = at(capsys, "fuzz", "--game", "echo", "--seed", "1", "-j", "1")
    assert code == 1
    assert lines[0] == (
        "fuzzing the Echo clone against PC-BASIC running the original listing (echo), seed 1,"
        " 100 scripts"
    )
    (script,) = (project / "at" / "echo").glob("*.txt")
    assert script.read_text() == "SCAN\n"
    seed = int(script.with_suffix(".seed").read_text())
    expected = project / "expected" / "echo" / script.name.replace(".txt", ".expected.txt")
    assert expected.read_text() == echo_game.transcript("SCAN\n", seed)
    assert "in input line 1 ('SCAN')" in lines[2]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "at: give --exe CMD: the Space Defender 2 clone is itself the oracle\n"),
        (
            ["--exe", "./no-such-program"],
            "at: cannot run --exe program './no-such-program': no such file\n",
        ),
    ],
)
def test_fuzzing_without_a_program_to_run_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], project: Path, args: list[str], message: str
) -> None:
    assert main(["fuzz", "--seed", "1", *args]) == 2
    assert capsys.readouterr().err == message


def test_a_game_that_cannot_make_random_scripts_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "games.star_canine.autoplay", None)
    assert main(["fuzz", "--game", "star_canine", "--exe", "true", "--seed", "1"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("at: cannot make random star_canine scripts: ModuleNotFoundError")
    assert error.count("\n") == 1


def test_out_keeps_the_finding_in_its_folder_not_the_project(
    capsys: pytest.CaptureFixture[str], project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    fake = program(tmp_path_factory.mktemp("programs"), "silent", "print('nothing')\n")
    findings = tmp_path_factory.mktemp("elsewhere") / "findings"
    code, lines = at(
        capsys, "fuzz", "--exe", fake, "--seed", "3", "--budget", "2", "--out", str(findings)
    )
    scripts = list((findings / "at").glob("fuzz_3_*.txt"))
    assert code == 1 and len(scripts) == 1
    expected = findings / "expected" / f"{scripts[0].stem}.expected.txt"
    assert expected.read_text() == run_script(scripts[0].read_text())
    assert lines[-1] == f"saved {scripts[0]}, {expected}"
    assert list((project / "at").iterdir()) == list((project / "expected").iterdir()) == []
    assert at(capsys, "run", str(scripts[0])) == (0, ["1 passed, 0 failed"])


def test_a_finding_tells_its_cause_once_in_the_courses_words(
    capsys: pytest.CaptureFixture[str], project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    fake = program(tmp_path_factory.mktemp("programs"), "silent", "print('nothing')\n")
    code, lines = at(capsys, "fuzz", "--exe", fake, "--seed", "3", "--budget", "2")
    assert code == 1 and lines.count("    the cause:") == 1
    assert "    why the oracle printed it:" not in lines  # it would tell the cause's line again
    assert not any("model." in line for line in lines)


@pytest.mark.slow
def test_toward_leans_the_scripts_toward_the_rules_a_suite_reaches_least(
    capsys: pytest.CaptureFixture[str], project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    fake = program(tmp_path_factory.mktemp("programs"), "rare", RARE_DIFFERENCE)
    public = str(Path(__file__).resolve().parents[3] / "at")
    code, lines = at(
        capsys, "fuzz", "--exe", fake, "--seed", "5", "--budget", "30", "--toward", public
    )
    assert lines[0].endswith("seed 5, 30 scripts, leaning toward the rules 106 tests reach least")
    assert code == 1 and "RNG Usage" in "\n".join(lines)


def test_toward_a_game_whose_fuzzer_cannot_lean_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    assert main(["fuzz", "--game", "star_canine", "--exe", "x", "--toward", "at"]) == 2
    error = capsys.readouterr().err
    assert error == "at: --toward: the Star Canine fuzzer cannot lean toward rules\n"


def test_a_finding_gives_the_cause_of_its_shrunk_scripts_difference(
    capsys: pytest.CaptureFixture[str], project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    fake = program(tmp_path_factory.mktemp("programs"), "silent", "print('nothing')\n")
    code, lines = at(capsys, "fuzz", "--exe", fake, "--seed", "3", "--budget", "2")
    cause = lines.index("    the cause:")
    assert code == 1 and lines[2].endswith(": view.state (missing in yours)")
    assert lines[cause + 1 : cause + 5] == [
        "        view.state: missing in yours",
        "        messages.txt: COMMON STATE MESSAGE: The state line: not started, normal mode, ok.",
        "        the oracle's line 1: state:not started, normal, ok",
        "        yours: none",
    ]


def test_a_finding_of_a_game_in_a_nested_folder_is_kept_with_every_folder_it_needs(
    project: Path,
) -> None:
    game = dataclasses.replace(echo_game.game(), folder="sisters/echo")
    case, files = save(game, project, "fuzz_5_1", ("SCAN",), 5, b"SCAN\n")
    script = project / "at" / "sisters" / "echo" / "fuzz_5_1.txt"
    expected = project / "expected" / "sisters" / "echo" / "fuzz_5_1.expected.txt"
    assert files == [script, expected, script.with_suffix(".seed")]
    assert (case.script, case.expected, case.seed) == (script, expected, 5)
    assert expected.read_bytes() == b"SCAN\n" and script.read_text() == "SCAN\n"
