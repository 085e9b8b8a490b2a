"""The flow of a run (spec 6.1): narratives at act boundaries, outcomes,
rewards, the end, restart."""

from __future__ import annotations

import json

from games.star_canine import json_view
from games.star_canine.events import Changed, Quit, Restarted, Stat, UpgradeTaken
from games.star_canine.game import Game, Narrative, Scene
from games.star_canine.session import json_transcript, new_game
from games.star_canine.tables import Outcome, UpgradeState
from games.star_canine.view import scene_text
from tests.star_canine.builders import FINAL_GAMBIT, WARHEAD_OPTIMIZER, game_at


def play(game: Game, *lines: str) -> None:
    for line in lines:
        step = game.play(line)
        assert step.error is None, (line, step.error)


def test_opening_then_the_act_one_story_then_the_first_combat() -> None:
    game = new_game(None)
    assert game.scene is Scene.OPENING
    play(game, "")
    assert (game.scene, game.run.narrative) == (Scene.NARRATIVE, Narrative.ACT_START)
    play(game, "continue")
    assert game.scene is Scene.PRE_COMBAT
    assert game.run.enemy is not None and game.run.enemy.name == "Scrap Skirmisher"


def test_the_boss_encounter_story_comes_before_the_boss_stage() -> None:
    game = game_at(1, 9, narrated=False)
    assert (game.scene, game.run.narrative) == (Scene.NARRATIVE, Narrative.BOSS_ENCOUNTER)
    play(game, "")
    assert game.scene is Scene.PRE_COMBAT
    assert game.run.enemy is not None and game.run.enemy.is_boss


def test_a_draw_against_a_normal_enemy_goes_on_without_reward() -> None:
    game = game_at(1, 1)
    play(game, "engage")
    assert game.run.combat is not None and game.run.combat.outcome is Outcome.DRAW
    play(game, "")
    assert game.scene is Scene.PRE_COMBAT and game.run.position == 1
    assert (game.run.draws, game.run.victories) == (1, 0)


def test_a_draw_against_a_boss_is_game_over() -> None:
    game = game_at(1, 9)
    game.run.ship.hull = 500
    play(game, "engage", "")
    assert game.scene is Scene.GAME_OVER
    assert "Black Orbit Marauder still stands after six turns." in scene_text(game)


def test_defeat_is_game_over() -> None:
    game = game_at(1, 9)
    game.run.ship.hull = 10
    play(game, "engage")
    assert game.run.combat is not None and game.run.combat.outcome is Outcome.DEFEAT
    play(game, "")
    assert game.scene is Scene.GAME_OVER
    assert "STAR CANINE has been destroyed..." in scene_text(game)


def win_boss(game: Game, *extra: int) -> None:
    """Equip a Final Gambit with Warhead Optimizers (and the extra items) and fight the boss."""
    ship = game.run.ship
    for item_id in (FINAL_GAMBIT, WARHEAD_OPTIMIZER, *extra):
        item = ship.gain(game.data.equipment[item_id])
        play(game, f"equip {ship.listing().index(item) + 1}")
    play(game, "engage")
    assert game.run.combat is not None and game.run.combat.outcome is Outcome.VICTORY
    play(game, "")


def test_the_act_one_boss_gives_a_boss_upgrade_and_a_full_repair() -> None:
    game = game_at(1, 9)
    game.run.ship.hull = 20
    win_boss(game)
    assert game.scene is Scene.BOSS_REWARD and len(game.run.upgrade_offer) == 3
    offer = game.run.upgrade_offer
    step = game.play("take 1")
    assert step.events[0] == UpgradeTaken(offer[0].name, (offer[1].name, offer[2].name))
    assert game.run.ship.hull == game.run.ship.max_hull
    assert game.run.states[offer[0].key] is UpgradeState.OWNED
    assert (game.scene, game.run.narrative) == (Scene.NARRATIVE, Narrative.ACT_START)


def test_the_act_two_story_restores_the_hull_and_gives_twelve_ammo() -> None:
    game = game_at(2, 1, narrated=False)
    ship = game.run.ship
    ship.hull, ship.ammo = 75, 4
    step = game.play("")
    assert step.events == [
        Changed("VANGUARD LOGISTICS", Stat.HULL, 75, 200),
        Changed("VANGUARD LOGISTICS", Stat.AMMO, 4, 16),
    ]
    assert game.scene is Scene.PRE_COMBAT


def test_the_act_one_and_three_stories_change_nothing() -> None:
    for act in (1, 3):
        game = game_at(act, 1, narrated=False)
        game.run.ship.hull = 75
        assert game.play("").events == []
        assert game.run.ship.hull == 75


def test_the_act_three_boss_ends_the_game_with_game_clear_and_no_reward() -> None:
    game = game_at(3, 9)
    win_boss(game, WARHEAD_OPTIMIZER)
    assert game.scene is Scene.GAME_CLEAR
    assert "Planet K9 has been liberated." in scene_text(game)


def test_continue_after_the_end_restarts_with_a_new_ship() -> None:
    game = game_at(1, 9)
    game.run.ship.hull = 10
    play(game, "engage", "")
    step = game.play("")
    assert step.events == [Restarted(2)]
    assert game.scene is Scene.OPENING and game.run.number == 2
    assert (game.run.ship.hull, game.run.position) == (200, 0)
    assert set(game.run.states.values()) == {UpgradeState.NOT_SEEN}


def test_quit_ends_the_session_from_any_scene() -> None:
    game = game_at(1, 4)
    assert game.play("quit").events == [Quit()]
    assert game.ended and game.commands() == []
    assert game.play("").error == "The session has ended: nothing more can be typed."


def test_the_json_state_of_each_scene_of_a_run() -> None:
    game = new_game(3)
    assert json_view.state(game, None)["narrative"] is None
    play(game, "")
    told = json_view.state(game, None)
    assert (told["scene"], told["narrative"], told["seed"]) == ("narrative", "act_start", 3)
    assert (told["act"], told["stage"], told["stage_kind"]) == (1, 1, "combat")
    play(game, "")
    before = json_view.state(game, None)
    assert before["narrative"] is None and before["dock"] is None and before["offers"] == []
    assert before["ship"] == {
        "hull": 200,
        "max_hull": 200,
        "shield": 0,
        "armor": 0,
        "ammo": 12,
        "slots": 6,
        "slots_used": 0,
    }
    assert before["enemy"] == {
        "name": "Scrap Skirmisher",
        "type": "Normal",
        "difficulty": 1,
        "hull": 30,
        "shield": 0,
        "armor": 0,
        "damage": {"LONG": None, "MID": None, "CLOSE": 10},
        "uses_left": {"LONG": None, "MID": None, "CLOSE": 3},
    }
    line = json_view.json_line(game, game.play("equip 1"))
    assert "🚀 Comet Lance" in line
    play(game, "engage")
    fought = json_view.state(game, None)["enemy"]
    assert [fought[key] for key in ("hull", "shield", "armor")] == [-10, 0, 0]
    assert json.loads(json_transcript("", 4).splitlines()[0])["seed"] == 4


def test_the_json_state_at_a_boss_reward_and_after_the_last_boss() -> None:
    game = game_at(1, 9)
    win_boss(game)
    offers = json_view.state(game, None)["offers"]
    assert offers == [upgrade.key for upgrade in game.run.upgrade_offer] and len(offers) == 3
    game = game_at(3, 9)
    win_boss(game, WARHEAD_OPTIMIZER)
    cleared = json_view.state(game, None)
    assert (cleared["scene"], cleared["act"], cleared["stage"], cleared["stage_kind"]) == (
        "game_clear",
        None,
        None,
        None,
    )


def test_the_summary_says_1_victory_and_2_victories() -> None:
    for victories, said in ((1, "1 victory, 0 draws."), (2, "2 victories, 0 draws.")):
        game = game_at(1, 9)
        game.run.ship.hull, game.run.victories = 10, victories
        play(game, "engage", "")
        assert game.scene is Scene.GAME_OVER and said in scene_text(game)
