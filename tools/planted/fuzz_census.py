"""The fuzzer's power over every planted mutant, in-process: a fixed count of scripts instead of
a time budget, so that the figure does not depend on the machine's load.

Each mutant of `tools.planted.mutants` (all, or those named) is swapped into the oracle for the
runs of the program under test only, then asked: does a test of at/ fail (the public suite)?
which of the first N scripts of `at fuzz --seed 29` (plain) and of `at fuzz --seed 29 --toward
at/` (toward) differs first, and how many commands are left once shrunk? The search and the
shrinking are `at fuzz`'s own (`acceptance.fuzzing.fuzz.search` and `minimal`); a run over
TIMEOUT seconds is timed out. Exit status 1 when a generator's miss is not explained in
`tests/fuzz_misses.txt`, or an explained mutant is found by both generators. How to run it and
the figures: "The fuzzer's power" in docs/explanation/mutation.md.
"""

from __future__ import annotations

import argparse
import ast
import ctypes
import importlib
import itertools
import os
import pickle
import resource
import statistics
import sys
import tempfile
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from types import CodeType, FunctionType

from acceptance.cli.fuzz import leaning_toward
from acceptance.errors import HarnessError
from acceptance.fuzzing.fuzz import Budget, Probe, minimal, search, trials
from acceptance.game_oracles.registry import IN_PROCESS, SPACE_DEFENDER_2, Game, Transcript
from acceptance.processes.execution import in_process, oracle_output
from acceptance.running.cases import Case, collect
from acceptance.running.outcome import Output, Producer, Status
from acceptance.running.suite import Outcome, check
from tools.mutation.operators import change
from tools.planted.fuzz_power import FUZZ_SEED, PUBLIC_SUITE, TIMEOUT, positive
from tools.planted.mutants import (
    ROOT,
    Mutant,
    functions,
    mutant_named,
    mutants,
    mutated_code,
    points,
    source_tree,
    target,
)

DEFAULT_SCRIPTS = 300  # about what 30 s of `at fuzz` tries as a program run by `at`
DEFAULT_JOBS = 2
MEMORY = 3 << 30  # bytes of address space a worker may take: a mutant that hoards memory crashes
MISSES = ROOT / "tests" / "fuzz_misses.txt"
GENERATORS = ("plain", "toward")
COLUMNS = ("planted", "public", "plain", "toward", "public-not-plain", "public-not-toward", "none")


class Overran(BaseException):
    """Raised in the thread of a program's run that took longer than its time limit."""


@dataclass(frozen=True)
class Found:
    """A generator's first script that differs (its number from 1) and the script `at fuzz`
    shrinks it to (its commands)."""

    number: int
    script: tuple[str, ...]

    @property
    def shrunk(self) -> int:
        """The shrunk script's length in commands."""
        return len(self.script)


@dataclass(frozen=True)
class Census:
    """What the public suite and both generators made of one planted mutant."""

    mutant: Mutant
    public: bool
    plain: Found | None
    toward: Found | None

    @property
    def kind(self) -> str:
        """The rule's module, e.g. model.enemies.grunt."""
        return self.mutant.module

    @property
    def missed(self) -> bool:
        """Whether nothing found it: neither the public suite nor either generator."""
        return not self.public and self.plain is None and self.toward is None

    def found(self, generator: str) -> Found | None:
        """What one generator (`plain` or `toward`) found."""
        return self.plain if generator == "plain" else self.toward


@dataclass(frozen=True)
class Plan:
    """What every mutant is measured against, made once before the workers fork: the public
    tests, the games of both generators, the scripts' count, and the oracle's outputs so far."""

    public: tuple[Case, ...]
    games: dict[str, Game]
    scripts: int
    oracle: dict[tuple[str, int | None], Output]


PLAN: list[Plan] = []  # the plan the workers inherit (set before they fork)


@dataclass(frozen=True)
class Body:
    """What a function runs: its code and its default values."""

    code: CodeType
    defaults: tuple[object, ...] | None
    keyword_defaults: dict[str, object] | None


def body_of(function: FunctionType) -> Body:
    """What the function runs now."""
    return Body(function.__code__, function.__defaults__, function.__kwdefaults__)


@contextmanager
def swapped(function: FunctionType, body: Body) -> Iterator[None]:
    """The function runs `body` inside the block, its own again after it."""
    original = body_of(function)
    function.__code__, function.__defaults__ = body.code, body.defaults
    function.__kwdefaults__ = body.keyword_defaults
    try:
        yield
    finally:
        function.__code__, function.__defaults__ = original.code, original.defaults
        function.__kwdefaults__ = original.keyword_defaults


def mutated_body(mutant: Mutant) -> Body:
    """The mutant's code and defaults. A default's value is made when its module runs and kept
    by the function, not its code, so a mutant of a default (`times: int = 1` made 2) changes
    nothing when only the code is swapped (as `tools.planted` does): here the defaults
    are evaluated again from the mutated source, in the module's namespace."""
    definition = dict(functions(source_tree(mutant.module)))[mutant.qualname]
    change(points(definition)[mutant.point][0])
    namespace = vars(importlib.import_module(mutant.module))

    def value(node: ast.expr) -> object:
        expression = ast.fix_missing_locations(ast.Expression(node))
        return eval(compile(expression, mutant.module, "eval"), namespace)

    arguments = definition.args
    keywords = {
        argument.arg: value(default)
        for argument, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
        if default is not None
    }
    return Body(
        mutated_code(mutant),
        tuple(map(value, arguments.defaults)) or None,
        keywords or None,
    )


def mutated(mutant: Mutant) -> Transcript:
    """What `oracle -b` prints for a script with the mutant planted, the oracle unchanged after."""
    from oracle.runner import run_script

    function, body = target(mutant), mutated_body(mutant)

    def transcript(text: str, seed: int | None) -> str:
        with IN_PROCESS, swapped(function, body):
            return run_script(text)

    return transcript


def interrupt(thread: int) -> None:
    """Raise Overran in a thread at its next bytecode."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(Overran))


def take_back() -> None:
    """Raise here, and drop, an Overran sent to this thread but not raised yet: the interpreter
    raises one on entering a function. (Clearing it with PyThreadState_SetAsyncExc(NULL) instead
    leaves the interpreter's pending flag set; on Python 3.11 a trace hook, such as `-why`'s,
    then spins for ever at the next function's entry.)"""
    with suppress(Overran):
        for _ in range(3):
            nothing()


def nothing() -> None:
    """A function to enter."""


def timed(transcript: Transcript, seconds: float) -> Producer:
    """The program of a transcript, stopped as timed out after `seconds` as `at` stops one."""

    def produce(case: Case) -> Output:
        thread, lock, state = threading.get_ident(), threading.Lock(), {"running": True}

        def stop() -> None:
            with lock:
                if state["running"]:
                    state["fired"] = True
                    interrupt(thread)

        timer = threading.Timer(seconds, stop)
        timer.start()
        try:
            try:
                output = in_process(case, transcript, "program")
            finally:
                timer.cancel()
                with lock:
                    state["running"] = False
                if state.get("fired"):
                    take_back()
        except Overran:
            output = Output(Status.TIMED_OUT)
        return Output(Status.TIMED_OUT) if state.get("fired") else output

    return produce


def remembered(outputs: dict[tuple[str, int | None], Output]) -> Producer:
    """The oracle's output, each script's once (keyed by the probe's file name: its digest)."""

    def produce(case: Case) -> Output:
        key = case.script.name, case.seed
        if key not in outputs:
            outputs[key] = oracle_output(case)
        return outputs[key]

    return produce


def plan(scripts: int) -> Plan:
    """The public tests, both generators' games, and the oracle's outputs of their scripts."""
    toward, _ = leaning_toward(SPACE_DEFENDER_2, [PUBLIC_SUITE])
    games = {"plain": SPACE_DEFENDER_2, "toward": toward}
    outputs: dict[tuple[str, int | None], Output] = {}
    oracle = remembered(outputs)
    with tempfile.TemporaryDirectory(prefix="fuzz-census-") as folder:
        for game in games.values():
            probe = Probe(game, oracle, oracle, Path(folder))
            for trial in itertools.islice(trials(game, FUZZ_SEED), scripts):
                probe.run(trial.lines, trial.seed)
    return Plan(tuple(collect([PUBLIC_SUITE], SPACE_DEFENDER_2)), games, scripts, outputs)


def public_finds(program: Producer, cases: Sequence[Case]) -> bool:
    """Whether some public test fails with the program, as `at run` grades it."""
    return any(check(case, program).outcome is not Outcome.PASSED for case in cases)


def fuzz_finds(program: Producer, game: Game, the_plan: Plan) -> Found | None:
    """`at fuzz`'s first differing script among the plan's, shrunk as `at fuzz` shrinks it."""
    with tempfile.TemporaryDirectory(prefix="fuzz-census-") as folder:
        probe = Probe(game, program, remembered(the_plan.oracle), Path(folder))
        _, trial = search(probe, FUZZ_SEED, Budget(the_plan.scripts), 1)
        if trial is None:
            return None
        finding = minimal(probe, trial, 1)
        return Found(trial.number, finding.shrunk)


def census(name: str) -> Census:
    """Measure one mutant against the plan."""
    the_plan = PLAN[-1]
    mutant = mutant_named(name)
    program = timed(mutated(mutant), TIMEOUT)
    plain, toward = (fuzz_finds(program, the_plan.games[which], the_plan) for which in GENERATORS)
    return Census(mutant, public_finds(program, the_plan.public), plain, toward)


def confine() -> None:
    """In a worker: a mutant that hoards memory gets a MemoryError, not the machine's memory."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(
    names: Sequence[str], scripts: int, jobs: int, report: Callable[[Census], None]
) -> list[Census]:
    """Measure the mutants, `jobs` at a time, in order, each in a fresh forked worker (one job
    too): a mutant's runs swap code into the live oracle and may be stopped at any bytecode, so
    the measuring process itself never runs one. The workers are forked by this thread alone,
    with no other thread about (a pool's own threads would make each fork copy their locks)."""
    PLAN.append(plan(scripts))
    waiting: deque[tuple[int, int]] = deque()  # the workers measuring, in order: pid, pipe
    results: list[Census] = []
    for name in names:
        if len(waiting) == jobs:
            results.append(reported(collected(*waiting.popleft()), report))
        waiting.append(forked(name))
    while waiting:
        results.append(reported(collected(*waiting.popleft()), report))
    return results


def forked(name: str) -> tuple[int, int]:
    """A worker forked to measure one mutant (confined), sending its census down a pipe: its pid
    and the pipe's reading end."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker: it never returns
        os.close(reader)
        try:
            confine()
            with os.fdopen(writer, "wb") as sending:
                pickle.dump(census(name), sending)
        except BaseException:
            traceback.print_exc()
            os._exit(1)
        os._exit(0)
    os.close(writer)
    return pid, reader


def collected(pid: int, reader: int) -> Census:
    """A worker's census once it has sent it and ended; RuntimeError if it ended without one."""
    with os.fdopen(reader, "rb") as receiving:
        sent = receiving.read()
    code = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    if code != 0 or not sent:
        raise RuntimeError(f"a census worker ended with {code} and no census")
    result: Census = pickle.loads(sent)
    return result


def reported(result: Census, report: Callable[[Census], None]) -> Census:
    """The result, reported as it comes."""
    report(result)
    return result


def misses_explained(path: Path = MISSES) -> dict[str, str]:
    """The explained misses: a mutant's name to why a generator (or everything) misses it."""
    explained = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, reason = line.partition(" ")
            explained[name] = reason.strip()
    return explained


def shown(found: Found | None) -> str:
    """A generator's finding in a line: `#12 -> 4`, or `-`."""
    return "-" if found is None else f"#{found.number} -> {found.shrunk}"


def line_of(result: Census, explained: dict[str, str]) -> str:
    """One mutant's line of --list."""
    cells = ["public" if result.public else "-", shown(result.plain), shown(result.toward)]
    missed = result.plain is None or result.toward is None
    why = f" | {explained.get(result.mutant.name, 'UNEXPLAINED')}" if missed else ""
    return f"{result.mutant.name:<46} {cells[0]:<6} {cells[1]:<11} {cells[2]:<11}{why}"


def percentile(values: Sequence[float], percent: int) -> str:
    """A percentile (nearest rank), or `-` with nothing to take it of."""
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{ordered[max(0, -(-percent * len(ordered) // 100) - 1)]:g}"


def median(values: Sequence[float]) -> str:
    """The median, or `-` with nothing to take it of."""
    return f"{statistics.median(values):g}" if values else "-"


def counts(results: Sequence[Census]) -> list[int]:
    """The cells of a row of COLUMNS."""
    return [
        len(results),
        sum(r.public for r in results),
        sum(r.plain is not None for r in results),
        sum(r.toward is not None for r in results),
        sum(r.public and r.plain is None for r in results),
        sum(r.public and r.toward is None for r in results),
        sum(r.missed for r in results),
    ]


def row(label: str, cells: list[int]) -> str:
    """A row of the per-kind table."""
    return f"{label:<27} " + " ".join(
        f"{cell:>{len(name)}}" for cell, name in zip(cells, COLUMNS, strict=True)
    )


def summary(results: Sequence[Census]) -> list[str]:
    """The figures: per kind and in all, then each generator's first script and shrunk sizes."""
    lines = [f"{'kind':<27} {' '.join(COLUMNS)}"]
    for kind in sorted({result.kind for result in results}):
        lines.append(row(kind, counts([r for r in results if r.kind == kind])))
    lines.append(row("all", counts(results)))
    for generator in GENERATORS:
        found = [f for f in (r.found(generator) for r in results) if f is not None]
        numbers = [float(f.number) for f in found]
        sizes = [float(f.shrunk) for f in found]
        lines.append(
            f"{generator}: first differing script median {median(numbers)}, 90th percentile "
            f"{percentile(numbers, 90)}; shrunk commands median {median(sizes)}, 90th "
            f"percentile {percentile(sizes, 90)}"
        )
    return lines


def verdict(results: Sequence[Census], explained: dict[str, str]) -> list[str]:
    """What fails the run: a generator's miss that the list does not explain, and an
    explanation of a mutant both generators find (out of date)."""
    problems = []
    for result in results:
        missing = [generator for generator in GENERATORS if result.found(generator) is None]
        listed = result.mutant.name in explained
        if missing and not listed:
            who = " and ".join(missing + ([] if result.public else ["the public suite"]))
            problems.append(f"unexplained miss ({who}): {result.mutant}")
        elif listed and not missing:
            problems.append(f"explained, yet both generators find it: {result.mutant}")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Print the figures; exit 1 on an unexplained miss or an out-of-date explanation."""
    parser = argparse.ArgumentParser(
        prog="python -m tools.planted.fuzz_census", description=__doc__.splitlines()[0]
    )
    parser.add_argument("mutants", nargs="*", metavar="MUTANT", help="only these (default: all)")
    parser.add_argument(
        "--scripts", type=positive, default=DEFAULT_SCRIPTS, help="scripts each generator tries"
    )
    parser.add_argument("--jobs", type=positive, default=DEFAULT_JOBS, help="worker processes")
    parser.add_argument("--list", action="store_true", help="print a line per mutant")
    options = parser.parse_args(argv)
    try:
        names = [mutant_named(name).name for name in options.mutants] or [
            mutant.name for mutant in mutants()
        ]
    except ValueError as error:
        parser.error(str(error))
    explained = misses_explained()

    def report(result: Census) -> None:
        if options.list:
            print(line_of(result, explained), flush=True)

    started = time.monotonic()
    try:
        results = run(names, options.scripts, options.jobs, report)
    except HarnessError as error:
        print(f"fuzz_census: {error}", file=sys.stderr)
        return 2
    print("\n".join(summary(results)))
    problems = verdict(results, explained)
    for problem in problems:
        print(problem)
    print(
        f"({len(results)} mutants, the first {options.scripts} scripts of at fuzz --seed "
        f"{FUZZ_SEED}, plain and --toward at/; {time.monotonic() - started:.0f} s)"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
