"""The course's ETF_Test.py answered by the harness: the tests its parameters name, found, warned
about and logged as it finds, warns and logs them (paths as it resolves them when run from the
parameters file's folder), and its summary's lines."""

import os
import shlex
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from acceptance.errors import HarnessError
from acceptance.etf.output_log import ACTUAL_SUFFIX, LogFiles
from acceptance.etf.parameters import Parameters
from acceptance.game_oracles.registry import Game, game_of_folder
from acceptance.running.cases import EXPECTED_SUFFIX, SCRIPT_SUFFIX, Case, read_seed
from acceptance.running.run_report import INDENT, explained_report, location
from acceptance.running.suite import Result, Summary

LOG = "log"
STRIPPED = ("../", "~/", "./")  # what ETF_Test.py removes from a test folder's path to its log
ALL_PASS = "All tests pass!!!"


@dataclass(frozen=True)
class EtfTest:
    """One test as ETF_Test.py names it, relative to the parameters file's folder: its script,
    the expected file beside it (copied when `is_expected`) and its two log files."""

    script: str
    source: str
    actual: str
    expected: str


@dataclass(frozen=True)
class Plan:
    """The tests ETF_Test.py would run, in its order, and its warnings."""

    tests: tuple[EtfTest, ...]
    warnings: tuple[str, ...]


def is_listed_script(name: str) -> bool:
    """Whether ETF_Test.py takes a file for a test: NAME.txt, not NAME.expected.txt."""
    return name.endswith(SCRIPT_SUFFIX) and not name.endswith(EXPECTED_SUFFIX)


def listed(
    paths: Iterable[str], base: str, warnings: list[str], within: frozenset[str]
) -> list[str]:
    """The scripts that paths stand for: a folder's entries by name, folders within it too; a file
    named as a test, warned about when missing. `within` holds the folders being walked (a link
    back to one is not walked again)."""
    found: list[str] = []
    for path in paths:
        here = os.path.join(base, path)
        if os.path.isdir(here):
            real = os.path.realpath(here)
            if real not in within:
                entries = sorted(os.path.join(path, name) for name in os.listdir(here))
                found += listed(entries, base, warnings, within | {real})
        elif is_listed_script(os.path.basename(path)):
            if os.path.isfile(here):
                found.append(path)
            else:
                warnings.append(f"Warning: File {path} is listed but can not be found")
    return found


def without_duplicates(paths: list[str], warnings: list[str]) -> list[str]:
    """Each path once, in order, each repeat warned about."""
    kept: dict[str, None] = {}
    for path in paths:
        if path in kept:
            warnings.append(f"Warning: File {path} already in list")
        kept[path] = None
    return list(kept)


def log_folder(folder: str, root: str, base: str) -> str:
    """The log folder of a test folder: its path from the root, with ../, ~/ and ./ removed."""
    relative = os.path.relpath(os.path.join(base, folder), os.path.join(base, root))
    for part in STRIPPED:
        relative = relative.replace(part, "")
    return os.path.join(LOG, relative)


def etf_test(path: str, parameters: Parameters, base: str, warnings: list[str]) -> EtfTest | None:
    """A listed script as a test, or None (warned about) when its expected file is to be copied
    and is missing. A test's name is its file name up to the first dot."""
    script = os.path.normpath(path)
    folder = os.path.dirname(script)
    name = os.path.basename(script).split(".")[0]
    log = log_folder(folder, parameters.root, base)
    source = os.path.join(folder, name + EXPECTED_SUFFIX)
    if parameters.is_expected and not os.path.isfile(os.path.join(base, source)):
        warnings.append(f"Warning: File {script} is listed but {source} can not be found")
        return None
    return EtfTest(
        script,
        source,
        os.path.join(log, name + ACTUAL_SUFFIX),
        os.path.join(log, name + EXPECTED_SUFFIX),
    )


def plan(parameters: Parameters, base: str) -> Plan:
    """The tests ETF_Test.py would run from the folder `base`, and its warnings."""
    warnings: list[str] = []
    roots = [os.path.join(parameters.root, path) for path in parameters.acceptance_tests]
    scripts = without_duplicates(listed(roots, base, warnings, frozenset()), warnings)
    tests = [etf_test(script, parameters, base, warnings) for script in scripts]
    return Plan(tuple(test for test in tests if test is not None), tuple(warnings))


def log_files(test: EtfTest, base: str) -> LogFiles:
    """Where a test's outputs are written."""
    return LogFiles(Path(base, test.actual), Path(base, test.expected))


def result_line(test: EtfTest, passed: bool, parameters: Parameters, where: str) -> str | None:
    """ETF_Test.py's line for a test, its log files shown from `where` (None for a pass when
    only errors are printed): a success, the diff tool's command to paste, or an error."""
    actual, expected = (os.path.join(where, path) for path in (test.actual, test.expected))
    if passed:
        return (
            None
            if parameters.print_only_errors
            else (f"Success: {actual} and {expected} are identical.")
        )
    if parameters.format_for_diff:
        return " ".join([parameters.format_for_diff.strip(), actual, expected, "&"])
    return f"Error: {actual} and {expected} do not match."


def results_line(passed: int, total: int) -> str:
    """The line ETF_Test.py's summary opens and closes with."""
    return f"Test Results: {passed}/{total} passed."


def summary_block(passed: int, total: int, lines: list[str]) -> list[str]:
    """ETF_Test.py's summary: the results line between rules, the results (or that all passed),
    the results line again."""
    head = results_line(passed, total)
    rule = "=" * len(head)
    return [rule, head, rule, *(lines or [ALL_PASS]), rule, head, rule]


def test_name(test: EtfTest) -> str:
    """A test's name in reports: its log folder's path and its name (instructor/at001)."""
    return os.path.relpath(test.expected, LOG).removesuffix(EXPECTED_SUFFIX)


def executable_argv(executable: str, base: str) -> tuple[str, ...]:
    """The command line of the `executable` setting, a program path resolved from the folder
    `base` (a bare name is looked up on the PATH, as a shell would)."""
    try:
        argv = shlex.split(os.path.normpath(executable)) if executable else []
    except ValueError as error:
        raise HarnessError(f"cannot read executable = {executable!r}: {error}") from None
    if not argv:
        raise HarnessError("executable names no program")
    program = argv[0] if os.sep not in argv[0] else os.path.normpath(os.path.join(base, argv[0]))
    return (program, *argv[1:])


def indented(text: str) -> list[str]:
    """A report's lines, indented under the line of its test."""
    return [INDENT + line for line in text.splitlines()]


def tolerant_lines(tests: Iterable[tuple[EtfTest, Result]], summary: Summary) -> list[str]:
    """Under white space tolerance, the exact verdict that grading gives, and where each test
    that passed only with tolerance differs byte for byte."""
    total = len(summary.results)
    lines = [
        f"Graded byte for byte, as the course grades (white space is tolerated only here): "
        f"{summary.passed_exactly}/{total} passed."
    ]
    for test, result in tests:
        if result.passed and result.mismatch is not None:
            lines.append(
                f"{INDENT}{test_name(test)} passes only with white space tolerated: "
                f"{location(result.mismatch)}"
            )
    return lines


def etf_report(found: Plan, summary: Summary, parameters: Parameters, where: str) -> list[str]:
    """What `at etf` prints once its tests have run: ETF_Test.py's summary with each failure's
    report under its line, then, under tolerance, the exact verdict."""
    pairs = list(zip(found.tests, summary.results, strict=True))
    lines: list[str] = []
    for test, result in pairs:
        line = result_line(test, result.passed, parameters, where)
        lines += [line] if line is not None else []
        lines += [] if result.passed else indented(explained_report(result))
    block = summary_block(summary.passed, len(pairs), lines)
    return block + (
        tolerant_lines(pairs, summary) if parameters.is_tolerant_on_white_spaces else []
    )


def etf_case(test: EtfTest, parameters: Parameters, base: str, game: Game | None) -> Case:
    """A test as the harness runs it: of `game` or its folder's, its expected file copied when
    `is_expected`, else none (the oracle's output is expected)."""
    script = Path(base, test.script)
    game = game or game_of_folder(script.parent)
    expected = Path(base, test.source) if parameters.is_expected else None
    seed = read_seed(script) if game.takes_seed else None
    return Case(test_name(test), script, expected, game, seed)
