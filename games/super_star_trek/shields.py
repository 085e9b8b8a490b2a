"""SHE, shield control (lines 5530-5660): move energy between the engines and the shields."""

from games.super_star_trek import tables
from games.super_star_trek.events import Bridge, Notice, Prompt, ShieldEnergyAvailable, ShieldsSet
from games.super_star_trek.mission import Mission
from games.super_star_trek.steps import Step


def set_shields(mission: Mission, bridge: Bridge) -> Step:
    """Any level from 0 to the total energy; a negative one, or the same, changes nothing."""
    ship = mission.ship
    if ship.damaged(tables.SHIELD_CONTROL):
        bridge.report(Notice.SHIELD_CONTROL_INOPERABLE)
        return Step.PROMPT
    bridge.report(ShieldEnergyAvailable(ship.energy + ship.shields))
    units = bridge.ask_number(Prompt.SHIELD_UNITS)
    if units < 0 or ship.shields == units:
        bridge.report(Notice.SHIELDS_UNCHANGED)
        return Step.PROMPT
    if not units <= ship.energy + ship.shields:
        bridge.report(Notice.NOT_THE_TREASURY)
        bridge.report(Notice.SHIELDS_UNCHANGED)
        return Step.PROMPT
    ship.energy = ship.energy + ship.shields - units
    ship.shields = units
    bridge.report(ShieldsSet(ship.shields))
    return Step.PROMPT
