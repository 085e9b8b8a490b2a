"""The command declarations of space_defender_2.grammar.txt: the one table type checks,
error texts, the echo and the manual are derived from."""

from __future__ import annotations

from dataclasses import dataclass

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
    """A command: its name and parameters, printed as the oracle prints declarations."""

    name: str
    parameters: tuple[Parameter, ...] = ()

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
    """A command as parsed: `move(A,8)` for the echo, `move(A, 8)` in type errors, bare without arguments."""
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

DECLARATIONS: dict[str, Declaration] = {
    d.name: d
    for d in (
        Declaration(
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
        ),
        Declaration("setup_select", (Parameter("value", INPUT_VALUE),)),
        Declaration("setup_next", (Parameter("state", STATE),)),
        Declaration("setup_back", (Parameter("state", STATE),)),
        Declaration("toggle_debug_mode"),
        Declaration("toggle_RNG_out"),
        Declaration("abort"),
        Declaration("move", (Parameter("row", ROW), Parameter("column", COLUMN))),
        Declaration("pass"),
        Declaration("fire"),
        Declaration("special"),
    )
}
