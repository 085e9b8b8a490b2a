"""Where the main loop goes on after a command, and how a mission ends."""

from enum import Enum


class Step(Enum):
    """The listing's re-entry points of the main loop."""

    NEW_QUADRANT = 1320  # enter the quadrant the ship is in
    SCAN = 1980  # docking check and short range scan, then the command prompt
    PROMPT = 1990  # the energy check and the command prompt


class Ending(Enum):
    """The listing's endings, by where they jump to."""

    DESTROYED = 6240  # the Klingons' fire got through the shields
    STARDATE = 6220  # out of time, or stranded without energy
    RESIGNED = 6270  # XXX, or relieved of command after the last starbase
    VICTORY = 6370  # the last Klingon destroyed


class MissionOver(Exception):
    """Raised where the listing jumps to an ending, from deep in a command."""

    def __init__(self, ending: Ending) -> None:
        super().__init__(ending.name)
        self.ending = ending
