"""Calls to runnable steps: each call checked against its declaration, errors in script order."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from commands import Command
from oracle.calls import Call, ScriptError
from oracle.declarations import DECLARATIONS, call_text

TYPE_HEADING = "Type Error: specification of command executions is not type-correct"


class ScriptTypeError(ScriptError):
    """Some calls do not conform to their declarations; one line for each, in script order."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines

    def report(self) -> str:
        return f"{TYPE_HEADING}\n{self}\n"


class CallTypeError(Exception):
    """One call that does not type-check; the message is its line in the type error report."""


@dataclass(frozen=True)
class Step:
    """A type-checked call: what the trace echoes and the command that runs."""

    call: Call
    command: Command

    @cached_property
    def echo(self) -> str:
        """The `->` line of the trace: the command as parsed, without spaces."""
        return "->" + call_text(self.call.name, self.call.arguments)


@lru_cache(maxsize=1 << 14)
def check(call: Call) -> Step:
    """The call as a runnable step, or CallTypeError naming what is wrong.

    Steps are immutable, so a script's repeated calls share one step (and its echo).
    """
    declaration = DECLARATIONS.get(call.name)
    if declaration is None:
        raise CallTypeError(f"Error: unknown event name {call.name}")
    values = declaration.convert(call.arguments)
    if values is None:
        written = call_text(call.name, call.arguments, ", ")
        raise CallTypeError(f"{written} does not conform to declaration {declaration}")
    return Step(call, Command(declaration.action, values))


def check_calls(calls: Iterable[Call]) -> list[Step]:
    """Every call as a step, or ScriptTypeError listing every call that does not conform."""
    steps: list[Step] = []
    errors: list[str] = []
    for call in calls:
        try:
            steps.append(check(call))
        except CallTypeError as error:
            errors.append(str(error))
    if errors:
        raise ScriptTypeError(errors)
    return steps
