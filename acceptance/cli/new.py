"""`at new`: a new test script at/NAME.txt, from a template or of N random Space Defender 2
commands (oracle/generate.py, what `at fuzz` plays), never over an existing file unless forced;
NAME `-` writes the random script to the standard output."""

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from acceptance.cli.options import positive, quiet_stdout
from acceptance.cli.regen import new_script
from acceptance.errors import HarnessError
from acceptance.running.cases import shown
from acceptance.running.run_report import plural

STANDARD_OUTPUT = "-"
DEFECTS = ("syntax", "type")  # oracle/generate.py's DEFECTS, named here so `at` loads no oracle


def new_command(args: argparse.Namespace) -> int:
    """`at new`: scaffold a test script, or write one of random commands."""
    if args.random is None:
        if args.seed is not None or args.defect:
            raise HarnessError("--seed and --defect shape a --random script: give --random N")
        path = shown(new_script(args.name, Path.cwd(), force=args.force))
        print(
            f"created {path}: write its commands, then `at regen {path}` records the oracle's"
            " output"
        )
        return 0
    seed = args.seed or 0
    lines = random_lines(args.random, seed, args.defect)
    if args.name == STANDARD_OUTPUT:
        try:
            sys.stdout.writelines(f"{line}\n" for line in lines)
            sys.stdout.flush()
        except BrokenPipeError:  # the reader stopped early (`| head`): it has what it wanted
            quiet_stdout()
        return 0
    path = shown(new_script(args.name, Path.cwd(), lines, args.force))
    made = f"{plural(args.random, 'random command')} (seed {seed})"
    print(f"created {path}: {made}; `at regen {path}` records the oracle's output")
    return 0


def random_lines(commands: int, seed: int, defect: str | None) -> Iterator[str]:
    """The lines of a generated script: `commands` commands drawn from the seed, one error of
    the kind `defect` among them if given."""
    from oracle.generate import script_lines  # here: `at` loads the oracle only to generate

    return script_lines(seed, commands, defect=defect)


def add_new(commands: Any) -> None:
    """The `new` subcommand and its options."""
    new = commands.add_parser(
        "new", help="scaffold the test script at/NAME.txt, or write one of random commands"
    )
    new.add_argument(
        "name",
        metavar="NAME",
        help="the test's name: at/NAME.txt of this project (with --random, - writes the script"
        " to the standard output)",
    )
    new.add_argument(
        "--random",
        type=positive(int),
        metavar="N",
        help="N random Space Defender 2 commands instead of the template: mostly sensible moves,"
        " the errors of errors.txt, toggles and restarts, as `at fuzz` plays",
    )
    new.add_argument(
        "--seed",
        type=int,
        help="with --random: the random seed (default 0); the same seed, the same script",
    )
    new.add_argument(
        "--defect",
        choices=DEFECTS,
        metavar="KIND",
        help=f"with --random: put one error of this kind in ({' or '.join(DEFECTS)})",
    )
    new.add_argument("--force", action="store_true", help="replace at/NAME.txt if it exists")
    new.set_defaults(handler=new_command)
