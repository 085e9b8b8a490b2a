"""Commands: each row of the command table runs as one Session call with its arguments' values."""

import dataclasses
import inspect
from typing import Any

import pytest

from commands import Command
from model.session import Session, Stage
from oracle.calls import Call
from oracle.declarations import DECLARATIONS
from oracle.typecheck import check


def test_every_declared_command_runs_a_public_session_method() -> None:
    for declaration in DECLARATIONS.values():
        name = declaration.action.__name__
        assert not name.startswith("_")
        assert getattr(Session, name) is declaration.action


@pytest.mark.parametrize("name", list(DECLARATIONS))
def test_each_action_takes_its_declared_arguments_in_order(name: str) -> None:
    declaration = DECLARATIONS[name]
    parameters = list(inspect.signature(declaration.action).parameters)
    assert parameters[0] == "self"
    assert len(parameters) - 1 == len(declaration.parameters)


@pytest.mark.parametrize(
    ("call", "method"),
    [
        (Call("play", (10, 30, 1, 2, 3, 4, 5)), ("play", (10, 30, 1, 2, 3, 4, 5))),
        (Call("setup_select", (3,)), ("setup_select", (3,))),
        (Call("setup_next", (2,)), ("setup_next", (2,))),
        (Call("setup_back", (4,)), ("setup_back", (4,))),
        (Call("toggle_debug_mode"), ("toggle_debug_mode", ())),
        (Call("toggle_RNG_out"), ("toggle_rng_out", ())),
        (Call("abort"), ("abort", ())),
        (Call("move", ("A", 8)), ("move", (1, 8))),
        (Call("pass"), ("pass_turn", ())),
        (Call("fire"), ("fire", ())),
        (Call("special"), ("special", ())),
    ],
)
def test_each_command_maps_onto_its_session_method(
    call: Call, method: tuple[str, tuple[Any, ...]]
) -> None:
    command = check(call).command
    name, arguments = method
    assert command == Command(getattr(Session, name), arguments)


def test_commands_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Command(Session.move, (1, 8)).arguments = (2, 8)  # type: ignore[misc]


def test_commands_run_on_a_real_session() -> None:
    session = Session()
    for command in (
        Command(Session.play, (5, 10, 1, 1, 1, 1, 1)),
        Command(Session.setup_select, (2,)),
        Command(Session.setup_next, (5,)),
    ):
        command.apply(session)
    assert session.stage is Stage.IN_GAME
    assert session.loadout.weapon.name == "Spread"
