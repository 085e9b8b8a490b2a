"""Places in an output: the blocks it is cut into, each named by the command or typed line that
opens it, so a report says where a difference is in the terms of the script.

Space Defender 2 echoes each command as a `->command` line. The other games show each typed line
after its prompt, as a terminal does: the line that ends with the typed text, found in script
order. A typed line that is never echoed (a key read without echo) is skipped, and an empty one is
found at a line that ends with a prompt.
"""

from collections.abc import Callable
from dataclasses import dataclass

from acceptance.game_oracles.registry import Game, Unit, input_lines

COMMAND_PREFIX = "->"
INITIAL_STATE = "(initial state)"
BEFORE_INPUT = "(before any input)"
PROMPT_ENDS = ("?", ":", ">")

# The lines of an output (each with its ending) to the block-opening ones: index -> place name.
Marks = Callable[[list[str]], dict[int, str]]


@dataclass(frozen=True)
class Places:
    """How an output is cut into blocks: their openings, the name of what comes before the first,
    and what a block is called in a report."""

    marks: Marks
    before_first: str
    block: str


def command_marks(lines: list[str]) -> dict[int, str]:
    """The `->command` lines of a Space Defender 2 trace, each named by itself."""
    return {
        index: line.rstrip("\r\n")
        for index, line in enumerate(lines)
        if line.startswith(COMMAND_PREFIX)
    }


def echoes(line: str, typed: str) -> bool:
    """Whether an output line shows this typed line after its prompt."""
    shown = line.rstrip("\r\n")
    if typed:
        return shown.endswith(typed)
    return shown.rstrip(" ").endswith(PROMPT_ENDS)


def echo_marks(inputs: list[str]) -> Marks:
    """The lines of a transcript that echo the typed lines, each named by its number and text."""

    def marks(lines: list[str]) -> dict[int, str]:
        found: dict[int, str] = {}
        start = 0
        for number, typed in enumerate(inputs, 1):
            typed = typed.rstrip("\r")
            at = next(
                (index for index in range(start, len(lines)) if echoes(lines[index], typed)), None
            )
            if at is not None:
                found[at] = f"input line {number} ({typed!r})"
                start = at + 1
        return found

    return marks


COMMANDS = Places(command_marks, INITIAL_STATE, "state block")


def places_of(game: Game, script_text: str) -> Places:
    """How outputs of this game's script are cut into blocks."""
    if game.unit is Unit.COMMAND:
        return COMMANDS
    return Places(echo_marks(input_lines(script_text)), BEFORE_INPUT, "output")
