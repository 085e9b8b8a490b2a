"""Each enemy kind's behaviour: its preemptive action and its normal action (spec 6.9)."""

from __future__ import annotations

from types import ModuleType

from model.enemies import carrier, fighter, grunt, interceptor, pylon
from model.tables import Kind

BEHAVIOURS: dict[Kind, ModuleType] = {
    Kind.GRUNT: grunt,
    Kind.FIGHTER: fighter,
    Kind.CARRIER: carrier,
    Kind.INTERCEPTOR: interceptor,
    Kind.PYLON: pylon,
}
