"""The main loop (lines 1320-2260): enter a quadrant, scan, check the energy, obey a command;
and the whole run of the program, a new mission each time a volunteer says 'AYE'."""

from collections.abc import Callable

from games.basic.rnd import Rnd
from games.super_star_trek import tables
from games.super_star_trek.computer import library_computer
from games.super_star_trek.damage_control import damage_control
from games.super_star_trek.endings import end_mission
from games.super_star_trek.enterprise import stranded
from games.super_star_trek.events import Bridge, Notice, Prompt, Title
from games.super_star_trek.mission import Mission, enter_quadrant, new_mission
from games.super_star_trek.navigation import navigate
from games.super_star_trek.phasers import fire_phasers
from games.super_star_trek.scans import long_range_scan, short_range_scan
from games.super_star_trek.shields import set_shields
from games.super_star_trek.steps import Ending, MissionOver, Step
from games.super_star_trek.torpedoes import fire_torpedo

Command = Callable[[Mission, Bridge], Step]


def _resign(mission: Mission, bridge: Bridge) -> Step:
    """XXX (line 6270): resign the command."""
    raise MissionOver(Ending.RESIGNED)


def _scan_again(mission: Mission, bridge: Bridge) -> Step:
    """SRS (line 2140 goes to 1980): the docking check and the scan."""
    return Step.SCAN


COMMANDS: dict[str, Command] = dict(
    zip(
        tables.COMMANDS,
        (
            navigate,
            _scan_again,
            long_range_scan,
            fire_phasers,
            fire_torpedo,
            set_shields,
            damage_control,
            library_computer,
            _resign,
        ),
        strict=True,
    )
)


def run_program(bridge: Bridge, new_rnd: Callable[[], Rnd]) -> None:
    """Lines 10-6360: missions until no volunteer comes forward (CLEAR restarts the random
    sequence, so each new mission starts from the same numbers)."""
    while True:
        bridge.report(Title())
        mission = new_mission(new_rnd(), bridge)
        ending = run_mission(mission, bridge)
        if not end_mission(mission, ending, bridge):
            return


def run_mission(mission: Mission, bridge: Bridge) -> Ending:
    """Lines 1320-2260: the command loop, until the mission ends."""
    step = Step.NEW_QUADRANT
    try:
        while True:
            if step is Step.NEW_QUADRANT:
                enter_quadrant(mission, bridge)
                step = Step.SCAN
            if step is Step.SCAN:
                short_range_scan(mission, bridge)
            if stranded(mission.ship):
                bridge.report(Notice.STRANDED)
                return Ending.STARDATE
            step = obey(mission, bridge.ask_text(Prompt.COMMAND), bridge)
    except MissionOver as over:
        return over.ending


def obey(mission: Mission, order: str, bridge: Bridge) -> Step:
    """Lines 2080-2260: the first three letters name the command; anything else gets help."""
    command = COMMANDS.get(order[:3])
    if command is None:
        bridge.report(Notice.COMMAND_HELP)
        return Step.PROMPT
    return command(mission, bridge)
