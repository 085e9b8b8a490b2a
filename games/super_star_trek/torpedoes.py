"""TOR, photon torpedoes (lines 4700-5490): a torpedo flies its course sector by sector until
it leaves the quadrant or meets something."""

from games.basic.functions import INT
from games.basic.single import Single, sng
from games.super_star_trek import tables
from games.super_star_trek.course import course_vector, normal_course, valid_course
from games.super_star_trek.events import Bridge, Notice, Prompt, StarAbsorbed, TorpedoPosition
from games.super_star_trek.klingons import SLOTS, Klingon, klingons_fire
from games.super_star_trek.mission import Mission
from games.super_star_trek.sectors import Sector, Thing
from games.super_star_trek.starbases import relieved_of_command
from games.super_star_trek.steps import Ending, MissionOver, Step

_HALF = sng(".5")
_SIZE = tables.GALAXY_SIZE


def fire_torpedo(mission: Mission, bridge: Bridge) -> Step:
    """Lines 4700-4800: check the tubes, ask a course, fire (again if the track ends on the
    ship itself, as line 5280 does)."""
    ship = mission.ship
    if ship.torpedoes <= 0:
        bridge.report(Notice.TORPEDOES_EXPENDED)
        return Step.PROMPT
    if ship.damaged(tables.PHOTON_TUBES):
        bridge.report(Notice.TUBES_NOT_OPERATIONAL)
        return Step.PROMPT
    while True:
        course = normal_course(bridge.ask_number(Prompt.TORPEDO_COURSE))
        if not valid_course(course):
            bridge.report(Notice.BAD_TORPEDO_COURSE)
            return Step.PROMPT
        thing, sector = _track(mission, course, bridge)
        if thing is not Thing.ENTERPRISE:
            break
    if thing is not Thing.EMPTY:
        _strike(mission, thing, sector, bridge)
    if not klingons_fire(
        mission.here.klingons, mission.here.klingon_count, ship, mission.rnd, bridge
    ):
        raise MissionOver(Ending.DESTROYED)
    return Step.PROMPT


def _track(mission: Mission, course: Single, bridge: Bridge) -> tuple[Thing, Sector]:
    """Lines 4850-5280: what the torpedo met and where: EMPTY when it left the quadrant,
    ENTERPRISE when the track came back onto the ship (then the course is asked again)."""
    ship, sectors = mission.ship, mission.here.sectors
    row_step, col_step = course_vector(course)
    ship.energy = ship.energy - tables.TORPEDO_ENERGY
    ship.torpedoes -= 1
    row, col = Single(ship.sector[0]), Single(ship.sector[1])
    bridge.report(Notice.TORPEDO_TRACK)
    while True:
        row = row + row_step
        col = col + col_step
        sector = (int(INT(row + _HALF)), int(INT(col + _HALF)))
        if not (1 <= sector[0] <= _SIZE and 1 <= sector[1] <= _SIZE):
            bridge.report(Notice.TORPEDO_MISSED)
            return Thing.EMPTY, sector
        bridge.report(TorpedoPosition(*sector))
        thing = sectors.at(sector)
        if thing is not Thing.EMPTY:
            return thing, sector


def _strike(mission: Mission, thing: Thing, sector: Sector, bridge: Bridge) -> None:
    """Lines 5060-5470: a Klingon or a starbase destroyed, or a star absorbing the torpedo."""
    here, galaxy = mission.here, mission.galaxy
    if thing is Thing.STAR:
        bridge.report(StarAbsorbed(*sector))
        return
    if thing is Thing.KLINGON:
        bridge.report(Notice.KLINGON_DESTROYED)
        here.klingon_count -= 1
        galaxy.klingons -= 1
        if galaxy.klingons <= 0:
            raise MissionOver(Ending.VICTORY)
        _first_slot_at(mission, sector).energy = Single(0)
    else:
        bridge.report(Notice.STARBASE_DESTROYED)
        here.starbase_count -= 1
        galaxy.starbases -= 1
        overdue = mission.stardate - mission.start - mission.days
        if relieved_of_command(galaxy.starbases, galaxy.klingons, overdue):
            bridge.report(Notice.RELIEVED_OF_COMMAND)
            raise MissionOver(Ending.RESIGNED)
        bridge.report(Notice.COURT_MARTIAL)
        mission.ship.docked = False
    here.sectors.put(sector, Thing.EMPTY)
    value = (
        here.klingon_count * tables.KLINGON_DIGIT
        + here.starbase_count * tables.STARBASE_DIGIT
        + here.star_count
    )
    galaxy.set(mission.ship.quadrant, value)
    galaxy.remember(mission.ship.quadrant)


def _first_slot_at(mission: Mission, sector: Sector) -> Klingon:
    """Lines 5150-5180: the first slot whose sector matches (a destroyed Klingon's slot keeps
    its sector, so it may be that one); none matching means slot 3."""
    slots = mission.here.klingons
    for klingon in slots:
        if klingon.sector == sector:
            return klingon
    return slots[SLOTS - 1]
