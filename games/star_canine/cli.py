"""The `star-canine` command line: a game played on the terminal, or from a file of input lines."""

from __future__ import annotations

import argparse
import io
import os
import sys
from enum import IntEnum
from typing import NoReturn, TextIO

from games.star_canine.data import DataError
from games.star_canine.game import Game
from games.star_canine.json_view import json_line
from games.star_canine.session import json_transcript, new_game, text_transcript
from games.star_canine.tables import DEFAULT_SEED
from games.star_canine.view import scene_text, step_text

PROGRAM = "star-canine"


class Status(IntEnum):
    OK = 0
    FILE_ERROR = 1
    USAGE_ERROR = 2
    INTERRUPTED = 130


class UsageError(Exception):
    """The command line is wrong; the message is one line."""


class FileProblem(Exception):
    """The input file cannot be used; the message is one line."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line raised, not a usage text and an exit."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{PROGRAM}: {message} (see {PROGRAM} -h)")


def _parser() -> _Parser:
    parser = _Parser(
        prog=PROGRAM,
        description="Star Canine v0.3.2, a deterministic text roguelike: three acts to Planet K9.",
        epilog="Commands in the game: Enter or continue, equip K, unequip K, engage, ammo, "
        "take K, skip, discard K, repair, resupply, quit (K: a number of the list shown).",
    )
    parser.add_argument(
        "-b",
        metavar="INPUTS",
        dest="inputs",
        help="print the transcript of a game played with the lines of the file INPUTS",
    )
    parser.add_argument(
        "--seed",
        type=_seed,
        help=f"the seed of the random choices (default {DEFAULT_SEED})",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object per line (the state after each input) instead of text",
    )
    return parser


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be an integer, not {text!r}") from None


def main(argv: list[str] | None = None) -> int:
    """Run the command line with these arguments (default: the process's); the exit status."""
    try:
        options = _parser().parse_args(sys.argv[1:] if argv is None else argv)
        _use_utf8(sys.stdout)
        if options.inputs is None:
            if isinstance(sys.stdin, io.TextIOWrapper):
                sys.stdin.reconfigure(errors="replace")
            return _interactive(new_game(options.seed), options.json, sys.stdin, sys.stdout)
        inputs = _read(options.inputs)
        play = json_transcript if options.json else text_transcript
        sys.stdout.write(play(inputs, options.seed))
        sys.stdout.flush()
        return Status.OK
    except SystemExit as done:  # -h has printed the help
        return int(done.code or 0)
    except UsageError as error:
        print(error, file=sys.stderr)
        return Status.USAGE_ERROR
    except (FileProblem, DataError) as error:
        print(f"{PROGRAM}: {error}", file=sys.stderr)
        return Status.FILE_ERROR
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return Status.INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return Status.OK


def _interactive(game: Game, as_json: bool, stdin: TextIO, stdout: TextIO) -> Status:
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
    return Status.OK


def _read(path: str) -> str:
    """The text of the input file, which must be UTF-8 (a leading byte-order mark is dropped)."""
    try:
        with open(path, encoding="utf-8", newline="") as file:
            return file.read().removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise FileProblem(f"input file {path} is not UTF-8 text") from None
    except IsADirectoryError:
        raise FileProblem(f"input file {path} is a folder") from None
    except OSError as error:
        raise FileProblem(f"cannot read input file {path}: {error.strerror}") from None


def _use_utf8(stream: TextIO) -> None:
    """Write UTF-8 whatever the locale, so a transcript is the same bytes everywhere."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(encoding="utf-8")


def _silence_stdout() -> None:
    """After a closed pipe, send what is still buffered nowhere instead of failing at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
