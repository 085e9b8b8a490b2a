"""NAV, warp engine control (lines 2300-3980): course and warp, the Klingons' turn, repairs
and random damage on the way, the move itself, crossing into another quadrant, and time."""

from games.basic.functions import INT
from games.basic.single import Single, sng
from games.super_star_trek import tables
from games.super_star_trek.course import course_vector, normal_course, valid_course
from games.super_star_trek.enterprise import (
    random_damage_event,
    repair_on_the_way,
    spend_maneuver_energy,
)
from games.super_star_trek.events import (
    BadNavigation,
    Bridge,
    EnginesWontTake,
    InsufficientEnergy,
    Notice,
    PerimeterDenied,
    Prompt,
    ShieldsHoldEnergy,
    WarpQuestion,
)
from games.super_star_trek.klingons import klingons_fire, move_klingons
from games.super_star_trek.mission import Mission
from games.super_star_trek.sectors import Thing
from games.super_star_trek.steps import Ending, MissionOver, Step

_DAMAGED_MAX_WARP = sng(tables.DAMAGED_MAX_WARP)
_HALF = sng(".5")
_SIZE = tables.GALAXY_SIZE
_TENTH = sng(".1")


def navigate(mission: Mission, bridge: Bridge) -> Step:
    """Lines 2300-2570 check the orders; then the Klingons act, the ship is repaired and moves."""
    course = normal_course(bridge.ask_number(Prompt.COURSE))
    if not valid_course(course):
        bridge.report(Notice.BAD_COURSE)
        return Step.PROMPT
    ship = mission.ship
    engines_damaged = ship.damaged(tables.WARP_ENGINES)
    bridge.report(WarpQuestion(engines_damaged))
    warp = bridge.ask_number(Prompt.BARE)
    if engines_damaged and warp > _DAMAGED_MAX_WARP:
        bridge.report(Notice.ENGINES_DAMAGED)
        return Step.PROMPT
    if not (warp > 0 and warp <= tables.MAX_WARP):
        if warp != 0:
            bridge.report(EnginesWontTake(warp))
        return Step.PROMPT
    sectors = int(INT(warp * tables.ENERGY_PER_WARP + _HALF))
    if ship.energy - sectors < 0:
        bridge.report(InsufficientEnergy(warp))
        if not (ship.shields < sectors - ship.energy or ship.damaged(tables.SHIELD_CONTROL)):
            bridge.report(ShieldsHoldEnergy(ship.shields))
        return Step.PROMPT
    here = mission.here
    move_klingons(here.klingons, here.klingon_count, here.sectors, mission.rnd)
    if not klingons_fire(here.klingons, here.klingon_count, ship, mission.rnd, bridge):
        raise MissionOver(Ending.DESTROYED)
    repair_on_the_way(ship, warp, bridge)
    random_damage_event(ship, mission.rnd, bridge)
    return _move(mission, course, warp, sectors, bridge)


def _move(mission: Mission, course: Single, warp: Single, sectors: int, bridge: Bridge) -> Step:
    """Lines 3070-3480: step sector by sector; stop before anything in the way, or cross out."""
    ship, here = mission.ship, mission.here
    here.sectors.put(ship.sector, Thing.EMPTY)
    row_step, col_step = course_vector(course)
    row, col = Single(ship.sector[0]), Single(ship.sector[1])
    for _ in range(sectors):
        row = row + row_step
        col = col + col_step
        if row < 1 or row >= _SIZE + 1 or col < 1 or col >= _SIZE + 1:
            return _cross_quadrant(mission, row_step, col_step, sectors, warp, bridge)
        if here.sectors.at((int(INT(row)), int(INT(col)))) is not Thing.EMPTY:
            row = INT(row - row_step)
            col = INT(col - col_step)
            bridge.report(BadNavigation(row, col))
            break
    ship.sector = (int(INT(row)), int(INT(col)))
    return _arrive(mission, warp, sectors, bridge)


def _arrive(mission: Mission, warp: Single, sectors: int, bridge: Bridge) -> Step:
    """Lines 3370-3480: the ship stops in its quadrant; energy spent, time passes (a whole
    stardate, or tenths of one below warp 1)."""
    ship = mission.ship
    mission.here.sectors.put(ship.sector, Thing.ENTERPRISE)
    _spend_energy(mission, sectors, bridge)
    elapsed = _TENTH * INT(10 * warp) if warp < 1 else Single(1)
    mission.stardate = mission.stardate + elapsed
    if mission.stardate > mission.deadline:
        raise MissionOver(Ending.STARDATE)
    return Step.SCAN


def _spend_energy(mission: Mission, sectors: int, bridge: Bridge) -> None:
    """Line 3910: the move's energy, the shields covering what the engines lack."""
    if spend_maneuver_energy(mission.ship, sectors):
        bridge.report(Notice.SHIELDS_SUPPLY_MANEUVER)


def _cross_quadrant(
    mission: Mission,
    row_step: Single,
    col_step: Single,
    sectors: int,
    warp: Single,
    bridge: Bridge,
) -> Step:
    """Lines 3500-3870: the whole move is made from the start, as galactic coordinates, and
    stopped at the galaxy's edge."""
    ship = mission.ship
    start_quadrant = ship.quadrant
    row = _SIZE * ship.quadrant[0] + ship.sector[0] + sectors * row_step
    col = _SIZE * ship.quadrant[1] + ship.sector[1] + sectors * col_step
    quadrant_row, quadrant_col = int(INT(row / _SIZE)), int(INT(col / _SIZE))
    sector_row = int(INT(row - quadrant_row * _SIZE))
    sector_col = int(INT(col - quadrant_col * _SIZE))
    if sector_row == 0:
        quadrant_row, sector_row = quadrant_row - 1, _SIZE
    if sector_col == 0:
        quadrant_col, sector_col = quadrant_col - 1, _SIZE
    denied = False
    if quadrant_row < 1:
        denied, quadrant_row, sector_row = True, 1, 1
    if quadrant_row > _SIZE:
        denied, quadrant_row, sector_row = True, _SIZE, _SIZE
    if quadrant_col < 1:
        denied, quadrant_col, sector_col = True, 1, 1
    if quadrant_col > _SIZE:
        denied, quadrant_col, sector_col = True, _SIZE, _SIZE
    ship.quadrant = (quadrant_row, quadrant_col)
    ship.sector = (sector_row, sector_col)
    if denied:
        bridge.report(PerimeterDenied(ship.sector, ship.quadrant))
        if mission.stardate > mission.deadline:
            raise MissionOver(Ending.STARDATE)
    if ship.quadrant == start_quadrant:
        return _arrive(mission, warp, sectors, bridge)
    mission.stardate = mission.stardate + 1
    _spend_energy(mission, sectors, bridge)
    return Step.NEW_QUADRANT
