"""Repairs: on the way each damaged device gains the warp factor (1 at most), a remainder under
.1 stays .1 (lines 2770-2880); docked, the starbase repairs everything for .1 stardate per
damaged device plus D4, at most .9, and .1 more (lines 5720-5890)."""

from games.basic.single import sng
from games.super_star_trek.damage_control import damage_control, repair_time
from games.super_star_trek.enterprise import repair_on_the_way
from games.super_star_trek.events import DeviceReport, Notice, RepairCompleted, RepairOffer
from tests.super_star_trek.helpers import RecordingBridge, ScriptedRnd, make_mission


def test_a_move_repairs_by_its_warp_factor_at_most_one() -> None:
    mission = make_mission(ScriptedRnd())
    damage = mission.ship.damage
    damage[0], damage[3], damage[5] = sng("-0.5"), sng("-3"), sng("-0.3")
    bridge = RecordingBridge()
    repair_on_the_way(mission.ship, sng("8"), bridge)
    assert bridge.events == [RepairCompleted(1, True), RepairCompleted(6, False)]
    assert damage[0] == sng(".5") and damage[3] == -2 and damage[5] == sng(".7")


def test_a_small_remainder_stays_a_tenth() -> None:
    mission = make_mission(ScriptedRnd())
    mission.ship.damage[2] = sng("-0.5")
    bridge = RecordingBridge()
    repair_on_the_way(mission.ship, sng("0.45"), bridge)
    assert mission.ship.damage[2] == sng("-.1")
    assert bridge.events == []


def test_repair_time_counts_damaged_devices_plus_the_spread() -> None:
    mission = make_mission(ScriptedRnd())
    assert repair_time(mission) == 0
    mission.here.repair_spread = sng(".3")
    mission.ship.damage[0] = mission.ship.damage[4] = sng("-1")
    assert repair_time(mission) == sng(".1") + sng(".1") + sng(".3")
    mission.ship.damage = [sng("-1")] * 8
    assert repair_time(mission) == sng(".9")


def test_docked_repairs_after_the_report_when_authorised() -> None:
    mission = make_mission(ScriptedRnd())
    mission.ship.docked = True
    mission.here.repair_spread = sng(".25")
    mission.ship.damage[7] = sng("-2")
    bridge = RecordingBridge("Y")
    damage_control(mission, bridge)
    report, offer, repaired = bridge.events
    assert isinstance(report, DeviceReport) and report.damage[7] == -2
    assert offer == RepairOffer(sng(".1") + sng(".25"))
    assert isinstance(repaired, DeviceReport) and repaired.damage[7] == 0
    assert mission.stardate == sng("2000") + (sng(".1") + sng(".25")) + sng(".1")


def test_a_refused_repair_changes_nothing() -> None:
    mission = make_mission(ScriptedRnd())
    mission.ship.docked = True
    mission.ship.damage[5] = sng("-2")
    bridge = RecordingBridge("N")
    damage_control(mission, bridge)
    assert bridge.events == [Notice.DAMAGE_REPORT_UNAVAILABLE, RepairOffer(sng(".1"))]
    assert mission.ship.damage[5] == -2 and mission.stardate == 2000


def test_undocked_damage_control_only_reports() -> None:
    mission = make_mission(ScriptedRnd())
    mission.ship.damage[0] = sng("-2")
    bridge = RecordingBridge()
    damage_control(mission, bridge)
    assert len(bridge.events) == 1 and isinstance(bridge.events[0], DeviceReport)
