"""PHA, phaser control (lines 4260-4670): energy split among the Klingons, weakened by
distance; hits too small for a Klingon's energy do nothing."""

from games.basic.functions import INT
from games.basic.single import Single, sng
from games.super_star_trek import tables
from games.super_star_trek.chance import draw
from games.super_star_trek.events import (
    Bridge,
    HitOnKlingon,
    KlingonEnergyLeft,
    NoDamageToEnemy,
    Notice,
    PhaserEnergy,
    Prompt,
)
from games.super_star_trek.klingons import Klingon, distance, klingons_fire
from games.super_star_trek.mission import Mission
from games.super_star_trek.sectors import Thing
from games.super_star_trek.steps import Ending, MissionOver, Step

_MINIMUM_HIT = sng(tables.PHASER_MINIMUM_HIT)


def fire_phasers(mission: Mission, bridge: Bridge) -> Step:
    """Lines 4260-4410: check the phasers and targets, ask for the energy to fire, fire."""
    ship, here = mission.ship, mission.here
    if ship.damaged(tables.PHASER_CONTROL):
        bridge.report(Notice.PHASERS_INOPERATIVE)
        return Step.PROMPT
    if not here.klingon_count > 0:
        bridge.report(Notice.NO_ENEMY_SHIPS)
        return Step.PROMPT
    if ship.damaged(tables.LIBRARY_COMPUTER):
        bridge.report(Notice.COMPUTER_HAMPERS)
    locked = True
    while True:
        bridge.report(PhaserEnergy(ship.energy, locked))
        units = bridge.ask_number(Prompt.PHASER_UNITS)
        if units <= 0:
            return Step.PROMPT
        if not ship.energy - units < 0:
            break
        locked = False
    ship.energy = ship.energy - units
    if ship.damaged(tables.SHIELD_CONTROL):  # line 4410 tests D(7), not the computer
        units = units * draw(mission.rnd)
    share = INT(units / here.klingon_count)
    for klingon in here.klingons:
        if klingon.alive:
            _hit(mission, klingon, share, bridge)
    if not klingons_fire(here.klingons, here.klingon_count, ship, mission.rnd, bridge):
        raise MissionOver(Ending.DESTROYED)
    return Step.PROMPT


def _hit(mission: Mission, klingon: Klingon, share: Single, bridge: Bridge) -> None:
    """Lines 4480-4650: the share weakened by distance, times 2 to 3; a kill clears the slot."""
    hit = INT(
        (share / distance(klingon, mission.ship.sector))
        * (draw(mission.rnd) + tables.PHASER_SPREAD)
    )
    row, col = klingon.sector
    if not hit > _MINIMUM_HIT * klingon.energy:
        bridge.report(NoDamageToEnemy(row, col))
        return
    klingon.energy = klingon.energy - hit
    bridge.report(HitOnKlingon(hit, row, col))
    if klingon.energy > 0:
        bridge.report(KlingonEnergyLeft(klingon.energy))
        return
    bridge.report(Notice.KLINGON_DESTROYED)
    here, galaxy = mission.here, mission.galaxy
    here.klingon_count -= 1
    galaxy.klingons -= 1
    here.sectors.put(klingon.sector, Thing.EMPTY)
    klingon.energy = Single(0)
    galaxy.set(mission.ship.quadrant, galaxy.at(mission.ship.quadrant) - tables.KLINGON_DIGIT)
    galaxy.remember(mission.ship.quadrant)
    if galaxy.klingons <= 0:
        raise MissionOver(Ending.VICTORY)
