"""What the game reports and asks, as plain data: the rules emit these, the view renders them."""

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from games.basic.single import Single
from games.super_star_trek import tables


class Notice(Enum):
    """A report without values; its value is its text (a line, or a tuple of lines)."""

    BLANK = ""
    COMBAT_AREA = tables.COMBAT_AREA
    SHIELDS_LOW = tables.SHIELDS_LOW
    STRANDED = tables.STRANDED
    COMMAND_HELP = tables.COMMAND_HELP
    BAD_COURSE = tables.BAD_COURSE
    ENGINES_DAMAGED = tables.ENGINES_DAMAGED
    SHIELDS_SUPPLY_MANEUVER = tables.SHIELDS_SUPPLY_MANEUVER
    LRS_INOPERABLE = tables.LRS_INOPERABLE
    PHASERS_INOPERATIVE = tables.PHASERS_INOPERATIVE
    NO_ENEMY_SHIPS = tables.NO_ENEMY_SHIPS
    COMPUTER_HAMPERS = tables.COMPUTER_HAMPERS
    KLINGON_DESTROYED = tables.KLINGON_DESTROYED
    TORPEDOES_EXPENDED = tables.TORPEDOES_EXPENDED
    TUBES_NOT_OPERATIONAL = tables.TUBES_NOT_OPERATIONAL
    BAD_TORPEDO_COURSE = tables.BAD_TORPEDO_COURSE
    TORPEDO_TRACK = tables.TORPEDO_TRACK
    STARBASE_DESTROYED = tables.STARBASE_DESTROYED
    RELIEVED_OF_COMMAND = tables.RELIEVED_OF_COMMAND
    COURT_MARTIAL = tables.COURT_MARTIAL
    TORPEDO_MISSED = tables.TORPEDO_MISSED
    SHIELD_CONTROL_INOPERABLE = tables.SHIELD_CONTROL_INOPERABLE
    SHIELDS_UNCHANGED = tables.SHIELDS_UNCHANGED
    NOT_THE_TREASURY = tables.NOT_THE_TREASURY
    DAMAGE_REPORT_UNAVAILABLE = tables.DAMAGE_REPORT_UNAVAILABLE
    STARBASE_PROTECTS = tables.STARBASE_PROTECTS
    ENTERPRISE_DESTROYED = tables.ENTERPRISE_DESTROYED
    NEW_COMMANDER = tables.NEW_COMMANDER
    SHIELDS_DROPPED = tables.SHIELDS_DROPPED
    SRS_OUT = tables.SRS_OUT
    COMPUTER_DISABLED = tables.COMPUTER_DISABLED
    COMPUTER_FUNCTIONS = tables.COMPUTER_FUNCTIONS
    NO_STARBASES_HERE = tables.NO_STARBASES_HERE
    TO_STARBASE = tables.TO_STARBASE


class Prompt(Enum):
    """A question; its value is the text before the interpreter's `? `."""

    BARE = ""  # INPUT without a text of its own, after a PRINT ending in ;
    COMMAND = tables.COMMAND_PROMPT
    COURSE = tables.COURSE_PROMPT
    PHASER_UNITS = tables.PHASER_PROMPT
    TORPEDO_COURSE = tables.TORPEDO_PROMPT
    SHIELD_UNITS = tables.SHIELD_PROMPT
    REPAIR = tables.REPAIR_PROMPT
    VOLUNTEER = tables.VOLUNTEER_PROMPT
    COMPUTER = tables.COMPUTER_PROMPT
    HARDCOPY = tables.HARDCOPY_PROMPT
    INITIAL_COORDINATES = tables.INITIAL_COORDINATES_PROMPT
    FINAL_COORDINATES = tables.FINAL_COORDINATES_PROMPT


@dataclass(slots=True)
class Title:
    """Lines 220-227: the Enterprise drawn between blank lines."""


@dataclass(slots=True)
class Orders:
    """Lines 1230-1280: the mission's orders."""

    klingons: int
    final_stardate: int
    days: int
    starbases: int


@dataclass(slots=True)
class EnteringQuadrant:
    """Lines 1430-1580: the name of the quadrant entered, and the combat warning."""

    name: str
    first: bool
    klingons: bool
    shields_low: bool


@dataclass(slots=True)
class ShortRangeScan:
    """Lines 6770-7260: the sectors of the quadrant beside the ship's status."""

    symbols: tuple[str, ...]
    stardate: Single
    condition: str
    quadrant: tuple[int, int]
    sector: tuple[int, int]
    torpedoes: int
    energy: Single
    shields: Single
    klingons: int


@dataclass(slots=True)
class WarpQuestion:
    """Line 2360: the warp factor question, printed before a bare INPUT (so a retry after
    ?Redo from start shows only `? `)."""

    engines_damaged: bool


@dataclass(slots=True)
class EnginesWontTake:
    """Line 2420: a warp factor out of range."""

    warp: Single


@dataclass(slots=True)
class InsufficientEnergy:
    """Lines 2500-2510: not enough energy for the warp factor asked."""

    warp: Single


@dataclass(slots=True)
class ShieldsHoldEnergy:
    """Lines 2550-2560: the energy that the shields could give back."""

    shields: Single


@dataclass(slots=True)
class RepairCompleted:
    """Lines 2810-2845: a device repaired on the way; the first one heads the report."""

    device: int
    first: bool


@dataclass(slots=True)
class DeviceDamaged:
    """Lines 2930-2960: the random damage event struck a device."""

    device: int


@dataclass(slots=True)
class DeviceImproved:
    """Lines 3000-3030: the random event improved a device."""

    device: int


@dataclass(slots=True)
class BadNavigation:
    """Lines 3320-3350: the ship stopped before an obstacle."""

    row: Single
    col: Single


@dataclass(slots=True)
class PerimeterDenied:
    """Lines 3800-3840: the ship stopped at the edge of the galaxy."""

    sector: tuple[int, int]
    quadrant: tuple[int, int]


@dataclass(slots=True)
class LongRangeScan:
    """Lines 4030-4230: the quadrants around the ship, None outside the galaxy."""

    quadrant: tuple[int, int]
    rows: tuple[tuple[int | None, ...], ...]


@dataclass(slots=True)
class PhaserEnergy:
    """Lines 4350-4360: the energy that can be fired, headed by the lock when first shown."""

    energy: Single
    locked: bool


@dataclass(slots=True)
class NoDamageToEnemy:
    """Line 4500: a phaser hit too weak to count."""

    row: int
    col: int


@dataclass(slots=True)
class HitOnKlingon:
    """Lines 4530-4550: a phaser hit on a Klingon."""

    hit: Single
    row: int
    col: int


@dataclass(slots=True)
class KlingonEnergyLeft:
    """Line 4560: what a Klingon has left after a hit."""

    energy: Single


@dataclass(slots=True)
class TorpedoPosition:
    """Line 5000: a sector on the torpedo's track."""

    row: int
    col: int


@dataclass(slots=True)
class StarAbsorbed:
    """Line 5260: a star stopped the torpedo."""

    row: int
    col: int


@dataclass(slots=True)
class ShieldEnergyAvailable:
    """Line 5560: the energy that the shields may take (the question follows on the line)."""

    energy: Single


@dataclass(slots=True)
class ShieldsSet:
    """Lines 5630-5660: the new shield level."""

    shields: Single


@dataclass(slots=True)
class RepairOffer:
    """Lines 5780-5820: the starbase's technicians offer to repair everything."""

    time: Single


@dataclass(slots=True)
class DeviceReport:
    """Lines 5910-5950: the state of repair of every device."""

    damage: tuple[Single, ...]


@dataclass(slots=True)
class HitOnEnterprise:
    """Line 6080: a Klingon's hit."""

    hit: Single
    row: int
    col: int


@dataclass(slots=True)
class ShieldsDownTo:
    """Line 6100: the shields left after a hit."""

    shields: Single


@dataclass(slots=True)
class DamagedByHit:
    """Line 6170: a device damaged by a Klingon's hit."""

    device: int


@dataclass(slots=True)
class ItIsStardate:
    """Line 6220: the stardate at the end."""

    stardate: Single


@dataclass(slots=True)
class KlingonsLeftAtEnd:
    """Lines 6270-6280: the Klingons left when the mission ends."""

    klingons: int


@dataclass(slots=True)
class Victory:
    """Lines 6370-6400: the last Klingon destroyed, and the rating (with the interpreter's
    warnings its computation printed)."""

    rating: Single
    warnings: tuple[str, ...]


@dataclass(slots=True)
class EndSpacing:
    """Line 6290: the two blank lines after every ending."""


@dataclass(slots=True)
class GalaxyRecord:
    """Lines 7543-7850: what the computer knows of every quadrant (0 = unknown)."""

    quadrant: tuple[int, int]
    record: tuple[tuple[int, ...], ...]


@dataclass(slots=True)
class RegionMap:
    """Lines 7400-7850 with H8=0: the names of the regions of the galaxy."""


@dataclass(slots=True)
class StatusReport:
    """Lines 7900-8020: Klingons, time and starbases left."""

    klingons: int
    time_left: Single
    starbases: int


@dataclass(slots=True)
class ToKlingons:
    """Line 8090: the header of the torpedo data."""

    plural: bool


@dataclass(slots=True)
class CalculatorPosition:
    """Lines 8150-8170: the calculator's header with the ship's position."""

    quadrant: tuple[int, int]
    sector: tuple[int, int]


@dataclass(slots=True)
class Bearing:
    """Lines 8220-8460: direction and distance, each after the warnings its computation
    printed (`before` are those of the differences, printed before the direction)."""

    before: tuple[str, ...]
    direction_warnings: tuple[str, ...]
    direction: Single
    distance_warnings: tuple[str, ...]
    distance: Single


Event = (
    Notice
    | Title
    | Orders
    | EnteringQuadrant
    | ShortRangeScan
    | WarpQuestion
    | EnginesWontTake
    | InsufficientEnergy
    | ShieldsHoldEnergy
    | RepairCompleted
    | DeviceDamaged
    | DeviceImproved
    | BadNavigation
    | PerimeterDenied
    | LongRangeScan
    | PhaserEnergy
    | NoDamageToEnemy
    | HitOnKlingon
    | KlingonEnergyLeft
    | TorpedoPosition
    | StarAbsorbed
    | ShieldEnergyAvailable
    | ShieldsSet
    | RepairOffer
    | DeviceReport
    | HitOnEnterprise
    | ShieldsDownTo
    | DamagedByHit
    | ItIsStardate
    | KlingonsLeftAtEnd
    | Victory
    | EndSpacing
    | GalaxyRecord
    | RegionMap
    | StatusReport
    | ToKlingons
    | CalculatorPosition
    | Bearing
)


class Bridge(Protocol):
    """Where the rules report to and ask the captain: the console, as seen by the rules."""

    def report(self, event: Event) -> None:
        """Show an event."""

    def ask_text(self, prompt: Prompt) -> str:
        """Ask for a line of text (BASIC `INPUT A$`)."""

    def ask_number(self, prompt: Prompt) -> Single:
        """Ask for a number (BASIC `INPUT X`)."""

    def ask_pair(self, prompt: Prompt) -> tuple[Single, Single]:
        """Ask for two numbers on one line (BASIC `INPUT X,Y`)."""
