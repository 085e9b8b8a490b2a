"""`at shrink`: a failing test shrunk to the smallest script on which the program still fails the
same way (the same cause rule), shown as `at run` shows a failure and kept as a new test; `at run
--shrink` does it for each failing test whose cause is new."""

import argparse
import contextlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from acceptance.cli.options import (
    add_game,
    add_jobs,
    add_kept_tests,
    add_quiet,
    add_sandbox,
    add_timeout,
    chosen_game,
    exe_program,
    findings_root,
)
from acceptance.errors import HarnessError
from acceptance.fuzzing.fuzz import Failure, save
from acceptance.fuzzing.shrunk_case import Shrunk, shrink_case
from acceptance.progress import SILENT, Progress
from acceptance.running.cases import Case, collect, shown
from acceptance.running.outcome import Producer, Status
from acceptance.running.run_report import INDENT, explained_report, plural
from acceptance.running.suite import Checking, Result, check

SHRUNK_SUFFIX = "_shrunk"  # a kept test's name: the test's, then this (then _2, ... where taken)


@dataclass(frozen=True)
class SavedShrink:
    """A shrunk test kept: the shrinking, the program's run of the new test, the files written."""

    shrunk: Shrunk
    result: Result
    files: list[Path]


def shrink_test(
    case: Case, program: Producer, jobs: int, root: Path, progress: Progress = SILENT
) -> SavedShrink:
    """Shrink a failing test and keep the smallest script as a new test in the project `root`."""
    with tempfile.TemporaryDirectory(prefix="at-shrink-") as folder:
        shrunk = shrink_case(case, program, Path(folder), jobs, progress)
    name = case.script.stem + SHRUNK_SUFFIX
    units, seed = shrunk.finding.shrunk, case.seed
    kept, files = save(case.game, root, name, units, seed, shrunk.expected)
    return SavedShrink(shrunk, check(kept, program, checking=Checking(causes=True)), files)


def kept_lines(kept: SavedShrink) -> list[str]:
    """A shrunk test for a person: how far it shrank, its script, its failure as `at run -v`
    shows it, and where it was kept."""
    shrunk = kept.shrunk
    commands = shrunk.finding.shrunk
    head = (
        f"{shrunk.case.name}: shrunk to {plural(len(commands), shrunk.case.game.unit.value)} of"
        f" the test's {len(shrunk.units)}, failing {alike(shrunk.failure)}"
        f" ({shrunk.finding.runs} runs, {shrunk.seconds:.1f} s)"
    )
    return [
        head,
        "the script:",
        *([INDENT + command for command in commands] or [f"{INDENT}(empty: it fails before any)"]),
        explained_report(kept.result),
        f"saved {', '.join(map(shown, kept.files))}",
    ]


def alike(failure: Failure) -> str:
    """How the shrunk script fails as the test did, in words."""
    if failure.rule:
        return f"with the same cause, {failure.rule}"
    if failure.status is Status.OK:
        return "with a difference, as the test does"
    return f"the same way ({failure.status.value})"


def kept_json(kept: SavedShrink) -> dict[str, Any]:
    """A shrunk test as `at shrink --json` gives it: the kept script and expected file, its
    commands, the test it came from with its commands, the cause, the runs and time taken."""
    shrunk, cause = kept.shrunk, kept.result.cause
    return {
        "script": str(kept.files[0]),
        "expected": str(kept.files[1]),
        "commands": list(shrunk.finding.shrunk),
        "from": {
            "test": shrunk.case.name,
            "script": str(shrunk.case.script),
            "commands": list(shrunk.units),
        },
        "cause": cause.as_json() if cause else None,
        "runs": shrunk.finding.runs,
        "seconds": round(shrunk.seconds, 3),
    }


def shrink_command(args: argparse.Namespace) -> int:
    """`at shrink`: exit 1, the shrunk test failing as the test did (and kept)."""
    if args.test.is_dir():
        raise HarnessError(f"give one test script, not a folder: {args.test}")
    cases = collect([args.test], chosen_game(args))
    root = findings_root(args.out)
    with contextlib.ExitStack() as stack:
        progress = stack.enter_context(Progress(args.quiet))
        kept = shrink_test(cases[0], exe_program(args, stack), args.jobs, root, progress)
    print(json.dumps(kept_json(kept), indent=2) if args.json else "\n".join(kept_lines(kept)))
    return 1


def add_shrink(commands: Any) -> None:
    """The `shrink` subcommand and its options."""
    shrink = commands.add_parser(
        "shrink",
        help="shrink a failing test to the fewest commands that still fail with the same cause",
    )
    shrink.add_argument("test", type=Path, metavar="TEST", help="the failing test's script")
    shrink.add_argument(
        "--exe",
        required=True,
        metavar="CMD",
        help="the program that fails the test, run as `CMD -b SCRIPT [--seed N]`",
    )
    add_game(shrink)
    add_timeout(shrink)
    add_jobs(shrink, os.cpu_count() or 1, "candidate scripts")
    add_sandbox(shrink)
    add_kept_tests(shrink, "the shrunk test")
    shrink.add_argument("--json", action="store_true", help="print a JSON summary instead of text")
    add_quiet(shrink)
    shrink.set_defaults(handler=shrink_command)
