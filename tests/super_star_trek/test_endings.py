"""Endings (lines 6220-6400): what each tells, the efficiency rating 1000*(K7/(T-T0))^2, and
the call for a volunteer when a starbase is left."""

from games.basic.single import LARGEST, sng
from games.super_star_trek.endings import efficiency_rating, end_mission
from games.super_star_trek.events import (
    EndSpacing,
    ItIsStardate,
    KlingonsLeftAtEnd,
    Notice,
    Prompt,
    Victory,
)
from games.super_star_trek.steps import Ending
from tests.super_star_trek.helpers import RecordingBridge, ScriptedRnd, make_mission


def test_efficiency_rating() -> None:
    mission = make_mission(ScriptedRnd())
    mission.initial_klingons = 20
    mission.stardate = sng("2010")
    assert efficiency_rating(mission) == Victory(sng("4000"), ())
    mission.stardate = sng("2012.5")
    assert efficiency_rating(mission) == Victory(sng("2560"), ())


def test_a_victory_without_time_spent_overflows() -> None:
    mission = make_mission(ScriptedRnd())
    rating = efficiency_rating(mission)
    assert rating.warnings == ("Division by zero", "Overflow", "Overflow")
    assert float(rating.rating) == LARGEST


def test_destroyed_tells_the_stardate_and_the_klingons_left() -> None:
    mission = make_mission(ScriptedRnd())
    bridge = RecordingBridge("AYE")
    assert end_mission(mission, Ending.DESTROYED, bridge)
    assert bridge.events == [
        Notice.ENTERPRISE_DESTROYED,
        ItIsStardate(sng("2000")),
        KlingonsLeftAtEnd(mission.galaxy.klingons),
        EndSpacing(),
        Notice.NEW_COMMANDER,
    ]
    assert bridge.prompts == [Prompt.VOLUNTEER]


def test_resigning_tells_only_the_klingons_left() -> None:
    mission = make_mission(ScriptedRnd())
    bridge = RecordingBridge("aye")
    assert not end_mission(mission, Ending.RESIGNED, bridge)
    assert bridge.events[0] == KlingonsLeftAtEnd(mission.galaxy.klingons)


def test_no_starbase_left_no_volunteer_asked() -> None:
    mission = make_mission(ScriptedRnd())
    mission.galaxy.starbases = 0
    bridge = RecordingBridge()
    assert not end_mission(mission, Ending.STARDATE, bridge)
    assert bridge.prompts == []
    assert bridge.events[-1] == EndSpacing()
