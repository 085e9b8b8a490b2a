"""DAM, damage control (lines 5690-5980): the state of repair of every device and, when
docked, the starbase's offer to repair them all at once for some time."""

from games.basic.single import Single, sng
from games.super_star_trek import tables
from games.super_star_trek.events import Bridge, DeviceReport, Notice, Prompt, RepairOffer
from games.super_star_trek.mission import Mission
from games.super_star_trek.steps import Step

_TIME_PER_DEVICE = sng(tables.REPAIR_TIME_PER_DEVICE)
_TIME_CAP = sng(tables.REPAIR_TIME_CAP)
_EXTRA_TIME = sng(tables.REPAIR_EXTRA_TIME)


def damage_control(mission: Mission, bridge: Bridge) -> Step:
    """Line 5690: the report (if damage control works), then, while docked, the offer."""
    ship = mission.ship
    if ship.damaged(tables.DAMAGE_CONTROL):
        bridge.report(Notice.DAMAGE_REPORT_UNAVAILABLE)
    else:
        bridge.report(DeviceReport(tuple(ship.damage)))
    while ship.docked and _offer_repairs(mission, bridge):
        bridge.report(DeviceReport(tuple(ship.damage)))
    return Step.PROMPT


def repair_time(mission: Mission) -> Single:
    """Lines 5720-5780: a tenth of a stardate per damaged device plus D4, at most .9 (0 when
    nothing is damaged)."""
    time = Single(0)
    for damage in mission.ship.damage:
        if damage < 0:
            time = time + _TIME_PER_DEVICE
    if time == 0:
        return time
    time = time + mission.here.repair_spread
    return _TIME_CAP if time >= 1 else time


def _offer_repairs(mission: Mission, bridge: Bridge) -> bool:
    """Lines 5720-5890: offer the repairs; True when authorised (everything repaired, time
    spent)."""
    time = repair_time(mission)
    if time == 0:
        return False
    bridge.report(RepairOffer(time))
    if bridge.ask_text(Prompt.REPAIR) != tables.REPAIR_AUTHORIZED:
        return False
    ship = mission.ship
    ship.damage = [Single(0) if damage < 0 else damage for damage in ship.damage]
    mission.stardate = mission.stardate + time + _EXTRA_TIME
    return True
