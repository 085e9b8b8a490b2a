"""The run's fixed course: three acts of nine stages, in order (spec 2.4)."""

from __future__ import annotations

from dataclasses import dataclass

from games.star_canine.tables import ACTS, Act, StageRule


@dataclass(frozen=True)
class Stage:
    """A stage in the course: its act, its number in the act (from 1) and its rule."""

    act: Act
    number: int
    rule: StageRule

    @property
    def is_first_of_act(self) -> bool:
        return self.number == 1

    @property
    def is_last_of_act(self) -> bool:
        return self.number == len(self.act.stages)


COURSE = tuple(
    Stage(act, number, rule) for act in ACTS for number, rule in enumerate(act.stages, 1)
)
"""Every stage of a run; the run is cleared when it has gone past the last one."""
