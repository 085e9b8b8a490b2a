"""The rules of the game's model (spec 6.7 to 6.15): movement, weapons, specials, collisions,
enemies and spawns, each a row of the rule table found on the call stack (`provenance.rule`)."""

from __future__ import annotations

from dataclasses import replace

from model import collision as hit
from model import game, spawning, specials, turn, weapons
from model.actions import FireWeapon, PassTurn, UseSpecial
from model.enemies import BEHAVIOURS, carrier, common, fighter, grunt, interceptor, pylon
from model.enemy import Enemy
from model.movement import travel
from model.projectile import Projectile
from model.rng import Generator
from model.scoring import Focus
from model.starfighter import Starfighter
from model.tables import Pattern
from provenance.rule import ActionIs, PatternIs, Rule, blind, sees

# Whether an enemy's health has fallen far enough for it to be destroyed: it decides that its
# destruction and its orbment happen, though it has returned when their lines are written.
DESTROYED = vars(Enemy)["destroyed"].fget

S6_7 = "spec 6.7 Weapon Types"
S6_8 = "spec 6.8 Specials"
S6_13 = "spec 6.13 A Turn of the Game"
S6_13_1 = "spec 6.13.1 Phase 1: Friendly Projectiles Act"
S6_13_2 = "spec 6.13.2 Phase 2: Enemy Projectiles Act"
S6_13_3 = "spec 6.13.3 Phase 3: Starfighter Act"
S6_13_4 = "spec 6.13.4/6.13.6 Enemy Vision Update"
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
        when=ActionIs(PassTurn),
        entity="ship",
    ),
    Rule(
        "starfighter.fire",
        S6_13_3,
        "On fire the Starfighter regenerates, pays {weapon.cost} {weapon.cost_kind.value} and "
        "spawns its weapon's volley.",
        turn.starfighter_acts,
        when=ActionIs(FireWeapon),
        entity="ship",
    ),
    Rule(
        "starfighter.regen",
        S6_13_3,
        "The Starfighter regenerates {self.stats.health_regen} health and "
        "{self.stats.energy_regen} energy, {times} time(s), never above its totals.",
        Starfighter.regenerate,
    ),
    Rule(
        "starfighter.pay",
        S6_13_3,
        "The Starfighter pays {cost} {kind.value} for its action.",
        Starfighter.pay,
    ),
    Rule(
        "vision.update",
        S6_13_4,
        "Each enemy sees the Starfighter within its vision {enemy.vision} and is seen within "
        "the Starfighter's vision {ship.stats.vision} (displacement).",
        turn.update_vision,
    ),
)

WEAPONS = tuple(
    Rule(
        f"weapon.{kind.name.lower()}",
        S6_7,
        "The {weapon.name} volley spawns top to bottom, each shot taking an id: projectile "
        "{projectile.id} at offset ({barrel.rows},{barrel.columns}) from the Starfighter, damage "
        "{projectile.damage}, speed {projectile.speed}.",
        weapons.fire,
        when=PatternIs(kind),
        entity="projectile",
    )
    for kind in Pattern
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
        also=(hit._negate,),  # the negation happens after its line is written
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
        also=(DESTROYED,),
    ),
    Rule(
        "score.orbment",
        "spec 6.15 Scoring",
        "An orbment goes into the first slot, left to right, that takes it.",
        Focus.add,
        also=(DESTROYED,),
    ),
)

ENEMIES: tuple[Rule, ...] = (
    Rule(
        "enemy.regen",
        "spec 6.9 Enemies",
        "An enemy regenerates {self.regen} health at the start of its action, up to its total.",
        Enemy.regenerate,
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
        sees,
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
        when=ActionIs(FireWeapon),
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
        sees,
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
        sees,
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
        when=ActionIs(UseSpecial),
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
        sees,
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
        sees,
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
        blind,
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
        also=(Generator.__init__,),  # the seeding the draws come from, made with the session
    ),
)
# An enemy acts normally only where its preemptive action let the turn go on (returned false):
# the rules of its normal action name the function that decided so.
DECIDED_BY = {behaviour.act: behaviour.preempt for behaviour in BEHAVIOURS.values()}
ENEMIES = tuple(
    replace(rule, also=(DECIDED_BY[rule.function],)) if rule.function in DECIDED_BY else rule
    for rule in ENEMIES
)

MODEL_RULES: tuple[Rule, ...] = MOVEMENT + WEAPONS + SPECIALS + COLLISIONS + ENEMIES

# The rules of a special or a preemptive action: what happens on such an action's way (the Recall
# colliding at the spawn, a Carrier's move on pass colliding) is the action's own.
PREEMPTIVE = frozenset(behaviour.preempt for behaviour in BEHAVIOURS.values())
WHOLE_ACTIONS = frozenset(
    rule.name for rule in SPECIALS + ENEMIES if rule.function in PREEMPTIVE or rule in SPECIALS
)
