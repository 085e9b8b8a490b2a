"""Post-battle rewards: +5 ammo or one of the equipment offered (spec 4.6.1)."""

from __future__ import annotations

import random

from games.star_canine import upgrades
from games.star_canine.chance import draw_distinct
from games.star_canine.data import GameData
from games.star_canine.equipment import Equipment
from games.star_canine.events import Changed, Event, Gained, Stat
from games.star_canine.ship import Ship
from games.star_canine.tables import REWARD_AMMO, REWARD_EQUIPMENT_CHOICES
from games.star_canine.upgrades import UpgradeStates

REWARD = "Reward"


def draw_offer(data: GameData, states: UpgradeStates, rng: random.Random) -> list[Equipment]:
    """Three different reward equipment (one with Expanded Hardpoint Array), in drawn order."""
    count = upgrades.reward_choices(states, REWARD_EQUIPMENT_CHOICES)
    return draw_distinct(rng, data.rewards(), count)


def take_ammo(ship: Ship) -> Event:
    before = ship.ammo
    ship.ammo += REWARD_AMMO
    return Changed(REWARD, Stat.AMMO, before, ship.ammo)


def take_equipment(ship: Ship, kind: Equipment) -> Event:
    """The chosen equipment joins the inventory, unequipped."""
    return Gained(ship.gain(kind).name)
