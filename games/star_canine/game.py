"""The flow of a game (spec 6.1): scenes, what each accepts, and the way from stage to stage.

A game is a series of runs sharing one seeded generator: a run ends at game clear or game over,
and `continue` there restarts. Every command typed goes through `Game.play`, which answers with
the events that happened or the one line saying why nothing did.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TypeVar

from games.star_canine import combat, dock, rewards, upgrades
from games.star_canine.combat import Combat
from games.star_canine.commands import Command, Refusal, Verb, parse
from games.star_canine.data import GameData
from games.star_canine.dock import DockVisit
from games.star_canine.enemy import EnemyKind, choose_enemy
from games.star_canine.equipment import Equipment, Item
from games.star_canine.events import DockLeft, Equipped, Event, Quit, Restarted, Unequipped
from games.star_canine.ship import Ship
from games.star_canine.stages import COURSE, Stage, supply_at_act_start
from games.star_canine.tables import (
    ACTS,
    ALREADY_EQUIPPED,
    ALREADY_PAID,
    BROKEN_SCRAP_ID,
    CANNOT_PAY,
    JUNK_CANNOT_EQUIP,
    NO_ITEMS,
    NO_SUCH_ITEM,
    NO_SUCH_OFFER,
    NOT_EQUIPPED,
    NOT_NOW,
    NOT_PAID,
    SESSION_ENDED,
    SLOTS_FULL,
    ItemType,
    Outcome,
    StageKind,
    Upgrade,
)
from games.star_canine.upgrades import UpgradeStates

T = TypeVar("T")


class Scene(Enum):
    """The scenes of spec 6.2, and the end of the session after quit."""

    OPENING = "opening"
    NARRATIVE = "narrative"
    PRE_COMBAT = "pre_combat"
    COMBAT_LOG = "combat_log"
    REWARD = "reward"
    BOSS_REWARD = "boss_reward"
    DOCK = "dock"
    GAME_CLEAR = "game_clear"
    GAME_OVER = "game_over"
    ENDED = "ended"


class Narrative(Enum):
    """The story told before an act's first stage and before its boss (spec 6.1, 7)."""

    ACT_START = "act_start"
    BOSS_ENCOUNTER = "boss_encounter"


@dataclass
class Run:
    """One run from the opening to game clear or game over: the ship and where it is."""

    number: int
    ship: Ship
    states: UpgradeStates = field(default_factory=upgrades.fresh_states)
    position: int = 0
    scene: Scene = Scene.OPENING
    narrative: Narrative | None = None
    narrated: bool = False
    enemy: EnemyKind | None = None
    combat: Combat | None = None
    offer: list[Equipment] = field(default_factory=list)
    upgrade_offer: list[Upgrade] = field(default_factory=list)
    dock: DockVisit | None = None
    victories: int = 0
    draws: int = 0

    @property
    def stage(self) -> Stage | None:
        """The current stage, None once the last one is behind."""
        return COURSE[self.position] if self.position < len(COURSE) else None


@dataclass(frozen=True)
class Step:
    """The answer to a typed line: what happened, or why nothing did."""

    events: list[Event]
    error: str | None = None


def new_ship(data: GameData) -> Ship:
    """The starting ship: its items in the inventory, none equipped (spec 2.3, 6.2)."""
    start = data.start
    ship = Ship(start.hull, start.hull, start.ammo, start.max_slots)
    for item_id in start.item_ids:
        ship.gain(data.equipment[item_id])
    return ship


class Game:
    """A session of Star Canine: one seeded generator, the current run, its scene."""

    def __init__(self, data: GameData, seed: int) -> None:
        self.data = data
        self.seed = seed
        self.rng = random.Random(seed)
        self.run = Run(1, new_ship(data))

    @property
    def scene(self) -> Scene:
        return self.run.scene

    @property
    def ended(self) -> bool:
        return self.run.scene is Scene.ENDED

    def defences(self) -> tuple[int, int]:
        """The ship's shield and armor as shown: the last combat's after it, else the loadout's."""
        run = self.run
        if run.scene in (Scene.COMBAT_LOG, Scene.GAME_OVER) and run.combat is not None:
            return run.combat.player.shield, run.combat.player.armor
        return combat.loadout_defences(run.ship, run.states)

    def commands(self) -> list[str]:
        """The commands that can succeed now, as typed (K: a number from the list shown)."""
        return [verb.usage for verb in self._verbs_now()]

    def play(self, line: str) -> Step:
        """Carry out one typed line."""
        if self.ended:
            return Step([], SESSION_ENDED)
        shown = ", ".join(self.commands())
        try:
            command = parse(line, shown)
            handler = _HANDLERS.get((self.scene, command.verb))
            if handler is None:
                raise Refusal(NOT_NOW.format(verb=command.verb.value, commands=shown))
            return Step(handler(self, command))
        except Refusal as refusal:
            return Step([], str(refusal))

    def _verbs_now(self) -> list[Verb]:
        run, ship = self.run, self.run.ship
        scene = run.scene
        if scene is Scene.ENDED:
            return []
        if scene is Scene.PRE_COMBAT:
            verbs = [Verb.EQUIP] if self._equippable() and ship.free_slots() > 0 else []
            verbs += [Verb.UNEQUIP] if ship.equipped else []
            return verbs + [Verb.ENGAGE, Verb.QUIT]
        if scene is Scene.REWARD:
            return [Verb.AMMO, Verb.TAKE, Verb.QUIT] if run.offer else [Verb.AMMO, Verb.QUIT]
        if scene is Scene.BOSS_REWARD:
            return [Verb.TAKE, Verb.QUIT]
        if scene is Scene.DOCK:
            visit = self._visit()
            if visit.paid_at_dock:
                return [Verb.REPAIR, Verb.RESUPPLY, Verb.QUIT]
            payable = [Verb.DISCARD] if dock.can_pay(visit, ship) else []
            return payable + [Verb.SKIP, Verb.QUIT]
        return [Verb.CONTINUE, Verb.QUIT]

    def _equippable(self) -> bool:
        ship = self.run.ship
        return any(
            not ship.is_equipped(item) and item.kind.type is not ItemType.JUNK
            for item in ship.items
        )

    def _visit(self) -> DockVisit:
        assert self.run.dock is not None, "a dock scene has a visit"
        return self.run.dock

    # The way through the course.

    def _start(self, command: Command) -> list[Event]:
        return self._enter_stage()

    def _enter_stage(self) -> list[Event]:
        """Show the current stage: its narrative first if it opens an act or meets the boss."""
        run = self.run
        stage = run.stage
        if stage is None:
            run.scene = Scene.GAME_CLEAR
            return []
        if not run.narrated and (stage.is_first_of_act or stage.is_last_of_act):
            run.narrated = True
            run.narrative = (
                Narrative.ACT_START if stage.is_first_of_act else Narrative.BOSS_ENCOUNTER
            )
            run.scene = Scene.NARRATIVE
            return []
        if stage.rule.kind is StageKind.DOCK:
            run.dock = dock.visit(stage.act.number, run.states)
            run.scene = Scene.DOCK
        else:
            run.enemy = choose_enemy(stage.rule, self.data.enemies, self.rng)
            run.scene = Scene.PRE_COMBAT
        return []

    def _next_stage(self) -> list[Event]:
        run = self.run
        run.position += 1
        run.narrated = False
        run.narrative, run.enemy, run.combat, run.dock = None, None, None, None
        run.offer, run.upgrade_offer = [], []
        return self._enter_stage()

    def _read_on(self, command: Command) -> list[Event]:
        """Leave a narrative; an act's start story may resupply the ship, as ACT II's says."""
        run = self.run
        stage = run.stage
        events: list[Event] = []
        if stage is not None and run.narrative is Narrative.ACT_START:
            events = supply_at_act_start(stage.act, run.ship)
        return events + self._enter_stage()

    # Pre-combat and combat.

    def _item(self, number: int) -> Item:
        listing = self.run.ship.listing()
        if not listing:
            raise Refusal(NO_ITEMS.format(number=number))
        if not 1 <= number <= len(listing):
            raise Refusal(NO_SUCH_ITEM.format(number=number, count=len(listing)))
        return listing[number - 1]

    def _equip(self, command: Command) -> list[Event]:
        ship = self.run.ship
        item = self._item(command.number)
        shown = dict(number=command.number, item=item.name)
        if ship.is_equipped(item):
            raise Refusal(ALREADY_EQUIPPED.format(**shown))
        if item.kind.type is ItemType.JUNK:
            raise Refusal(JUNK_CANNOT_EQUIP.format(**shown))
        if ship.free_slots() <= 0:
            raise Refusal(SLOTS_FULL.format(slots=ship.max_slots))
        ship.equip(item)
        return [Equipped(item.name, len(ship.equipped))]

    def _unequip(self, command: Command) -> list[Event]:
        ship = self.run.ship
        item = self._item(command.number)
        if not ship.is_equipped(item):
            raise Refusal(NOT_EQUIPPED.format(number=command.number, item=item.name))
        ship.unequip(item)
        return [Unequipped(item.name)]

    def _engage(self, command: Command) -> list[Event]:
        run = self.run
        assert run.enemy is not None, "a pre-combat scene has an enemy"
        run.combat, events = combat.start(run.ship, run.enemy, run.states)
        events += combat.fight(run.combat, run.ship, self.data.equipment[BROKEN_SCRAP_ID])
        run.scene = Scene.COMBAT_LOG
        return events

    def _after_combat(self, command: Command) -> list[Event]:
        """Win: a reward (a boss: an upgrade, none after the last); draw: on, or over if a boss."""
        run = self.run
        assert run.combat is not None and run.enemy is not None, "a combat log has a combat"
        outcome, boss = run.combat.outcome, run.enemy.is_boss
        if outcome is Outcome.DEFEAT:
            run.scene = Scene.GAME_OVER
        elif outcome is Outcome.DRAW:
            run.draws += 1
            if boss:
                run.scene = Scene.GAME_OVER
            else:
                return self._next_stage()
        else:
            run.victories += 1
            stage = run.stage
            if boss and stage is not None and stage.act.number == len(ACTS):
                return self._next_stage()
            if boss:
                run.upgrade_offer = upgrades.draw_offer(run.states, self.rng)
                run.scene = Scene.BOSS_REWARD
            else:
                run.offer = rewards.draw_offer(self.data, run.states, self.rng)
                run.scene = Scene.REWARD
        return []

    # Rewards.

    def _take_ammo(self, command: Command) -> list[Event]:
        return [rewards.take_ammo(self.run.ship)] + self._next_stage()

    def _take(self, command: Command) -> list[Event]:
        run = self.run
        if run.scene is Scene.BOSS_REWARD:
            chosen = _offered(run.upgrade_offer, command.number)
            events = upgrades.take(run.states, run.upgrade_offer, chosen, run.ship)
        else:
            events = [rewards.take_equipment(run.ship, _offered(run.offer, command.number))]
        return events + self._next_stage()

    # The dock.

    def _discard(self, command: Command) -> list[Event]:
        run = self.run
        visit = self._visit()
        if visit.paid_at_dock:
            raise Refusal(ALREADY_PAID)
        if not dock.can_pay(visit, run.ship):
            raise Refusal(CANNOT_PAY.format(due=visit.left, owned=len(run.ship.items)))
        return [dock.discard(visit, run.ship, self._item(command.number))]

    def _skip(self, command: Command) -> list[Event]:
        if self._visit().paid_at_dock:
            raise Refusal(ALREADY_PAID)
        return [DockLeft()] + self._next_stage()

    def _service(self, command: Command) -> list[Event]:
        visit = self._visit()
        if not visit.paid_at_dock:
            raise Refusal(NOT_PAID.format(left=visit.left))
        ship = self.run.ship
        event = dock.repair(ship) if command.verb is Verb.REPAIR else dock.resupply(ship)
        return [event] + self._next_stage()

    # The end of a run, and of the session.

    def _restart(self, command: Command) -> list[Event]:
        self.run = Run(self.run.number + 1, new_ship(self.data))
        return [Restarted(self.run.number)]

    def _quit(self, command: Command) -> list[Event]:
        self.run.scene = Scene.ENDED
        return [Quit()]


def _offered(offer: Sequence[T], number: int) -> T:
    """The offer of this number, from 1."""
    if not 1 <= number <= len(offer):
        raise Refusal(NO_SUCH_OFFER.format(number=number, count=len(offer)))
    return offer[number - 1]


Handler = Callable[[Game, Command], list[Event]]

_HANDLERS: dict[tuple[Scene, Verb], Handler] = {
    (Scene.OPENING, Verb.CONTINUE): Game._start,
    (Scene.NARRATIVE, Verb.CONTINUE): Game._read_on,
    (Scene.PRE_COMBAT, Verb.EQUIP): Game._equip,
    (Scene.PRE_COMBAT, Verb.UNEQUIP): Game._unequip,
    (Scene.PRE_COMBAT, Verb.ENGAGE): Game._engage,
    (Scene.COMBAT_LOG, Verb.CONTINUE): Game._after_combat,
    (Scene.REWARD, Verb.AMMO): Game._take_ammo,
    (Scene.REWARD, Verb.TAKE): Game._take,
    (Scene.BOSS_REWARD, Verb.TAKE): Game._take,
    (Scene.DOCK, Verb.DISCARD): Game._discard,
    (Scene.DOCK, Verb.SKIP): Game._skip,
    (Scene.DOCK, Verb.REPAIR): Game._service,
    (Scene.DOCK, Verb.RESUPPLY): Game._service,
    (Scene.GAME_CLEAR, Verb.CONTINUE): Game._restart,
    (Scene.GAME_OVER, Verb.CONTINUE): Game._restart,
}
_HANDLERS.update({(scene, Verb.QUIT): Game._quit for scene in Scene if scene is not Scene.ENDED})
