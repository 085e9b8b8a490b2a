"""The one table of rule names: each with the spec section it comes from and its explanation.

A rule is found, not declared: the rules of model/ stay plain functions (mutmut mutates every one
of them). A row names the function a rule lives in, optionally the helper it was calling (`via`)
and a condition on the function's own variables (`when`); the recorder looks for the innermost
function on the call stack that has a matching row. `why` is a template over that function's
variables, the fixed numbers of model/tables.py, and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import CodeType
from typing import Any

from model import game, specials, spawning, starfighter, turn, weapons
from model import collision as hit
from model.actions import Fire, Pass, Special
from model.enemies import carrier, common, fighter, grunt, interceptor, pylon
from model.enemy import Enemy
from model.movement import travel
from model.projectile import Projectile
from model.scoring import Focus
from model.starfighter import Starfighter
from model.session import Session
from model.tables import Error, Pattern

Variables = Mapping[str, Any]


@dataclass(frozen=True)
class Rule:
    """A rule: stable name, spec section, one-sentence explanation template, where it lives."""

    name: str
    spec: str
    why: str
    function: Callable[..., Any] | None = None
    via: Callable[..., Any] | None = None
    when: Callable[[Variables], bool] | None = None
    entity: str = ""

    @property
    def code(self) -> CodeType | None:
        return None if self.function is None else self.function.__code__

    @property
    def via_code(self) -> CodeType | None:
        return None if self.via is None else self.via.__code__

    @property
    def where(self) -> str:
        """The rule's function as `module:function`, or empty for the view and session rules."""
        code = self.code
        if code is None or self.function is None:
            return ""
        return f"{self.function.__module__}:{code.co_qualname}"

    def matches(self, callee: CodeType | None, variables: Variables) -> bool:
        """Whether this row applies to its function's frame calling `callee` with `variables`."""
        if self.via is not None and callee is not self.via_code:
            return False
        return self.when is None or self.when(variables)


def _action(kind: type) -> Callable[[Variables], bool]:
    """A `when` that holds for one kind of action of the turn."""
    return lambda variables: isinstance(variables.get("action"), kind)


def _sees(variables: Variables) -> bool:
    """A `when` that holds while the enemy can see the Starfighter."""
    return bool(variables["enemy"].can_see_starfighter)


def _blind(variables: Variables) -> bool:
    """A `when` that holds while the enemy cannot see the Starfighter."""
    return not variables["enemy"].can_see_starfighter


def _pattern(pattern: Pattern) -> Callable[[Variables], bool]:
    """A `when` that holds for one weapon pattern."""
    return lambda variables: variables["weapon"].pattern is pattern


S6_7 = "spec 6.7 Weapon Types"
S6_8 = "spec 6.8 Specials"
S6_13 = "spec 6.13 A Turn of the Game"
S6_13_1 = "spec 6.13.1 Phase 1: Friendly Projectiles Act"
S6_13_2 = "spec 6.13.2 Phase 2: Enemy Projectiles Act"
S6_13_3 = "spec 6.13.3 Phase 3: Starfighter Act"
S6_13_4 = "spec 6.13.4/6.13.6 Enemy Vision Update"
S6_13_5 = "spec 6.13.5 Phase 5: Enemies Act"
S6_13_7 = "spec 6.13.7 Phase 7: Enemy Spawn"
S6_9_1 = "spec 6.9 Enemies: Grunt"
S6_9_2 = "spec 6.9 Enemies: Fighter"
S6_9_3 = "spec 6.9 Enemies: Carrier"
S6_9_4 = "spec 6.9 Enemies: Interceptor"
S6_9_5 = "spec 6.9 Enemies: Pylon"
ENEMY = "{enemy.name}(id:{enemy.id})"
ADVANCES = " advances left, stopping one cell before another enemy and colliding with the rest."
FIRES = " fires an enemy projectile from the cell on its left"

MOVEMENT = (
    Rule(
        "projectile.move.friendly",
        S6_13_1,
        "Friendly projectiles act first, oldest first: this one travels {projectile.speed} "
        "cell(s) of its weapon's pattern, colliding with what it meets.",
        turn._projectiles_act,
        travel,
        lambda v: bool(v["friendly"]),
        "projectile",
    ),
    Rule(
        "projectile.move.enemy",
        S6_13_2,
        "Enemy projectiles act second, oldest first: this one travels {projectile.speed} "
        "cell(s) left, colliding with what it meets.",
        turn._projectiles_act,
        travel,
        entity="projectile",
    ),
    Rule(
        "projectile.accelerate",
        S6_7,
        "A Rocket projectile doubles its speed each time it has acted (now {self.speed}).",
        Projectile.after_move,
        entity="self",
    ),
    Rule(
        "starfighter.move",
        S6_13_3,
        "The Starfighter regenerates, then moves from {start} along its column, then its row, "
        "paying {ship.stats.move_cost} energy per cell.",
        turn.starfighter_acts,
        travel,
        entity="ship",
    ),
    Rule(
        "starfighter.pass",
        S6_13_3,
        "On pass the Starfighter regenerates twice: {ship.stats.health_regen} health and "
        "{ship.stats.energy_regen} energy each time, up to its totals.",
        turn.starfighter_acts,
        when=_action(Pass),
        entity="ship",
    ),
    Rule(
        "starfighter.fire",
        S6_13_3,
        "On fire the Starfighter regenerates, pays {weapon.cost} {weapon.cost_kind.value} and "
        "spawns its weapon's volley.",
        turn.starfighter_acts,
        when=_action(Fire),
        entity="ship",
    ),
    Rule(
        "starfighter.regen",
        S6_13_3,
        "The Starfighter regenerates {self.stats.health_regen} health and "
        "{self.stats.energy_regen} energy, {times} time(s), never above its totals.",
        Starfighter.regenerate,
        entity="self",
    ),
    Rule(
        "starfighter.pay",
        S6_13_3,
        "The Starfighter pays {cost} {kind.value} for its action.",
        Starfighter.pay,
        entity="self",
    ),
    Rule(
        "vision.update",
        S6_13_4,
        "Each enemy sees the Starfighter within its vision {enemy.vision} and is seen within "
        "the Starfighter's vision {ship.stats.vision} (displacement).",
        turn.update_vision,
        entity="enemy",
    ),
)

WEAPONS = tuple(
    Rule(
        f"weapon.{pattern.name.lower()}",
        S6_7,
        "The {weapon.name} volley spawns top to bottom, each shot taking an id: projectile "
        "{projectile.id} at offset ({barrel.rows},{barrel.columns}) from the Starfighter, damage "
        "{projectile.damage}, speed {projectile.speed}.",
        weapons.fire,
        when=_pattern(pattern),
        entity="projectile",
    )
    for pattern in Pattern
)

SPECIALS = (
    Rule(
        "special.recall",
        S6_8,
        "Recall teleports the Starfighter back to its spawn {ship.spawn}, colliding with what "
        "is there.",
        specials.recall,
        entity="ship",
    ),
    Rule(
        "special.repair",
        S6_8,
        "Repair gives {REPAIR_HEALTH} health, even above the total.",
        specials.repair,
    ),
    Rule(
        "special.overcharge",
        S6_8,
        "Overcharge turns {spent} health (at most {OVERCHARGE_MAX_HEALTH}, never the last point) "
        "into {spent} x {OVERCHARGE_ENERGY_PER_HEALTH} = {gained} energy.",
        specials.overcharge,
        entity="ship",
    ),
    Rule(
        "special.drones",
        S6_8,
        "Deploy Drones clears every projectile, earliest spawned first.",
        specials.deploy_drones,
        entity="projectile",
    ),
    Rule(
        "special.orbital_strike",
        S6_8,
        "Orbital Strike deals {ORBITAL_STRIKE_DAMAGE} damage to every enemy, earliest spawned "
        "first, less its armour.",
        specials.orbital_strike,
        entity="enemy",
    ),
)

COLLISIONS = (
    Rule(
        "collision.projectile.combine",
        S6_13,
        "Two projectiles of the same side meet: they combine into one of damage "
        "{projectile.damage} + {occupant.damage}.",
        hit._projectile_meets,
        when=lambda v: isinstance(v["occupant"], Projectile)
        and v["occupant"].friendly == v["projectile"].friendly,
        entity="projectile",
    ),
    Rule(
        "collision.projectile.negate",
        S6_13,
        "Opposing projectiles meet: each loses the other's damage ({projectile.damage} against "
        "{occupant.damage}); at 0 or less it is gone.",
        hit._projectile_meets,
        when=lambda v: isinstance(v["occupant"], Projectile),
        entity="projectile",
    ),
    Rule(
        "collision.projectile.heal",
        S6_13,
        "An enemy projectile reaching an enemy heals it by its damage {projectile.damage}.",
        hit._projectile_meets,
        when=lambda v: isinstance(v["occupant"], Enemy) and not v["projectile"].friendly,
        entity="occupant",
    ),
    Rule(
        "collision.projectile.armour",
        S6_13,
        "A projectile of damage {projectile.damage} hits {occupant.name}(id:{occupant.id}): "
        "its armour {occupant.armour} absorbs part, {projectile.damage} - {occupant.armour} = "
        "{damage} (never below 0).",
        hit._projectile_meets,
        entity="occupant",
    ),
    Rule(
        "collision.armour",
        S6_13,
        "{target.name}(id:{target.id}) moves onto {projectile.name}(id:{projectile.id}) of damage "
        "{projectile.damage}: armour {target.armour} absorbs part, {projectile.damage} - "
        "{target.armour} = {damage} (never below 0).",
        hit._struck,
        entity="target",
    ),
    Rule(
        "collision.starfighter.enemy",
        S6_13,
        "The Starfighter moves onto {occupant.name}(id:{occupant.id}): the enemy is destroyed and "
        "the Starfighter loses the enemy's health, {occupant.health}.",
        hit._starfighter_meets,
        entity="ship",
    ),
    Rule(
        "collision.enemy.heal",
        S6_13,
        "An enemy moving onto an enemy projectile is healed by its damage {occupant.damage}.",
        hit._enemy_meets,
        when=lambda v: isinstance(v["occupant"], Projectile),
        entity="enemy",
    ),
    Rule(
        "collision.enemy.starfighter",
        S6_13,
        ENEMY + " moves onto the Starfighter: it is destroyed and the Starfighter loses its "
        "health, {enemy.health}.",
        hit._enemy_meets,
        entity="enemy",
    ),
    Rule(
        "starfighter.destroyed",
        "spec 6.13.8 How Can A Game be Over?",
        "The Starfighter's health fell to 0 ({amount} damage): it is destroyed and the game ends "
        "where this happens.",
        game.Game.damage,
        when=lambda v: isinstance(v["target"], Starfighter),
        entity="target",
    ),
    Rule(
        "enemy.destroyed",
        "spec 6.15 Scoring",
        ENEMY + "'s health fell to {enemy.health}: it leaves the board and its orbment goes "
        "into the Starfighter's focus.",
        game.Game.destroy,
        entity="enemy",
    ),
    Rule(
        "score.orbment",
        "spec 6.15 Scoring",
        "An orbment goes into the first slot, left to right, that takes it.",
        Focus.add,
    ),
)

ENEMIES = (
    Rule(
        "enemy.regen",
        "spec 6.9 Enemies",
        "An enemy regenerates {self.regen} health at the start of its action, up to its total.",
        Enemy.regenerate,
        entity="self",
    ),
    Rule(
        "grunt.grow",
        S6_9_1,
        ENEMY + " gains {amount} total and current health (preemptive).",
        grunt.preempt,
        when=lambda v: v.get("amount") is not None,
        entity="enemy",
    ),
    Rule(
        "grunt.move.seen",
        S6_9_1,
        ENEMY
        + " sees the Starfighter: it"
        + ADVANCES.replace("left", "{GRUNT_MOVE_SEEN} column(s) left"),
        grunt.act,
        common.advance,
        _sees,
        "enemy",
    ),
    Rule(
        "grunt.move.unseen",
        S6_9_1,
        ENEMY
        + " cannot see the Starfighter (vision {enemy.vision}): it"
        + ADVANCES.replace("left", "{GRUNT_MOVE_UNSEEN} column(s) left"),
        grunt.act,
        common.advance,
        entity="enemy",
    ),
    Rule(
        "grunt.fire",
        S6_9_1,
        ENEMY + FIRES + ": damage {GRUNT_SHOT.damage}, speed {GRUNT_SHOT.speed}.",
        grunt.act,
        common.shoot,
        entity="enemy",
    ),
    Rule(
        "fighter.armour",
        S6_9_2,
        ENEMY + " gains {FIGHTER_FIRE_ARMOUR_GAIN} armour when the Starfighter fires "
        "(preemptive).",
        fighter.preempt,
        when=_action(Fire),
        entity="enemy",
    ),
    Rule(
        "fighter.pass.move",
        S6_9_2,
        ENEMY
        + " acts at once when the Starfighter passes: it"
        + ADVANCES.replace("left", "{FIGHTER_PASS_MOVE} column(s) left"),
        fighter.preempt,
        common.advance,
        entity="enemy",
    ),
    Rule(
        "fighter.pass.fire",
        S6_9_2,
        ENEMY + FIRES + " when the Starfighter passes: damage {FIGHTER_PASS_SHOT.damage}, "
        "speed {FIGHTER_PASS_SHOT.speed}.",
        fighter.preempt,
        common.shoot,
        entity="enemy",
    ),
    Rule(
        "fighter.move.seen",
        S6_9_2,
        ENEMY
        + " sees the Starfighter: it"
        + ADVANCES.replace("left", "{FIGHTER_MOVE_SEEN} column(s) left"),
        fighter.act,
        common.advance,
        _sees,
        "enemy",
    ),
    Rule(
        "fighter.move.unseen",
        S6_9_2,
        ENEMY
        + " cannot see the Starfighter (vision {enemy.vision}): it"
        + ADVANCES.replace("left", "{FIGHTER_MOVE_UNSEEN} column(s) left"),
        fighter.act,
        common.advance,
        entity="enemy",
    ),
    Rule(
        "fighter.fire.seen",
        S6_9_2,
        ENEMY + " sees the Starfighter and" + FIRES + ": damage {FIGHTER_SHOT_SEEN.damage}, "
        "speed {FIGHTER_SHOT_SEEN.speed}.",
        fighter.act,
        common.shoot,
        _sees,
        "enemy",
    ),
    Rule(
        "fighter.fire.unseen",
        S6_9_2,
        ENEMY + " cannot see the Starfighter;" + FIRES + ": damage "
        "{FIGHTER_SHOT_UNSEEN.damage}, speed {FIGHTER_SHOT_UNSEEN.speed}.",
        fighter.act,
        common.shoot,
        entity="enemy",
    ),
    Rule(
        "carrier.regen",
        S6_9_3,
        ENEMY + " gains {CARRIER_SPECIAL_REGEN_GAIN} regen when the Starfighter uses its special "
        "(preemptive).",
        carrier.preempt,
        when=_action(Special),
        entity="enemy",
    ),
    Rule(
        "carrier.pass.move",
        S6_9_3,
        ENEMY
        + " acts at once when the Starfighter passes: it"
        + ADVANCES.replace("left", "{CARRIER_PASS_MOVE} column(s) left"),
        carrier.preempt,
        common.advance,
        entity="enemy",
    ),
    Rule(
        "carrier.pass.launch",
        S6_9_3,
        ENEMY + " launches Interceptors above and below itself when the Starfighter passes "
        "(one is left out where an enemy stands).",
        carrier.preempt,
        common.launch,
        entity="enemy",
    ),
    Rule(
        "carrier.move.seen",
        S6_9_3,
        ENEMY
        + " sees the Starfighter: it"
        + ADVANCES.replace("left", "{CARRIER_MOVE_SEEN} column(s) left"),
        carrier.act,
        common.advance,
        _sees,
        "enemy",
    ),
    Rule(
        "carrier.move.unseen",
        S6_9_3,
        ENEMY
        + " cannot see the Starfighter (vision {enemy.vision}): it"
        + ADVANCES.replace("left", "{CARRIER_MOVE_UNSEEN} column(s) left"),
        carrier.act,
        common.advance,
        entity="enemy",
    ),
    Rule(
        "carrier.launch",
        S6_9_3,
        ENEMY + " sees the Starfighter and launches an Interceptor on its left.",
        carrier.act,
        common.launch,
        entity="enemy",
    ),
    Rule(
        "interceptor.intercept",
        S6_9_4,
        ENEMY + " moves {rows} row(s) into the Starfighter's row when it fires (preemptive, "
        "ends its turn).",
        interceptor.preempt,
        travel,
        entity="enemy",
    ),
    Rule(
        "interceptor.move",
        S6_9_4,
        ENEMY + ADVANCES.replace("left", "{INTERCEPTOR_MOVE} column(s) left"),
        interceptor.act,
        common.advance,
        entity="enemy",
    ),
    Rule(
        "pylon.move.seen",
        S6_9_5,
        ENEMY
        + " sees the Starfighter: it"
        + ADVANCES.replace("left", "{PYLON_MOVE_SEEN} column(s) left"),
        pylon.act,
        common.advance,
        _sees,
        "enemy",
    ),
    Rule(
        "pylon.move.unseen",
        S6_9_5,
        ENEMY
        + " cannot see the Starfighter (vision {enemy.vision}): it"
        + ADVANCES.replace("left", "{PYLON_MOVE_UNSEEN} column(s) left"),
        pylon.act,
        common.advance,
        _blind,
        "enemy",
    ),
    Rule(
        "pylon.fire",
        S6_9_5,
        ENEMY + " sees the Starfighter and" + FIRES + ": damage {PYLON_SHOT.damage}, speed "
        "{PYLON_SHOT.speed}.",
        pylon.act,
        common.shoot,
        entity="enemy",
    ),
    Rule(
        "pylon.heal",
        S6_9_5,
        "The unseen {pylon.name}(id:{pylon.id}) heals {other.name}(id:{other.id}), within its "
        "vision {pylon.vision}, by {PYLON_HEAL}.",
        pylon._heal_around,
        entity="other",
    ),
    Rule(
        "spawn.natural",
        S6_13_7,
        "Phase 7 draws row {row} and value {value}; the first of the thresholds {game.thresholds} "
        "(Grunt, Fighter, Carrier, Interceptor, Pylon) above the value names the kind: "
        "{enemy.name}.",
        spawning.natural_spawn,
        entity="enemy",
    ),
)

MODEL_RULES: tuple[Rule, ...] = MOVEMENT + WEAPONS + SPECIALS + COLLISIONS + ENEMIES

MESSAGES = "messages.txt"
ETF = "etf.md"
S6_4 = "spec 6.4 Looks of Abstract State"
SESSION_RULES = (
    Rule("echo.command", ETF, "The oracle echoes each command of the script after `->`."),
    Rule(
        "script.error",
        "space_defender_2.grammar.txt",
        "The script does not parse or type-check: nothing runs, the oracle prints this report.",
    ),
    Rule(
        "view.state",
        f"{MESSAGES}: COMMON STATE MESSAGE",
        "The state line: {stage}, {mode} mode, {status}.",
    ),
    Rule(
        "notice.welcome",
        f"{MESSAGES}: INITIAL STATE",
        "The welcome message of the not started state (at start, or after backing out of setup).",
    ),
    Rule("notice.debug", f"{MESSAGES}: TOGGLE_DEBUG_MODE", "Debug mode is now {mode}."),
    Rule("notice.rng", "spec 6.16 Debugging Random Number Generator", "RNG output is now {rng}."),
    Rule("notice.abort", f"{MESSAGES}: EXITING/ABORT", "Abort leaves the setup or the game."),
    Rule("view.setup", "spec 6.6 Setup", "The {stage} menu: every option with its attributes."),
    Rule("view.summary", "spec 6.6 Setup", "The setup summary: the four parts selected."),
    Rule(
        "view.starfighter",
        S6_4,
        "The Starfighter's status: {health}/{stats.health} health, {energy}/{stats.energy} "
        "energy, at {position}.",
    ),
    Rule(
        "view.score",
        "spec 6.15 Scoring",
        "The score of the Starfighter's focus: {score}, the orbments of the enemies destroyed.",
    ),
    Rule("view.enemy", S6_4, "Debug mode lists every enemy in the game, lowest id first."),
    Rule("view.projectile", S6_4, "Debug mode lists every projectile, in spawn order."),
    Rule("view.log", MESSAGES + ": IN GAME STATE", "Debug mode shows the turn's five action logs."),
    Rule("view.board.header", S6_4, "The board's column numbers, 1 to {columns}."),
    Rule(
        "view.board.row",
        S6_4 + ", spec 6.11 Symbols",
        "Row {row} in debug mode, every cell shown: {cells}.",
    ),
    Rule(
        "view.fog",
        S6_4 + ", spec 6.11 Symbols",
        "Row {row} in normal mode: `?` beyond the Starfighter's vision {vision} (displacement "
        "from {eye}); {cells}.",
    ),
    Rule(
        "view.game_over",
        "spec 6.13.8 How Can A Game be Over?",
        "The Starfighter has 0 health: the game is over and the state goes back to not started.",
    ),
    Rule(
        "view.rng",
        "spec 6.16 Debugging Random Number Generator",
        "The two draws of this turn's natural spawn (phase 7): {drawn}.",
    ),
    Rule(
        "game.launch",
        "spec 6.10 Initial Game State",
        "The game starts with the Starfighter at its spawn, the middle row of column 1.",
    ),
)

ERROR_ENTRIES: dict[Error, tuple[str, Callable[..., Any]]] = {
    Error.ALREADY_IN_SETUP: ("play 1", Session.play),
    Error.ALREADY_IN_GAME: ("play 2", Session.play),
    Error.THRESHOLDS: ("play 3", Session.play),
    Error.SETUP_ONLY: ("setup_next 1, setup_back 1", Session._setup_step),
    Error.SELECT_ONLY: ("setup_select 1", Session.setup_select),
    Error.OUT_OF_RANGE: ("setup_select 2", Session.setup_select),
    Error.ABORT_ONLY: ("abort 1", Session.abort),
    Error.GAME_ONLY: ("move 1, pass 1, fire 1, special 1", Session._turn),
    Error.OUTSIDE_BOARD: ("move 2", turn.check),
    Error.ALREADY_THERE: ("move 3", turn.check),
    Error.MOVE_RANGE: ("move 4", turn.check),
    Error.MOVE_RESOURCES: ("move 5", turn.check),
    Error.FIRE_RESOURCES: ("fire 2", turn.check),
    Error.SPECIAL_RESOURCES: ("special 2", turn.check),
}
ERROR_RULES = {
    error: Rule(
        f"error.{error.name.lower()}",
        f"errors.txt: {entry}",
        "The command meets this error first (errors are checked from the highest priority "
        "down); nothing else happens.",
        function,
    )
    for error, (entry, function) in ERROR_ENTRIES.items()
}

RULES: dict[str, Rule] = {
    rule.name: rule for rule in MODEL_RULES + SESSION_RULES + tuple(ERROR_RULES.values())
}
"""Every rule by its name: the table `-why` answers from."""

BY_CODE: dict[CodeType, tuple[Rule, ...]] = {}
"""The rows of each function's code: what the recorder looks up on the call stack."""


def index() -> None:
    """(Re)build `BY_CODE`; again after a function's code is replaced (a planted mutant)."""
    BY_CODE.clear()
    for rule in MODEL_RULES:
        if rule.code is not None:
            BY_CODE[rule.code] = BY_CODE.get(rule.code, ()) + (rule,)


index()
