"""`at similar`: the integrity review of a class's code: every pair of submissions scored by the
code they share, the base (starter code, ETF's classes) left out, most similar first; a page
shows each pair's shared code side by side. These are pairs to look at, not findings."""

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from acceptance.cli.options import add_jobs, add_quiet, positive, write_file
from acceptance.errors import HarnessError
from acceptance.integrity.page import integrity_page, pairs_json, pairs_text
from acceptance.integrity.review import Review
from acceptance.integrity.similarity import COMMON, THRESHOLD, WINDOW, K, similarity
from acceptance.progress import Progress
from acceptance.running.cases import shown
from acceptance.running.run_report import plural

PAGE = "similarity.html"


def similar_command(args: argparse.Namespace) -> int:
    """`at similar`: print the pairs and write the page; exit 0 once written, whatever the
    scores."""
    if len(set(args.submissions)) < 2:
        raise HarnessError("give two submissions or more to compare")
    with Progress(args.quiet) as progress:
        result = similarity(
            args.submissions, args.base, args.threshold, args.common, args.jobs, progress
        )
        page = args.out / PAGE
        try:
            args.out.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise HarnessError(f"cannot make {shown(args.out)}: {error.strerror}") from None
        progress.begin("writing the page")
        title = f"Integrity review: {plural(len(result.codes), 'submission')}"
        write_file(page, integrity_page(result, title))
    if args.json:
        sys.stdout.write(pairs_json(result))
    else:
        sys.stdout.write(pairs_text(result))
        print(f"page: {shown(page)} (pairs to look at, not findings)")
    return 0


def add_similar_to_report(command: argparse.ArgumentParser) -> None:
    """The --similar option of `at grade`, `at report` and `at merge`, with its --similar-*
    options."""
    command.add_argument(
        "--similar",
        action="store_true",
        help="add the integrity review to report.html: the pairs of submissions sharing code and"
        " those alone printing the same wrong output; pairs to look at, not findings",
    )
    add_similar_options(command, "similar-")


def score(text: str) -> float:
    """A threshold: a number from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{text} is not between 0 and 1")
    return value


def review_of(args: argparse.Namespace) -> Review | None:
    """The integrity review --similar and its --similar-* options ask for (None without)."""
    return Review(tuple(args.base), args.threshold, args.common) if args.similar else None


def add_similar_options(command: argparse.ArgumentParser, prefix: str = "") -> None:
    """The options of code similarity that `at similar` and the --similar of a grading's reports
    share (the latter's named --similar-base and so on)."""
    command.add_argument(
        f"--{prefix}base",
        dest="base",
        action="append",
        default=[],
        type=Path,
        metavar="STARTER",
        help="a folder of code every submission was given (the starter code, the classes ETF"
        " generates): its code is not counted; repeatable",
    )
    command.add_argument(
        f"--{prefix}threshold",
        dest="threshold",
        type=score,
        default=THRESHOLD,
        metavar="SCORE",
        help=f"flag the pairs scoring this or more, from 0 to 1 (default {THRESHOLD})",
    )
    command.add_argument(
        f"--{prefix}common",
        dest="common",
        type=positive(int),
        default=COMMON,
        metavar="N",
        help="code found in more than N submissions counts as given to all, like the base"
        f" (default {COMMON})",
    )


def add_similar(commands: Any) -> None:
    """The `similar` subcommand and its options."""
    similar = commands.add_parser(
        "similar",
        help="the integrity review: pairs of submissions sharing code, to look at",
        epilog="Score every pair of submissions by the code they share and rank them,"
        " most similar first; write a page showing each pair's shared code side by side. The"
        f" code is compared as Pygments' tokens, runs of {K} tokens winnowed in windows of"
        f" {WINDOW}: comments, layout, identifiers and the values of literals do not count, so"
        " renaming, rewording comments, moving files and reordering routines hide little."
        " These are pairs to look at, not findings.",
    )
    similar.add_argument(
        "submissions",
        nargs="+",
        type=Path,
        metavar="SUBMISSION",
        help="submission folders: their Eiffel (.e) files and the code files Pygments knows"
        " by name",
    )
    add_similar_options(similar)
    add_jobs(similar, os.cpu_count() or 1, "processes reading submissions")
    similar.add_argument(
        "--out",
        type=Path,
        default=Path("similarity"),
        metavar="FOLDER",
        help=f"where the page goes, as FOLDER/{PAGE}, replaced each run (default similarity/)",
    )
    similar.add_argument(
        "--json",
        action="store_true",
        help='print {"pairs": [{"a", "b", "score", "flagged"}, ...]}, most similar first',
    )
    add_quiet(similar)
    similar.set_defaults(handler=similar_command)
