"""Boss Upgrades: their states in a run, the offer after a boss, taking one (spec 2.5, 4.6.2)."""

from __future__ import annotations

import random

from games.star_canine.chance import draw_distinct
from games.star_canine.events import Changed, Event, Stat, UpgradeTaken
from games.star_canine.ship import Ship
from games.star_canine.tables import BOSS_UPGRADE_CHOICES, BOSS_UPGRADES, Upgrade, UpgradeState

UpgradeStates = dict[str, UpgradeState]


def fresh_states() -> UpgradeStates:
    """Every upgrade not seen yet, as a run begins (spec 2.3)."""
    return {upgrade.key: UpgradeState.NOT_SEEN for upgrade in BOSS_UPGRADES}


def owned(states: UpgradeStates) -> list[Upgrade]:
    """The upgrades owned, in the table's order."""
    return [u for u in BOSS_UPGRADES if states[u.key] is UpgradeState.OWNED]


def draw_offer(states: UpgradeStates, rng: random.Random) -> list[Upgrade]:
    """Three upgrades never offered before, drawn in random order.

    An upgrade once skipped is not offered again, so the second boss offers the three left.
    """
    unseen = [u for u in BOSS_UPGRADES if states[u.key] is UpgradeState.NOT_SEEN]
    return draw_distinct(rng, unseen, BOSS_UPGRADE_CHOICES)


def take(states: UpgradeStates, offer: list[Upgrade], chosen: Upgrade, ship: Ship) -> list[Event]:
    """Own the chosen upgrade, skip the others, apply its permanent bonuses, restore the hull.

    The slot and max-hull bonuses apply at once, so the full repair reaches the new max hull.
    """
    for upgrade in offer:
        states[upgrade.key] = UpgradeState.SKIPPED
    states[chosen.key] = UpgradeState.OWNED
    skipped = tuple(u.name for u in offer if u is not chosen)
    events: list[Event] = [UpgradeTaken(chosen.name, skipped)]
    for stat, gain in ((Stat.SLOTS, chosen.slots), (Stat.MAX_HULL, chosen.max_hull)):
        if gain:
            before = ship.max_slots if stat is Stat.SLOTS else ship.max_hull
            events.append(Changed(chosen.name, stat, before, before + gain))
    ship.max_slots += chosen.slots
    ship.max_hull += chosen.max_hull
    before = ship.hull
    if ship.repair(ship.max_hull):
        events.append(Changed(chosen.name, Stat.HULL, before, ship.hull))
    return events


def reward_choices(states: UpgradeStates, standard: int) -> int:
    """How many equipment options a reward offers: the fewest any owned upgrade allows."""
    return min([standard] + [u.reward_choices for u in owned(states)])


def dock_payment_factor(states: UpgradeStates) -> int:
    """By how much owned upgrades multiply the dock's payment."""
    factor = 1
    for upgrade in owned(states):
        factor *= upgrade.dock_payment_factor
    return factor


def fighter_bonus(states: UpgradeStates) -> int:
    """The base damage added to every FIGHTER attack by owned upgrades."""
    return sum(u.fighter_bonus for u in owned(states))
