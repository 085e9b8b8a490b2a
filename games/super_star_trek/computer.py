"""COM, the library computer (lines 7290-8520): galactic record, status, torpedo and starbase
data, the direction/distance calculator and the map of region names."""

from games.basic.errors import ILLEGAL_FUNCTION_CALL, BasicError, at_line, soft_errors_to
from games.basic.functions import ABS, INT, SQR, cint
from games.basic.single import Single, sng
from games.super_star_trek import tables
from games.super_star_trek.damage_control import damage_control
from games.super_star_trek.events import (
    Bearing,
    Bridge,
    CalculatorPosition,
    GalaxyRecord,
    Notice,
    Prompt,
    RegionMap,
    StatusReport,
    ToKlingons,
)
from games.super_star_trek.mission import Mission
from games.super_star_trek.sectors import Sector
from games.super_star_trek.steps import Step

_TENTH = sng(".1")
_OPTIONS = 6
_ON_LINE = 7350


def library_computer(mission: Mission, bridge: Bridge) -> Step:
    """Lines 7290-7380: ask an option until one is valid (a negative one leaves)."""
    if mission.ship.damaged(tables.LIBRARY_COMPUTER):
        bridge.report(Notice.COMPUTER_DISABLED)
        return Step.PROMPT
    while True:
        choice = bridge.ask_number(Prompt.COMPUTER)
        if choice < 0:
            return Step.PROMPT
        bridge.report(Notice.BLANK)
        option = on_goto_target(choice + 1, _OPTIONS)
        if option == 0:
            bridge.report(Notice.COMPUTER_FUNCTIONS)
            continue
        return _FUNCTIONS[option - 1](mission, bridge)


def galactic_record(mission: Mission, bridge: Bridge) -> Step:
    """Option 0 (lines 7540-7850): the hardcopy question (its answer unused), then the record."""
    bridge.ask_text(Prompt.HARDCOPY)
    record = tuple(tuple(row) for row in mission.galaxy.record)
    bridge.report(GalaxyRecord(mission.ship.quadrant, record))
    return Step.PROMPT


def status_report(mission: Mission, bridge: Bridge) -> Step:
    """Option 1 (lines 7900-8020): Klingons, time and starbases left, then damage control."""
    time_left = _TENTH * INT((mission.deadline - mission.stardate) * 10)
    bridge.report(StatusReport(mission.galaxy.klingons, time_left, mission.galaxy.starbases))
    return damage_control(mission, bridge)


def torpedo_data(mission: Mission, bridge: Bridge) -> Step:
    """Option 2 (lines 8070-8120): direction and distance to every Klingon of the quadrant."""
    here = mission.here
    if here.klingon_count <= 0:
        bridge.report(Notice.NO_ENEMY_SHIPS)
        return Step.PROMPT
    bridge.report(ToKlingons(here.klingon_count > 1))
    for klingon in here.klingons:
        if klingon.alive:
            bridge.report(bearing(_point(mission.ship.sector), _point(klingon.sector)))
    return Step.PROMPT


def starbase_data(mission: Mission, bridge: Bridge) -> Step:
    """Option 3 (lines 8500-8520): direction and distance to the quadrant's starbase."""
    if mission.here.starbase_count == 0:
        bridge.report(Notice.NO_STARBASES_HERE)
        return Step.PROMPT
    bridge.report(Notice.TO_STARBASE)
    bridge.report(bearing(_point(mission.ship.sector), _point(mission.here.starbase)))
    return Step.PROMPT


def calculator(mission: Mission, bridge: Bridge) -> Step:
    """Option 4 (lines 8150-8200): direction and distance between two points typed in."""
    bridge.report(CalculatorPosition(mission.ship.quadrant, mission.ship.sector))
    start = bridge.ask_pair(Prompt.INITIAL_COORDINATES)
    end = bridge.ask_pair(Prompt.FINAL_COORDINATES)
    bridge.report(bearing(start, end))
    return Step.PROMPT


def region_map(mission: Mission, bridge: Bridge) -> Step:
    """Option 5 (lines 7400-7850): the names of the galaxy's regions."""
    bridge.report(RegionMap())
    return Step.PROMPT


def on_goto_target(value: Single, targets: int) -> int:
    """Line 7350, ON A+1 GOTO: the target (1 up), 0 past the last one (the statement falls
    through); rounding beyond -32768..32767 is Overflow, beyond 0..255 Illegal function call."""
    with at_line(_ON_LINE):
        number = cint(value)
        if not 0 <= number <= 255:
            raise BasicError(ILLEGAL_FUNCTION_CALL)
    return number if number <= targets else 0


_FUNCTIONS = (galactic_record, status_report, torpedo_data, starbase_data, calculator, region_map)


def _point(sector: Sector) -> tuple[Single, Single]:
    """A sector as the calculator's coordinates."""
    return Single(sector[0]), Single(sector[1])


def bearing(start: tuple[Single, Single], end: tuple[Single, Single]) -> Bearing:
    """Lines 8220-8460: the course (1-9) and distance from one point (row, column) to another,
    with the interpreter's warnings (division by zero, overflow) where they were printed."""
    before: list[str] = []
    with soft_errors_to(before.append):
        across = end[1] - start[1]
        up = start[0] - end[0]
    direction_warnings: list[str] = []
    with soft_errors_to(direction_warnings.append):
        direction = _direction(up, across)
    distance_warnings: list[str] = []
    with soft_errors_to(distance_warnings.append):
        distance = SQR(across**2 + up**2)
    return Bearing(
        tuple(before), tuple(direction_warnings), direction, tuple(distance_warnings), distance
    )


def _direction(up: Single, across: Single) -> Single:
    """Lines 8220-8450: the base course of the octant, plus the fraction toward the next."""
    if across < 0:
        if up > 0:
            return _steep(Single(3), up, across)
        return _flat(Single(5), up, across)
    if up < 0:
        return _steep(Single(7), up, across)
    if across > 0 or up != 0:
        return _flat(Single(1), up, across)
    return _flat(Single(5), up, across)


def _flat(base: Single, up: Single, across: Single) -> Single:
    """Lines 8290-8330."""
    if ABS(up) <= ABS(across):
        return base + (ABS(up) / ABS(across))
    return base + (((ABS(up) - ABS(across)) + ABS(up)) / ABS(up))


def _steep(base: Single, up: Single, across: Single) -> Single:
    """Lines 8420-8450."""
    if ABS(up) >= ABS(across):
        return base + (ABS(across) / ABS(up))
    return base + (((ABS(across) - ABS(up)) + ABS(across)) / ABS(across))
