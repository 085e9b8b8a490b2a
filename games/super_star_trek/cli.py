"""The `super-star-trek` command: the transcript of a game typed in a file (-b), a game played
at the terminal, or the instructions that the original separate program printed.

Exit statuses and errors are those of every sister game (games/command_line.py).
"""

from __future__ import annotations

import argparse

from games import command_line

PROGRAM = "super-star-trek"
INSTRUCTIONS = "instructions.txt"


def parser() -> command_line.Parser:
    """The options of the command."""
    result = command_line.parser(
        PROGRAM,
        "Super Star Trek (1978), as the original BASIC listing plays under PC-BASIC.",
        seed_help="the listing with RANDOMIZE N (default: the interpreter's power-on sequence)",
    )
    result.add_argument(
        "--instructions",
        action="store_true",
        help="print the instructions (the original's separate program) and exit",
    )
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the command with these arguments (default: the process's); the exit status."""
    return command_line.run(
        PROGRAM, lambda: play(parser().parse_args(command_line.arguments(argv)))
    )


def play(options: argparse.Namespace) -> None:
    """Print the instructions or the transcript of the game in the input file, or play live."""
    from games.super_star_trek import transcript
    from games.super_star_trek.program import play_live

    if options.instructions:
        if options.inputs is not None or options.seed is not None:
            raise command_line.UsageError("--instructions takes no other option")
        command_line.write_bytes(instructions())
    elif options.inputs is None:
        play_live(options.seed)
    else:
        command_line.write_bytes(transcript(command_line.read_inputs(options.inputs), options.seed))


def instructions() -> str:
    """The text of the original instructions program, shipped with the package."""
    from importlib import resources

    return resources.files(__package__).joinpath(INSTRUCTIONS).read_text(encoding="ascii")
