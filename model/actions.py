"""What the Starfighter does in a turn (spec 6.13): the model's side of the turn commands move,
pass, fire and special. The commands' names and arguments are declared in oracle/declarations.py
(docs/explanation/architecture.md)."""

from __future__ import annotations

from dataclasses import dataclass

from model.geometry import Position


@dataclass(frozen=True)
class MoveTo:
    """Move the Starfighter to a cell."""

    target: Position


@dataclass(frozen=True)
class PassTurn:
    """Do nothing this turn."""


@dataclass(frozen=True)
class FireWeapon:
    """Fire the Starfighter's weapon."""


@dataclass(frozen=True)
class UseSpecial:
    """Use the Starfighter's power."""


Action = MoveTo | PassTurn | FireWeapon | UseSpecial
