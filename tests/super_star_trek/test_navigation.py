"""Navigation (lines 2300-3870): a move of N = INT(8*warp+.5) sectors costs N+10 energy and a
stardate (tenths below warp 1); it stops before an obstacle, crosses into the next quadrant
reckoned from the start, and is stopped at the galaxy's edge."""

import pytest

from games.basic.single import sng
from games.super_star_trek.events import (
    BadNavigation,
    EnginesWontTake,
    InsufficientEnergy,
    Notice,
    PerimeterDenied,
    ShieldsHoldEnergy,
    WarpQuestion,
)
from games.super_star_trek.navigation import navigate
from games.super_star_trek.sectors import Thing
from games.super_star_trek.steps import Step
from tests.super_star_trek.helpers import RecordingBridge, ScriptedRnd, make_mission

NO_EVENT = ".5"  # the random damage event only comes when RND <= .2


def test_warp_one_east_enters_the_next_quadrant() -> None:
    mission = make_mission(ScriptedRnd(NO_EVENT))
    bridge = RecordingBridge("1", "1")
    assert navigate(mission, bridge) is Step.NEW_QUADRANT
    assert mission.ship.quadrant == (4, 5) and mission.ship.sector == (4, 4)
    assert mission.stardate == 2001 and mission.ship.energy == 3000 - 18


def test_a_slow_move_takes_tenths_of_a_stardate() -> None:
    mission = make_mission(ScriptedRnd(NO_EVENT))
    bridge = RecordingBridge("7", "0.25")
    assert navigate(mission, bridge) is Step.SCAN
    assert mission.ship.sector == (6, 4)  # N = INT(2.5) = 2
    assert mission.stardate == sng("2000") + sng(".1") * 2
    assert mission.here.sectors.at((6, 4)) is Thing.ENTERPRISE
    assert mission.here.sectors.at((4, 4)) is Thing.EMPTY


def test_an_obstacle_stops_the_ship_before_it() -> None:
    mission = make_mission(ScriptedRnd(NO_EVENT), stars=[(4, 7)])
    bridge = RecordingBridge("1", "1")
    assert navigate(mission, bridge) is Step.SCAN
    assert bridge.events[-1] == BadNavigation(sng("4"), sng("6"))
    assert mission.ship.sector == (4, 6)


def test_the_galactic_perimeter_stops_the_ship() -> None:
    mission = make_mission(ScriptedRnd(NO_EVENT), quadrant=(1, 1), sector=(1, 1))
    bridge = RecordingBridge("3", "1")
    assert navigate(mission, bridge) is Step.SCAN
    assert bridge.events[-1] == PerimeterDenied((1, 1), (1, 1))
    assert mission.stardate == 2001


def test_crossing_two_quadrants_diagonally() -> None:
    mission = make_mission(ScriptedRnd(NO_EVENT), quadrant=(4, 4), sector=(8, 1))
    bridge = RecordingBridge("6", "2")
    assert navigate(mission, bridge) is Step.NEW_QUADRANT
    # rows 8*4+8+16 = 56: quadrant 7 sector 0, i.e. quadrant 6 sector 8; cols 32+1-16 = 17
    assert mission.ship.quadrant == (6, 2) and mission.ship.sector == (8, 1)


@pytest.mark.parametrize("warp", ["9", "-1", "8.01"])
def test_a_warp_out_of_range(warp: str) -> None:
    mission = make_mission(ScriptedRnd())
    bridge = RecordingBridge("1", warp)
    assert navigate(mission, bridge) is Step.PROMPT
    assert bridge.events == [WarpQuestion(False), EnginesWontTake(sng(warp))]


def test_warp_zero_is_silent() -> None:
    bridge = RecordingBridge("1", "0")
    assert navigate(make_mission(ScriptedRnd()), bridge) is Step.PROMPT
    assert bridge.events == [WarpQuestion(False)]


def test_damaged_engines_allow_warp_point_two() -> None:
    mission = make_mission(ScriptedRnd())
    mission.ship.damage[0] = sng("-1")
    bridge = RecordingBridge("1", "0.3")
    assert navigate(mission, bridge) is Step.PROMPT
    assert bridge.events == [WarpQuestion(True), Notice.ENGINES_DAMAGED]


@pytest.mark.parametrize("course", ["0", "9.1", "-1"])
def test_a_bad_course(course: str) -> None:
    bridge = RecordingBridge(course)
    assert navigate(make_mission(ScriptedRnd()), bridge) is Step.PROMPT
    assert bridge.events == [Notice.BAD_COURSE]


def test_too_little_energy_mentions_the_shields() -> None:
    mission = make_mission(ScriptedRnd())
    mission.ship.energy, mission.ship.shields = sng("20"), sng("100")
    bridge = RecordingBridge("1", "4")
    assert navigate(mission, bridge) is Step.PROMPT
    assert bridge.events[1:] == [InsufficientEnergy(sng("4")), ShieldsHoldEnergy(sng("100"))]


@pytest.mark.parametrize(("shields", "mentioned"), [("12", True), ("11", False)])
def test_the_shields_are_mentioned_when_they_hold_the_shortfall(
    shields: str, mentioned: bool
) -> None:
    """Line 2530: IF S<N-E, no mention; shields of exactly N-E are mentioned."""
    mission = make_mission(ScriptedRnd())
    mission.ship.energy, mission.ship.shields = sng("20"), sng(shields)
    bridge = RecordingBridge("1", "4")
    assert navigate(mission, bridge) is Step.PROMPT
    assert (ShieldsHoldEnergy(sng(shields)) in bridge.events) is mentioned


def test_the_shields_supply_what_a_move_in_the_quadrant_lacks() -> None:
    """Lines 3910-3940: 8 units cannot pay 2 sectors and 10, the shields give the last 4."""
    mission = make_mission(ScriptedRnd(NO_EVENT))
    mission.ship.energy, mission.ship.shields = sng("8"), sng("100")
    bridge = RecordingBridge("7", "0.25")
    assert navigate(mission, bridge) is Step.SCAN
    assert bridge.events[-1] is Notice.SHIELDS_SUPPLY_MANEUVER
    assert mission.ship.energy == 0 and mission.ship.shields == 96


def test_klingons_move_and_fire_before_the_ship_moves() -> None:
    mission = make_mission(
        ScriptedRnd(".3", ".9", ".5", ".9", NO_EVENT), klingons=[((1, 1), "100")]
    )
    mission.ship.shields = sng("500")
    bridge = RecordingBridge("5", "0.125")
    navigate(mission, bridge)
    # the Klingon jumps to sector (INT(.3*7.98+1.01), INT(.9*7.98+1.01)) = (3, 8)
    assert mission.here.klingons[0].sector == (3, 8)
    assert mission.here.sectors.at((3, 8)) is Thing.KLINGON
    assert mission.here.sectors.at((1, 1)) is Thing.EMPTY
