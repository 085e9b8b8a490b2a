"""Options and helpers shared by the `at` commands."""

import argparse
import contextlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from acceptance.confine.bwrap import sandbox
from acceptance.confine.jail import Confined
from acceptance.confine.limits import DEFAULT_LIMITS, MB, Limits
from acceptance.errors import HarnessError
from acceptance.game_oracles.registry import GAMES, Game, game_named
from acceptance.grading.isolation import entered
from acceptance.processes.execution import External
from acceptance.running.cases import EXPECTED_FOLDER, default_root
from acceptance.running.outcome import DEFAULT_TIMEOUT, Producer, command_line, runnable


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


def quiet_stdout() -> None:
    """Send what is left of the standard output to /dev/null, once its reader has gone (`| head`):
    the flush at exit then cannot fail."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def write_file(path: Path, text: str) -> None:
    """Write a report file, bad paths being the user's error."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise HarnessError(f"cannot write {path}: {error.strerror}") from None


def add_expected(command: argparse.ArgumentParser) -> None:
    """The --expected option: the folder of a suite's expected files, when not beside it."""
    command.add_argument(
        "--expected",
        type=Path,
        metavar="DIR",
        help="the suite's expected files are in DIR, laid out as a project's expected/"
        " (DIR/NAME.expected.txt, DIR/GAME/... for a sister game); default: beside each script,"
        " or the project's expected/ for the scripts of its at/",
    )


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
    add_expected(command)
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


def add_limits(command: argparse.ArgumentParser) -> None:
    """The options of the sandbox's limits per run."""
    limits = command.add_argument_group("limits of each sandboxed run")
    limits.add_argument(
        "--cpu-limit",
        type=positive(int),
        default=DEFAULT_LIMITS.cpu,
        metavar="SECONDS",
        help=f"CPU time (default {DEFAULT_LIMITS.cpu})",
    )
    for name, default, what in (
        ("--memory-limit", DEFAULT_LIMITS.memory, "memory (data) in MB"),
        ("--file-limit", DEFAULT_LIMITS.file_size, "size of a file it writes, in MB"),
    ):
        limits.add_argument(
            name,
            type=positive(int),
            default=default // MB,
            metavar="MB",
            help=f"{what} (default {default // MB})",
        )
    limits.add_argument(
        "--process-limit",
        type=positive(int),
        default=DEFAULT_LIMITS.processes,
        metavar="N",
        help=f"processes and threads at once (default {DEFAULT_LIMITS.processes})",
    )


def limits_of(args: argparse.Namespace) -> Limits:
    """The limits the options give."""
    return Limits(args.cpu_limit, args.memory_limit * MB, args.process_limit, args.file_limit * MB)


def add_sandbox(command: argparse.ArgumentParser) -> None:
    """The --sandbox option of `at run` and `at fuzz`, and the limits it applies."""
    command.add_argument(
        "--sandbox",
        action="store_true",
        help="run --exe in a sandbox, with limits, the current folder read-only (needs bwrap)",
    )
    add_limits(command)


def exe_program(args: argparse.Namespace, stack: contextlib.ExitStack) -> Producer:
    """The --exe program run as is, or with --sandbox confined to the current folder, which it
    sees read-only where it is and works in."""
    argv = runnable(command_line(args.exe))
    if not args.sandbox:
        return External(argv, args.timeout)
    here = Path.cwd()
    if here == here.parent:
        raise HarnessError("--sandbox shows the program the current folder: run it from another")
    made = entered(stack, lambda given: sandbox(given, args.jobs), limits_of(args))
    return Confined(made, made.jail(here, str(here), str(here)), argv, args.timeout)


def findings_root(out: Path | None) -> Path:
    """The project a finding is kept in: --out (made a project: its at/ and expected/), else the
    one the cwd is in."""
    if out is None:
        return default_root()
    try:
        (out / EXPECTED_FOLDER).mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise HarnessError(f"cannot make {out / EXPECTED_FOLDER}: {error.strerror}") from None
    return out


def add_kept_tests(command: argparse.ArgumentParser, what: str) -> None:
    """The --out option of a command that keeps a new test (`at fuzz`'s finding, `at shrink`'s
    shrunk test): the project it goes in, which `findings_root` makes."""
    command.add_argument(
        "--out",
        type=Path,
        metavar="FOLDER",
        help=f"keep {what} in FOLDER/at/ and FOLDER/expected/ (default: this project's)",
    )


def add_quiet(command: argparse.ArgumentParser) -> None:
    """The -q option: no progress line on stderr."""
    command.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="show no progress (on a terminal, long work shows its progress on stderr: what is"
        " done of how much, the rate and the time left)",
    )
