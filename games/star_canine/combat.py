"""A combat, phase by phase: start, six turns of player volley then enemy attack, end (spec 4)."""

from __future__ import annotations

from dataclasses import dataclass

from games.star_canine import upgrades
from games.star_canine.enemy import EnemyKind
from games.star_canine.equipment import Equipment, fighter_bonus, multiplier_for, weapon_damage
from games.star_canine.events import (
    BurnedOut,
    Changed,
    CombatEnded,
    CombatStarted,
    CombatStatus,
    Destroyed,
    EnemyAttack,
    EnemyHolds,
    Event,
    FighterBonus,
    Hit,
    HoldReason,
    NoVolley,
    Stat,
    TurnStarted,
    Volley,
    WeaponFired,
    WeaponHeld,
)
from games.star_canine.ship import Ship
from games.star_canine.tables import RANGE_SEQUENCE, SHIP_NAME, ItemType, Outcome, Range
from games.star_canine.upgrades import UpgradeStates


@dataclass
class Side:
    """One side's hull, shield and armor as the combat goes; shield and armor are spent."""

    name: str
    hull: int
    shield: int
    armor: int


@dataclass
class Combat:
    """A combat's state: both sides, this combat's use counters, the fighter bonus, the end."""

    enemy: EnemyKind
    player: Side
    foe: Side
    weapon_uses: dict[int, int | None]
    enemy_uses: dict[Range, int | None]
    fighter_bonus: int
    outcome: Outcome | None = None
    turns: int = 0


def equipped_defences(ship: Ship) -> tuple[int, int]:
    """The shield and armor of the equipped SHIELD and ARMOR items."""
    kinds = [item.kind for item in ship.equipped_items()]
    return sum(kind.shield for kind in kinds), sum(kind.armor for kind in kinds)


def loadout_defences(ship: Ship, states: UpgradeStates) -> tuple[int, int]:
    """The shield and armor the next combat starts with: items plus upgrades (spec 4.2)."""
    shield, armor = equipped_defences(ship)
    return shield + sum(u.combat_shield for u in upgrades.owned(states)), armor


def start(ship: Ship, enemy: EnemyKind, states: UpgradeStates) -> tuple[Combat, list[Event]]:
    """Recalculate defences, set the use counters, apply the upgrades' combat-start effects."""
    events: list[Event] = [CombatStarted(SHIP_NAME, enemy.name)]
    shield, armor = equipped_defences(ship)
    for upgrade in upgrades.owned(states):
        if upgrade.combat_repair:
            before = ship.hull
            ship.repair(upgrade.combat_repair)
            events.append(Changed(upgrade.name, Stat.HULL, before, ship.hull))
        if upgrade.combat_ammo:
            before = ship.ammo
            ship.ammo += upgrade.combat_ammo
            events.append(Changed(upgrade.name, Stat.AMMO, before, ship.ammo))
        if upgrade.combat_shield:
            before = shield
            shield += upgrade.combat_shield
            events.append(Changed(upgrade.name, Stat.SHIELD, before, shield))
        if upgrade.fighter_bonus:
            events.append(FighterBonus(upgrade.name, upgrade.fighter_bonus))
    combat = Combat(
        enemy=enemy,
        player=Side(SHIP_NAME, ship.hull, shield, armor),
        foe=Side(enemy.name, enemy.hull, enemy.shield, enemy.armor),
        weapon_uses={item.uid: item.kind.uses_per_battle for item in ship.equipped_items()},
        enemy_uses=dict(enemy.uses),
        fighter_bonus=upgrades.fighter_bonus(states),
    )
    events.append(status(combat, ship))
    return combat, events


def status(combat: Combat, ship: Ship) -> CombatStatus:
    """Both sides' numbers now."""
    me, foe = combat.player, combat.foe
    return CombatStatus(
        hull=me.hull,
        max_hull=ship.max_hull,
        shield=me.shield,
        armor=me.armor,
        ammo=ship.ammo,
        enemy=foe.name,
        enemy_hull=foe.hull,
        enemy_shield=foe.shield,
        enemy_armor=foe.armor,
    )


def fight(combat: Combat, ship: Ship, scrap: Equipment) -> list[Event]:
    """Play the six turns until a side is destroyed, then end the combat (spec 4.3, 4.5)."""
    events: list[Event] = []
    for turn, at in enumerate(RANGE_SEQUENCE, 1):
        combat.turns = turn
        events.append(TurnStarted(turn, at))
        events += play_turn(combat, ship, at)
        if combat.outcome is not None:
            break
    if combat.outcome is None:
        combat.outcome = Outcome.DRAW
    ship.hull = combat.player.hull
    events.append(CombatEnded(combat.outcome, combat.turns))
    return events + burn_out_disposables(ship, scrap)


def play_turn(combat: Combat, ship: Ship, at: Range) -> list[Event]:
    """One turn: the player fires first; a destroyed enemy does not attack (spec 4.3)."""
    events = player_volley(combat, ship, at)
    if combat.foe.hull <= 0:
        combat.outcome = Outcome.VICTORY
        return events + [Destroyed(combat.foe.name)]
    events += enemy_attack(combat, at)
    if combat.player.hull <= 0:
        combat.outcome = Outcome.DEFEAT
        events.append(Destroyed(combat.player.name))
    return events


def player_volley(combat: Combat, ship: Ship, at: Range) -> list[Event]:
    """Every equipped weapon able to fire at this range fires, in slot order, then one hit.

    A weapon fires if it has damage at the range, uses left and enough of the ammo that the
    weapons before it in slot order left; one that cannot does not stop the ones after it.
    """
    events: list[Event] = []
    modules = [item.kind for item in ship.equipped_items() if item.kind.type is ItemType.MODULE]
    ammo_before, total = ship.ammo, 0
    for item in ship.equipped_items():
        base = item.kind.damage_at(at)
        if base is None:
            continue
        uses = combat.weapon_uses[item.uid]
        cost = item.kind.ammo_cost
        if uses == 0:
            events.append(WeaponHeld(item.name, HoldReason.NO_USES, cost, ship.ammo))
            continue
        if ship.ammo < cost:
            events.append(WeaponHeld(item.name, HoldReason.NO_AMMO, cost, ship.ammo))
            continue
        uses_left = None if uses is None else uses - 1
        combat.weapon_uses[item.uid] = uses_left
        ship.ammo -= cost
        bonus = fighter_bonus(item.kind, combat.fighter_bonus)
        multiplier = multiplier_for(item.kind.type, modules)
        damage = (base + bonus) * multiplier
        total += damage
        events.append(WeaponFired(item.name, base, bonus, multiplier, damage, cost, uses_left))
    if not any(isinstance(event, WeaponFired) for event in events):
        return events + [NoVolley(at)]
    events.append(Volley(total, ammo_before, ship.ammo))
    return events + [resolve_hit(combat.foe, at, total)]


def enemy_attack(combat: Combat, at: Range) -> list[Event]:
    """The enemy attacks if it has damage at this range and uses left for it (spec 4.3 step 4)."""
    enemy = combat.enemy
    damage = enemy.damage.get(at)
    if damage is None:
        return [EnemyHolds(enemy.name, at, HoldReason.CANNOT_AT_RANGE)]
    uses = combat.enemy_uses[at]
    if uses == 0:
        return [EnemyHolds(enemy.name, at, HoldReason.NO_USES)]
    uses_left = None if uses is None else uses - 1
    combat.enemy_uses[at] = uses_left
    return [EnemyAttack(enemy.name, at, damage, uses_left), resolve_hit(combat.player, at, damage)]


def resolve_hit(side: Side, at: Range, damage: int) -> Hit:
    """Apply damage by the range's model: LONG shield then hull, MID hull, CLOSE armor then hull."""
    hull_before = side.hull
    if at is Range.LONG:
        before = side.shield
        side.shield = max(0, before - damage)
    elif at is Range.CLOSE:
        before = side.armor
        side.armor = max(0, before - damage)
    else:
        before = 0
    after = max(0, before - damage)
    side.hull -= damage - (before - after)
    return Hit(side.name, at, damage, before, after, hull_before, side.hull)


def burn_out_disposables(ship: Ship, scrap: Equipment) -> list[Event]:
    """Each equipped disposable becomes Broken Scrap, fired or not (spec 4.5.1)."""
    events: list[Event] = []
    for item in ship.equipped_items():
        if item.kind.disposable:
            ship.replace(item, scrap)
            events.append(BurnedOut(item.name))
    return events


def firepower(ship: Ship, states: UpgradeStates, at: Range) -> tuple[int, int]:
    """The damage and ammo of a volley at this range if every weapon able to fire there does."""
    kinds = [item.kind for item in ship.equipped_items()]
    modules = [kind for kind in kinds if kind.type is ItemType.MODULE]
    bonus = upgrades.fighter_bonus(states)
    weapons = [kind for kind in kinds if kind.damage_at(at) is not None]
    damage = sum(weapon_damage(kind, at, modules, fighter_bonus(kind, bonus)) for kind in weapons)
    return damage, sum(kind.ammo_cost for kind in weapons)
