"""Phasers (lines 4260-4670): the energy fired is split evenly among the Klingons counted
(INT(X/K3)); each living one takes INT((share/distance)*(RND+2)), which must exceed 15% of
its energy to count; the survivors then fire back."""

import pytest

from games.basic.single import sng
from games.super_star_trek.events import (
    HitOnKlingon,
    KlingonEnergyLeft,
    NoDamageToEnemy,
    Notice,
    PhaserEnergy,
    Prompt,
)
from games.super_star_trek.phasers import fire_phasers
from games.super_star_trek.steps import Ending, MissionOver, Step
from tests.super_star_trek.helpers import RecordingBridge, ScriptedRnd, make_mission


def test_a_strong_hit_destroys_the_klingon() -> None:
    mission = make_mission(ScriptedRnd(".5"), sector=(1, 1), klingons=[((1, 4), "200")])
    bridge = RecordingBridge("500")
    assert fire_phasers(mission, bridge) is Step.PROMPT
    # INT((500/3)*2.5) = 416 > 30
    assert bridge.events == [
        PhaserEnergy(sng("3000"), True),
        HitOnKlingon(sng("416"), 1, 4),
        Notice.KLINGON_DESTROYED,
    ]
    assert mission.ship.energy == 2500
    assert mission.here.klingon_count == 0
    assert mission.galaxy.at(mission.ship.quadrant) == 0


def test_a_hit_leaves_the_klingon_its_remaining_energy() -> None:
    mission = make_mission(ScriptedRnd(".5", ".5", ".9"), sector=(1, 1), klingons=[((1, 4), "300")])
    mission.ship.shields = sng("1000")
    bridge = RecordingBridge("100")
    fire_phasers(mission, bridge)
    # INT((100/3)*2.5) = 83 > 45: 217 left, which then fires back
    assert bridge.events[1:3] == [HitOnKlingon(sng("83"), 1, 4), KlingonEnergyLeft(sng("217"))]


@pytest.mark.parametrize("units", ["10", "1"])
def test_a_weak_hit_shows_no_damage(units: str) -> None:
    """INT((10/7)*2.5) = 3, not above 45; one unit is enough to fire (line 4370: X<=0 is not)."""
    mission = make_mission(ScriptedRnd(".5", ".5", ".9"), sector=(1, 1), klingons=[((1, 8), "300")])
    mission.ship.shields = sng("1000")
    bridge = RecordingBridge(units)
    fire_phasers(mission, bridge)
    assert bridge.events[1] == NoDamageToEnemy(1, 8)
    assert mission.ship.energy == 3000 - int(units)


def test_more_energy_than_available_asks_again_without_the_lock() -> None:
    mission = make_mission(ScriptedRnd(), klingons=[((1, 4), "200")])
    bridge = RecordingBridge("5000", "0")
    assert fire_phasers(mission, bridge) is Step.PROMPT
    assert bridge.events == [PhaserEnergy(sng("3000"), True), PhaserEnergy(sng("3000"), False)]
    assert bridge.prompts == [Prompt.PHASER_UNITS, Prompt.PHASER_UNITS]


def test_damaged_shield_control_scatters_the_energy() -> None:
    # line 4410 tests D(7) where 4330 warned about the computer: X = X*RND
    mission = make_mission(ScriptedRnd(".5", ".5"), sector=(1, 1), klingons=[((1, 4), "200")])
    mission.ship.damage[6] = sng("-1")
    bridge = RecordingBridge("500")
    fire_phasers(mission, bridge)
    assert bridge.events[1] == HitOnKlingon(sng("208"), 1, 4)  # INT((250/3)*2.5)


def test_no_klingons_no_phasers() -> None:
    mission = make_mission(ScriptedRnd())
    bridge = RecordingBridge()
    fire_phasers(mission, bridge)
    assert bridge.events == [Notice.NO_ENEMY_SHIPS]


def test_the_last_klingon_ends_the_mission_in_victory() -> None:
    mission = make_mission(ScriptedRnd(".5"), sector=(1, 1), klingons=[((1, 4), "200")])
    mission.galaxy.klingons = 1
    try:
        fire_phasers(mission, RecordingBridge("500"))
    except MissionOver as over:
        assert over.ending is Ending.VICTORY
    else:
        raise AssertionError("no victory")
