"""Every fixed number, word and text of Star Canine v0.3.2 (spec sections 2 to 7), in one place."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Range(Enum):
    """A combat range: each has its own damage model (spec 4.4)."""

    LONG = "LONG"
    MID = "MID"
    CLOSE = "CLOSE"


RANGE_SEQUENCE = (Range.LONG, Range.MID, Range.CLOSE, Range.CLOSE, Range.MID, Range.LONG)
"""The six turns of every combat (spec 4.1)."""


class ItemType(Enum):
    """An equipment category (spec 2.1.1)."""

    MISSILE = "MISSILE"
    LASER = "LASER"
    FIGHTER = "FIGHTER"
    SHIELD = "SHIELD"
    ARMOR = "ARMOR"
    MODULE = "MODULE"
    JUNK = "JUNK"


WEAPON_TYPES = (ItemType.MISSILE, ItemType.LASER, ItemType.FIGHTER)


class EnemyType(Enum):
    """An encounter category (spec 2.2.1); the data writes it capitalised, the stages in lower
    case."""

    NORMAL = "Normal"
    ELITE = "Elite"
    BOSS = "Boss"


class StageKind(Enum):
    """What a stage holds (spec 2.4); narratives are shown at act boundaries, not stages."""

    COMBAT = "combat"
    DOCK = "dock"


class UpgradeState(Enum):
    """Where a Boss Upgrade stands in a run (spec 2.3)."""

    NOT_SEEN = "not_seen"
    OWNED = "owned"
    SKIPPED = "skipped"


class Outcome(Enum):
    """How a combat ends (spec 4.5)."""

    VICTORY = "victory"
    DRAW = "draw"
    DEFEAT = "defeat"


BROKEN_SCRAP_ID = 999
"""What a disposable item turns into after combat (spec 4.5.1)."""

DEFAULT_SEED = 0
"""The seed of a game started without --seed."""

REWARD_AMMO = 5
REWARD_EQUIPMENT_CHOICES = 3
BOSS_UPGRADE_CHOICES = 3
DOCK_REPAIR_PERCENT = 30
DOCK_RESUPPLY_AMMO = 7
SHIP_NAME = "STAR CANINE"


@dataclass(frozen=True)
class StageRule:
    """One stage of an act: a dock, or a combat with the enemy's difficulty and type."""

    kind: StageKind
    difficulty: int = 0
    enemy_type: EnemyType = EnemyType.NORMAL


def _combat(difficulty: int, enemy_type: EnemyType = EnemyType.NORMAL) -> StageRule:
    return StageRule(StageKind.COMBAT, difficulty, enemy_type)


_DOCK = StageRule(StageKind.DOCK)


def _act_stages(base: int, elite: int) -> tuple[StageRule, ...]:
    """An act's nine stages: three normals, dock, elite, two normals, dock, boss (spec 2.4.1-3)."""
    return (
        _combat(base + 1),
        _combat(base + 2),
        _combat(base + 3),
        _DOCK,
        _combat(elite, EnemyType.ELITE),
        _combat(base + 4),
        _combat(base + 4),
        _DOCK,
        _combat(base + 10, EnemyType.BOSS),
    )


@dataclass(frozen=True)
class Act:
    """An act: its stages and story; an act may resupply the ship when it starts (ACT II)."""

    number: int
    numeral: str
    title: str
    location: str
    stages: tuple[StageRule, ...]
    start_story: str
    boss_story: str
    start_supplies: str = ""
    start_ammo: int = 0
    start_full_repair: bool = False

    @property
    def name(self) -> str:
        return f"ACT {self.numeral} — {self.title}"


ACT_I_START = """\
Ship ID confirmed: STAR CANINE
Command authority: CAPTAIN

Incoming distress signal detected.
Origin: Planet K9
Sender ID: LAIKA

"It's me.
K9 has fallen.
Solar Bear battleships took the planet.
They took me too.
I know you weren't here.
I know you'll come back.
Please… don't die."

Signal lost.

Solar Bear Empire detected in K9 orbit.
Occupation status: ACTIVE.

Setting course for K9."""

ACT_I_BOSS = """\
Ship location: K9 Outer Orbit
Massive signature detected: URSA-CLASS DREADNOUGHT
Sender ID: COMMODORE URSA

"A stray dog is sniffing at the gate.
K9 is no longer your dog house—it belongs to the Empire.
No bone for you, underdog.”

Warning: Imperial Railguns charging.
Status: EXTERMINATION"""

ACT_II_START = """\
Ship location: Asteroid Belt (Inner)
Unknown signal detected.
Decrypting...
Sender ID: COMMANDER FENRIR

"Signal confirmed.
Star Canine, is that you, 'Blue Wolf'?
I've been fighting the Bears from the shadows.
Let me assist."

Action: VANGUARD LOGISTICS
Status: Hull restored to 100%. +12 Ammo.
Target Update: MOON BEAR.

"Kill MOON BEAR.
If he falls, the Empire's grip on K9 breaks.
Clear the path, Blue Wolf.
I’ll secure your flank.\""""

ACT_II_BOSS = """\
Target status: MOON BEAR NEUTRALIZED.
Incoming transmission...
Sender ID: COMMANDER FENRIR

"Moon bear is gone.
The Bears have a new General.
Me.
Thank you for your hard work, Blue Wolf.
Rest in peace."

Signal lost.
Warning: Target lock detected.
Origin: FENRIR.
Status: DANGER."""

ACT_III_START = """\
“Fight with cudgel.
No cudgel, use your claw.
No claw, use your fang.
No fang, use your soul.
Fight until nothing left."
— DEITY OF BLUE WOLF (Canto IV, Line 12)"""

ACT_III_BOSS = """\
Reminiscence of academy five years ago
FENRIR: "You don't get it, right? My grandma told me the story.
The Blue Wolf... the deity that conquered the Great Continent.
It’s an incarnation. A living god in a canine body. It appears when Canine is in danger.

You got a good callsign, Blue Wolf. Sleep tight."""

ACTS = (
    Act(1, "I", "DESOLATION", "Far orbital area", _act_stages(0, 5), ACT_I_START, ACT_I_BOSS),
    Act(
        2,
        "II",
        "BETRAYAL",
        "Asteroid belt",
        _act_stages(10, 16),
        ACT_II_START,
        ACT_II_BOSS,
        start_supplies="VANGUARD LOGISTICS",
        start_ammo=12,
        start_full_repair=True,
    ),
    Act(3, "III", "RECLAMATION", "Planet K9", _act_stages(20, 26), ACT_III_START, ACT_III_BOSS),
)


@dataclass(frozen=True)
class Upgrade:
    """A Boss Upgrade (spec 2.5.1): permanent bonuses, combat-start effects and penalties."""

    key: str
    name: str
    summary: str
    slots: int = 0
    max_hull: int = 0
    combat_repair: int = 0
    combat_ammo: int = 0
    combat_shield: int = 0
    fighter_bonus: int = 0
    reward_choices: int = REWARD_EQUIPMENT_CHOICES
    dock_payment_factor: int = 1


BOSS_UPGRADES = (
    Upgrade(
        "regenerative_hull_plating",
        "Regenerative Hull Plating",
        "+40 max hull; repairs 20 hull at the start of each combat",
        max_hull=40,
        combat_repair=20,
    ),
    Upgrade(
        "automated_ammo_synthesizer",
        "Automated Ammo Synthesizer",
        "+1 ammo at the start of each combat",
        combat_ammo=1,
    ),
    Upgrade(
        "forward_shield_projector",
        "Forward Shield Projector",
        "+1 equipment slot; +15 shield at the start of each combat",
        slots=1,
        combat_shield=15,
    ),
    Upgrade(
        "reinforced_hangar",
        "Reinforced Hangar",
        "+1 equipment slot; +5 base damage to each FIGHTER attack, before module multipliers",
        slots=1,
        fighter_bonus=5,
    ),
    Upgrade(
        "expanded_hardpoint_array",
        "Expanded Hardpoint Array",
        "+2 equipment slots; equipment rewards offer only 1 choice instead of 3",
        slots=2,
        reward_choices=1,
    ),
    Upgrade(
        "overloaded_logistics_core",
        "Overloaded Logistics Core",
        "+2 equipment slots; dock payments cost double",
        slots=2,
        dock_payment_factor=2,
    ),
)

TITLE = "S T A R   C A N I N E"
SUBTITLE = "A deterministic text roguelike (spec v0.3.2)"
GAME_OVER_DESTROYED = "STAR CANINE has been destroyed..."
GAME_OVER_BOSS_STANDS = "{enemy} still stands after six turns. The mission has failed."
GAME_CLEAR_TEXT = """\
Planet K9 has been liberated.
LAIKA is safe.

Mission Complete."""
BURNED_OUT = "{item} has burned out. Replaced with Broken Scrap."

# Why a typed command is refused: one line each, the scene stays.
SESSION_ENDED = "The session has ended: nothing more can be typed."
UNKNOWN_COMMAND = "Unknown command {text}. Commands now: {commands}."
NOT_NOW = "{verb} is not possible now. Commands now: {commands}."
NEEDS_NUMBER = "{verb} needs a number, as in '{verb} 1'."
NO_NUMBER = "{verb} takes no number."
TOO_MANY_WORDS = "{verb} takes one number only."
NOT_A_NUMBER = "{verb} needs a number from the list, not {text}."
NO_SUCH_ITEM = "There is no item {number}: the inventory lists items 1 to {count}."
NO_ITEMS = "There is no item {number}: the inventory is empty."
NO_SUCH_OFFER = "There is no offer {number}: the offers are numbered 1 to {count}."
ALREADY_EQUIPPED = "Item {number} ({item}) is already equipped."
NOT_EQUIPPED = "Item {number} ({item}) is not equipped."
JUNK_CANNOT_EQUIP = "Item {number} ({item}) is junk: it cannot be equipped."
SLOTS_FULL = "All {slots} slots are in use: unequip an item first."
ALREADY_PAID = "The dock is paid: choose repair or resupply."
NOT_PAID = "The dock is not paid yet: discard {left} more item(s) first."
CANNOT_PAY = "The dock asks {due} item(s) and you own {owned}: it cannot be paid. Type skip."
