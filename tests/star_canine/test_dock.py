"""The dock (spec 5.1): pay by discarding act-many items, then repair 30% or
resupply +7; or skip."""

from __future__ import annotations

from games.star_canine.events import Changed, Discarded, DockLeft, Stat
from games.star_canine.game import Game, Scene
from games.star_canine.json_view import state
from games.star_canine.view import scene_text
from tests.star_canine.builders import game_at, own_upgrade


def at_dock(act: int = 1, number: int = 4) -> Game:
    game = game_at(act, number)
    assert game.scene is Scene.DOCK
    return game


def test_act_one_asks_one_item_and_offers_discard_or_skip() -> None:
    game = at_dock()
    assert game.run.dock is not None and game.run.dock.due == 1
    assert game.commands() == ["discard K", "skip", "quit"]


def test_the_payment_is_the_act_number() -> None:
    assert [at_dock(act, 4).run.dock.due for act in (1, 2, 3)] == [1, 2, 3]


def test_overloaded_logistics_core_doubles_the_payment() -> None:
    game = game_at(2, 3)
    own_upgrade(game, "overloaded_logistics_core")
    game.run.position += 1
    game.run.scene = Scene.OPENING
    game.play("")
    assert game.run.dock is not None and game.run.dock.due == 4


def test_discarding_removes_the_item_for_good_even_an_equipped_one() -> None:
    game = at_dock()
    ship = game.run.ship
    ship.equip(ship.items[0])
    step = game.play("discard 1")
    assert step.events == [Discarded("🚀 Comet Lance", 1, 1)]
    assert [item.kind.id for item in ship.items] == [2, 2, 3]
    assert ship.equipped == []
    assert game.commands() == ["repair", "resupply", "quit"]


def test_repair_heals_thirty_percent_of_max_hull_rounded_down() -> None:
    game = at_dock()
    ship = game.run.ship
    ship.max_hull, ship.hull = 245, 100
    game.play("discard 4")
    step = game.play("repair")
    assert step.events[0] == Changed("Dock", Stat.HULL, 100, 173)
    assert game.scene is Scene.PRE_COMBAT and game.run.stage is not None
    assert game.run.stage.number == 5


def test_repair_stops_at_max_hull() -> None:
    game = at_dock()
    game.run.ship.hull = 180
    game.play("discard 1")
    game.play("repair")
    assert game.run.ship.hull == 200


def test_resupply_gives_seven_ammo() -> None:
    game = at_dock()
    game.play("discard 1")
    step = game.play("resupply")
    assert step.events[0] == Changed("Dock", Stat.AMMO, 12, 19)


def test_skip_leaves_without_payment_or_service() -> None:
    game = at_dock()
    step = game.play("skip")
    assert step.events[0] == DockLeft()
    assert len(game.run.ship.items) == 4 and game.run.ship.hull == 200


def test_a_service_needs_the_full_payment() -> None:
    game = at_dock(2)
    game.play("discard 1")
    step = game.play("repair")
    assert step.error == "The dock is not paid yet: discard 1 more item(s) first."
    assert game.scene is Scene.DOCK


def test_once_paid_the_dock_neither_takes_more_nor_lets_skip() -> None:
    game = at_dock()
    game.play("discard 1")
    assert game.play("discard 1").error == "The dock is paid: choose repair or resupply."
    assert game.play("skip").error == "The dock is paid: choose repair or resupply."
    assert len(game.run.ship.items) == 3


def test_the_json_state_shows_the_dock_only_in_the_dock_scene() -> None:
    game = at_dock()
    assert state(game, None)["dock"] == {"due": 1, "paid": 0, "paid_at_dock": False}
    game.play("discard 1")
    game.play("repair")
    assert state(game, None)["dock"] is None


def test_overloaded_logistics_core_doubles_the_payment_whatever_else_is_owned() -> None:
    game = game_at(2, 3)
    for key in ("overloaded_logistics_core", "regenerative_hull_plating"):
        own_upgrade(game, key)
    game.run.position += 1
    game.run.scene = Scene.OPENING
    game.play("")
    assert game.run.dock is not None and game.run.dock.due == 4


def test_skipping_after_a_partial_payment_loses_what_was_given() -> None:
    game = at_dock(2)
    game.play("discard 1")
    game.play("skip")
    assert len(game.run.ship.items) == 3


def test_too_few_items_to_pay_leaves_only_skip() -> None:
    game = at_dock(3)
    ship = game.run.ship
    del ship.items[2:]
    assert game.commands() == ["skip", "quit"]
    assert "Payment: discard 3 items, but the ship owns 2: skip." in scene_text(game)
    assert game.play("discard 1").error == (
        "The dock asks 3 item(s) and you own 2: it cannot be paid. Type skip."
    )


def test_exactly_enough_items_to_pay_offers_discard() -> None:
    game = at_dock(3)
    del game.run.ship.items[3:]
    assert game.commands() == ["discard K", "skip", "quit"]
    game.play("discard 1")
    assert game.commands() == ["discard K", "skip", "quit"]


def test_broken_scrap_is_accepted_as_payment() -> None:
    game = at_dock()
    scrap = game.data.equipment[999]
    game.run.ship.gain(scrap)
    step = game.play("discard 5")
    assert step.events == [Discarded("⚠️ Broken Scrap", 1, 1)]
