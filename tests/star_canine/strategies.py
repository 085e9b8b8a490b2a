"""Scripted players for whole games: a planner that can clear the game, a greedy one that cannot.

Each reads the game's state as a player reads the screen and answers one typed line.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from games.star_canine import combat
from games.star_canine.game import Game, Scene
from games.star_canine.session import new_game
from games.star_canine.tables import BROKEN_SCRAP_ID, ItemType, Outcome

Strategy = Callable[[Game], str]

REWARD_PREFERENCE = (101, 103, 19, 18, 17, 5, 11, 6, 12, 9)
"""Equipment ids the planner takes as rewards, best first; anything else: ammo instead."""

UPGRADE_PREFERENCE = (
    "reinforced_hangar",
    "forward_shield_projector",
    "regenerative_hull_plating",
    "expanded_hardpoint_array",
    "automated_ammo_synthesizer",
    "overloaded_logistics_core",
)


def play(seed: int, strategy: Strategy, limit: int = 2000) -> tuple[Game, list[str]]:
    """Play one run with the strategy until game clear or game over; the game and the lines."""
    game = new_game(seed)
    lines: list[str] = []
    while game.scene not in (Scene.GAME_CLEAR, Scene.GAME_OVER) and len(lines) < limit:
        line = strategy(game)
        step = game.play(line)
        assert step.error is None, f"the strategy typed {line!r}: {step.error}"
        lines.append(line)
    return game, lines


def _outcome_with(game: Game, uids: list[int]) -> tuple[Outcome | None, int, int]:
    """The combat's outcome, hull and ammo after it, if fought with these items equipped."""
    run = game.run
    assert run.enemy is not None
    ship = dataclasses.replace(run.ship, items=list(run.ship.items), equipped=list(uids))
    fight, _ = combat.start(ship, run.enemy, run.states)
    combat.fight(fight, ship, game.data.equipment[BROKEN_SCRAP_ID])
    return fight.outcome, ship.hull, ship.ammo


def _score(game: Game, uids: list[int]) -> int:
    run = game.run
    assert run.enemy is not None
    outcome, hull, ammo = _outcome_with(game, uids)
    if outcome is Outcome.VICTORY:
        score = 100_000
    elif outcome is Outcome.DRAW and not run.enemy.is_boss:
        score = 0
    else:
        score = -100_000
    by_uid = {item.uid: item for item in run.ship.items}
    disposables = sum(1 for uid in uids if by_uid[uid].kind.disposable)
    wasted = 0 if run.enemy.is_boss else disposables * 2_000
    return score + hull * 10 + ammo * 15 - wasted


def best_loadout(game: Game) -> list[int]:
    """The uids to equip: every mix of the owned kinds that fits the slots, scored by a fight."""
    ship = game.run.ship
    by_kind: dict[int, list[int]] = {}
    for item in ship.items:
        if item.kind.type is not ItemType.JUNK:
            by_kind.setdefault(item.kind.id, []).append(item.uid)
    groups = list(by_kind.values())
    best: list[int] = []
    best_score: int | None = None

    def search(index: int, chosen: list[int], room: int) -> None:
        nonlocal best, best_score
        if index == len(groups):
            score = _score(game, chosen)
            if best_score is None or score > best_score:
                best, best_score = list(chosen), score
            return
        for count in range(min(len(groups[index]), room) + 1):
            search(index + 1, chosen + groups[index][:count], room - count)

    search(0, [], ship.max_slots)
    return best


class Planner:
    """Fights with the best loadout it finds, keeps disposables for bosses, pays docks with junk."""

    def __init__(self, upgrade_preference: tuple[str, ...] = UPGRADE_PREFERENCE) -> None:
        self.plan: list[int] | None = None
        self.upgrade_preference = upgrade_preference

    def __call__(self, game: Game) -> str:
        scene = game.scene
        if scene is Scene.PRE_COMBAT:
            return self._prepare(game)
        if scene is Scene.REWARD:
            return _reward(game)
        if scene is Scene.BOSS_REWARD:
            keys = [upgrade.key for upgrade in game.run.upgrade_offer]
            ranked = sorted(range(len(keys)), key=lambda i: self.upgrade_preference.index(keys[i]))
            return f"take {ranked[0] + 1}"
        if scene is Scene.DOCK:
            return _dock(game)
        return ""

    def _prepare(self, game: Game) -> str:
        ship = game.run.ship
        if self.plan is None:
            self.plan = best_loadout(game)
        listing = ship.listing()
        for number, item in enumerate(listing, 1):
            if ship.is_equipped(item) and item.uid not in self.plan:
                return f"unequip {number}"
        for number, item in enumerate(listing, 1):
            if not ship.is_equipped(item) and item.uid in self.plan:
                return f"equip {number}"
        self.plan = None
        return "engage"


def _reward(game: Game) -> str:
    run = game.run
    if run.ship.ammo < 4:
        return "ammo"
    owned = [item.kind.id for item in run.ship.items]
    wanted = [
        (REWARD_PREFERENCE.index(kind.id), number)
        for number, kind in enumerate(run.offer, 1)
        if kind.id in REWARD_PREFERENCE and (kind.disposable or owned.count(kind.id) < 2)
    ]
    return f"take {min(wanted)[1]}" if wanted else "ammo"


def _dock(game: Game) -> str:
    run, ship = game.run, game.run.ship
    visit = run.dock
    assert visit is not None
    if visit.paid_at_dock:
        room = ship.hull + 60 <= ship.max_hull or ship.ammo > 10
        return "repair" if room else "resupply"
    if "discard K" not in game.commands():
        return "skip"
    listing = ship.listing()
    junk = [n for n, item in enumerate(listing, 1) if item.kind.type is ItemType.JUNK]
    if junk:
        return f"discard {junk[0]}"
    healthy = ship.hull > ship.max_hull * 3 // 4 and ship.ammo >= 6
    spare = [n for n, item in enumerate(listing, 1) if not ship.is_equipped(item)]
    if visit.paid == 0 and (healthy or not spare):
        return "skip"
    return f"discard {(spare or [len(listing)])[-1]}"


def greedy(game: Game) -> str:
    """Equips in list order, takes the first offer, pays docks with its last item and repairs."""
    ship = game.run.ship
    scene = game.scene
    if scene is Scene.PRE_COMBAT:
        commands = game.commands()
        if "equip K" in commands:
            listing = ship.listing()
            free = [n for n, item in enumerate(listing, 1) if not ship.is_equipped(item)]
            usable = [n for n in free if listing[n - 1].kind.type is not ItemType.JUNK]
            return f"equip {usable[0]}"
        return "engage"
    if scene in (Scene.REWARD, Scene.BOSS_REWARD):
        return "take 1"
    if scene is Scene.DOCK:
        commands = game.commands()
        if "repair" in commands:
            return "repair"
        return f"discard {len(ship.items)}" if "discard K" in commands else "skip"
    return ""
