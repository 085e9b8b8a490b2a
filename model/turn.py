"""A turn of the game (spec 6.13): the error checks, then phases 1 to 7 in order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model import specials, weapons
from model.actions import Action, FireWeapon, MoveTo, PassTurn, UseSpecial
from model.enemies import BEHAVIOURS
from model.geometry import vertical_then_horizontal
from model.log import Section, fires, passes, subject
from model.movement import travel
from model.spawning import natural_spawn
from model.tables import CostKind, Error

if TYPE_CHECKING:
    from model.game import Game


def check(game: Game, action: Action) -> Error | None:
    """The first error of errors.txt that `action` meets now, counting this turn's regeneration."""
    ship = game.starfighter
    if isinstance(action, MoveTo):
        distance = ship.position.distance(action.target)
        if not game.board.contains(action.target):
            return Error.OUTSIDE_BOARD
        if distance == 0:
            return Error.ALREADY_THERE
        if distance > ship.stats.move:
            return Error.MOVE_RANGE
        if not ship.can_afford(distance * ship.stats.move_cost, CostKind.ENERGY):
            return Error.MOVE_RESOURCES
    elif isinstance(action, FireWeapon):
        weapon = ship.loadout.weapon
        if not ship.can_afford(weapon.cost, weapon.cost_kind):
            return Error.FIRE_RESOURCES
    elif isinstance(action, UseSpecial):
        power = ship.loadout.power
        if power.cost_kind is CostKind.ENERGY and not ship.can_afford(power.cost, power.cost_kind):
            return Error.SPECIAL_RESOURCES
    return None


def play(game: Game, action: Action) -> None:
    """Play one turn of `action`: phases 1 to 7 (spec 6.13); a destroyed Starfighter ends the turn
    where it happens."""
    game.begin_turn()
    for phase in PHASES:
        phase(game, action)
        if game.over:
            return


def friendly_projectiles_act(game: Game, action: Action) -> None:
    """Phase 1: friendly projectiles move, oldest first."""
    _projectiles_act(game, Section.FRIENDLY, friendly=True)


def enemy_projectiles_act(game: Game, action: Action) -> None:
    """Phase 2: enemy projectiles move, oldest first."""
    _projectiles_act(game, Section.ENEMY_PROJECTILE, friendly=False)


def _projectiles_act(game: Game, section: Section, friendly: bool) -> None:
    game.log.enter(section)
    for projectile in [p for p in game.projectiles.values() if p.friendly is friendly]:
        if not game.is_present(projectile):
            continue
        travel(game, projectile, projectile.path(), subject(projectile.name, projectile.id))
        projectile.after_move()
        if game.over:
            return


def starfighter_acts(game: Game, action: Action) -> None:
    """Phase 3: the Starfighter regenerates, pays, and does what the command says."""
    game.log.enter(Section.STARFIGHTER)
    ship = game.starfighter
    actor = subject(ship.name, ship.id)
    if isinstance(action, PassTurn):
        ship.regenerate(times=2)
        game.log.actor(passes(actor, ship.position))
    elif isinstance(action, MoveTo):
        ship.regenerate()
        start = ship.position
        travel(game, ship, vertical_then_horizontal(start, action.target), actor)
        ship.pay(start.distance(ship.position) * ship.stats.move_cost, CostKind.ENERGY)
    elif isinstance(action, FireWeapon):
        ship.regenerate()
        weapon = ship.loadout.weapon
        ship.pay(weapon.cost, weapon.cost_kind)
        game.log.actor(fires(actor, ship.position))
        weapons.fire(game)
    else:
        ship.regenerate()
        power = ship.loadout.power
        if power.cost_kind is CostKind.ENERGY:
            ship.pay(power.cost, power.cost_kind)
        specials.use(game)


def update_vision(game: Game, action: Action) -> None:
    """Phases 4 and 6: every enemy's two vision flags."""
    ship = game.starfighter
    for enemy in game.enemies.values():
        enemy.update_vision(ship.position, ship.stats.vision)


def enemies_act(game: Game, action: Action) -> None:
    """Phase 5: preemptive actions oldest first, then the normal actions of those still going."""
    game.log.enter(Section.ENEMY)
    going = []
    for enemy in list(game.enemies.values()):
        behaviour = BEHAVIOURS[enemy.kind]
        if game.is_present(enemy) and not behaviour.preempt(game, enemy, action):
            going.append((enemy, behaviour))
        if game.over:
            return
    for enemy, behaviour in going:
        if game.is_present(enemy):
            behaviour.act(game, enemy)
        if game.over:
            return


def enemy_spawn(game: Game, action: Action) -> None:
    """Phase 7: the natural spawn."""
    game.log.enter(Section.SPAWN)
    natural_spawn(game)


PHASES = (
    friendly_projectiles_act,
    enemy_projectiles_act,
    starfighter_acts,
    update_vision,
    enemies_act,
    update_vision,
    enemy_spawn,
)
