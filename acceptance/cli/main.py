"""The `at` command line: run tests, fuzz, grade a class, regenerate expected files, scaffold
tests."""

import argparse
import contextlib
import io
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from acceptance.cli.cover import add_cover
from acceptance.cli.etf import add_etf
from acceptance.cli.fuzz import add_fuzz
from acceptance.cli.grade import add_grade, add_report
from acceptance.cli.gradescope import add_gradescope
from acceptance.cli.merge import add_merge
from acceptance.cli.new import add_new
from acceptance.cli.options import (
    add_expected,
    add_game,
    add_jobs,
    add_quiet,
    add_sandbox,
    add_timeout,
    chosen_game,
    exe_program,
    quiet_stdout,
    write_file,
)
from acceptance.cli.regen import ExpectedWrite, Regenerated, regen
from acceptance.cli.shrink import add_shrink, kept_json, kept_lines, shrink_test
from acceptance.cli.similar import add_similar
from acceptance.errors import HarnessError
from acceptance.etf.output_log import folder_log
from acceptance.processes.execution import clone_output, oracle_output
from acceptance.progress import Progress
from acceptance.running.aligned import colour_wanted
from acceptance.running.cases import (
    Suites,
    collect,
    default_root,
    default_suites,
    require_expected,
    shown,
)
from acceptance.running.memory import (
    CLONE,
    MEMORY_FILE,
    memory_path,
    new_causes,
    recall,
    remember,
    since_last,
)
from acceptance.running.run_report import (
    Display,
    Shown,
    block_report,
    causes_summary,
    closing_line,
    json_summary,
    junit_xml,
    plural,
    since_last_report,
    tolerant_closing_line,
)
from acceptance.running.suite import Checking, run_suite
from oracle.parser import remember_pieces
from oracle.version import package_version


def run_command(args: argparse.Namespace) -> int:
    """`at run`: grade the oracle or --exe on scripts; exit 0 only if every test passed."""
    if args.against_oracle and not args.exe:
        raise HarnessError("--against-oracle compares an --exe program with the oracle: give --exe")
    if args.sandbox and not args.exe:
        raise HarnessError("--sandbox confines an --exe program: give --exe")
    if args.shrink and not args.exe:
        raise HarnessError("--shrink shrinks the failing tests of an --exe program: give --exe")
    game = chosen_game(args)
    if args.paths:
        suites = Suites(collect(args.paths, game, args.expected), [])
    else:
        suites = default_suites(game)
    cases = suites.public + suites.own
    reference = oracle_output if args.against_oracle else None
    if reference is None:
        require_expected(cases, each=False)
    memory_file, program = memory_path(Path.cwd()), args.exe or CLONE
    memory = {} if args.fresh else recall(memory_file, program)
    with contextlib.ExitStack() as stack:
        progress = stack.enter_context(Progress(args.quiet))
        display = Display(len(cases), shown_of(args, len(cases)), not args.json, progress)
        producer = exe_program(args, stack) if args.exe else clone_output
        checking = Checking(args.tolerant, folder_log(args.log) if args.log else None, causes=True)
        jobs = args.jobs if args.exe else 1
        try:
            summary = run_suite(cases, producer, reference, jobs, display, checking)
        except KeyboardInterrupt:
            progress.close()
            print(display.stopped(), file=sys.stderr if args.json else sys.stdout)
            raise
        fresh = new_causes(summary, memory) if args.shrink else []
        shrunk = [
            shrink_test(result.case, producer, args.jobs, default_root(), progress)
            for result in fresh
        ]
    remember(memory_file, program, summary)
    remember_pieces()  # the next run parses the clone's scripts without loading Lark
    if args.junit:
        write_file(args.junit, junit_xml(summary))
    since = since_last(summary, memory)
    closing = tolerant_closing_line(summary) if args.tolerant else closing_line(summary)
    closing += suites_counted(suites)
    if args.json:
        sys.stdout.write(json_summary(summary, since, [kept_json(kept) for kept in shrunk]))
    else:
        shown_shrunk = [line for kept in shrunk for line in kept_lines(kept)]
        report = [*shown_shrunk, *causes_summary(summary), *since_last_report(since), closing]
        print("\n".join(report))
    return 0 if summary.failed == 0 else 1


def shown_of(args: argparse.Namespace, tests: int) -> Shown:
    """How much of each failure `at run` shows: its diff and cause with -v, --explain or a single
    test (else its headline), the clone's sources with --explain, in colour on a terminal."""
    diff = args.diff or args.explain or tests == 1
    return Shown(diff, args.explain, colour_wanted(sys.stdout))


def suites_counted(suites: Suites) -> str:
    """How many tests of each suite ran, said when the user's own ran beside the public one."""
    if not suites.own:
        return ""
    return f" ({plural(len(suites.public), 'public test')}, {len(suites.own)} of your own)"


def regen_lines(result: Regenerated) -> list[str]:
    """What `at regen` says about one expected file."""
    notes = {
        ExpectedWrite.KEPT: " (the oracle's output differs; --force overwrites it)",
        ExpectedWrite.FAILED: f" (the oracle failed: {result.detail})",
    }
    lines = [f"{result.written.value}: {shown(result.target)}{notes.get(result.written, '')}"]
    if result.change:
        lines.append(f"    first change at line {result.change.line}, in {result.change.place}")
        lines += block_report(result.change, old="file", new="oracle")
    return lines


def regen_command(args: argparse.Namespace) -> int:
    """`at regen`: write expected files from the oracle; exit 0 only if all now match it."""
    cases = collect(args.paths, chosen_game(args), args.expected)
    results = []
    with Progress(args.quiet) as progress:
        progress.begin("regenerating", "test", len(cases))
        for case in cases:
            results.append(regen(case, oracle_output, args.force, args.expected))
            progress.advance()
    for result in results:
        print("\n".join(regen_lines(result)))
    return 0 if all(result.ok for result in results) else 1


def parser() -> argparse.ArgumentParser:
    """The `at` argument parser with its subcommands."""
    top = argparse.ArgumentParser(
        prog="at", description="Acceptance tests of every game of the project, byte for byte."
    )
    top.add_argument("--version", action="version", version=f"at {package_version()}")
    commands = top.add_subparsers(required=True, metavar="COMMAND")
    run = commands.add_parser("run", help="run tests and grade them against their expected output")
    run.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="scripts or folders of scripts (default: the public suite of the game, Space Defender"
        " 2 unless --game says, and beside it your own tests of at/ in this folder)",
    )
    add_game(run)
    add_expected(run)
    run.add_argument(
        "-v",
        "--diff",
        action="store_true",
        help="show each failure's diff and cause (default for one test)",
    )
    run.add_argument(
        "--explain",
        action="store_true",
        help="as -v, with the clone's functions behind each cause, and why the oracle printed its"
        " first differing line where the cause is another line",
    )
    run.add_argument(
        "--exe",
        metavar="CMD",
        help="test this program, run as `CMD -b SCRIPT [--seed N]`, instead of the clone",
    )
    add_timeout(run)
    add_jobs(run, 1, "--exe tests")
    add_sandbox(run)
    run.add_argument(
        "--against-oracle",
        action="store_true",
        help="with --exe: scripts with no expected file are compared with the oracle",
    )
    run.add_argument(
        "--tolerant",
        action="store_true",
        help="pass outputs that differ only in white space (blank lines, spaces between words), "
        "as ETF_Test.py's is_tolerant_on_white_spaces; the closing line also gives the exact "
        "verdict, which grading uses",
    )
    run.add_argument(
        "--log",
        type=Path,
        metavar="DIR",
        help="keep each test's outputs as DIR/FOLDER/NAME.actual.txt and NAME.expected.txt "
        "(FOLDER: the script's folder's name), for any diff tool",
    )
    run.add_argument(
        "--junit", type=Path, metavar="FILE", help="also write a JUnit XML report to FILE"
    )
    run.add_argument("--json", action="store_true", help="print a JSON summary instead of text")
    add_quiet(run)
    run.add_argument(
        "--fresh",
        action="store_true",
        help=f"ignore what the last run from this folder left in {MEMORY_FILE} (what changed"
        " since it is not told); this run is still remembered",
    )
    run.add_argument(
        "--shrink",
        action="store_true",
        help="with --exe: shrink the failing test of each cause new since the last run (the one"
        " with the shortest script) as `at shrink` does, keeping each in this project",
    )
    run.set_defaults(handler=run_command)
    regenerate = commands.add_parser(
        "regen",
        help="write expected files from the oracle: beside each script, or in the project's"
        " expected/ for the scripts of its at/",
    )
    regenerate.add_argument(
        "paths", nargs="+", type=Path, metavar="PATH", help="scripts or folders of scripts"
    )
    regenerate.add_argument(
        "--force", action="store_true", help="overwrite expected files that would change"
    )
    add_game(regenerate)
    add_quiet(regenerate)
    add_expected(regenerate)
    regenerate.set_defaults(handler=regen_command)
    add_new(commands)
    add_fuzz(commands)
    add_shrink(commands)
    add_cover(commands)
    add_grade(commands)
    add_report(commands)
    add_merge(commands)
    add_gradescope(commands)
    add_etf(commands)
    add_similar(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `at`: bad input is a one-line error and exit status 2, never a traceback."""
    args = parser().parse_args(argv)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")
    try:
        handler: Callable[[argparse.Namespace], int] = args.handler
        return handler(args)
    except HarnessError as error:
        print(f"at: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("at: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `at run | head`: stop quietly
        quiet_stdout()
        return 1
