"""`at cover`: which rules of the oracle's table a suite checks. For each rule, the tests whose
expected output it made; then the rules no test reaches, with their spec sections: what a
student's own tests or an instructor's hidden suite leave unchecked."""

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from acceptance.cli.options import add_game, add_quiet, chosen_game
from acceptance.game_oracles.registry import SPACE_DEFENDER_2
from acceptance.progress import Progress
from acceptance.running.cases import collect, suite_paths
from acceptance.running.coverage import Coverage, Covered, Reach, coverage
from acceptance.running.run_report import plural

NAMES_SHOWN = 8  # tests named on a rule's line; --json names them all


def names(tests: tuple[str, ...]) -> str:
    """The first NAMES_SHOWN tests' names, and how many more."""
    shown = ", ".join(tests[:NAMES_SHOWN])
    more = len(tests) - NAMES_SHOWN
    return shown + (f", and {more} more" if more > 0 else "")


def reach_line(reach: Reach) -> str:
    """One reached rule: its name, spec section, how many tests and which."""
    return (
        f"  {reach.rule} ({reach.spec}): {plural(len(reach.tests), 'test')}: {names(reach.tests)}"
    )


def game_lines(game: Coverage) -> list[str]:
    """One game's coverage for a person: the reached rules in the table's order, then the rules
    no test reaches with their spec sections."""
    lines = [
        f"{game.game.title}: {plural(len(game.tests), 'test')} reach {len(game.reached)} of the"
        f" oracle's {plural(len(game.rules), 'rule')}",
        *map(reach_line, game.reached),
    ]
    if game.unreached:
        lines.append(f"not reached by any test: {plural(len(game.unreached), 'rule')}")
        lines += [f"  {reach.rule} ({reach.spec})" for reach in game.unreached]
    if game.stale:
        lines.append(
            f"note: the expected output of {names(game.stale)} is not what the oracle prints now;"
            " the rules counted are the oracle's (`at regen` them)"
        )
    return lines


def cover_text(covered: Covered) -> str:
    """`at cover`'s report: each game's coverage, then the tests of games with no rule table."""
    parts = ["\n".join(game_lines(game)) for game in covered.games]
    parts += [
        f"{game.title}: {plural(count, 'test')} left out: its oracle has no rule table"
        for game, count in covered.left_out
    ]
    return "\n\n".join(parts) + "\n"


def cover_json(covered: Covered) -> str:
    """`at cover --json`: each game's rules with their tests, its unreached rules, its stale
    tests, and the games left out."""
    games: list[dict[str, Any]] = [
        {
            "game": game.game.name,
            "tests": list(game.tests),
            "reached": len(game.reached),
            "rules": [
                {"rule": r.rule, "spec": r.spec, "tests": list(r.tests), "lines": r.lines}
                for r in game.rules
            ],
            "unreached": [reach.rule for reach in game.unreached],
            "stale": list(game.stale),
        }
        for game in covered.games
    ]
    left_out = [{"game": game.name, "tests": count} for game, count in covered.left_out]
    return json.dumps({"games": games, "left_out": left_out}, indent=2) + "\n"


def cover_command(args: argparse.Namespace) -> int:
    """`at cover`: print which rules the tests reach; exit 0."""
    game = chosen_game(args)
    cases = collect(args.paths or suite_paths(game or SPACE_DEFENDER_2, "covering"), game)
    with Progress(args.quiet) as progress:
        covered = coverage(cases, progress=progress)
    sys.stdout.write(cover_json(covered) if args.json else cover_text(covered))
    return 0


def add_cover(commands: Any) -> None:
    """The `cover` subcommand and its options."""
    cover = commands.add_parser(
        "cover", help="which rules of the oracle's table the tests reach, and which none does"
    )
    cover.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="scripts or folders of scripts (default: the suite of the game, Space Defender 2"
        " unless --game says: at/ here, else the public suite installed with at)",
    )
    add_game(cover)
    cover.add_argument("--json", action="store_true", help="print JSON instead of text")
    add_quiet(cover)
    cover.set_defaults(handler=cover_command)
