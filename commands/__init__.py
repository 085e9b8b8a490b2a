"""One small object per command: its validated arguments, applied as one Session call."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from model.session import Session


class Command(Protocol):
    """A type-checked command, ready to run."""

    def apply(self, session: Session) -> None:
        """Run the command on the session; game errors are recorded there, never raised."""


@dataclass(frozen=True)
class Play:
    """play(row, column, thresholds): a new game on a board of this size."""

    rows: int
    columns: int
    g_threshold: int
    f_threshold: int
    c_threshold: int
    i_threshold: int
    p_threshold: int

    def apply(self, session: Session) -> None:
        thresholds = (
            self.g_threshold,
            self.f_threshold,
            self.c_threshold,
            self.i_threshold,
            self.p_threshold,
        )
        session.play(self.rows, self.columns, thresholds)


@dataclass(frozen=True)
class SetupSelect:
    """setup_select(value): choose an option of the current setup state."""

    value: int

    def apply(self, session: Session) -> None:
        session.setup_select(self.value)


@dataclass(frozen=True)
class SetupNext:
    """setup_next(state): go forward this many setup states."""

    steps: int

    def apply(self, session: Session) -> None:
        session.setup_next(self.steps)


@dataclass(frozen=True)
class SetupBack:
    """setup_back(state): go back this many setup states."""

    steps: int

    def apply(self, session: Session) -> None:
        session.setup_back(self.steps)


@dataclass(frozen=True)
class ToggleDebugMode:
    """toggle_debug_mode: show or hide the debug sections."""

    def apply(self, session: Session) -> None:
        session.toggle_debug_mode()


@dataclass(frozen=True)
class ToggleRngOut:
    """toggle_RNG_out: show or hide each turn's random draws."""

    def apply(self, session: Session) -> None:
        session.toggle_rng_out()


@dataclass(frozen=True)
class Abort:
    """abort: leave the setup or the game."""

    def apply(self, session: Session) -> None:
        session.abort()


@dataclass(frozen=True)
class Move:
    """move(row, column): a turn that moves the Starfighter."""

    row: int  # 1 is row A
    column: int

    def apply(self, session: Session) -> None:
        session.move(self.row, self.column)


@dataclass(frozen=True)
class Pass:
    """pass: a turn without action."""

    def apply(self, session: Session) -> None:
        session.pass_turn()


@dataclass(frozen=True)
class Fire:
    """fire: a turn that fires the weapon."""

    def apply(self, session: Session) -> None:
        session.fire()


@dataclass(frozen=True)
class Special:
    """special: a turn that uses the power."""

    def apply(self, session: Session) -> None:
        session.special()


# Each command name of the declarations, with the class built from its argument values in order.
REGISTRY: dict[str, Callable[..., Command]] = {
    "play": Play,
    "setup_select": SetupSelect,
    "setup_next": SetupNext,
    "setup_back": SetupBack,
    "toggle_debug_mode": ToggleDebugMode,
    "toggle_RNG_out": ToggleRngOut,
    "abort": Abort,
    "move": Move,
    "pass": Pass,
    "fire": Fire,
    "special": Special,
}
