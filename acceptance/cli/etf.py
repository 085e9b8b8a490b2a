"""`at etf`: what the course's ETF_Test.py does, answered by the harness from the student's own
parameters file (read, never run), with each failure's first difference and its explanation."""

import argparse
import os
from pathlib import Path
from typing import Any

from acceptance.cli.options import add_game, add_jobs, add_quiet, add_timeout, chosen_game
from acceptance.errors import HarnessError
from acceptance.etf.course import (
    Plan,
    etf_case,
    etf_report,
    executable_argv,
    log_files,
    plan,
)
from acceptance.etf.output_log import OutputLog
from acceptance.etf.parameters import DEFAULT_PARAMETERS, Parameters, read_parameters
from acceptance.processes.execution import External, oracle_output
from acceptance.progress import Progress
from acceptance.running.cases import shown
from acceptance.running.run_report import Display, Shown
from acceptance.running.suite import Checking, Summary, run_suite

STOP = "System exit: to proceed fix warnings or enabled ignore_warnings in ETF_Test_Parameters.py"


def shown_from(base: str) -> str:
    """How paths relative to the parameters' folder are prefixed to be read from the cwd."""
    return "" if Path(base) == Path.cwd() else os.path.relpath(base)


def stand_in(parameters: Parameters) -> str:
    """The line saying that the project's oracle stands in for the `oracle` setting."""
    named = f" ({parameters.oracle})" if parameters.oracle else ""
    return f"Expected outputs come from the project's oracle, standing in for `oracle`{named}."


def run_tests(args: argparse.Namespace, parameters: Parameters, base: str, found: Plan) -> Summary:
    """Run the planned tests, keeping their outputs in the log."""
    if not parameters.is_expected:
        print(stand_in(parameters))
    cases = [etf_case(test, parameters, base, chosen_game(args)) for test in found.tests]
    files = {
        case.script: log_files(test, base) for case, test in zip(cases, found.tests, strict=True)
    }
    checking = Checking(
        parameters.is_tolerant_on_white_spaces, OutputLog(lambda c: files[c.script])
    )
    reference = None if parameters.is_expected else oracle_output
    program = External(executable_argv(parameters.executable, base), args.timeout)
    with Progress(args.quiet) as progress:
        display = Display(len(cases), Shown(diff=False), lines=False, progress=progress)
        return run_suite(cases, program, reference, args.jobs, display, checking)


def etf_command(args: argparse.Namespace) -> int:
    """`at etf`: run the tests of a parameters file as ETF_Test.py would; exit 0 only if every
    test passed (with white space tolerated when the parameters say so), 1 on warnings that stop
    it."""
    parameters = read_parameters(args.parameters)
    base = os.path.abspath(args.parameters.parent)
    found = plan(parameters, base)
    if found.warnings:
        print("\n".join(found.warnings))
        if not parameters.ignore_warnings:
            print(STOP)
            return 1
    if not found.tests:
        left = ", and the warnings" if found.warnings else ""
        raise HarnessError(
            f"{shown(args.parameters)}: no test to run (see root, acceptance_tests{left})"
        )
    summary = run_tests(args, parameters, base, found)
    print("\n".join(etf_report(found, summary, parameters, shown_from(base))))
    return 0 if summary.failed == 0 else 1


def add_etf(commands: Any) -> None:
    """The `at etf` command."""
    summary = "run what the course's ETF_Test.py runs, from its ETF_Test_Parameters.py"
    etf = commands.add_parser(
        "etf",
        help=summary,
        description=(
            f"{summary} (read, never run: only assignments of literal values), as ETF_Test.py "
            "does when run from that file's folder: the same tests, warnings, log/ files and "
            "Test Results lines, with each failure's first difference and the oracle's "
            "explanation"
        ),
    )
    etf.add_argument(
        "parameters",
        nargs="?",
        type=Path,
        default=DEFAULT_PARAMETERS,
        metavar="PARAMETERS",
        help=f"the parameters file (default ./{DEFAULT_PARAMETERS})",
    )
    add_game(etf)
    add_timeout(etf)
    add_jobs(etf, 1, "tests")
    add_quiet(etf)
    etf.set_defaults(handler=etf_command)
