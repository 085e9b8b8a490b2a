"""The `star-canine` command line: a game played on the terminal, or from a file of input lines."""

from __future__ import annotations

import argparse
import io
import sys
from typing import TextIO

from games import command_line
from games.star_canine.data import DataError
from games.star_canine.game import Game
from games.star_canine.json_view import json_line
from games.star_canine.session import json_transcript, new_game, text_transcript
from games.star_canine.tables import DEFAULT_SEED
from games.star_canine.view import scene_text, step_text

PROGRAM = "star-canine"


def _parser() -> command_line.Parser:
    parser = command_line.parser(
        PROGRAM,
        "Star Canine v0.3.2, a deterministic text roguelike: three acts to Planet K9.",
        seed_help=f"the seed of the random choices (default {DEFAULT_SEED})",
        epilog="Commands in the game: Enter or continue, equip K, unequip K, engage, ammo, "
        "take K, skip, discard K, repair, resupply, quit (K: a number of the list shown).",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object per line (the state after each input) instead of text",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line with these arguments (default: the process's); the exit status."""
    return command_line.run(
        PROGRAM, lambda: _play(_parser().parse_args(command_line.arguments(argv))), (DataError,)
    )


def _play(options: argparse.Namespace) -> None:
    """Print the transcript of the game in the input file, or play on the terminal."""
    _use_utf8(sys.stdout)
    if options.inputs is None:
        if isinstance(sys.stdin, io.TextIOWrapper):
            sys.stdin.reconfigure(errors="replace")
        _interactive(new_game(options.seed), options.json, sys.stdin, sys.stdout)
        return
    inputs = command_line.read_inputs(options.inputs).removeprefix("\ufeff")
    play = json_transcript if options.json else text_transcript
    sys.stdout.write(play(inputs, options.seed))
    sys.stdout.flush()


def _interactive(game: Game, as_json: bool, stdin: TextIO, stdout: TextIO) -> None:
    """Play on the terminal: a scene, a typed line, until quit or the end of input."""
    stdout.write(json_line(game, None) + "\n" if as_json else scene_text(game))
    stdout.flush()
    while not game.ended:
        line = stdin.readline()
        if not line:
            if not as_json:
                stdout.write("\n")
            break
        step = game.play(line.rstrip("\n").removesuffix("\r"))
        stdout.write(json_line(game, step) + "\n" if as_json else step_text(game, step))
        stdout.flush()


def _use_utf8(stream: TextIO) -> None:
    """Write UTF-8 whatever the locale, so a transcript is the same bytes everywhere."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(encoding="utf-8")
