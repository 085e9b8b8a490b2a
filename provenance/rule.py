"""A rule of the table (`provenance.rules`): its name, spec section, sentence and where it lives.

A rule is found, not declared: the rules of model/ stay plain functions (mutmut mutates every one
of them). A row names the function a rule lives in, optionally the helper it was calling (`via`)
and a condition on the function's own variables (`when`); the recorder looks for the innermost
function on the call stack that has a matching row. `why` is a template over that function's
variables, the fixed numbers of model/tables.py, and nothing else. A rule may also name functions
that are its own though not on the stack as its line is written (`also`): the one that decided it
runs, the one that carries it out after its line, the seeding of the draws it makes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from types import CodeType, FrameType
from typing import Any

from model.tables import Pattern

Variables = Mapping[str, Any]


@dataclass(frozen=True)
class Rule:
    """A rule: stable name, spec section, one-sentence explanation template, where it lives."""

    name: str
    spec: str
    why: str
    function: Callable[..., Any] | None = None
    via: Callable[..., Any] | None = None
    when: Callable[[Variables], bool] | None = None
    entity: str = ""
    # Functions of the rule that are not on the stack when its line is written, which its source
    # names too: the one that decided it runs, or carries it out after its line is written.
    also: tuple[Callable[..., Any], ...] = ()

    @property
    def code(self) -> CodeType | None:
        return None if self.function is None else self.function.__code__

    @property
    def via_code(self) -> CodeType | None:
        return None if self.via is None else self.via.__code__

    @property
    def where(self) -> str:
        """The rule's function as `module:function`, or empty for the view and session rules."""
        if self.function is None:
            return ""
        return f"{self.function.__module__}:{self.function.__code__.co_qualname}"

    @cached_property
    def also_where(self) -> tuple[str, ...]:
        """The functions of `also` as `module:function`."""
        return tuple(f"{function.__module__}:{function.__qualname__}" for function in self.also)

    def matches(self, callee: CodeType | None, frame: FrameType) -> bool:
        """Whether this row applies to its function's `frame` calling `callee` (the frame's
        variables are read only for a `when`: reading them copies them)."""
        if self.via is not None and callee is not self.via_code:
            return False
        return self.when is None or self.when(frame.f_locals)


@dataclass(frozen=True)
class ActionIs:
    """A `when` that holds for one kind of action of the turn (data, so the test runs when a
    row is matched, not when the table is made)."""

    kind: type

    def __call__(self, variables: Variables) -> bool:
        return isinstance(variables.get("action"), self.kind)


def sees(variables: Variables) -> bool:
    """A `when` that holds while the enemy can see the Starfighter."""
    return bool(variables["enemy"].can_see_starfighter)


def blind(variables: Variables) -> bool:
    """A `when` that holds while the enemy cannot see the Starfighter."""
    return not variables["enemy"].can_see_starfighter


@dataclass(frozen=True)
class PatternIs:
    """A `when` that holds for one weapon pattern."""

    pattern: Pattern

    def __call__(self, variables: Variables) -> bool:
        return variables["weapon"].pattern is self.pattern
