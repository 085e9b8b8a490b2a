"""Options and helpers shared by the `at` commands."""

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from acceptance.errors import HarnessError
from acceptance.games import GAMES, Game, game_named

DEFAULT_TIMEOUT = 10.0


def positive(kind: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse type accepting only numbers above zero."""

    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            value = None
        if value is None or value <= 0:
            raise argparse.ArgumentTypeError(f"expected a number above 0, got {text!r}")
        return value

    return parse


def add_game(command: argparse.ArgumentParser) -> None:
    """The --game option: which game scripts are of, when their folder does not say it."""
    command.add_argument(
        "--game",
        choices=list(GAMES),
        metavar="GAME",
        help=f"the game of the scripts (default: by their folder); one of {', '.join(GAMES)}",
    )


def chosen_game(args: argparse.Namespace) -> Game | None:
    """The game named by --game, if any."""
    return game_named(args.game) if args.game else None


def write_file(path: Path, text: str) -> None:
    """Write a report file, bad paths being the user's error."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise HarnessError(f"cannot write {path}: {error.strerror}") from None


def add_timeout(command: argparse.ArgumentParser) -> None:
    """The --timeout option: the time limit of one run of an external program."""
    command.add_argument(
        "--timeout",
        type=positive(float),
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"time limit of one run of the program (default {DEFAULT_TIMEOUT:g})",
    )


def add_class_suite(command: argparse.ArgumentParser, program: str, suite: str) -> None:
    """The options of commands that grade submissions: --exe (the program of a submission's
    folder), --tests (the suite) and --game."""
    command.add_argument(
        "--exe",
        required=True,
        metavar="TEMPLATE",
        help=f"{program}, {{}} standing for its folder: '{{}}/space_defender_2'",
    )
    command.add_argument(
        "--tests",
        action="append",
        type=Path,
        metavar="PATH",
        help=f"a script or folder of {suite}, repeatable (default: this project's at/, if it"
        " holds one game's suite or --game's)",
    )
    add_game(command)


def add_jobs(command: argparse.ArgumentParser, default: int, what: str) -> None:
    """The -j option: how many runs at once."""
    command.add_argument(
        "-j",
        "--jobs",
        type=positive(int),
        default=default,
        metavar="N",
        help=f"run N {what} at once (default {default})",
    )
