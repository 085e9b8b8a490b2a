"""Mutation testing of the rules and views (`make mutation`): mutmut 3, one package at a time.

Each package is mutated in its own scratch folder, `.mutation/PACKAGE/`, against only the tests
that concern it, its results kept for the next run; what mutmut leaves out (and the fork server,
a script run alone) is mutated by tools.mutation.blind_spots. Mutants listed in
`tests/mutation_equivalents.txt` are left out of the score. `--sample N --stratified` estimates a
package's score from a sample (with its 95 % interval); `--differential GAMES` also plays random
games against PC-BASIC. How and why: docs/explanation/mutation.md.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from queue import Queue

from acceptance.fuzzing.fuzz import trials
from acceptance.game_oracles.pcbasic import PcBasicError
from acceptance.game_oracles.registry import GAMES, script_text
from tools.mutation import blind_spots, stratified
from tools.mutation.mutant_games import Played

ROOT = Path(__file__).resolve().parents[2]
SCRATCH = ROOT / ".mutation"
EQUIVALENTS = ROOT / "tests" / "mutation_equivalents.txt"
MUTMUT = Path(sys.executable).parent / "mutmut"
# What a scratch folder links to: the project, less its virtual environment and build products.
LEFT_OUT = {".venv", ".mutation", ".git", "build", "mutants", "__pycache__"}
SPACE_DEFENDER = "not star_ and not super_star"
# Assertions (and AssertionErrors raised) state what the code itself relies on (a scene has its
# enemy), for mypy and for a bug to fail loudly: changing one changes no rule, so they are not
# mutated.
NOT_MUTATED = (r"^\s*assert ", r"assert_never\(", r"raise AssertionError\(")
RESULT_LINE = re.compile(r"^\s+(\S+): (.+)$")
SPINNER_FRAME = re.compile(r"^[\u2800-\u28ff] ")  # mutmut's progress, each frame over the last
SAID = 4000  # characters of mutmut's output shown when it fails
BLIND_NAME = re.compile(
    rf"^(\S+{re.escape(blind_spots.SEPARATOR)}.*?{re.escape(blind_spots.SEPARATOR)}\d+) (.*)$"
)
PLAYER = Path(__file__).resolve().with_name("mutant_games.py")
# A mutant's games may take this many times the unmutated clone's, plus the slack, else it hangs.
SLOWEST = 10
SLACK = 10.0
DETECTED = ("killed", "timeout")


@dataclass(frozen=True)
class Package:
    """A package to mutate: its source folders, the files left alone, its tests and what their
    environment adds."""

    sources: tuple[str, ...]
    tests: tuple[str, ...]
    keyword: str = ""
    marks: str = ""  # pytest's -m: the tests left out by their marker (tests needing a browser)
    left_alone: tuple[str, ...] = ()
    only: tuple[str, ...] = ()
    environment: dict[str, str] = field(default_factory=dict)

    def selection(self) -> list[str]:
        """pytest's test selection for this package."""
        keyword = ["-k", self.keyword] if self.keyword else []
        return list(self.tests) + keyword + (["-m", self.marks] if self.marks else [])


def tests_of(*packages: str) -> tuple[str, ...]:
    """The tests of these packages: each one's folder, tests/PACKAGE/ (tests/model/ for model,
    tests/acceptance/ for the harness, with a folder per concern inside)."""
    return tuple(f"tests/{package}" for package in packages)


ACCEPTANCE_SUITE = "tests/test_acceptance.py"

# Star Canine's slow tests (whole games, 2 to 12 s each): the rules are pinned by the fast ones,
# and these run only against the random-game player, which nothing else exercises.
WHOLE_GAMES = (
    "test_the_planner_clears_the_game_with_seed_11",
    "test_random_players_complete_games_without_raising",
    "test_every_step_of_random_games_agrees_with_the_text",
)
# The BASIC runtime's slow test: a listing run by PC-BASIC itself; the other measured facts pin
# the same functions in seconds.
SLOW_BASIC = ("test_a_small_listing_runs_in_pc_basic_as_in_the_runtime",)
PACKAGES = {
    "model": Package(
        ("model",),
        tests_of("model") + ("tests/commands/test_commands.py", ACCEPTANCE_SUITE),
        SPACE_DEFENDER,
    ),
    "commands": Package(
        ("commands",), tests_of("commands", "oracle") + (ACCEPTANCE_SUITE,), SPACE_DEFENDER
    ),
    "oracle": Package(
        ("oracle",),
        tests_of("oracle", "commands")
        + ("tests/provenance/test_why.py", "tests/packaging/test_version.py", ACCEPTANCE_SUITE),
        SPACE_DEFENDER,
        left_alone=tuple(
            f"oracle/{name}.py"
            for name in (
                "__main__",
                "cli",
                "cache",
                "generate",
                "interactive",
                "warm",
                "warm_client",
            )
        ),
    ),
    # The explanations of `oracle -why` (docs/explanation/provenance.md), pinned line by line on
    # every public output (mutmut's trampolines passed by: tests/mutmut_frames.py).
    "provenance": Package(
        ("provenance",),
        tests_of("provenance") + ("tests/tools/test_why_mutants.py",),
        SPACE_DEFENDER,
    ),
    "star_canine": Package(
        ("games/star_canine",),
        tests_of("star_canine") + (ACCEPTANCE_SUITE,),
        f"star_canine and not ({' or '.join(WHOLE_GAMES)})",
        left_alone=tuple(
            f"games/star_canine/{name}.py" for name in ("__main__", "cli", "autoplay")
        ),
    ),
    "star_canine_player": Package(
        ("games/star_canine",),
        tuple(f"tests/star_canine/test_{name}.py" for name in ("autoplay", "fuzz", "json_view")),
        only=("games/star_canine/autoplay.py",),
    ),
    "basic": Package(("games/basic",), tests_of("basic"), f"not ({' or '.join(SLOW_BASIC)})"),
    # Pinned by PC-BASIC (`make differential`): measured on a sample (--sample 100).
    "star_lanes": Package(
        ("games/star_lanes",),
        tests_of("star_lanes") + (ACCEPTANCE_SUITE,),
        "star_lanes",
        left_alone=("games/star_lanes/cli.py", "games/star_lanes/autoplay.py"),
    ),
    "super_star_trek": Package(
        ("games/super_star_trek",),
        tests_of("super_star_trek") + (ACCEPTANCE_SUITE,),
        "super_star_trek",
        left_alone=("games/super_star_trek/cli.py", "games/super_star_trek/autoplay.py"),
    ),
    # The harness, against its own tests and those of the promises crossing modules, by folder
    # (those needing a browser left out by their marker; of the docs', the `at` reference only;
    # of PC-BASIC's, only the short differential run, its transcripts cached, and the driver's
    # own tests, PC-BASIC faked). Under CI=true a test needing the sandbox (or a tmpfs) fails where
    # none can be made instead of being skipped: a mutant that breaks the sandbox (a bwrap option
    # misspelt) would otherwise only skip them.
    # The fork server is a script run alone (`python -I -S`), which cannot import mutmut's
    # trampolines: mutmut leaves it alone, and blind_spots mutates it whole (its mutant loaded
    # from a file of its own, which the spawner starts). The oracle's
    # memory bound (no code of acceptance/) is read from the rusage of a process the test starts,
    # which can count what the starting process held: in mutmut's first pass, one process that
    # runs every test and records every call, it went past the bound.
    "acceptance": Package(
        ("acceptance",),
        tests_of("acceptance", "promises")
        + (ACCEPTANCE_SUITE, "tests/docs/test_at_reference.py")
        + ("tests/basic/test_pcbasic_driver.py",),
        "not test_a_big_script_to_an_output_file_runs_in_bounded_memory",
        marks="not browser",
        left_alone=("acceptance/confine/forkserver.py",),
        environment={"CI": "true"},
    ),
}
EVERY_PACKAGE = (
    "model",
    "commands",
    "oracle",
    "provenance",
    "star_canine",
    "star_canine_player",
    "basic",
    "acceptance",
)
NO_MUTANT = "sample.nothing*"
"""A name no mutant has: mutmut makes the mutants and measures the tests, then stops (failing)."""


@dataclass(frozen=True)
class Figures:
    """The outcome of one package's run."""

    package: str
    statuses: dict[str, str]  # each mutant run: killed, survived, timeout, ...
    equivalent: int
    seconds: float
    estimate: stratified.Estimate | None = None  # of a stratified sample: the package's score
    modules: tuple[stratified.ModuleScore, ...] = ()  # of a stratified sample: each module's

    @property
    def blind(self) -> int:
        """The mutants of what mutmut leaves out (tools.mutation.blind_spots), among all."""
        return sum(blind_spots.SEPARATOR in mutant for mutant in self.statuses)

    @property
    def counts(self) -> Counter[str]:
        """How many mutants have each status."""
        return Counter(self.statuses.values())

    @property
    def mutants(self) -> int:
        """Every mutant mutmut made."""
        return sum(self.counts.values())

    @property
    def score(self) -> float:
        """Killed (or timed out) over the mutants not listed as equivalent, in percent."""
        detected = self.counts["killed"] + self.counts["timeout"]
        considered = self.mutants - self.equivalent
        return 100.0 * detected / considered if considered else 100.0


def listed_equivalents() -> dict[str, str]:
    """The equivalent mutants of the list: name to reason."""
    listed: dict[str, str] = {}
    for line in EQUIVALENTS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            found = BLIND_NAME.match(line)  # a blind spot's place may hold spaces: `(A, B)`
            name, reason = found.groups() if found else line.partition(" ")[::2]
            listed[name] = reason.strip()
    return listed


def mutmut_table(package: Package) -> str:
    """The [tool.mutmut] table of one package's run."""
    selection = package.selection()
    also_copy = [str(path.relative_to(ROOT)) for path in copied(package)]
    return "\n".join(
        [
            "[tool.mutmut]",
            f"source_paths = {json.dumps(list(package.sources))}",
            f"do_not_mutate = {json.dumps(list(package.left_alone))}",
            f"only_mutate = {json.dumps(list(package.only))}",
            f"do_not_mutate_patterns = {json.dumps(list(NOT_MUTATED))}",
            f"also_copy = {json.dumps(also_copy)}",
            f"pytest_add_cli_args_test_selection = {json.dumps(selection)}",
            'pytest_add_cli_args = ["-p", "no:cacheprovider"]',
            "use_git_change_detection = false",
            # Workers fork from a process that only collected the tests: no cache of the
            # unmutated code (the view's menus, rows, ...) is filled before a mutant runs.
            'process_isolation = "forkserver"',
            "",
        ]
    )


def copied(package: Package) -> list[Path]:
    """What the tests need beside the mutated sources: the project, around the sources."""
    inside = {ROOT / source for source in package.sources}
    paths: list[Path] = []
    pending = [entry for entry in ROOT.iterdir() if entry.name not in LEFT_OUT]
    while pending:
        entry = pending.pop()
        if entry in inside or entry.name.startswith(".") or entry.suffix == ".egg-info":
            continue
        if any(entry in source.parents for source in inside):
            pending.extend(entry.iterdir())
        elif entry.name != "pyproject.toml":
            paths.append(entry)
    return sorted(paths)


def prepare(name: str, package: Package, fresh: bool) -> Path:
    """The package's scratch folder: links to the project and its own pyproject.toml."""
    folder = SCRATCH / name
    if fresh and folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for entry in ROOT.iterdir():
        link = folder / entry.name
        if entry.name not in LEFT_OUT and entry.name != "pyproject.toml" and not link.exists():
            link.symlink_to(entry)
    shared = ROOT.parent / "shared"  # the course reference, where tests look for it: ../shared
    if shared.is_dir() and not (folder / "shared").exists():
        (folder / "shared").symlink_to(shared)
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (folder / "pyproject.toml").write_text(f"{project}\n{mutmut_table(package)}", encoding="utf-8")
    return folder


def captured(
    command: list[str], folder: Path, timeout: float | None = None, **environment: str
) -> subprocess.CompletedProcess[str]:
    """Run a command in a folder, its output and errors together, writing no bytecode there."""
    return subprocess.run(
        command,
        cwd=folder,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1", **environment},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=timeout,
        check=False,
    )


def modules(package: Package) -> list[str]:
    """The dotted names of every module of the package, those left alone included."""
    files = [ROOT / path for path in package.only] or [
        path for source in package.sources for path in (ROOT / source).rglob("*.py")
    ]
    return sorted(blind_spots.module_name(path) for path in files)


def blind_files(package: Package) -> list[Path]:
    """The source files whose blind spots are mutated: as mutmut's, by the same settings, and
    the scripts run on their own (blind_spots.ALONE), which mutmut leaves alone, whole."""
    if package.only:
        return [ROOT / path for path in package.only]
    left_alone = {ROOT / path for path in package.left_alone if not alone(path)}
    files = (path for source in package.sources for path in (ROOT / source).rglob("*.py"))
    return sorted(path for path in files if path not in left_alone)


def alone(path: str | Path) -> bool:
    """Whether a source file is a script run on its own, mutated whole by blind_spots."""
    return blind_spots.module_name(ROOT / path) in blind_spots.ALONE


def test_arguments(package: Package) -> list[str]:
    """pytest's arguments for the package's tests, stopping at the first failure."""
    return ["-x", "-q", "-p", "no:cacheprovider", *package.selection()]


class Worker:
    """A warm worker process (tools.mutation.blind_worker) that runs the tests with one mutant at a
    time, with the package's own environment variables (`Package.environment`) if it has any."""

    def __init__(
        self, arguments: list[str], site: Path, environment: dict[str, str] | None = None
    ) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tools.mutation.blind_worker", *arguments],
            cwd=ROOT,
            env={**blind_spots.environment("", site), **(environment or {})},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def verdict(self, mutant: str, seconds: float) -> str:
        """Killed, survived or timeout: the tests with the blind-spot mutant on (none: "").
        A worker that ends without a verdict (the run interrupted) stops the run: no verdict
        is kept for a mutant that did not run."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{seconds} {mutant}\n")
        self.process.stdin.flush()
        verdict = self.process.stdout.readline().strip()
        if not verdict:
            raise SystemExit(
                f"mutation: the blind-spot worker ended before {mutant or 'its start'}"
            )
        return verdict

    def close(self) -> None:
        """End the worker: its input closed, it stops reading."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def run_blind(
    folder: Path, package: Package, chosen: list[blind_spots.Mutant], options: argparse.Namespace
) -> dict[str, str]:
    """The verdicts of the blind-spot mutants, each run that the results kept in the folder
    (`blind.json`, by the module's digest) do not hold, or (--recheck) did not detect."""
    kept_file = folder / "blind.json"
    kept: dict[str, list[str]] = (
        json.loads(kept_file.read_text(encoding="utf-8")) if kept_file.exists() else {}
    )
    digests = {mutant.module: blind_spots.digest(mutant.module) for mutant in chosen}
    pending = [
        mutant
        for mutant in chosen
        if kept.get(mutant.name, ["", ""])[1] != digests[mutant.module]
        or (options.recheck and kept[mutant.name][0] not in DETECTED)
    ]
    if pending and not options.report:
        workers: Queue[Worker] = Queue()
        for _ in range(options.jobs):
            workers.put(Worker(test_arguments(package), folder / "blind-site", package.environment))
        started = time.monotonic()
        if workers.queue[0].verdict("", 3600) != "survived":
            raise SystemExit(f"mutation: the tests of {folder.name} fail without a mutant")
        timeout = SLOWEST * (time.monotonic() - started) + SLACK

        def run(mutant: blind_spots.Mutant) -> str:
            worker = workers.get()
            try:
                return worker.verdict(mutant.name, timeout)
            finally:
                workers.put(worker)

        with ThreadPoolExecutor(max_workers=options.jobs) as pool:
            for mutant, verdict in zip(pending, pool.map(run, pending), strict=True):
                kept[mutant.name] = [verdict, digests[mutant.module]]
                kept_file.write_text(json.dumps(kept, indent=0), encoding="utf-8")
        for worker in workers.queue:
            worker.close()
    return {mutant.name: kept[mutant.name][0] for mutant in chosen if mutant.name in kept}


def mutmut(
    folder: Path,
    *arguments: str,
    quiet: bool,
    failing: bool = False,
    environment: dict[str, str] | None = None,
) -> str:
    """Run mutmut in a scratch folder (its tests' environment added to); its output, echoed
    unless quiet."""
    done = captured([str(MUTMUT), *arguments], folder, None, **(environment or {}))
    if not quiet or (done.returncode != 0 and not failing):
        print(said(done.stdout)[-SAID:])
    if done.returncode != 0 and not failing:
        raise SystemExit(f"mutation: mutmut {arguments[0]} failed in {folder} ({done.returncode})")
    return done.stdout


def said(output: str) -> str:
    """What mutmut said, its spinner's frames left out: each rewrites its line, and thousands of
    them would hide the failing test's report that precedes them."""
    lines = re.split(r"[\r\n]+", output)
    return "\n".join(line for line in lines if line.strip() and not SPINNER_FRAME.match(line))


def statuses(folder: Path) -> dict[str, str]:
    """Every mutant of a finished run with its status (killed, survived, timeout, ...)."""
    found: dict[str, str] = {}
    for line in mutmut(folder, "results", "--all", "true", quiet=True).splitlines():
        if match := RESULT_LINE.match(line):
            found[match.group(1)] = match.group(2)
    return found


def within(mutant: str, module: str | None) -> bool:
    """Whether a mutant changes that module (any, without one)."""
    return module is None or mutant.startswith((f"{module}.", f"{module}::"))


def measure(name: str, options: argparse.Namespace) -> Figures:
    """Run one package's mutants; its figures, with the survivors left unexplained."""
    package = PACKAGES[name]
    folder = prepare(name, package, options.fresh)
    blind = {mutant.name: mutant for mutant in blind_spots.mutants(blind_files(package))}
    chosen: list[str] = []
    every: list[str] = []
    started = time.monotonic()
    if options.sample:
        mutmut(folder, "run", NO_MUTANT, quiet=True, failing=True, environment=package.environment)
        every = [m for m in sorted(statuses(folder)) + sorted(blind) if within(m, options.within)]
        if options.stratified:
            chosen = stratified.draws(every, modules(package), options.sample, options.seed)
        else:
            chosen = random.Random(options.seed[0]).sample(every, min(options.sample, len(every)))
    elif options.recheck and (folder / "mutants").is_dir():
        chosen = [m for m, s in statuses(folder).items() if s not in DETECTED]
    if not (options.report or options.blind) and (not options.sample or set(chosen) - set(blind)):
        mutmut_chosen = [mutant for mutant in chosen if mutant not in blind]
        mutmut(
            folder,
            "run",
            "--max-children",
            str(options.jobs),
            *mutmut_chosen,
            quiet=True,
            environment=package.environment,
        )
    found = {} if options.blind else statuses(folder)
    blind_chosen = (
        [blind[m] for m in chosen if m in blind] if options.sample else list(blind.values())
    )
    found.update(run_blind(folder, package, blind_chosen, options))
    seconds = 0.0 if options.report else time.monotonic() - started
    if options.sample:
        found = {mutant: found[mutant] for mutant in chosen}
    if not found:
        return Figures(name, {}, 0, seconds)
    listed = listed_equivalents()
    for mutant in sorted(found.keys() & listed.keys()):
        if found[mutant] != "survived":
            print(f"  listed as equivalent but {found[mutant]}: {mutant}")
    scope = [path.removesuffix(".py") for path in package.only] or list(package.sources)
    prefixes = tuple(path.replace("/", ".") + end for path in scope for end in (".", "::"))
    others = tuple(
        path.removesuffix(".py").replace("/", ".") + "."
        for path in package.left_alone
        if not alone(path)
    )
    missing = [
        m
        for m in listed.keys() - found.keys()
        if m.startswith(prefixes) and (blind_spots.SEPARATOR in m or not options.blind)
    ]
    for mutant in sorted(m for m in missing if not m.startswith(others) and not options.sample):
        print(f"  listed as equivalent but no such mutant: {mutant}")
    equivalent = {mutant for mutant, status in found.items() if status == "survived"} & set(listed)
    if options.survivors:
        for mutant, status in sorted(found.items()):
            if status not in DETECTED and mutant not in equivalent:
                print(f"  {status}: {blind.get(mutant, mutant)}")
    if not options.stratified:
        return Figures(name, found, len(equivalent), seconds)
    scores = module_scores(package, every, found, equivalent)
    estimate = stratified.estimate(score.stratum for score in scores)
    return Figures(name, found, len(equivalent), seconds, estimate, tuple(scores))


def module_scores(
    package: Package, every: list[str], found: dict[str, str], equivalent: set[str]
) -> list[stratified.ModuleScore]:
    """Each module's part of a stratified sample's verdicts (`found`): its stratum, sized by its
    share of all the package's mutants (`every`), and its lines."""
    names = modules(package)
    sizes = {module: len(mutants) for module, mutants in stratified.by_module(every, names).items()}
    return [
        stratified.ModuleScore(
            module,
            stratified.Stratum(
                size=sizes[module],
                drawn=len(mutants),
                detected=sum(found[m] in DETECTED for m in mutants),
                equivalent=sum(m in equivalent for m in mutants),
            ),
            lines_of(module),
        )
        for module, mutants in stratified.by_module(found, names).items()
    ]


def lines_of(module: str) -> int:
    """The lines of a module's source file."""
    path = ROOT / (module.replace(".", "/") + ".py")
    if not path.exists():
        path = ROOT / module.replace(".", "/") / "__init__.py"
    return len(path.read_text(encoding="utf-8").splitlines())


def report(figures: Figures) -> str:
    """One package's line of the table (a package with no results yet says so)."""
    if not figures.mutants:
        return f"{figures.package:<18} no results yet: make mutation PACKAGE={figures.package}"
    counts = figures.counts
    other = figures.mutants - sum(counts[status] for status in ("killed", "survived", "timeout"))
    survived = counts["survived"] - figures.equivalent
    wall = f"{figures.seconds:.0f} s" if figures.seconds else "-"
    line = (
        f"{figures.package:<18} {figures.mutants:>7} {figures.blind:>5} {counts['killed']:>7} "
        f"{survived:>8} {counts['timeout']:>9} {other:>6} "
        f"{figures.equivalent:>11} {figures.score:>6.1f}% {wall:>9}"
    )
    if figures.estimate:
        line += f"\n{'':<18} the package's score, estimated from the sample: {figures.estimate}"
        line += "\neach module's own score, weakest first:\n" + stratified.module_table(
            figures.modules
        )
    return line


@dataclass(frozen=True)
class Differential:
    """The differential run of a sample: each mutant's verdict on the same random games."""

    games: int
    verdicts: dict[str, str]  # killed (a transcript differs or the clone raises), timeout, survived
    corpus_seconds: float  # drawing the games and PC-BASIC's transcripts (cached on disk)
    seconds: float  # playing them with every mutant


def corpus(name: str, games: int, seed: int) -> list[Played]:
    """The first random games of `at fuzz --seed SEED`, with PC-BASIC's transcripts, which the
    unmutated clone must print too."""
    game = GAMES[name]
    assert game.reference is not None  # a BASIC game, checked with the options
    played: list[Played] = []
    for trial in itertools.islice(trials(game, seed), games):
        text = script_text(trial.lines)
        try:
            expected = game.reference(text, trial.seed)
        except PcBasicError as error:
            raise SystemExit(f"mutation: random game {trial.number} of {name}: {error}") from None
        if game.clone(text, trial.seed) != expected:
            raise SystemExit(
                f"mutation: the unmutated {name} differs from PC-BASIC on random game "
                f"{trial.number} (at fuzz --game {name} --seed {seed} finds it)"
            )
        played.append(Played(script=text, seed=trial.seed, expected=expected))
    return played


def play(code: Path, package: str, games: Path, mutant: str, timeout: float) -> tuple[str, str]:
    """A mutant's verdict on the games (killed, timeout or survived) and the player's last line."""
    command = [sys.executable, "-P", str(PLAYER), package, str(games)]
    switch = {"PYTHONPATH": str(code), "MUTANT_UNDER_TEST": mutant}
    if blind_spots.SEPARATOR in mutant:  # compiled in at import, from the project's own code
        site = blind_spots.environment(mutant, SCRATCH / "blind-site")["PYTHONPATH"]
        code, switch = ROOT, {"PYTHONPATH": site, blind_spots.VARIABLE: mutant}
    try:
        done = captured(command, code, timeout, **switch)
    except subprocess.TimeoutExpired:
        return "timeout", f"still playing after {timeout:.0f} s"
    last = done.stdout.strip().splitlines()[-1:]
    return ("survived" if done.returncode == 0 else "killed"), "".join(last)


def differential(name: str, mutants: list[str], options: argparse.Namespace) -> Differential:
    """Play the same random games with the clone as each mutant, `options.jobs` at a time."""
    started = time.monotonic()
    folder = SCRATCH / name
    games = folder / "differential.json"
    played = corpus(name, options.differential, options.seed[0])
    games.write_text(json.dumps(played), encoding="utf-8")
    corpus_seconds = time.monotonic() - started
    code, package = folder / "mutants", f"games.{name}"
    verdict, last = play(code, package, games, "", SLACK * options.differential)  # generous
    if verdict != "survived":
        raise SystemExit(f"mutation: the unmutated {package} in {code} fails the games: {last}")
    timeout = SLOWEST * (time.monotonic() - started - corpus_seconds) + SLACK
    with ThreadPoolExecutor(max_workers=options.jobs) as pool:
        verdicts = pool.map(lambda mutant: play(code, package, games, mutant, timeout)[0], mutants)
        found = dict(zip(mutants, verdicts, strict=True))
    seconds = time.monotonic() - started - corpus_seconds
    return Differential(options.differential, found, corpus_seconds, seconds)


def differential_report(figures: Figures, run: Differential, survivors: bool) -> str:
    """What the differential run adds to the fast tests on a sample (and, if asked, which)."""
    detected = {mutant for mutant, verdict in run.verdicts.items() if verdict in DETECTED}
    fast = {mutant for mutant, status in figures.statuses.items() if status in DETECTED}
    left = sorted(run.verdicts.keys() - fast)
    more = [mutant for mutant in left if mutant in detected]
    timed_out = sum(verdict == "timeout" for verdict in run.verdicts.values())
    lines = [
        f"  differential run, {run.games} random games: detects {len(detected)} of the "
        f"{len(run.verdicts)} mutants ({timed_out} timed out), {len(more)} of the {len(left)} "
        f"the fast tests leave: {len(fast) + len(more)} in all; {run.corpus_seconds:.0f} s "
        f"for the games and PC-BASIC's transcripts, {run.seconds:.0f} s for the mutants"
    ]
    if survivors:
        lines += [f"  detected only by the differential run: {mutant}" for mutant in more]
        lines += [f"  survived both: {mutant}" for mutant in left if mutant not in detected]
    return "\n".join(lines)


def seeds(text: str) -> tuple[int, ...]:
    """The seeds of `--seed`: one number, or several separated by commas."""
    try:
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a seed or seeds: {text!r}") from None


def main(argv: list[str] | None = None) -> int:
    """Run the packages named (all by default) and print each one's figures."""
    parser = argparse.ArgumentParser(prog="python -m tools.mutation.run", description=__doc__)
    parser.add_argument("packages", nargs="*", metavar="PACKAGE", help=", ".join(PACKAGES))
    parser.add_argument("--jobs", type=int, default=2, help="mutants run at once (default 2)")
    parser.add_argument("--fresh", action="store_true", help="forget the results of earlier runs")
    parser.add_argument("--survivors", action="store_true", help="list the unexplained survivors")
    parser.add_argument("--report", action="store_true", help="the figures of the last run only")
    parser.add_argument(
        "--blind", action="store_true", help="only the mutants of what mutmut leaves out"
    )
    parser.add_argument("--sample", type=int, default=0, help="run only N mutants drawn at random")
    parser.add_argument(
        "--seed",
        type=seeds,
        default=(0,),
        help="the seed of --sample (default 0); with --stratified, seeds as 0,1,2: their draws"
        " pooled",
    )
    parser.add_argument(
        "--within", metavar="MODULE", help="draw --sample's mutants from this module alone"
    )
    parser.add_argument(
        "--stratified",
        action="store_true",
        help="draw --sample's mutants from every module, in proportion to its mutants",
    )
    parser.add_argument(
        "--recheck", action="store_true", help="run the mutants not killed again (after new tests)"
    )
    parser.add_argument(
        "--differential",
        type=int,
        default=0,
        metavar="GAMES",
        help="with --sample, a BASIC game's: also play GAMES random games against PC-BASIC",
    )
    options = parser.parse_args(argv)
    names = options.packages or list(EVERY_PACKAGE)
    unknown = [name for name in names if name not in PACKAGES]
    if unknown:
        parser.error(f"no package {unknown[0]!r}: one of {', '.join(PACKAGES)}")
    basic = [name for name in GAMES if GAMES[name].reference is not None]
    if options.stratified and (not options.sample or options.within):
        parser.error("--stratified goes with --sample and without --within")
    if len(options.seed) > 1 and not options.stratified:
        parser.error("several seeds go with --stratified")
    if options.differential and (not options.sample or set(names) - set(basic)):
        parser.error(f"--differential goes with --sample and {' or '.join(basic)}")
    print(
        f"{'package':<18} {'mutants':>7} {'blind':>5} {'killed':>7} {'survived':>8}"
        f" {'timed out':>9} {'other':>6} {'equivalent':>11} {'score':>7} {'wall':>9}"
    )
    for name in names:
        figures = measure(name, options)
        print(report(figures), flush=True)
        if options.differential:
            run = differential(name, list(figures.statuses), options)
            print(differential_report(figures, run, options.survivors), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
