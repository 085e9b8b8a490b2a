"""The four commands that make a turn (spec 6.13): move, pass, fire and special."""

from __future__ import annotations

from dataclasses import dataclass

from model.geometry import Position


@dataclass(frozen=True)
class Move:
    """Move the Starfighter to a cell."""

    target: Position


@dataclass(frozen=True)
class Pass:
    """Do nothing this turn."""


@dataclass(frozen=True)
class Fire:
    """Fire the Starfighter's weapon."""


@dataclass(frozen=True)
class Special:
    """Use the Starfighter's power."""


Action = Move | Pass | Fire | Special
