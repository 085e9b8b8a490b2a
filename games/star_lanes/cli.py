"""The `star-lanes` command: the transcript of a game typed in a file (-b), or a game played live.

Exit statuses and errors are those of every sister game (games/command_line.py).
"""

from __future__ import annotations

import argparse

from games import command_line

PROGRAM = "star-lanes"


def parser() -> command_line.Parser:
    """The options of the command."""
    return command_line.parser(
        PROGRAM,
        "Star Lanes (1977), as the original BASIC listing plays under PC-BASIC.",
        seed_help="the listing with RANDOMIZE N (default: the interpreter's power-on sequence)",
    )


def main(argv: list[str] | None = None) -> int:
    """Run the command with these arguments (default: the process's); the exit status."""
    return command_line.run(
        PROGRAM, lambda: play(parser().parse_args(command_line.arguments(argv)))
    )


def play(options: argparse.Namespace) -> None:
    """Print the transcript of the game in the input file, or play at the terminal."""
    from games.star_lanes import play_live, transcript

    if options.inputs is None:
        play_live(options.seed)
    else:
        command_line.write_bytes(transcript(command_line.read_inputs(options.inputs), options.seed))
