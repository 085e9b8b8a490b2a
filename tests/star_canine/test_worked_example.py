"""The worked example of the reference notes (notes.md), played through the game's commands."""

from __future__ import annotations

from games.star_canine.events import CombatEnded, Hit, Volley
from games.star_canine.game import Game, Scene
from games.star_canine.tables import Outcome, Range
from tests.star_canine.builders import game_at


def engage(game: Game) -> list[object]:
    step = game.play("engage")
    assert step.error is None
    return list(step.events)


def test_the_four_starting_items_win_the_first_three_stages_on_turn_one() -> None:
    game = game_at(1, 1)
    for number in (1, 2, 3, 4):
        game.play(f"equip {number}")
    ship = game.run.ship

    # Stage 1, Scrap Skirmisher (hull 30): Comet Lance 40 at LONG, ammo 12 -> 9, hull -10.
    events = engage(game)
    assert Volley(40, 12, 9) in events
    assert Hit("Scrap Skirmisher", Range.LONG, 40, 0, 0, 30, -10) in events
    assert events[-1] == CombatEnded(Outcome.VICTORY, 1)
    game.play("")
    game.play("take 1")

    # Stage 2, Void Drifter (hull 35, shield 5): shield 5 -> 0, hull 35 -> 0, ammo 6.
    events = engage(game)
    assert Hit("Void Drifter", Range.LONG, 40, 5, 0, 35, 0) in events
    assert events[-1] == CombatEnded(Outcome.VICTORY, 1)
    assert ship.ammo == 6
    game.play("")
    game.play("take 1")

    # Stage 3, Rustbound Scout (hull 40, armor 10): LONG ignores armor, hull 0, ammo 3.
    events = engage(game)
    assert Hit("Rustbound Scout", Range.LONG, 40, 0, 0, 40, 0) in events
    assert events[-1] == CombatEnded(Outcome.VICTORY, 1)
    assert (ship.ammo, ship.hull) == (3, 200)


def test_with_nothing_equipped_the_skirmisher_hits_twice_and_it_is_a_draw() -> None:
    game = game_at(1, 1)
    events = engage(game)
    hits = [e for e in events if isinstance(e, Hit)]
    assert hits == [
        Hit("STAR CANINE", Range.CLOSE, 10, 0, 0, 200, 190),
        Hit("STAR CANINE", Range.CLOSE, 10, 0, 0, 190, 180),
    ]
    assert events[-1] == CombatEnded(Outcome.DRAW, 6)
    game.play("")
    assert game.scene is Scene.PRE_COMBAT and game.run.position == 1


def test_reinforced_plating_absorbs_both_skirmisher_hits() -> None:
    game = game_at(1, 1)
    game.play("equip 4")
    events = engage(game)
    assert [e for e in events if isinstance(e, Hit)] == [
        Hit("STAR CANINE", Range.CLOSE, 10, 25, 15, 200, 200),
        Hit("STAR CANINE", Range.CLOSE, 10, 15, 5, 200, 200),
    ]
    assert game.run.ship.hull == 200
