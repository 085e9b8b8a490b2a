"""`at gradescope`: the autograder bundle an instructor uploads to Gradescope."""

import argparse
from pathlib import Path
from typing import Any

from acceptance.cli.options import add_class_suite, add_timeout, chosen_game
from acceptance.errors import HarnessError
from acceptance.gradescope.bundle import Bundle, write_bundle
from acceptance.gradescope.results import VISIBILITIES
from acceptance.marking.scheme import load_marking
from acceptance.running.cases import collect, graded_paths, require_expected, shown
from acceptance.running.run_report import plural


def gradescope_command(args: argparse.Namespace) -> int:
    """`at gradescope`: write the autograder bundle; exit 0 once written."""
    game = chosen_game(args)
    cases = collect(graded_paths(args.tests, game), game, args.expected)
    require_expected(cases)
    if "{}" not in args.exe:
        raise HarnessError(f"--exe {args.exe!r} must name the program with {{}} for the folder")
    load_marking(args.points, args.scheme, [case.name for case in cases])
    bundle = Bundle(
        args.exe,
        cases,
        args.points,
        args.timeout,
        args.visibility,
        args.game,
        not args.no_sandbox,
        args.scheme,
    )
    archive = write_bundle(bundle, args.out)
    print(
        f"wrote the autograder of {plural(len(cases), 'test')} in {shown(args.out)}:"
        f" upload {shown(archive)}"
    )
    return 0


def add_gradescope(commands: Any) -> None:
    """The `gradescope` subcommand and its options."""
    bundle = commands.add_parser(
        "gradescope", help="write the Gradescope autograder bundle grading over a hidden suite"
    )
    add_class_suite(bundle, "the submission's program", "the hidden suite")
    bundle.add_argument("--points", type=Path, metavar="FILE", help="the suite's points file")
    bundle.add_argument(
        "--scheme", type=Path, metavar="FILE", help="the marking scheme (TOML; see `at grade`)"
    )
    add_timeout(bundle)
    bundle.add_argument(
        "--visibility",
        choices=VISIBILITIES,
        default="visible",
        help="when students see their results (default visible)",
    )
    bundle.add_argument(
        "--out",
        type=Path,
        default=Path("autograder"),
        metavar="FOLDER",
        help="a new folder for the bundle (default autograder/)",
    )
    bundle.add_argument(
        "--no-sandbox",
        action="store_true",
        help="grade unsandboxed even where bubblewrap works (the container alone isolates)",
    )
    bundle.set_defaults(handler=gradescope_command)
