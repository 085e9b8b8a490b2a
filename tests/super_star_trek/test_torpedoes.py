"""Photon torpedoes (lines 4700-5490): the track steps by the course vector from the ship,
each sector rounded (INT(X+.5)); it ends leaving the quadrant (missed) or on what it meets."""

import pytest

from games.basic.single import sng
from games.super_star_trek.events import Notice, StarAbsorbed, TorpedoPosition
from games.super_star_trek.sectors import Thing
from games.super_star_trek.steps import Ending, MissionOver
from games.super_star_trek.torpedoes import fire_torpedo
from tests.super_star_trek.helpers import RecordingBridge, ScriptedRnd, make_mission


def test_a_torpedo_leaving_the_quadrant_missed() -> None:
    mission = make_mission(ScriptedRnd())
    bridge = RecordingBridge("1")
    fire_torpedo(mission, bridge)
    assert bridge.events == [
        Notice.TORPEDO_TRACK,
        TorpedoPosition(4, 5),
        TorpedoPosition(4, 6),
        TorpedoPosition(4, 7),
        TorpedoPosition(4, 8),
        Notice.TORPEDO_MISSED,
    ]
    assert mission.ship.torpedoes == 9
    assert mission.ship.energy == 2998


def test_a_fractional_course_rounds_each_sector() -> None:
    mission = make_mission(ScriptedRnd())
    bridge = RecordingBridge("1.5")
    fire_torpedo(mission, bridge)
    # steps of (-.5, 1): rows 3.5, 3, 2.5, 2 round to 4, 3, 3, 2
    assert bridge.events[1:5] == [
        TorpedoPosition(4, 5),
        TorpedoPosition(3, 6),
        TorpedoPosition(3, 7),
        TorpedoPosition(2, 8),
    ]


def test_a_torpedo_destroys_a_klingon_and_the_others_fire() -> None:
    mission = make_mission(ScriptedRnd(".5", ".9"), klingons=[((4, 6), "200"), ((8, 8), "100")])
    mission.ship.shields = sng("1000")
    bridge = RecordingBridge("1")
    fire_torpedo(mission, bridge)
    assert bridge.events[:4] == [
        Notice.TORPEDO_TRACK,
        TorpedoPosition(4, 5),
        TorpedoPosition(4, 6),
        Notice.KLINGON_DESTROYED,
    ]
    assert mission.here.klingons[0].energy == 0
    assert mission.here.sectors.at((4, 6)) is Thing.EMPTY
    assert mission.galaxy.at(mission.ship.quadrant) == 100
    assert len(bridge.events) == 6  # the second Klingon's hit and the shields left


def test_a_star_absorbs_the_torpedo() -> None:
    mission = make_mission(ScriptedRnd(), stars=[(2, 4)])
    bridge = RecordingBridge("3")
    fire_torpedo(mission, bridge)
    assert bridge.events[-1] == StarAbsorbed(2, 4)
    assert mission.here.sectors.at((2, 4)) is Thing.STAR


def test_destroying_a_starbase_calls_for_a_court_martial() -> None:
    mission = make_mission(ScriptedRnd(), starbase=(4, 2))
    mission.galaxy.starbases = 2
    mission.ship.docked = True
    bridge = RecordingBridge("5")
    fire_torpedo(mission, bridge)
    assert bridge.events[-2:] == [Notice.STARBASE_DESTROYED, Notice.COURT_MARTIAL]
    assert not mission.ship.docked
    assert mission.galaxy.starbases == 1


def test_the_last_starbase_after_the_deadline_ends_the_command() -> None:
    mission = make_mission(ScriptedRnd(), starbase=(4, 2))
    mission.galaxy.klingons = 3
    mission.stardate = sng("2033")  # T-T0-T9 = 3: no more Klingons than the days overdue
    bridge = RecordingBridge("5")
    with pytest.raises(MissionOver) as over:
        fire_torpedo(mission, bridge)
    assert over.value.ending is Ending.RESIGNED
    assert bridge.events[-1] is Notice.RELIEVED_OF_COMMAND


@pytest.mark.parametrize("course", ["0", "9.5", "-1"])
def test_a_bad_course_fires_nothing(course: str) -> None:
    mission = make_mission(ScriptedRnd())
    bridge = RecordingBridge(course)
    fire_torpedo(mission, bridge)
    assert bridge.events == [Notice.BAD_TORPEDO_COURSE]
    assert mission.ship.torpedoes == 10


def test_no_torpedoes_left() -> None:
    mission = make_mission(ScriptedRnd())
    mission.ship.torpedoes = 0
    bridge = RecordingBridge()
    fire_torpedo(mission, bridge)
    assert bridge.events == [Notice.TORPEDOES_EXPENDED]
