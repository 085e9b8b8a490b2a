"""The text of each event: one line of the log (combat steps indented under their turn)."""

from __future__ import annotations

from typing import assert_never

from games.star_canine.events import (
    BurnedOut,
    Changed,
    CombatEnded,
    CombatStarted,
    CombatStatus,
    Destroyed,
    Discarded,
    DockLeft,
    EnemyAttack,
    EnemyHolds,
    Equipped,
    Event,
    FighterBonus,
    Gained,
    Hit,
    HoldReason,
    NoVolley,
    Quit,
    Restarted,
    TurnStarted,
    Unequipped,
    UpgradeTaken,
    Volley,
    WeaponFired,
    WeaponHeld,
)
from games.star_canine.tables import BURNED_OUT, SHIP_NAME, Outcome, Range

TURN_STEP = "  "
TURN_STEPS = (WeaponFired, WeaponHeld, Volley, NoVolley, Hit, EnemyAttack, EnemyHolds, Destroyed)
"""Events told under their turn's heading, indented."""


def event_line(event: Event) -> str:
    """The log line of an event."""
    text = _text(event)
    return TURN_STEP + text if isinstance(event, TURN_STEPS) else text


def _text(event: Event) -> str:
    match event:
        case Changed(cause, stat, before, after):
            return f"{cause}: {stat.value} {before} -> {after}."
        case FighterBonus(cause, bonus):
            return f"{cause}: every FIGHTER attack deals +{bonus} base damage this combat."
        case Equipped(item, slot):
            return f"Equipped {item} in slot {slot}."
        case Unequipped(item):
            return f"Unequipped {item}."
        case Gained(item):
            return f"{item} joins the inventory."
        case UpgradeTaken(upgrade, skipped):
            return f"Boss Upgrade owned: {upgrade}. Skipped: {', '.join(skipped) or 'none'}."
        case Discarded(item, paid, due):
            return f"Discarded {item} as payment ({paid} of {due})."
        case DockLeft():
            return "The dock is skipped: no payment, no service."
        case CombatStarted(ship, enemy):
            return f"=== Combat: {ship} vs {enemy} ==="
        case CombatStatus():
            return _status_line(event)
        case TurnStarted(turn, at):
            return f"Turn {turn}, {at.value}:"
        case WeaponFired():
            return _fired(event)
        case WeaponHeld(item, reason, cost, ammo):
            if reason is HoldReason.NO_AMMO:
                return f"{item} holds fire: needs {cost} ammo, {ammo} left."
            return f"{item} holds fire: no uses left this combat."
        case Volley(damage, before, after):
            spent = f"; ammo {before} -> {after}" if before != after else ""
            return f"Volley: {damage} damage{spent}."
        case NoVolley(at):
            return f"No weapon fires at {at.value}."
        case Hit():
            return _hit(event)
        case EnemyAttack(enemy, at, damage, uses_left):
            return f"{enemy} attacks at {at.value}: {damage} damage{_uses(uses_left)}."
        case EnemyHolds(enemy, at, reason):
            if reason is HoldReason.NO_USES:
                return f"{enemy} has no {at.value} attacks left."
            return f"{enemy} cannot attack at {at.value}."
        case Destroyed(name):
            return f"{name} is destroyed."
        case CombatEnded(outcome, turn):
            if outcome is Outcome.DRAW:
                return f"DRAW: both ships still stand after turn {turn}."
            return f"{outcome.name} on turn {turn}."
        case BurnedOut(item):
            return BURNED_OUT.format(item=item)
        case Restarted(run):
            return f"A new run begins (run {run})."
        case Quit():
            return "Mission aborted. Goodbye."
    assert_never(event)


def _status_line(s: CombatStatus) -> str:
    return (
        f"Start: {SHIP_NAME}: Hull {s.hull}/{s.max_hull}, Shield {s.shield}, Armor {s.armor},"
        f" Ammo {s.ammo}"
        f" | {s.enemy}: Hull {s.enemy_hull}, Shield {s.enemy_shield}, Armor {s.enemy_armor}"
    )


def _fired(event: WeaponFired) -> str:
    amount = str(event.base)
    if event.bonus:
        amount = f"{event.base} + {event.bonus}"
        amount = f"({amount})" if event.multiplier > 1 else amount
    if event.multiplier > 1:
        amount = f"{amount} x {event.multiplier}"
    if amount != str(event.damage):
        amount = f"{amount} = {event.damage}"
    ammo = f", {event.ammo_cost} ammo" if event.ammo_cost else ""
    return f"{event.item} fires: {amount} damage{ammo}{_uses(event.uses_left)}."


def _uses(uses_left: int | None) -> str:
    if uses_left is None:
        return ""
    return f" ({uses_left} use{'' if uses_left == 1 else 's'} left)"


_DEFENCE = {Range.LONG: "shield", Range.CLOSE: "armor"}


def _hit(hit: Hit) -> str:
    parts = []
    if hit.at in _DEFENCE and hit.defence_before > 0:
        parts.append(f"{_DEFENCE[hit.at]} {hit.defence_before} -> {hit.defence_after}")
    parts.append(f"hull {hit.hull_before} -> {hit.hull_after}")
    return f"{hit.target} takes {hit.damage} at {hit.at.value}: {', '.join(parts)}."
