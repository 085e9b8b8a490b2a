"""Klingon fire (lines 6000-6200): each living Klingon hits INT((energy/distance)*(2+RND)),
then keeps energy/(3+RND(0)); a hit of 20 or more may damage a device (RND <= .6 and more than
2% of the shields left); shields at 0 or below destroy the Enterprise."""

from games.basic.single import sng
from games.super_star_trek.events import DamagedByHit, HitOnEnterprise, Notice, ShieldsDownTo
from games.super_star_trek.klingons import klingons_fire
from tests.super_star_trek.helpers import RecordingBridge, ScriptedRnd, make_mission


def fire(mission, bridge) -> bool:
    here = mission.here
    return klingons_fire(here.klingons, here.klingon_count, mission.ship, mission.rnd, bridge)


def test_a_hit_lowers_the_shields_and_drains_the_klingon() -> None:
    mission = make_mission(ScriptedRnd(".5", ".7"), klingons=[((4, 6), "200")])
    mission.ship.shields = sng("500")
    bridge = RecordingBridge()
    assert fire(mission, bridge)
    # (200 / 2) * 2.5 = 250; the Klingon keeps 200 / 3.5
    assert bridge.events == [HitOnEnterprise(sng("250"), 4, 6), ShieldsDownTo(sng("250"))]
    assert mission.ship.shields == 250
    assert mission.here.klingons[0].energy == sng("200") / sng("3.5")


def test_a_heavy_hit_damages_a_random_device() -> None:
    mission = make_mission(ScriptedRnd(".5", ".1", ".3", ".4"), klingons=[((4, 6), "200")])
    mission.ship.shields = sng("500")
    bridge = RecordingBridge()
    assert fire(mission, bridge)
    # device INT(.3*7.98+1.01) = 3; damage -(250/250) - .5*.4
    assert bridge.events[-1] == DamagedByHit(3)
    assert mission.ship.damage[2] == sng("-1.2")


def test_small_hits_damage_nothing() -> None:
    mission = make_mission(ScriptedRnd(".5"), klingons=[((1, 1), "20")], sector=(8, 8))
    mission.ship.shields = sng("500")
    bridge = RecordingBridge()
    assert fire(mission, bridge)
    assert bridge.events[0] == HitOnEnterprise(sng("5"), 1, 1)  # INT((20/9.899495)*2.5)
    assert len(bridge.events) == 2


def test_shields_down_to_zero_destroy_the_enterprise() -> None:
    mission = make_mission(ScriptedRnd(".5"), klingons=[((4, 6), "200")])
    mission.ship.shields = sng("250")
    bridge = RecordingBridge()
    assert not fire(mission, bridge)
    assert bridge.events == [HitOnEnterprise(sng("250"), 4, 6)]


def test_the_starbase_shields_a_docked_enterprise() -> None:
    mission = make_mission(ScriptedRnd(), klingons=[((4, 6), "200")])
    mission.ship.docked = True
    bridge = RecordingBridge()
    assert fire(mission, bridge)
    assert bridge.events == [Notice.STARBASE_PROTECTS]


def test_no_klingons_counted_no_fire() -> None:
    mission = make_mission(ScriptedRnd(), klingons=[((4, 6), "200")])
    mission.here.klingon_count = 0
    bridge = RecordingBridge()
    assert fire(mission, bridge)
    assert bridge.events == []
