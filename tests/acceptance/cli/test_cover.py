"""`at cover`: for each rule of the oracle's table, the tests whose expected output it made, and
the rules no test reaches with their spec sections; on the public suite, on a student's own tests
(whose stale expected files are said), on Star Canine's, and the BASIC games left out."""

import json
from pathlib import Path

import pytest

from acceptance.cli.main import main
from oracle.runner import run_script
from provenance.rules import RULES
from tests.provenance.test_why import NOT_REACHED

ROOT = Path(__file__).resolve().parents[3]
FIRING = "toggle_debug_mode\nplay(5,10,1,1,1,1,1)\nsetup_next(5)\nfire\n"
PASSING = "toggle_debug_mode\nplay(5,10,1,1,1,1,1)\nsetup_next(5)\npass\n"


def at(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """Run `at` in-process; its exit status and what it printed."""
    code = main(list(args))
    return code, capsys.readouterr().out


def cover_json(capsys: pytest.CaptureFixture[str], *paths: str) -> dict[str, dict[str, object]]:
    """`at cover --json` of these paths: each game's coverage by its name."""
    code, out = at(capsys, "cover", "--json", *paths)
    assert code == 0
    return {game["game"]: game for game in json.loads(out)["games"]}


@pytest.fixture
def student(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A student's project, the cwd: two tests of their own, with the oracle's outputs."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "at").mkdir()
    (tmp_path / "expected").mkdir()
    for name, script in (("firing", FIRING), ("passing", PASSING)):
        (tmp_path / "at" / f"{name}.txt").write_text(script)
        (tmp_path / "expected" / f"{name}.expected.txt").write_text(run_script(script))
    return tmp_path


def test_the_public_suite_reaches_every_rule_but_those_no_public_test_reaches(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = cover_json(capsys, str(ROOT / "at"))["space_defender_2"]
    assert sorted(game["unreached"]) == sorted(NOT_REACHED)  # type: ignore[arg-type]
    rules = game["rules"]
    assert [rule["rule"] for rule in rules] == list(RULES)  # type: ignore[attr-defined]
    assert game["reached"] == len(RULES) - len(NOT_REACHED) and game["stale"] == []


@pytest.mark.slow
def test_with_no_path_the_projects_game_is_covered_not_every_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    assert cover_json(capsys) == cover_json(capsys, str(ROOT / "at"))
    star_canine = cover_json(capsys, "--game", "star_canine")
    assert list(star_canine) == ["star_canine"]


def test_a_students_tests_name_each_rule_they_reach_and_the_rules_none_does(
    capsys: pytest.CaptureFixture[str], student: Path
) -> None:
    game = cover_json(capsys)["space_defender_2"]
    tests = {rule["rule"]: rule["tests"] for rule in game["rules"]}  # type: ignore[attr-defined]
    assert game["tests"] == ["firing", "passing"]
    assert tests["starfighter.fire"] == tests["weapon.standard"] == ["firing"]
    assert tests["starfighter.pass"] == ["passing"]
    assert tests["view.state"] == ["firing", "passing"]
    assert "special.recall" in game["unreached"]  # type: ignore[operator]
    code, text = at(capsys, "cover")
    lines = text.splitlines()
    reached = len(RULES) - len(game["unreached"])  # type: ignore[arg-type]
    assert (
        lines[0] == f"Space Defender 2: 2 tests reach {reached} of the oracle's {len(RULES)} rules"
    )
    assert "  starfighter.fire (spec 6.13.3 Phase 3: Starfighter Act): 1 test: firing" in lines
    assert f"not reached by any test: {len(game['unreached'])} rules" in lines  # type: ignore
    assert "  special.recall (spec 6.8 Specials)" in lines


def test_an_expected_file_the_oracle_no_longer_prints_is_said_to_be_stale(
    capsys: pytest.CaptureFixture[str], student: Path
) -> None:
    (student / "expected" / "passing.expected.txt").write_text("an old output\n")
    assert cover_json(capsys)["space_defender_2"]["stale"] == ["passing"]
    assert (
        "note: the expected output of passing is not what the oracle prints now"
        in at(capsys, "cover")[1]
    )


def test_star_canines_tests_reach_each_of_its_rules(capsys: pytest.CaptureFixture[str]) -> None:
    game = cover_json(capsys, str(ROOT / "at" / "star_canine"))["star_canine"]
    assert game["unreached"] == [] and game["stale"] == []
    assert game["reached"] == len(game["rules"])  # type: ignore[arg-type]


def test_a_game_with_no_rule_table_is_left_out_and_said_to_be(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = at(capsys, "cover", str(ROOT / "at" / "star_lanes" / "error_empty_move.txt"))
    assert (code, out) == (0, "Star Lanes: 1 test left out: its oracle has no rule table\n")


def test_an_unreadable_script_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], student: Path
) -> None:
    (student / "at" / "broken.txt").write_bytes(b"pass\xff\n")
    assert main(["cover"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("at: cannot read at/broken.txt") and error.count("\n") == 1


def test_a_script_that_does_not_parse_reaches_the_report_of_a_bad_script(
    capsys: pytest.CaptureFixture[str], student: Path
) -> None:
    (student / "at" / "typo.txt").write_text("toggle_debug_mode\nmove(A,\n")
    game = cover_json(capsys)["space_defender_2"]
    tests = {rule["rule"]: rule["tests"] for rule in game["rules"]}  # type: ignore[attr-defined]
    assert tests["script.error"] == ["typo"] and game["stale"] == []
