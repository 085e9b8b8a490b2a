"""The four commands that make a turn (spec 6.13): move, pass, fire and special."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from model.geometry import Position


@dataclass(frozen=True)
class Move:
    target: Position


@dataclass(frozen=True)
class Pass:
    pass


@dataclass(frozen=True)
class Fire:
    pass


@dataclass(frozen=True)
class Special:
    pass


Action = Union[Move, Pass, Fire, Special]
