"""Klingon battle cruisers: the three slots K(1..3) of the quadrant, their moves and their fire."""

from dataclasses import dataclass

from games.basic.functions import INT, SQR
from games.basic.rnd import Rnd
from games.basic.single import Single, sng
from games.super_star_trek import tables
from games.super_star_trek.chance import again, draw, one_to_eight
from games.super_star_trek.enterprise import Enterprise
from games.super_star_trek.events import (
    Bridge,
    DamagedByHit,
    HitOnEnterprise,
    Notice,
    ShieldsDownTo,
)
from games.super_star_trek.sectors import Sector, SectorMap, Thing, find_empty_sector

_HALF = sng(".5")
_DAMAGE_CHANCE = sng(tables.HIT_DAMAGE_CHANCE)
_DAMAGE_RATIO = sng(tables.HIT_DAMAGE_RATIO)
_DAMAGE_SPREAD = sng(tables.HIT_DAMAGE_SPREAD)
SLOTS = 3


@dataclass(slots=True)
class Klingon:
    """K(I,1), K(I,2) and K(I,3): a slot's sector and energy; no energy, no Klingon (the
    sector of a destroyed one stays, as in the listing)."""

    sector: Sector = (0, 0)
    energy: Single = Single(0)

    @property
    def alive(self) -> bool:
        """K(I,3) > 0."""
        return self.energy > 0


def empty_slots() -> list[Klingon]:
    """Lines 1590-1600: the three slots cleared on entering a quadrant."""
    return [Klingon() for _ in range(SLOTS)]


def distance(klingon: Klingon, sector: Sector) -> Single:
    """FND (line 470): the distance from a Klingon to a sector."""
    rows = klingon.sector[0] - sector[0]
    cols = klingon.sector[1] - sector[1]
    return SQR(Single(rows * rows + cols * cols))


def place_klingons(slots: list[Klingon], count: int, sectors: SectorMap, rnd: Rnd) -> None:
    """Lines 1720-1780: each Klingon in an empty sector, with 100-300 units of energy."""
    for slot in slots[:count]:
        slot.sector = find_empty_sector(sectors, rnd)
        sectors.put(slot.sector, Thing.KLINGON)
        slot.energy = tables.KLINGON_BASE_ENERGY * (_HALF + draw(rnd))


def move_klingons(slots: list[Klingon], count: int, sectors: SectorMap, rnd: Rnd) -> None:
    """Lines 2590-2700: the first K3 slots (not the living ones) jump to a random empty sector."""
    for slot in slots[:count]:
        if slot.energy == 0:
            continue
        sectors.put(slot.sector, Thing.EMPTY)
        slot.sector = find_empty_sector(sectors, rnd)
        sectors.put(slot.sector, Thing.KLINGON)


def klingons_fire(
    slots: list[Klingon], count: int, ship: Enterprise, rnd: Rnd, bridge: Bridge
) -> bool:
    """Lines 6000-6200: every living Klingon fires; False when the Enterprise is destroyed."""
    if count <= 0:
        return True
    if ship.docked:
        bridge.report(Notice.STARBASE_PROTECTS)
        return True
    for slot in slots:
        if not slot.alive:
            continue
        hit = INT(
            (slot.energy / distance(slot, ship.sector)) * (tables.KLINGON_FIRE_SPREAD + draw(rnd))
        )
        ship.shields = ship.shields - hit
        slot.energy = slot.energy / (tables.KLINGON_FIRE_DRAIN + again(rnd))
        bridge.report(HitOnEnterprise(hit, slot.sector[0], slot.sector[1]))
        if ship.shields <= 0:
            return False
        bridge.report(ShieldsDownTo(ship.shields))
        if hit < tables.HIT_DAMAGE_MINIMUM:
            continue
        if draw(rnd) > _DAMAGE_CHANCE or hit / ship.shields <= _DAMAGE_RATIO:
            continue
        device = one_to_eight(rnd)
        ship.damage[device - 1] = (
            ship.damage[device - 1] - hit / ship.shields - _DAMAGE_SPREAD * draw(rnd)
        )
        bridge.report(DamagedByHit(device))
    return True
