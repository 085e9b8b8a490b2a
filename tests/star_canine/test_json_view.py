"""The --json view: one object per line, parseable, saying what the text says."""

from __future__ import annotations

import json
import random

from games.star_canine import json_transcript
from games.star_canine.autoplay import random_inputs
from games.star_canine.game import Game, Narrative, Scene
from games.star_canine.json_view import state
from games.star_canine.session import new_game
from games.star_canine.tables import Outcome, StageKind, UpgradeState
from games.star_canine.view import PROMPT, step_text

SHIP_SCENES = {
    "pre_combat",
    "combat_log",
    "reward",
    "boss_reward",
    "dock",
    "game_over",
    "game_clear",
}


def agree(game: Game, text: str, obj: dict[str, object]) -> None:
    """The JSON object of a step says what its text says."""
    assert obj["commands"] == game.commands()
    if obj["error"] is not None:
        assert text == f"{obj['error']}\n{PROMPT}"
        return
    log = obj["log"]
    assert isinstance(log, list)
    assert [line.strip() for line in text.splitlines()[: len(log)]] == log
    if obj["scene"] == "ended":
        return
    assert f"Commands: {', '.join(game.commands())}\n{PROMPT}" in text
    ship = obj["ship"]
    assert isinstance(ship, dict)
    if obj["scene"] in SHIP_SCENES:
        assert (
            f"STAR CANINE: Hull {ship['hull']}/{ship['max_hull']}, Shield {ship['shield']},"
            f" Armor {ship['armor']}, Ammo {ship['ammo']},"
            f" Slots {ship['slots_used']}/{ship['slots']}"
        ) in text
    enemy = obj["enemy"]
    if obj["scene"] == "pre_combat":
        assert isinstance(enemy, dict) and f"Enemy: {enemy['name']} " in text
    if obj["scene"] in ("pre_combat", "dock"):
        inventory = obj["inventory"]
        assert isinstance(inventory, list)
        assert text.count("\n  ") - text.count("\n  Attacks") == len(inventory)


def test_every_step_of_random_games_agrees_with_the_text() -> None:
    rng = random.Random(11)
    for _ in range(40):
        seed, lines = random_inputs(rng)
        game = new_game(seed)
        for line in lines:
            step = game.play(line)
            obj = json.loads(json.dumps(state(game, step), ensure_ascii=False))
            agree(game, step_text(game, step), obj)


def test_one_line_before_the_first_input_and_one_after_each() -> None:
    lines = ["", "", "equip 1", "fly", "engage", "", "take 2", "quit", "ignored"]
    out = json_transcript("\n".join(lines), 4)
    objects = [json.loads(line) for line in out.splitlines()]
    assert len(objects) == 9
    assert objects[0]["scene"] == "opening" and objects[0]["log"] == []
    assert objects[3]["ship"]["slots_used"] == 1 and objects[3]["equipped"] == [1]
    assert (
        objects[4]["error"]
        == 'Unknown command "fly". Commands now: equip K, unequip K, engage, quit.'
    )
    assert objects[5]["scene"] == "combat_log" and objects[5]["outcome"] == "victory"
    assert objects[5]["enemy"]["hull"] == -10 and objects[5]["ship"]["ammo"] == 9
    assert objects[6]["scene"] == "reward" and len(objects[6]["offers"]) == 3
    assert objects[7]["inventory"][-1] == objects[6]["offers"][1]
    assert objects[8]["scene"] == "ended" and objects[8]["commands"] == []


def test_the_fields_of_a_state() -> None:
    game = new_game(None)
    obj = state(game, None)
    assert list(obj) == [
        "scene", "seed", "run", "act", "stage", "stage_kind", "narrative", "ship", "inventory",
        "equipped", "enemy", "outcome", "boss_upgrades", "offers", "dock", "victories", "draws",
        "commands", "log", "error",
    ]  # fmt: skip
    assert obj["boss_upgrades"] == {
        "regenerative_hull_plating": "not_seen",
        "automated_ammo_synthesizer": "not_seen",
        "forward_shield_projector": "not_seen",
        "reinforced_hangar": "not_seen",
        "expanded_hardpoint_array": "not_seen",
        "overloaded_logistics_core": "not_seen",
    }
    assert game.scene is Scene.OPENING


def test_the_enemy_and_the_dock_in_json() -> None:
    out = json_transcript("\n\nengage\n\nengage\n\nengage\n\n", 0)
    objects = [json.loads(line) for line in out.splitlines()]
    enemy = objects[2]["enemy"]
    assert enemy["name"] == "Scrap Skirmisher" and enemy["damage"] == {
        "LONG": None,
        "MID": None,
        "CLOSE": 10,
    }
    assert objects[3]["enemy"]["uses_left"]["CLOSE"] == 1
    assert objects[3]["outcome"] == "draw" and objects[3]["ship"]["hull"] == 180
    dock = [o for o in objects if o["scene"] == "dock"]
    assert dock and dock[0]["dock"] == {"due": 1, "paid": 0, "paid_at_dock": False}


def test_the_json_views_names_are_the_documented_ones() -> None:
    """Programs read these names (docs/reference/star-canine.md): scene, stage kind, narrative,
    outcome and a Boss Upgrade's state."""
    assert [scene.value for scene in Scene] == [
        "opening", "narrative", "pre_combat", "combat_log", "reward", "boss_reward", "dock",
        "game_clear", "game_over", "ended",
    ]  # fmt: skip
    assert [kind.value for kind in StageKind] == ["combat", "dock"]
    assert [story.value for story in Narrative] == ["act_start", "boss_encounter"]
    assert [outcome.value for outcome in Outcome] == ["victory", "draw", "defeat"]
    assert [upgrade.value for upgrade in UpgradeState] == ["not_seen", "owned", "skipped"]
