"""The `star-lanes` command: the transcript of a game typed in a file (-b), or a game played live.

Exit status: 0 after a game (whatever was typed), 1 when the input file cannot be used, 2 for a
usage error, 130 when interrupted; errors are one line on stderr.
"""

from __future__ import annotations

import argparse
import sys
from enum import IntEnum
from pathlib import Path
from typing import NoReturn

PROGRAM = "star-lanes"


class Status(IntEnum):
    """Exit statuses."""

    OK = 0
    FILE_ERROR = 1
    USAGE_ERROR = 2
    INTERRUPTED = 130


class UsageError(Exception):
    """The command line is wrong; the message says how."""


class FileProblem(Exception):
    """The input file cannot be used; the message says why."""


class Parser(argparse.ArgumentParser):
    """argparse, with its errors raised as one-line usage errors instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def parser() -> Parser:
    """The options of the command."""
    result = Parser(
        prog=PROGRAM,
        description="Star Lanes (1977), as the original BASIC listing plays under PC-BASIC.",
    )
    result.add_argument(
        "-b",
        metavar="INPUTS",
        dest="inputs",
        type=Path,
        help="print the transcript of a game played with the lines of the file INPUTS",
    )
    result.add_argument(
        "--seed",
        metavar="N",
        type=int,
        help="the listing with RANDOMIZE N (default: the interpreter's power-on sequence)",
    )
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the command with these arguments (default: the process's); the exit status."""
    try:
        options = parser().parse_args(sys.argv[1:] if argv is None else argv)
        if options.inputs is None:
            play_live(options.seed)
        else:
            print_transcript(read_inputs(options.inputs), options.seed)
        return Status.OK
    except UsageError as error:
        print(f"{PROGRAM}: {error} (try '{PROGRAM} -h')", file=sys.stderr)
        return Status.USAGE_ERROR
    except FileProblem as error:
        print(f"{PROGRAM}: {error}", file=sys.stderr)
        return Status.FILE_ERROR
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return Status.INTERRUPTED
    except BrokenPipeError:
        return Status.OK


def read_inputs(path: Path) -> str:
    """The typed lines of an input file (LF or CRLF), or a FileProblem saying what is wrong."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise FileProblem(f"{path}: no such file") from None
    except IsADirectoryError:
        raise FileProblem(f"{path}: is a folder, not a file") from None
    except OSError as error:
        raise FileProblem(f"{path}: cannot be read ({error.strerror})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem(f"{path}: not UTF-8 text") from None


def print_transcript(inputs: str, seed: int | None) -> None:
    """Write the transcript's bytes (one character per byte, as PC-BASIC prints them)."""
    from games.star_lanes import transcript

    sys.stdout.buffer.write(transcript(inputs, seed).encode("latin-1"))
    sys.stdout.flush()


def play_live(seed: int | None) -> None:
    """Play at the terminal: the screen as it comes, typed lines from standard input."""
    from games.star_lanes import play_live as play

    play(seed)
