"""Commands: one frozen object per declared command, applied as one Session call."""

import dataclasses
from typing import Any

import pytest

from commands import (
    REGISTRY,
    Abort,
    Command,
    Fire,
    Move,
    Pass,
    Play,
    SetupBack,
    SetupNext,
    SetupSelect,
    Special,
    ToggleDebugMode,
    ToggleRngOut,
)
from model.session import Session, Stage
from oracle.declarations import DECLARATIONS


class Recorder:
    """Stands in for a Session and records the method calls a command makes."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *arguments: self.calls.append((name, arguments))


def test_every_declared_command_has_a_class_and_nothing_else_does() -> None:
    assert set(REGISTRY) == set(DECLARATIONS)


@pytest.mark.parametrize("name", list(DECLARATIONS))
def test_each_class_is_built_from_its_declared_arguments_in_order(name: str) -> None:
    cls = REGISTRY[name]
    assert dataclasses.is_dataclass(cls)
    assert len(dataclasses.fields(cls)) == len(DECLARATIONS[name].parameters)


@pytest.mark.parametrize(
    ("command", "call"),
    [
        (Play(10, 30, 1, 2, 3, 4, 5), ("play", (10, 30, (1, 2, 3, 4, 5)))),
        (SetupSelect(3), ("setup_select", (3,))),
        (SetupNext(2), ("setup_next", (2,))),
        (SetupBack(4), ("setup_back", (4,))),
        (ToggleDebugMode(), ("toggle_debug_mode", ())),
        (ToggleRngOut(), ("toggle_rng_out", ())),
        (Abort(), ("abort", ())),
        (Move(1, 8), ("move", (1, 8))),
        (Pass(), ("pass_turn", ())),
        (Fire(), ("fire", ())),
        (Special(), ("special", ())),
    ],
)
def test_each_command_maps_onto_its_session_method(
    command: Command, call: tuple[str, tuple[Any, ...]]
) -> None:
    session = Recorder()
    command.apply(session)  # type: ignore[arg-type]
    assert session.calls == [call]


def test_commands_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Move(1, 8).row = 2  # type: ignore[misc]


def test_commands_run_on_a_real_session() -> None:
    session = Session()
    for command in (Play(5, 10, 1, 1, 1, 1, 1), SetupSelect(2), SetupNext(5)):
        command.apply(session)
    assert session.stage is Stage.IN_GAME
    assert session.loadout.weapon.name == "Spread"
