"""`tools.mutation.run`: the list of equivalents, and the differential run (a mutant's verdict on
fixed games, and the figures it adds to the fast tests': the echo game of the harness tests
standing for a clone)."""

import json
from pathlib import Path

from tests.acceptance.game_oracles import echo_game
from tools.mutation import blind_spots
from tools.mutation.mutant_games import Played, first_difference
from tools.mutation.run import (
    ROOT,
    Differential,
    Figures,
    differential_report,
    listed_equivalents,
    play,
    said,
)

SCRIPTS = ("HELLO\nROLL\nQUIT\n", "MAP\n")


def games(*expected: str) -> list[Played]:
    """The echo game's scripts with these expected transcripts, seed 3."""
    return [Played(script=s, seed=3, expected=e) for s, e in zip(SCRIPTS, expected, strict=True)]


def true_games() -> list[Played]:
    """The echo game's scripts with its own transcripts."""
    return games(*(echo_game.transcript(script, 3) for script in SCRIPTS))


def test_the_first_game_whose_transcript_differs_is_named_from_1() -> None:
    assert first_difference(echo_game, true_games()) is None
    assert first_difference(echo_game, games(true_games()[0]["expected"], "")) == 2
    assert first_difference(echo_game, games("", "")) == 1


def test_a_mutant_survives_when_every_game_agrees_and_is_killed_when_one_differs(
    tmp_path: Path,
) -> None:
    agreeing, differing = tmp_path / "agreeing.json", tmp_path / "differing.json"
    agreeing.write_text(json.dumps(true_games()), encoding="utf-8")
    differing.write_text(json.dumps(games(true_games()[0]["expected"], "")), encoding="utf-8")
    assert play(ROOT, "tests.acceptance.game_oracles.echo_game", agreeing, "", 60) == (
        "survived",
        "",
    )
    assert play(ROOT, "tests.acceptance.game_oracles.echo_game", differing, "", 60) == (
        "killed",
        "game 2 of 2 differs",
    )


def test_a_clone_that_cannot_run_is_killed(tmp_path: Path) -> None:
    corpus = tmp_path / "games.json"
    corpus.write_text(json.dumps(true_games()), encoding="utf-8")
    verdict, last = play(ROOT, "tests.no_such_game", corpus, "", 60)
    assert verdict == "killed" and "ModuleNotFoundError" in last


def test_the_differential_run_adds_the_survivors_of_the_fast_tests_it_detects() -> None:
    fast = Figures("game", {"a": "killed", "b": "survived", "c": "survived", "d": "no tests"}, 0, 1)
    run = Differential(5, {"a": "survived", "b": "killed", "c": "survived", "d": "timeout"}, 2, 3)
    lines = differential_report(fast, run, survivors=True).splitlines()
    assert lines[0].startswith(
        "  differential run, 5 random games: detects 2 of the 4 mutants (1 timed out), "
        "2 of the 3 the fast tests leave: 3 in all;"
    )
    assert lines[1:] == [
        "  detected only by the differential run: b",
        "  detected only by the differential run: d",
        "  survived both: c",
    ]


def test_every_listed_equivalent_is_a_mutant_name_then_its_reason() -> None:
    """A blind spot's place may hold spaces (`(KEEP, PASS, LEAVE)`); the name ends at its number."""
    listed = listed_equivalents()
    blind = {mutant.name for mutant in blind_spots.module_mutants("provenance.stack")}
    assert "provenance.stack::(KEEP, PASS, LEAVE)::0" in set(listed) & blind
    assert all(reason and not reason.startswith(" ") for reason in listed.values())


def test_what_mutmut_said_keeps_the_failing_tests_report_and_drops_its_spinner() -> None:
    frames = "".join(f"\r{frame} Running clean tests" for frame in "\u280b\u2819\u2839" * 2000)
    output = f"{frames}\nFAILED tests/test_x.py::test_y - assert 1 == 2\n{frames}\r"
    shown = said(output + "Failed to run clean test\n")
    assert shown.splitlines() == [
        "FAILED tests/test_x.py::test_y - assert 1 == 2",
        "Failed to run clean test",
    ]
