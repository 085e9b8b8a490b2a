"""The end of a mission (lines 6220-6400): how it is told, and the call for a volunteer."""

from games.basic.errors import soft_errors_to
from games.super_star_trek import tables
from games.super_star_trek.events import (
    Bridge,
    EndSpacing,
    ItIsStardate,
    KlingonsLeftAtEnd,
    Notice,
    Prompt,
    Victory,
)
from games.super_star_trek.mission import Mission
from games.super_star_trek.steps import Ending


def end_mission(mission: Mission, ending: Ending, bridge: Bridge) -> bool:
    """Tell the ending; True when a volunteer steps forward ('AYE') for a new mission."""
    if ending is Ending.VICTORY:
        bridge.report(efficiency_rating(mission))
    else:
        if ending is Ending.DESTROYED:
            bridge.report(Notice.ENTERPRISE_DESTROYED)
        if ending is not Ending.RESIGNED:
            bridge.report(ItIsStardate(mission.stardate))
        bridge.report(KlingonsLeftAtEnd(mission.galaxy.klingons))
    bridge.report(EndSpacing())
    if mission.galaxy.starbases == 0:
        return False
    bridge.report(Notice.NEW_COMMANDER)
    return bridge.ask_text(Prompt.VOLUNTEER) == tables.VOLUNTEER_ANSWER


def efficiency_rating(mission: Mission) -> Victory:
    """Line 6400: 1000*(K7/(T-T0))^2, the Klingons at the start over the stardates used."""
    warnings: list[str] = []
    with soft_errors_to(warnings.append):
        rating = (
            tables.EFFICIENCY_SCALE
            * (mission.initial_klingons / (mission.stardate - mission.start)) ** 2
        )
    return Victory(rating, tuple(warnings))
