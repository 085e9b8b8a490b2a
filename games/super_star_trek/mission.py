"""The mission: the whole game state, its setup (lines 370-1300) and entering a quadrant."""

from dataclasses import dataclass, field

from games.basic.functions import INT
from games.basic.rnd import Rnd
from games.basic.single import Single, sng
from games.super_star_trek import tables
from games.super_star_trek.chance import draw, one_to_eight
from games.super_star_trek.enterprise import Enterprise
from games.super_star_trek.events import Bridge, EnteringQuadrant, Orders
from games.super_star_trek.galaxy import Galaxy, decode, populate, quadrant_name
from games.super_star_trek.klingons import empty_slots, place_klingons
from games.super_star_trek.quadrant import Quadrant
from games.super_star_trek.sectors import SectorMap, Thing
from games.super_star_trek.starbases import place_starbase
from games.super_star_trek.stars import place_stars

_REPAIR_SPREAD = sng(tables.NEW_QUADRANT_REPAIR_SPREAD)


@dataclass(slots=True)
class Mission:
    """Everything a game knows: T (stardate), T0 (start), T9 (days), K7 (Klingons at start)."""

    rnd: Rnd
    galaxy: Galaxy
    ship: Enterprise
    stardate: Single
    start: int
    days: int
    initial_klingons: int
    here: Quadrant = field(default_factory=Quadrant)

    @property
    def deadline(self) -> int:
        """T0+T9: the stardate by which the Klingons must be gone."""
        return self.start + self.days


def new_mission(rnd: Rnd, bridge: Bridge) -> Mission:
    """Lines 370-1300: stardates, the ship's position, the galaxy, and the orders."""
    start = int(INT(draw(rnd) * tables.STARDATE_SPAN + tables.STARDATE_BASE)) * tables.STARDATE_UNIT
    days = tables.MISSION_BASE + int(INT(draw(rnd) * tables.MISSION_SPAN))
    quadrant = (one_to_eight(rnd), one_to_eight(rnd))
    ship = Enterprise(quadrant, (one_to_eight(rnd), one_to_eight(rnd)))
    galaxy = populate(rnd)
    if galaxy.klingons > days:
        days = galaxy.klingons + 1
    if galaxy.starbases == 0:
        _add_a_starbase(galaxy, ship, rnd)
    mission = Mission(rnd, galaxy, ship, Single(start), start, days, galaxy.klingons)
    bridge.report(Orders(galaxy.klingons, mission.deadline, days, galaxy.starbases))
    draw(rnd)  # line 1300: the 'HIT ANY KEY' poll draws a number and reads no input
    return mission


def _add_a_starbase(galaxy: Galaxy, ship: Enterprise, rnd: Rnd) -> None:
    """Lines 1150-1160: no starbase at all puts one (and a Klingon, if fewer than two) in the
    ship's quadrant, then moves the ship to a random quadrant."""
    if galaxy.at(ship.quadrant) < 2 * tables.KLINGON_DIGIT:
        galaxy.set(ship.quadrant, galaxy.at(ship.quadrant) + tables.KLINGON_DIGIT)
        galaxy.klingons += 1
    galaxy.starbases = 1
    galaxy.set(ship.quadrant, galaxy.at(ship.quadrant) + tables.STARBASE_DIGIT)
    ship.quadrant = (one_to_eight(rnd), one_to_eight(rnd))


def enter_quadrant(mission: Mission, bridge: Bridge) -> None:
    """Lines 1320-1910: draw D4, record and name the quadrant, then place the ship, the
    Klingons, the starbase and the stars."""
    ship, galaxy = mission.ship, mission.galaxy
    repair_spread = _REPAIR_SPREAD * draw(mission.rnd)
    galaxy.remember(ship.quadrant)
    klingons, starbases, stars = decode(galaxy.at(ship.quadrant))
    bridge.report(
        EnteringQuadrant(
            quadrant_name(ship.quadrant),
            mission.stardate == mission.start,
            klingons > 0,
            not ship.shields > tables.LOW_SHIELDS_AT_MOST,
        )
    )
    here = Quadrant(SectorMap(), empty_slots(), klingons, starbases, stars)
    here.repair_spread = repair_spread
    here.sectors.put(ship.sector, Thing.ENTERPRISE)
    place_klingons(here.klingons, klingons, here.sectors, mission.rnd)
    if starbases >= 1:
        here.starbase = place_starbase(here.sectors, mission.rnd)
    place_stars(here.sectors, stars, mission.rnd)
    mission.here = here
