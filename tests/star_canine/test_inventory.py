"""Inventory and slots (spec 3.1): same items told apart, equipped first, slot cap, free swaps."""

from __future__ import annotations

from dataclasses import replace

from games.star_canine.events import Equipped, Unequipped
from games.star_canine.game import Game, Scene
from games.star_canine.view import equipment_status, scene_text
from tests.star_canine.builders import FINAL_GAMBIT, enemy, game_at, kind


def first_stage() -> Game:
    game = game_at(1, 1)
    assert game.scene is Scene.PRE_COMBAT
    return game


def names(game: Game) -> list[str]:
    ship = game.run.ship
    return [("E " if ship.is_equipped(i) else "- ") + i.name for i in ship.listing()]


def test_the_starting_items_are_owned_and_none_is_equipped() -> None:
    game = first_stage()
    assert [item.kind.id for item in game.run.ship.items] == [1, 2, 2, 3]
    assert game.run.ship.equipped == []


def test_two_items_of_the_same_id_are_told_apart() -> None:
    game = first_stage()
    ship = game.run.ship
    assert game.play("equip 3").events == [Equipped("⚡ Hull Cutter", 1)]
    second_cutter = ship.items[2]
    assert ship.equipped == [second_cutter.uid]
    assert not ship.is_equipped(ship.items[1])


def test_the_list_shows_equipped_items_first_in_slot_order() -> None:
    game = first_stage()
    game.play("equip 4")
    assert names(game) == [
        "E ◾ Reinforced Plating",
        "- 🚀 Comet Lance",
        "- ⚡ Hull Cutter",
        "- ⚡ Hull Cutter",
    ]
    game.play("equip 3")  # numbers follow the list as last shown: the first Hull Cutter
    assert names(game) == [
        "E ◾ Reinforced Plating",
        "E ⚡ Hull Cutter",
        "- 🚀 Comet Lance",
        "- ⚡ Hull Cutter",
    ]
    assert game.run.ship.equipped_items()[1] is game.run.ship.items[1]


def test_unequip_frees_the_slot_and_the_item_goes_back_to_its_place() -> None:
    game = first_stage()
    game.play("equip 4")
    game.play("equip 3")
    assert game.play("unequip 1").events == [Unequipped("◾ Reinforced Plating")]
    assert names(game)[0] == "E ⚡ Hull Cutter"
    assert names(game)[1:] == ["- 🚀 Comet Lance", "- ⚡ Hull Cutter", "- ◾ Reinforced Plating"]


def test_no_more_than_max_slots_items_are_equipped() -> None:
    game = first_stage()
    ship = game.run.ship
    for _ in range(3):
        ship.gain(game.data.equipment[6])
    for _ in range(6):
        assert game.play("equip 7").error is None
    assert len(ship.equipped) == 6
    assert "equip K" not in game.commands()
    assert game.play("equip 7").error == "All 6 slots are in use: unequip an item first."


def test_equipment_persists_from_one_combat_to_the_next() -> None:
    game = first_stage()
    for line in ("equip 1", "equip 4", "engage", "", "ammo"):
        game.play(line)
    assert game.scene is Scene.PRE_COMBAT
    assert [item.kind.id for item in game.run.ship.equipped_items()] == [1, 3]


def test_broken_scrap_cannot_be_equipped() -> None:
    game = first_stage()
    game.run.ship.gain(game.data.equipment[999])
    assert game.play("equip 5").error == "Item 5 (⚠️ Broken Scrap) is junk: it cannot be equipped."


def test_equipping_twice_and_unequipping_an_unequipped_item_are_refused() -> None:
    game = first_stage()
    game.play("equip 1")
    assert game.play("equip 1").error == "Item 1 (🚀 Comet Lance) is already equipped."
    assert game.play("unequip 2").error == "Item 2 (⚡ Hull Cutter) is not equipped."


def test_an_item_number_outside_the_list_is_refused() -> None:
    game = first_stage()
    assert game.play("equip 5").error == "There is no item 5: the inventory lists items 1 to 4."
    assert game.play("equip 0").error == "There is no item 0: the inventory lists items 1 to 4."


def test_an_empty_inventory_says_so_and_equip_names_the_number() -> None:
    game = game_at(1, 1)
    game.run.ship.items.clear()
    assert "Inventory: empty" in scene_text(game).splitlines()
    assert game.play("equip 2").error == "There is no item 2: the inventory is empty."


def test_the_enemy_attacks_shown_before_combat_say_their_uses() -> None:
    game = game_at(1, 1)
    game.run.enemy = enemy(damage=(20, 30, 40), uses=(None, 1, 2))
    assert "LONG 20 (unlimited), MID 30 (1 use), CLOSE 40 (2 uses)" in scene_text(game)


def test_a_weapon_shows_its_uses_per_battle_in_the_singular_and_the_plural() -> None:
    once = kind(FINAL_GAMBIT)
    assert "1 use per battle" in equipment_status(once)
    assert "2 uses per battle" in equipment_status(replace(once, uses_per_battle=2))
