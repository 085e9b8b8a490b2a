"""Post-battle rewards (spec 4.6.1): +5 ammo or one of three different reward:true equipment."""

from __future__ import annotations

import random

from games.star_canine import rewards, upgrades
from games.star_canine.data import packaged_data
from games.star_canine.events import Changed, Gained, Stat
from games.star_canine.game import Game, Scene
from tests.star_canine.builders import game_at, ship_with


def after_a_victory(seed: int = 0) -> Game:
    game = game_at(1, 1, seed)
    for line in ("equip 1", "engage", ""):
        game.play(line)
    assert game.scene is Scene.REWARD
    return game


def test_offers_are_three_different_reward_items() -> None:
    data = packaged_data()
    allowed = {kind.id for kind in data.equipment.values() if kind.reward}
    for seed in range(100):
        offer = rewards.draw_offer(data, upgrades.fresh_states(), random.Random(seed))
        ids = [kind.id for kind in offer]
        assert len(set(ids)) == 3 and set(ids) <= allowed


def test_every_reward_item_can_be_offered() -> None:
    data = packaged_data()
    seen = set()
    for seed in range(200):
        seen |= {
            k.id for k in rewards.draw_offer(data, upgrades.fresh_states(), random.Random(seed))
        }
    assert seen == {kind.id for kind in data.rewards()}


def test_ammo_reward_adds_five() -> None:
    ship = ship_with(ammo=3)
    assert rewards.take_ammo(ship) == Changed("Reward", Stat.AMMO, 3, 8)


def test_taking_an_item_puts_it_in_the_inventory_unequipped() -> None:
    game = after_a_victory()
    offered = game.run.offer[1]
    step = game.play("take 2")
    assert step.events[0] == Gained(offered.name)
    ship = game.run.ship
    assert ship.items[-1].kind is offered and not ship.is_equipped(ship.items[-1])
    assert game.scene is Scene.PRE_COMBAT and game.run.stage is not None
    assert game.run.stage.number == 2


def test_a_reward_offer_number_out_of_range_is_refused() -> None:
    game = after_a_victory()
    assert game.play("take 4").error == "There is no offer 4: the offers are numbered 1 to 3."
    assert game.scene is Scene.REWARD


def test_the_same_seed_offers_the_same_rewards() -> None:
    assert [k.id for k in after_a_victory(5).run.offer] == [
        k.id for k in after_a_victory(5).run.offer
    ]
    offers = {tuple(k.id for k in after_a_victory(seed).run.offer) for seed in range(10)}
    assert len(offers) > 1
