"""What the sister games' commands share: `-b INPUTS`, `--seed N`, one-line errors, exit statuses.

Exit status: 0 after a game (whatever was typed) or the help, 1 when the input file (or a data
file) cannot be used, 2 for a usage error, 130 when interrupted; an error is one line on stderr.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from enum import IntEnum
from importlib.metadata import PackageNotFoundError, version
from typing import NoReturn

DISTRIBUTION = "space-defender-2-oracle"


class Status(IntEnum):
    """Exit statuses."""

    OK = 0
    FILE_ERROR = 1
    USAGE_ERROR = 2
    INTERRUPTED = 130


class UsageError(Exception):
    """The command line is wrong; the message says how."""


class FileProblem(Exception):
    """A file the command needs cannot be used; the message says why."""


class Parser(argparse.ArgumentParser):
    """argparse, raising its errors as one-line usage errors instead of a usage text and exit."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def parser(program: str, description: str, seed_help: str, epilog: str | None = None) -> Parser:
    """A game's command line: `-b INPUTS` for a transcript, `--seed N` for its random numbers."""
    result = Parser(prog=program, description=description, epilog=epilog)
    result.add_argument(
        "-b",
        metavar="INPUTS",
        dest="inputs",
        help="print the transcript of a game played with the lines of the file INPUTS",
    )
    result.add_argument("--seed", metavar="N", type=seed, help=seed_help)
    result.add_argument("--version", action="version", version=f"{program} {package_version()}")
    return result


def package_version() -> str:
    """The installed package's version (the games' own look-up: they import nothing of the
    oracle's), or a note that it is not installed."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "(version unknown: not installed)"


def seed(text: str) -> int:
    """The value of `--seed`: any integer."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be an integer, not {text!r}") from None


def read_inputs(path: str) -> str:
    """The typed lines of an input file, as they are (LF or CRLF), which must be UTF-8 text."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except FileNotFoundError:
        raise FileProblem(f"input file {path}: no such file") from None
    except IsADirectoryError:
        raise FileProblem(f"input file {path}: is a folder, not a file") from None
    except OSError as error:
        raise FileProblem(f"input file {path}: cannot be read ({error.strerror})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem(f"input file {path}: not UTF-8 text") from None


def write_bytes(text: str) -> None:
    """Write text as its bytes, one per character, as PC-BASIC prints them."""
    sys.stdout.buffer.write(text.encode("latin-1"))
    sys.stdout.flush()


def run(
    program: str, command: Callable[[], object], file_errors: tuple[type[Exception], ...] = ()
) -> int:
    """Run a command's work and turn what stops it into an exit status and at most one line."""
    unusable_files: tuple[type[Exception], ...] = (FileProblem, *file_errors)
    try:
        command()
        return Status.OK
    except SystemExit as done:  # -h has printed the help
        return int(done.code or 0)
    except UsageError as error:
        print(f"{program}: {error} (see {program} -h)", file=sys.stderr)
        return Status.USAGE_ERROR
    except unusable_files as error:
        print(f"{program}: {error}", file=sys.stderr)
        return Status.FILE_ERROR
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return Status.INTERRUPTED
    except BrokenPipeError:
        silence_stdout()
        return Status.OK


def arguments(argv: list[str] | None) -> list[str]:
    """The arguments given, or the process's."""
    return sys.argv[1:] if argv is None else argv


def silence_stdout() -> None:
    """After a closed pipe, send what is still buffered nowhere instead of failing at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
