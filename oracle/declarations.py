"""The command table: each command of space_defender_2.grammar.txt (and toggle_RNG_out) declared
once, with its name, its parameters and their ranges, and the Session method that carries it
out. Type checks, error texts, the echo, the manual, the command objects and the random scripts
all derive from it. Adding a command is a row here and its rule, a Session method
(docs/explanation/architecture.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from model.session import Session

# An argument as the script wrote it: an integer or an identifier (an enumeration item).
Argument = int | str


@dataclass(frozen=True)
class IntRange:
    """An integer type `NAME = low .. high`."""

    name: str
    low: int
    high: int

    def convert(self, argument: Argument) -> int | None:
        """The argument's value, or None when it is not an integer in range."""
        if isinstance(argument, int) and self.low <= argument <= self.high:
            return argument
        return None

    def __str__(self) -> str:
        return f"{self.name} = {self.low} .. {self.high}"


@dataclass(frozen=True)
class Enumeration:
    """An enumerated type `NAME = {A, B, ...}`; an item's value is its position, from 1."""

    name: str
    items: tuple[str, ...]

    def convert(self, argument: Argument) -> int | None:
        """The item's position, or None when the argument is not one of the items."""
        if isinstance(argument, str) and argument in self.items:
            return self.items.index(argument) + 1
        return None

    def __str__(self) -> str:
        return f"{self.name} = {{{', '.join(self.items)}}}"


ArgumentType = IntRange | Enumeration


@dataclass(frozen=True)
class Parameter:
    """One formal parameter: `name: TYPE = ...`."""

    name: str
    type: ArgumentType

    def __str__(self) -> str:
        return f"{self.name}: {self.type}"


@dataclass(frozen=True)
class Declaration:
    """A command: its name and parameters, printed as the oracle prints declarations, and the
    Session method that runs it, called with the arguments' values in order."""

    name: str
    parameters: tuple[Parameter, ...]
    action: Callable[..., None]

    def convert(self, arguments: tuple[Argument, ...]) -> tuple[int, ...] | None:
        """The arguments' values, or None when they do not conform to this declaration."""
        if len(arguments) != len(self.parameters):
            return None
        values = []
        for parameter, argument in zip(self.parameters, arguments, strict=True):
            value = parameter.type.convert(argument)
            if value is None:
                return None
            values.append(value)
        return tuple(values)

    def __str__(self) -> str:
        if not self.parameters:
            return self.name
        return f"{self.name}({' ; '.join(map(str, self.parameters))})"


def call_text(name: str, arguments: tuple[Argument, ...], separator: str = ",") -> str:
    """A command as parsed: `move(A,8)` for the echo, `move(A, 8)` in type errors, bare without
    arguments."""
    if not arguments:
        return name
    return f"{name}({separator.join(map(str, arguments))})"


INPUT_VALUE = IntRange("INPUT_VALUE", 1, 5)
STATE = IntRange("STATE", 1, 5)
MAX_ROW = IntRange("MAX_ROW", 5, 10)
MAX_COLUMN = IntRange("MAX_COLUMN", 10, 30)
ROW = Enumeration("ROW", ("A", "B", "C", "D", "E", "F", "G", "H", "I", "J"))
COLUMN = IntRange("COLUMN", 1, 30)
THRESHOLD = IntRange("THRESHOLD", 1, 101)

# The table: one row per command, in the order of the grammar.
PLAY = Declaration(
    "play",
    (
        Parameter("row", MAX_ROW),
        Parameter("column", MAX_COLUMN),
        Parameter("g_threshold", THRESHOLD),
        Parameter("f_threshold", THRESHOLD),
        Parameter("c_threshold", THRESHOLD),
        Parameter("i_threshold", THRESHOLD),
        Parameter("p_threshold", THRESHOLD),
    ),
    Session.play,
)
SETUP_SELECT = Declaration("setup_select", (Parameter("value", INPUT_VALUE),), Session.setup_select)
SETUP_NEXT = Declaration("setup_next", (Parameter("state", STATE),), Session.setup_next)
SETUP_BACK = Declaration("setup_back", (Parameter("state", STATE),), Session.setup_back)
TOGGLE_DEBUG_MODE = Declaration("toggle_debug_mode", (), Session.toggle_debug_mode)
TOGGLE_RNG_OUT = Declaration("toggle_RNG_out", (), Session.toggle_rng_out)
ABORT = Declaration("abort", (), Session.abort)
MOVE = Declaration("move", (Parameter("row", ROW), Parameter("column", COLUMN)), Session.move)
PASS = Declaration("pass", (), Session.pass_turn)
FIRE = Declaration("fire", (), Session.fire)
SPECIAL = Declaration("special", (), Session.special)

DECLARATIONS: dict[str, Declaration] = {
    d.name: d
    for d in (
        PLAY,
        SETUP_SELECT,
        SETUP_NEXT,
        SETUP_BACK,
        TOGGLE_DEBUG_MODE,
        TOGGLE_RNG_OUT,
        ABORT,
        MOVE,
        PASS,
        FIRE,
        SPECIAL,
    )
}
