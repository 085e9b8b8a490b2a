"""`at fuzz`: random scripts through a program and the oracle; the first difference shrunk,
reported as `at run` reports it and kept as a new test."""

import argparse
import contextlib
import dataclasses
import json
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from acceptance.cli.options import (
    add_jobs,
    add_kept_tests,
    add_quiet,
    add_sandbox,
    add_timeout,
    exe_program,
    findings_root,
    positive,
)
from acceptance.errors import HarnessError
from acceptance.fuzzing.fuzz import (
    Budget,
    Caught,
    Finding,
    Probe,
    counted,
    minimal,
    save,
    search,
    search_every,
)
from acceptance.game_oracles.registry import GAMES, SPACE_DEFENDER_2, Game, game_named
from acceptance.processes.execution import clone_output, oracle_output, reference_of
from acceptance.progress import SILENT, Progress
from acceptance.running.cases import collect, shown
from acceptance.running.coverage import game_coverage
from acceptance.running.outcome import Producer
from acceptance.running.run_report import INDENT, explained_report, plural
from acceptance.running.suite import Checking, Result, check

DEFAULT_BUDGET = 100
SEEDS = 1 << 32


def program_under_test(
    args: argparse.Namespace, game: Game, stack: contextlib.ExitStack
) -> tuple[Producer, str]:
    """The program that fuzzing checks, and its name: --exe (in the sandbox with --sandbox), else
    the clone of a BASIC game."""
    if args.exe:
        return exe_program(args, stack), args.exe
    if args.sandbox:
        raise HarnessError("--sandbox confines an --exe program: give --exe")
    if game.reference is None:
        raise HarnessError(f"give --exe CMD: the {game.title} clone is itself the oracle")
    return clone_output, f"the {game.title} clone"


def budget_of(args: argparse.Namespace) -> Budget:
    """The fuzzing budget: --budget scripts, or as many as --time seconds allow."""
    if args.time is not None:
        return Budget(sys.maxsize, args.time)
    return Budget(args.budget or DEFAULT_BUDGET)


def report_finding(
    game: Game, finding: Finding, name: str, program: Producer, expected: bytes, root: Path
) -> int:
    """Keep the shrunk script (the smallest so far, if shrinking was stopped) as a new test and
    report it as `at run` does; exit 1, or 130 when stopped by Ctrl-C."""
    trial = finding.trial
    case, files = save(game, root, name, finding.shrunk, trial.seed, expected)
    print(explained_report(check(case, program, checking=Checking(causes=True))))
    how = "stopped (Ctrl-C) shrinking" if finding.stopped else "shrunk"
    print(
        f"{how} a script of {plural(len(trial.lines), 'line')} to"
        f" {plural(len(finding.shrunk), game.unit.value)} in {plural(finding.runs, 'run')}"
    )
    print(f"saved {', '.join(map(shown, files))}")
    return 130 if finding.stopped else 1


def fuzz_every(
    args: argparse.Namespace,
    game: Game,
    program: Producer,
    seed: int,
    budget: Budget,
    progress: Progress,
) -> int:
    """Fuzz until the budget is spent, keeping a shrunk test for each cause found: exit 1 when
    one was found, 0 if none."""
    with tempfile.TemporaryDirectory(prefix="at-fuzz-") as folder:
        probe = Probe(game, program, oracle_output, Path(folder))
        tried, found = search_every(probe, seed, budget, args.jobs, progress)
        outputs = [
            probe.run(caught.finding.shrunk, caught.finding.trial.seed)[1].stdout
            for caught in found
        ]
    progress.close()
    root = findings_root(args.out)
    saved = [
        keep_finding(
            game, caught, f"fuzz_{seed}_{caught.finding.trial.number}", program, expected, root
        )
        for caught, expected in zip(found, outputs, strict=True)
    ]
    if args.json:
        print(
            json.dumps(
                {"seed": seed, "tried": tried, "findings": [every_json(one) for one in saved]},
                indent=2,
            )
        )
    else:
        print("\n".join(every_lines(saved, tried, seed)))
    return 1 if found else 0


@dataclasses.dataclass(frozen=True)
class Saved:
    """A cause found by `at fuzz --every`, kept: its shrunk script's run, the files written, and
    how many random scripts failed with it."""

    caught: Caught
    result: Result
    files: list[Path]


def keep_finding(
    game: Game, caught: Caught, name: str, program: Producer, expected: bytes, root: Path
) -> Saved:
    """Keep a cause's shrunk script as a new test, run by the program as `at run` does."""
    finding = caught.finding
    case, files = save(game, root, name, finding.shrunk, finding.trial.seed, expected)
    return Saved(caught, check(case, program, checking=Checking(causes=True)), files)


def failing_as(caught: Caught) -> str:
    """How a cause's scripts fail, in words: its rule, else how the program ended."""
    return caught.failure.rule or caught.failure.status.value


def every_lines(saved: list[Saved], tried: int, seed: int) -> list[str]:
    """What `at fuzz --every` says: each cause's test as `at run` reports it, then the causes
    with their hits, the most first."""
    lines: list[str] = []
    for one in saved:
        finding = one.caught.finding
        lines += [
            explained_report(one.result),
            f"shrunk a script of {plural(len(finding.trial.lines), 'line')} to"
            f" {plural(len(finding.shrunk), one.result.case.game.unit.value)} in {finding.runs}"
            f" runs; {plural(one.caught.hits, 'script')} failed with this cause",
            f"saved {', '.join(map(shown, one.files))}",
        ]
    ranked = sorted(saved, key=lambda one: -one.caught.hits)
    causes = [
        f"{INDENT}{failing_as(one.caught)}: {plural(one.caught.hits, 'hit')},"
        f" kept as {shown(one.files[0])}"
        for one in ranked
    ]
    heading = ["causes found, most hits first:"] if causes else []
    count = plural(len(saved), "cause") if saved else "no difference"
    return [*lines, *heading, *causes, f"{count} in {plural(tried, 'script')} (seed {seed})"]


def every_json(saved: Saved) -> dict[str, Any]:
    """A cause as `at fuzz --every --json` gives it: its test's script and expected file, the
    cause of its difference, and how many random scripts failed with it."""
    cause = saved.result.cause
    return {
        "script": str(saved.files[0]),
        "expected": str(saved.files[1]),
        "commands": list(saved.caught.finding.shrunk),
        "cause": cause.as_json() if cause else None,
        "failure": failing_as(saved.caught),
        "hits": saved.caught.hits,
    }


def leaning_toward(game: Game, paths: list[Path], progress: Progress = SILENT) -> tuple[Game, str]:
    """The game with random scripts that lean toward the rules these tests reach least (their
    explaining shown as it goes), and how that is said."""
    if game.toward is None or game.rules is None:
        raise HarnessError(f"--toward: the {game.title} fuzzer cannot lean toward rules")
    cases = collect(paths, game)
    progress.begin("explaining tests", "test", len(cases))
    coverage = game_coverage(game, game.rules, cases, progress=progress)
    scripts = game.toward(coverage.weights())
    said = f", leaning toward the rules {plural(len(cases), 'test')} reach least"
    return dataclasses.replace(game, random_script=scripts), said


def fuzz_command(args: argparse.Namespace) -> int:
    """`at fuzz`: exit 1 when a difference was found (and kept as a test), 0 when none was."""
    if args.json and not args.every:
        raise HarnessError("--json gives the findings of --every: give --every")
    game, leaning = game_named(args.game), ""
    with contextlib.ExitStack() as stack:
        progress = stack.enter_context(Progress(args.quiet))
        if args.toward:
            game, leaning = leaning_toward(game, args.toward, progress)
        program, name = program_under_test(args, game, stack)
        return fuzz_with(args, game, program, name, progress, leaning)


def fuzz_with(
    args: argparse.Namespace,
    game: Game,
    program: Producer,
    name: str,
    progress: Progress,
    leaning: str = "",
) -> int:
    """Fuzz one program, its progress shown (and cleared before each line it prints): exit 1
    when a difference was found (and kept as a test), 0 if none."""
    seed = random.randrange(SEEDS) if args.seed is None else args.seed
    budget = budget_of(args)
    limit = (
        f"{budget.seconds:g}s" if budget.seconds is not None else plural(budget.scripts, "script")
    )
    if not args.json:
        every = ", every cause" if args.every else ""
        progress.write(
            f"fuzzing {name} against {reference_of(game)} ({game.name}), seed {seed},"
            f" {limit}{leaning}{every}"
        )
        sys.stdout.flush()
    if args.every:
        return fuzz_every(args, game, program, seed, budget, progress)
    with tempfile.TemporaryDirectory(prefix="at-fuzz-") as folder:
        probe = Probe(game, program, oracle_output, Path(folder))
        tried, trial = search(probe, seed, budget, args.jobs, progress)
        progress.close()
        if trial is None:
            print(f"no difference in {plural(tried, 'script')} (seed {seed})")
            return 0
        print(f"script {trial.number} differs; shrinking it")
        sys.stdout.flush()
        progress.begin(f"shrinking script {trial.number}", "run")
        finding = minimal(probe, trial, args.jobs, watch=counted(progress, game))
        expected = probe.run(finding.shrunk, trial.seed)[1].stdout
    progress.close()
    root = findings_root(args.out)
    return report_finding(game, finding, f"fuzz_{seed}_{trial.number}", program, expected, root)


def add_fuzz(commands: Any) -> None:
    """The `fuzz` subcommand and its options."""
    fuzz = commands.add_parser(
        "fuzz", help="find a script where a program differs from the oracle, shrink it, keep it"
    )
    fuzz.add_argument(
        "--exe",
        metavar="CMD",
        help="the program, run as `CMD -b SCRIPT [--seed N]` (default for a BASIC game: its clone)",
    )
    fuzz.add_argument(
        "--game",
        choices=list(GAMES),
        default=SPACE_DEFENDER_2.name,
        metavar="GAME",
        help=f"the game (default {SPACE_DEFENDER_2.name}); one of {', '.join(GAMES)}",
    )
    fuzz.add_argument(
        "--seed", type=int, metavar="S", help="the random seed (default: a new one, printed)"
    )
    budget = fuzz.add_mutually_exclusive_group()
    budget.add_argument(
        "--budget",
        type=positive(int),
        metavar="N",
        help=f"try at most N random scripts (default {DEFAULT_BUDGET})",
    )
    budget.add_argument(
        "--time", type=positive(float), metavar="T", help="try random scripts for T seconds"
    )
    fuzz.add_argument(
        "--toward",
        action="append",
        type=Path,
        metavar="PATH",
        help="lean the random scripts toward the rules these tests (scripts or folders,"
        " repeatable) reach least, as `at cover` counts them (Space Defender 2)",
    )
    add_timeout(fuzz)
    add_jobs(fuzz, os.cpu_count() or 1, "scripts")
    add_sandbox(fuzz)
    add_kept_tests(fuzz, "the finding")
    fuzz.add_argument(
        "--every",
        action="store_true",
        help="go on after a difference until the budget is spent, keeping one shrunk test per"
        " cause found (a script of a cause already kept is counted, not kept)",
    )
    fuzz.add_argument(
        "--json", action="store_true", help="with --every: print the findings as JSON, not text"
    )
    add_quiet(fuzz)
    fuzz.set_defaults(handler=fuzz_command)
