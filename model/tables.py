"""Every fixed number and fixed text of the game, in one place (spec 6.6 to 6.15, messages.txt)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto


class Keyed(Enum):
    """An enumeration whose members key dictionaries every turn: hashed by identity, in C (a
    member is equal only to itself), not by its name in Python as `Enum` hashes."""

    __hash__ = object.__hash__


@dataclass(frozen=True)
class Stats:
    """The attributes that weapons, armours and engines share; a Starfighter is their sum."""

    health: int
    energy: int
    health_regen: int
    energy_regen: int
    armour: int
    vision: int
    move: int
    move_cost: int

    def __add__(self, other: Stats) -> Stats:
        return Stats(
            self.health + other.health,
            self.energy + other.energy,
            self.health_regen + other.health_regen,
            self.energy_regen + other.energy_regen,
            self.armour + other.armour,
            self.vision + other.vision,
            self.move + other.move,
            self.move_cost + other.move_cost,
        )


class Pattern(Keyed):
    """How a weapon's projectiles spawn and travel (spec 6.7)."""

    STANDARD = auto()
    SPREAD = auto()
    SNIPE = auto()
    ROCKET = auto()
    SPLITTER = auto()


class CostKind(Enum):
    """What a weapon's shot or a power is paid in."""

    ENERGY = "energy"
    HEALTH = "health"


@dataclass(frozen=True)
class Weapon:
    """A weapon of the setup: its stats, its shot's damage and cost, and how it fires."""

    name: str
    description: str
    stats: Stats
    damage: int
    cost: int
    cost_kind: CostKind
    pattern: Pattern


@dataclass(frozen=True)
class Part:
    """An armour or an engine: a name and its stats."""

    name: str
    stats: Stats


class PowerKind(Enum):
    RECALL = auto()
    REPAIR = auto()
    OVERCHARGE = auto()
    DEPLOY_DRONES = auto()
    ORBITAL_STRIKE = auto()


@dataclass(frozen=True)
class Power:
    """A power of the setup: what it does and what it costs."""

    kind: PowerKind
    cost: int
    cost_kind: CostKind
    text: str


WEAPONS: tuple[Weapon, ...] = (
    Weapon("Standard", "A single projectile is fired in front",
           Stats(10, 10, 0, 1, 0, 1, 1, 1), 70, 5, CostKind.ENERGY, Pattern.STANDARD),
    Weapon("Spread", "Three projectiles are fired in front, two going diagonal",
           Stats(0, 60, 0, 2, 1, 0, 0, 2), 50, 10, CostKind.ENERGY, Pattern.SPREAD),
    Weapon("Snipe", "Fast and high damage projectile, but only travels via teleporting",
           Stats(0, 100, 0, 5, 0, 10, 3, 0), 1000, 20, CostKind.ENERGY, Pattern.SNIPE),
    Weapon("Rocket",
           "Two projectiles appear behind to the sides of the Starfighter and accelerates",
           Stats(10, 0, 10, 0, 2, 2, 0, 3), 100, 10, CostKind.HEALTH, Pattern.ROCKET),
    Weapon("Splitter", "A single mine projectile is placed in front of the Starfighter",
           Stats(0, 100, 0, 10, 0, 0, 0, 5), 150, 70, CostKind.ENERGY, Pattern.SPLITTER),
)  # fmt: skip

ARMOURS: tuple[Part, ...] = (
    Part("None", Stats(50, 0, 1, 0, 0, 0, 1, 0)),
    Part("Light", Stats(75, 0, 2, 0, 3, 0, 0, 1)),
    Part("Medium", Stats(100, 0, 3, 0, 5, 0, 0, 3)),
    Part("Heavy", Stats(200, 0, 4, 0, 10, 0, -1, 5)),
)

ENGINES: tuple[Part, ...] = (
    Part("Standard", Stats(10, 60, 0, 2, 1, 12, 8, 2)),
    Part("Light", Stats(0, 30, 0, 1, 0, 15, 10, 1)),
    Part("Armoured", Stats(50, 100, 0, 3, 3, 6, 4, 5)),
)

OVERCHARGE_MAX_HEALTH = 50  # Overcharge's cost: the most health it spends

POWERS: tuple[Power, ...] = (
    Power(PowerKind.RECALL, 50, CostKind.ENERGY,
          "Recall (50 energy): Teleport back to spawn."),
    Power(PowerKind.REPAIR, 50, CostKind.ENERGY,
          "Repair (50 energy): Gain 50 health, can go over max health."
          " Health regen will not be in effect if over cap."),
    Power(PowerKind.OVERCHARGE, OVERCHARGE_MAX_HEALTH, CostKind.HEALTH,
          "Overcharge (up to 50 health): Gain 2*health spent energy, can go over max energy."
          " Energy regen will not be in effect if over cap."),
    Power(PowerKind.DEPLOY_DRONES, 100, CostKind.ENERGY,
          "Deploy Drones (100 energy): Clear all projectiles."),
    Power(PowerKind.ORBITAL_STRIKE, 100, CostKind.ENERGY,
          "Orbital Strike (100 energy): Deal 100 damage to all enemies, affected by armour."),
)  # fmt: skip

REPAIR_HEALTH = 50
OVERCHARGE_ENERGY_PER_HEALTH = 2
ORBITAL_STRIKE_DAMAGE = 100


@dataclass(frozen=True)
class Barrel:
    """One projectile of a volley: where it appears next to the Starfighter, how it travels."""

    rows: int
    columns: int
    step_rows: int
    speed: int
    teleports: bool = False
    accelerates: bool = False


# Each weapon's volley, top to bottom (spec 6.7); a step is `step_rows` rows and one column right.
VOLLEYS: dict[Pattern, tuple[Barrel, ...]] = {
    Pattern.STANDARD: (Barrel(0, 1, 0, 5),),
    Pattern.SPREAD: (Barrel(-1, 1, -1, 1), Barrel(0, 1, 0, 1), Barrel(1, 1, 1, 1)),
    Pattern.SNIPE: (Barrel(0, 1, 0, 8, teleports=True),),
    Pattern.ROCKET: (Barrel(-1, -1, 0, 1, accelerates=True), Barrel(1, -1, 0, 1, accelerates=True)),
    Pattern.SPLITTER: (Barrel(0, 1, 0, 0),),
}


class Kind(Keyed):
    """Every kind of enemy, with its board symbol."""

    GRUNT = "G"
    FIGHTER = "F"
    CARRIER = "C"
    INTERCEPTOR = "I"
    PYLON = "P"


@dataclass(frozen=True)
class Shot:
    """An enemy projectile an enemy fires: its speed (columns left per turn) and damage."""

    speed: int
    damage: int


@dataclass(frozen=True)
class EnemyKind:
    """The starting attributes of an enemy kind (spec 6.9) and what it drops (spec 6.15)."""

    kind: Kind
    name: str
    health: int
    regen: int
    armour: int
    vision: int


ENEMIES: dict[Kind, EnemyKind] = {
    Kind.GRUNT: EnemyKind(Kind.GRUNT, "Grunt", 100, 1, 1, 5),
    Kind.FIGHTER: EnemyKind(Kind.FIGHTER, "Fighter", 150, 5, 10, 10),
    Kind.CARRIER: EnemyKind(Kind.CARRIER, "Carrier", 200, 10, 15, 15),
    Kind.INTERCEPTOR: EnemyKind(Kind.INTERCEPTOR, "Interceptor", 50, 0, 0, 5),
    Kind.PYLON: EnemyKind(Kind.PYLON, "Pylon", 300, 0, 0, 5),
}

# Spawn order of the five thresholds of `play` (spec 6.5).
SPAWN_ORDER: tuple[Kind, ...] = (
    Kind.GRUNT,
    Kind.FIGHTER,
    Kind.CARRIER,
    Kind.INTERCEPTOR,
    Kind.PYLON,
)

# Grunt (spec 6.9.1)
GRUNT_PASS_GAIN = 10
GRUNT_SPECIAL_GAIN = 20
GRUNT_MOVE_UNSEEN = 2
GRUNT_MOVE_SEEN = 4
GRUNT_SHOT = Shot(4, 15)

# Fighter (spec 6.9.2)
FIGHTER_FIRE_ARMOUR_GAIN = 1
FIGHTER_PASS_MOVE = 6
FIGHTER_PASS_SHOT = Shot(10, 100)
FIGHTER_MOVE_UNSEEN = 3
FIGHTER_SHOT_UNSEEN = Shot(3, 20)
FIGHTER_MOVE_SEEN = 1
FIGHTER_SHOT_SEEN = Shot(6, 50)

# Carrier (spec 6.9.3)
CARRIER_SPECIAL_REGEN_GAIN = 10
CARRIER_PASS_MOVE = 2
CARRIER_MOVE_UNSEEN = 2
CARRIER_MOVE_SEEN = 1

# Interceptor (spec 6.9.4)
INTERCEPTOR_MOVE = 3

# Pylon (spec 6.9.5)
PYLON_MOVE_UNSEEN = 2
PYLON_HEAL = 10
PYLON_MOVE_SEEN = 1
PYLON_SHOT = Shot(2, 70)


class Orb(Enum):
    """Orbs and their flat scores (spec 6.15)."""

    BRONZE = 1
    SILVER = 2
    GOLD = 3


@dataclass(frozen=True)
class FocusKind:
    """A focus an enemy drops: its capacity, multiplier when full, and the orb in its first slot."""

    capacity: int
    multiplier: int
    first: Orb


DIAMOND = FocusKind(4, 3, Orb.GOLD)
PLATINUM = FocusKind(3, 2, Orb.BRONZE)

DROPS: dict[Kind, Orb | FocusKind] = {
    Kind.GRUNT: Orb.SILVER,
    Kind.FIGHTER: Orb.GOLD,
    Kind.CARRIER: DIAMOND,
    Kind.INTERCEPTOR: Orb.BRONZE,
    Kind.PYLON: PLATINUM,
}


# Random generator (rng.md)
RNG_SEED = 900
RNG_MULTIPLIER = 16807
RNG_MODULUS = 2147483647
RNG_ZEROED_CALLS = 2
SPAWN_KIND_RANGE = 100

ROW_LETTERS = "ABCDEFGHIJ"

# Board symbols (spec 6.11); enemy symbols are the values of `Kind`.
STARFIGHTER_SYMBOL = "S"
DESTROYED_SYMBOL = "X"
FRIENDLY_SYMBOL = "*"
ENEMY_PROJECTILE_SYMBOL = "<"

# Fixed texts (messages.txt, errors.txt)
WELCOME = "Welcome to Space Defender Version 2."
IN_DEBUG = "In debug mode."
NOT_IN_DEBUG = "Not in debug mode."
EXITED_SETUP = "Exited from setup mode."
EXITED_GAME = "Exited from game."
GAME_OVER = "The game is over. Better luck next time!"
RNG_ON = "RNG output on."
RNG_OFF = "RNG output off."


class Error(Enum):
    """Every error text of errors.txt."""

    ALREADY_IN_SETUP = "Already in setup mode."
    ALREADY_IN_GAME = "Already in a game. Please abort to start a new one."
    THRESHOLDS = "Threshold values are not non-decreasing."
    SETUP_ONLY = "Command can only be used in setup mode."
    SELECT_ONLY = "Command can only be used in setup mode (excluding summary in setup)."
    OUT_OF_RANGE = "Menu option selected out of range."
    ABORT_ONLY = "Command can only be used in setup mode or in game."
    GAME_ONLY = "Command can only be used in game."
    OUTSIDE_BOARD = "Cannot move outside of board."
    ALREADY_THERE = "Already there."
    MOVE_RANGE = "Out of movement range."
    MOVE_RESOURCES = "Not enough resources to move."
    FIRE_RESOURCES = "Not enough resources to fire."
    SPECIAL_RESOURCES = "Not enough resources to use special."
