"""Complete games by scripted strategies: one reaches game clear, one game over; both
are acceptance tests."""

from __future__ import annotations

from pathlib import Path

from games.star_canine.game import Scene
from games.star_canine.tables import Outcome
from tests.star_canine.strategies import Planner, greedy, play

AT = Path(__file__).resolve().parents[2] / "at" / "star_canine"


def committed(name: str) -> list[str]:
    return (AT / f"{name}.txt").read_text(encoding="utf-8").splitlines()


def test_the_planner_clears_the_game_with_seed_11() -> None:
    game, lines = play(11, Planner())
    assert game.scene is Scene.GAME_CLEAR
    assert game.run.position == 27 and game.run.victories == 21
    assert lines == committed("game_clear")


def test_the_greedy_player_is_destroyed_by_the_first_boss_with_seed_0() -> None:
    game, lines = play(0, greedy)
    assert game.scene is Scene.GAME_OVER
    assert game.run.combat is not None and game.run.combat.outcome is Outcome.DEFEAT
    assert game.run.enemy is not None and game.run.enemy.name == "Black Orbit Marauder"
    assert lines == committed("game_over")


def test_the_greedy_player_draws_against_the_second_boss_with_seed_5() -> None:
    game, lines = play(5, greedy)
    assert game.scene is Scene.GAME_OVER
    assert game.run.combat is not None and game.run.combat.outcome is Outcome.DRAW
    assert game.run.enemy is not None and game.run.enemy.name == "Crown of Null"
    assert lines == committed("boss_draw")
