"""The Enterprise: where it is, its energy, shields, torpedoes and the state of its devices."""

from dataclasses import dataclass, field

from games.basic.rnd import Rnd
from games.basic.single import Single, sng
from games.super_star_trek import tables
from games.super_star_trek.chance import draw, one_to_eight
from games.super_star_trek.events import Bridge, DeviceDamaged, DeviceImproved, RepairCompleted
from games.super_star_trek.galaxy import Quadrant
from games.super_star_trek.sectors import Sector

_DAMAGE_CHANCE = sng(tables.DAMAGE_CHANCE)
_NOT_IMPROVE = sng(tables.DAMAGE_NOT_IMPROVE)
_SMALLEST_DAMAGE = sng(tables.SMALLEST_DAMAGE)


@dataclass(slots=True)
class Enterprise:
    """Q1,Q2 and S1,S2, E, S, P, D(1..8) (below 0: damaged) and D0 (docked)."""

    quadrant: Quadrant
    sector: Sector
    energy: Single = field(default_factory=lambda: Single(tables.INITIAL_ENERGY))
    shields: Single = field(default_factory=lambda: Single(0))
    torpedoes: int = tables.INITIAL_TORPEDOES
    damage: list[Single] = field(
        default_factory=lambda: [Single(0) for _ in range(tables.DEVICE_COUNT)]
    )
    docked: bool = False

    def damaged(self, device: int) -> bool:
        """Whether a device (1-8) is out of order."""
        return self.damage[device - 1] < 0


def stranded(ship: Enterprise) -> bool:
    """Line 1990: too little energy to move, and no shield control to bring the shields' in."""
    if ship.shields + ship.energy > tables.LOW_ENERGY:
        return not (ship.energy > tables.LOW_ENERGY or ship.damage[tables.SHIELD_CONTROL - 1] == 0)
    return True


def dock(ship: Enterprise) -> None:
    """Lines 6580-6620: a starbase refills energy and torpedoes and takes the shields down."""
    ship.docked = True
    ship.energy = Single(tables.INITIAL_ENERGY)
    ship.torpedoes = tables.INITIAL_TORPEDOES
    ship.shields = Single(0)


def spend_maneuver_energy(ship: Enterprise, sectors: int) -> bool:
    """Lines 3910-3980: a move costs N+10; shields make up a shortfall (True when they did)."""
    ship.energy = ship.energy - sectors - tables.MANEUVER_ENERGY
    if ship.energy >= 0:
        return False
    ship.shields = ship.shields + ship.energy
    ship.energy = Single(0)
    if ship.shields <= 0:
        ship.shields = Single(0)
    return True


def repair_on_the_way(ship: Enterprise, warp: Single, bridge: Bridge) -> None:
    """Lines 2700-2880: a move repairs each damaged device by the warp factor, 1 at most."""
    step = Single(1) if warp >= 1 else warp
    first = True
    for index, damage in enumerate(ship.damage):
        if damage >= 0:
            continue
        damage = damage + step
        ship.damage[index] = damage
        if _SMALLEST_DAMAGE < damage < 0:
            ship.damage[index] = _SMALLEST_DAMAGE
        elif damage >= 0:
            bridge.report(RepairCompleted(index + 1, first))
            first = False


def random_damage_event(ship: Enterprise, rnd: Rnd, bridge: Bridge) -> None:
    """Lines 2880-3030: one move in five, a random device is damaged (3 in 5) or repaired."""
    if draw(rnd) > _DAMAGE_CHANCE:
        return
    device = one_to_eight(rnd)
    if draw(rnd) >= _NOT_IMPROVE:
        ship.damage[device - 1] = ship.damage[device - 1] + draw(rnd) * tables.IMPROVE_SPAN + 1
        bridge.report(DeviceImproved(device))
    else:
        ship.damage[device - 1] = ship.damage[device - 1] - (draw(rnd) * tables.DAMAGE_SPAN + 1)
        bridge.report(DeviceDamaged(device))
