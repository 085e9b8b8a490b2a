"""`at merge`: the shards of a class graded on several machines, as one grading."""

import argparse
import contextlib
import os
from pathlib import Path
from typing import Any

from acceptance.cli.options import add_quiet
from acceptance.cli.similar import add_similar_to_report, review_of
from acceptance.errors import HarnessError
from acceptance.grading.grading import REPORTS, open_store, write_class_reports
from acceptance.grading.merge import load_shards, merge_into
from acceptance.progress import Progress
from acceptance.running.cases import shown
from acceptance.running.run_report import plural
from acceptance.store.database import STORE


def merge_command(args: argparse.Namespace) -> int:
    """`at merge`: the store and reports of the merged shards; exit 0 once written."""
    if any(path.resolve() == args.out.resolve() for path in args.shards):
        raise HarnessError(f"{shown(args.out)} is one of the shards: give a new folder")
    existing = [shown(args.out / name) for name in (STORE, *REPORTS) if (args.out / name).exists()]
    if existing and not args.force:
        raise HarnessError(f"{', '.join(existing)} exist already (--force replaces them)")
    with contextlib.ExitStack() as stack:
        progress = stack.enter_context(Progress(args.quiet))
        shards = load_shards(args.shards, stack)
        store = open_store(args.out, fresh=True)
        stack.callback(store.close)
        graded = merge_into(store, shards)
        review = review_of(args)
        found = store.found(graded)
        jobs = os.cpu_count() or 1
        summary, note = write_class_reports(store, graded, found, review, jobs, progress=progress)
    print(summary)
    paths = [args.out / name for name in REPORTS]
    submissions = plural(len(graded.submissions), "submission")
    print(
        f"merged {plural(len(args.shards), 'shard')}: {submissions};"
        f" reports: {', '.join(map(shown, paths))}"
    )
    print(note)
    return 0


def add_merge(commands: Any) -> None:
    """The `merge` subcommand and its options."""
    merge = commands.add_parser(
        "merge", help="merge the output folders of shards graded apart into one class's reports"
    )
    merge.add_argument(
        "shards", nargs="+", type=Path, metavar="FOLDER", help="the --out folders of `at grade`"
    )
    merge.add_argument(
        "--out",
        type=Path,
        default=Path("grading"),
        metavar="FOLDER",
        help=f"where the merged store and reports go: {', '.join(REPORTS)} (default grading/)",
    )
    merge.add_argument(
        "--force", action="store_true", help="replace a store and reports already there"
    )
    add_similar_to_report(merge)
    add_quiet(merge)
    merge.set_defaults(handler=merge_command)
