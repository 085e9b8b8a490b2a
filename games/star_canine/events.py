"""What happened, as plain data: the rules record events, the views turn them into text or JSON."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto

from games.star_canine.tables import Outcome, Range


class Stat(Enum):
    """A number of the ship that an event changes."""

    HULL = "hull"
    MAX_HULL = "max hull"
    AMMO = "ammo"
    SHIELD = "shield"
    SLOTS = "slots"


@dataclass(frozen=True)
class Changed:
    """A stat of the ship changed, and why (an upgrade, a reward, the dock, a narrative)."""

    cause: str
    stat: Stat
    before: int
    after: int


@dataclass(frozen=True)
class FighterBonus:
    """The Reinforced Hangar adds base damage to every FIGHTER attack of this combat."""

    cause: str
    bonus: int


@dataclass(frozen=True)
class Equipped:
    item: str
    slot: int


@dataclass(frozen=True)
class Unequipped:
    item: str


@dataclass(frozen=True)
class Gained:
    """An item joined the inventory (a reward)."""

    item: str


@dataclass(frozen=True)
class UpgradeTaken:
    upgrade: str
    skipped: tuple[str, ...]


@dataclass(frozen=True)
class Discarded:
    """An item given as dock payment; paid of due items given so far."""

    item: str
    paid: int
    due: int


@dataclass(frozen=True)
class DockLeft:
    """The dock was skipped (no payment, no service)."""


@dataclass(frozen=True)
class CombatStarted:
    ship: str
    enemy: str


@dataclass(frozen=True)
class CombatStatus:
    """Both sides as the first turn begins."""

    hull: int
    max_hull: int
    shield: int
    armor: int
    ammo: int
    enemy: str
    enemy_hull: int
    enemy_shield: int
    enemy_armor: int


@dataclass(frozen=True)
class TurnStarted:
    turn: int
    at: Range


@dataclass(frozen=True)
class WeaponFired:
    """One weapon's activation: (base + bonus) x multiplier damage, for ammo_cost ammo."""

    item: str
    base: int
    bonus: int
    multiplier: int
    damage: int
    ammo_cost: int
    uses_left: int | None


class HoldReason(Enum):
    """Why a weapon or an enemy does not attack this turn (the log tells each its own way)."""

    NO_USES = auto()
    NO_AMMO = auto()
    CANNOT_AT_RANGE = auto()


@dataclass(frozen=True)
class WeaponHeld:
    """A weapon able to fire at this range did not: out of uses or ammo."""

    item: str
    reason: HoldReason
    ammo_cost: int
    ammo: int


@dataclass(frozen=True)
class Volley:
    """The player's weapons of a turn, fired together."""

    damage: int
    ammo_before: int
    ammo_after: int


@dataclass(frozen=True)
class NoVolley:
    """No equipped weapon fired this turn."""

    at: Range


@dataclass(frozen=True)
class Hit:
    """Damage resolved at a range: the defence that range uses first, then the hull."""

    target: str
    at: Range
    damage: int
    defence_before: int
    defence_after: int
    hull_before: int
    hull_after: int


@dataclass(frozen=True)
class EnemyAttack:
    enemy: str
    at: Range
    damage: int
    uses_left: int | None


@dataclass(frozen=True)
class EnemyHolds:
    enemy: str
    at: Range
    reason: HoldReason


@dataclass(frozen=True)
class Destroyed:
    name: str


@dataclass(frozen=True)
class CombatEnded:
    outcome: Outcome
    turn: int


@dataclass(frozen=True)
class BurnedOut:
    """A disposable item was replaced by Broken Scrap after combat (spec 4.5.1)."""

    item: str


@dataclass(frozen=True)
class Restarted:
    run: int


@dataclass(frozen=True)
class Quit:
    """The player ended the session."""


Event = (
    Changed
    | FighterBonus
    | Equipped
    | Unequipped
    | Gained
    | UpgradeTaken
    | Discarded
    | DockLeft
    | CombatStarted
    | CombatStatus
    | TurnStarted
    | WeaponFired
    | WeaponHeld
    | Volley
    | NoVolley
    | Hit
    | EnemyAttack
    | EnemyHolds
    | Destroyed
    | CombatEnded
    | BurnedOut
    | Restarted
    | Quit
)
