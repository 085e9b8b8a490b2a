"""The web page's Python side (web/page.py), run by CPython: the same bytes as the command lines,
`at`'s first difference, the console; the browser test (tests/web/test_browser.py) runs it in
Pyodide."""

import base64
import json
from pathlib import Path

from acceptance.running.compare import DiffLine, Mismatch, Side, compare
from oracle.cli import main as oracle_main
from tests.planted_bugs import no_combine, planted_output
from web.page import (
    Console,
    Options,
    captured,
    compare_json,
    explain_json,
    games_json,
    run,
    side_by_side,
)

ROOT = Path(__file__).resolve().parents[2]


def text(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


def test_a_batch_run_prints_the_expected_file() -> None:
    result = run(Options("space_defender_2", text("at/at001.txt")))
    assert (result.status, result.errors) == (0, "")
    assert result.output == (ROOT / "expected/at001.expected.txt").read_bytes()


def test_windows_print_what_oracle_w_and_l_print() -> None:
    script = ROOT / "at/at002.txt"
    for mode, window in (("-w", ["2", "4"]), ("-w", ["-2", "_"]), ("-l", [])):
        page = run(Options("space_defender_2", script.read_text(), mode, *(window or ["", ""])))
        assert page.output == captured(oracle_main, [mode, *window, str(script)]).output


def test_a_bad_window_is_the_oracle_usage_error() -> None:
    result = run(Options("space_defender_2", "pass\n", "-w", "x", "2"))
    assert result.status == 2
    assert result.errors.startswith("Error: the start of window is not a valid integer\n")


def test_a_sister_game_prints_its_transcript_with_its_seed() -> None:
    script = ROOT / "at/star_lanes/four_players_big_seed.txt"
    seed = (ROOT / "at/star_lanes/four_players_big_seed.seed").read_text().strip()
    result = run(Options("star_lanes", script.read_text(), seed=seed))
    expected = ROOT / "expected/star_lanes/four_players_big_seed.expected.txt"
    assert result.output == expected.read_bytes()


def test_a_bad_seed_is_the_game_usage_error() -> None:
    result = run(Options("star_canine", "\n", seed="many"))
    assert result.status == 2
    assert "the seed must be an integer, not 'many'" in result.errors


def test_the_first_difference_is_located_as_at_reports_it() -> None:
    options = Options("space_defender_2", text("at/at001.txt"))
    lines = run(options).output.decode().split("\n")
    oracle_line = lines[11]
    lines[11] = lines[11][:4] + "X" + lines[11][5:]
    mine = base64.b64encode("\n".join(lines).encode()).decode()
    found = json.loads(compare_json(options, mine))
    assert (found["same"], found["line"], found["column"]) == (False, 12, 5)
    assert found["place"].startswith("->")
    assert found["report"].startswith("    --- oracle\n    +++ yours\n    @@ -9,7 +9,7 @@ ->")
    assert found["rows"][0]["header"].startswith("@@ -9,7 +9,7 @@ ->")
    (changed,) = [row for row in found["rows"] if row.get("differs")]
    assert (changed["left_number"], changed["right_number"]) == (12, 12)
    assert [piece for piece in changed["left_pieces"] if piece[1]] == [["Health", True]]
    assert [piece for piece in changed["right_pieces"] if piece[1]] == [["Xealth", True]]
    assert found["cause"]["line"] == 12 and found["cause"]["rule"] == "view.setup"
    assert found["cause"]["lines"][0] == "view.setup: told differently"
    assert f"the oracle's line 12: {oracle_line.strip()}" in found["cause"]["lines"]
    assert not any(line.startswith("source: ") for line in found["cause"]["lines"])
    assert found["why"] is None  # the cause tells the differing line already


def test_why_the_oracle_printed_its_differing_line_is_given_where_the_cause_is_another() -> None:
    options = Options("space_defender_2", text("at/at207.txt"))
    mine = base64.b64encode(planted_output("at207", no_combine).encode()).decode()
    found = json.loads(compare_json(options, mine))
    assert found["cause"]["line"] != found["line"]
    assert found["why"]["line"] == found["line"] and found["why"]["rule"]


def test_a_line_of_the_output_is_explained_with_its_rule() -> None:
    options = Options("space_defender_2", text("at/at010.txt"))
    why = json.loads(explain_json(options, 167))
    assert why["rule"] == "collision.armour"
    assert "15 - 1 = 14" in "\n".join(why["lines"])
    assert json.loads(explain_json(options, 10**6))["rule"] is None


def test_only_the_batch_runs_of_space_defender_2_are_explained() -> None:
    windowed = Options("space_defender_2", text("at/at010.txt"), "-l")
    assert json.loads(explain_json(windowed, 1))["lines"] == ["Explanations are for -b runs only."]
    other = Options("star_lanes", "\n")
    assert json.loads(explain_json(other, 1))["lines"] == ["This game's oracle does not explain."]


def test_the_same_output_has_no_difference() -> None:
    options = Options("space_defender_2", text("at/at001.txt"))
    mine = base64.b64encode(run(options).output).decode()
    assert json.loads(compare_json(options, mine)) == {"same": True}


def test_side_by_side_heads_each_hunk_and_numbers_each_side_in_its_own_output() -> None:
    diff = (
        DiffLine(Side.BOTH, 1, "a\n"),
        DiffLine(Side.EXPECTED, 2, "b\n"),
        DiffLine(Side.EXPECTED, 3, "c\n"),
        DiffLine(Side.ACTUAL, 2, "B\n"),
        DiffLine(Side.BOTH, 4, "d\n"),
    )
    rows = side_by_side(Mismatch(2, 1, "(initial state)", diff))
    assert rows[0] == {"header": "@@ -1,4 +1,3 @@ (initial state)"}
    numbered = [(row["left_number"], row["right_number"], row["differs"]) for row in rows[1:]]
    assert numbered == [(1, 1, False), (2, 2, True), (3, 0, True), (4, 3, False)]


def test_side_by_side_pairs_a_changed_line_and_marks_what_differs() -> None:
    mismatch = compare(b"->go\n  health:70/70, ok\n", b"->go\n  health:80/80, ok\n")
    assert mismatch is not None
    _, _, changed = side_by_side(mismatch)
    assert changed["left_pieces"] == [
        ["  health:", False],
        ["70", True],
        ["/", False],
        ["70", True],
        [", ok", False],
    ]
    assert [piece for piece in changed["right_pieces"] if piece[1]] == [["80", True]] * 2


def test_the_console_answers_as_oracle_i() -> None:
    console = Console()
    assert console.start().startswith("  state:not started")
    assert json.loads(console.answer("man"))["text"].startswith("Commands")
    played = json.loads(console.answer("play(10,30,1,1,1,1,1)"))
    assert played["text"].startswith("  state:weapon setup")
    assert json.loads(console.answer("quit")) == {"text": "", "ended": True}


def test_the_games_list_names_every_game() -> None:
    names = [game["name"] for game in json.loads(games_json())]
    assert names == ["space_defender_2", "star_lanes", "super_star_trek", "star_canine"]


def test_a_sister_game_difference_names_the_typed_line() -> None:
    script = ROOT / "at/star_canine/mistyped.txt"
    options = Options("star_canine", script.read_text(encoding="utf-8"))
    lines = run(options).output.decode().split("\n")
    changed = len(lines) // 2
    lines[changed] += "!"
    mine = base64.b64encode("\n".join(lines).encode()).decode()
    found = json.loads(compare_json(options, mine))
    assert found["line"] == changed + 1
    assert found["place"].startswith("input line ")


def test_the_first_difference_comes_with_its_cause() -> None:
    options = Options("space_defender_2", text("at/at207.txt"))
    mine = base64.b64encode(planted_output("at207", no_combine).encode()).decode()
    found = json.loads(compare_json(options, mine))
    assert found["line"] == 140
    cause = found["cause"]
    assert (cause["line"], cause["rule"], cause["kind"]) == (
        154,
        "collision.projectile.combine",
        "missing",
    )
    assert cause["lines"][:2] == [
        "collision.projectile.combine: missing in yours",
        "spec 6.13 A Turn of the Game: Two projectiles of the same side meet: they combine into "
        "one of damage 15 + 15.",
    ]
    assert not any(line.startswith("source:") for line in cause["lines"])
    assert found["why"]["line"] == 140


def test_a_window_of_the_output_has_no_cause() -> None:
    options = Options("space_defender_2", text("at/at207.txt"), "-w", "1", "200")
    mine = base64.b64encode(b"->nothing\n").decode()
    assert json.loads(compare_json(options, mine))["cause"] is None
