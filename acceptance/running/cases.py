"""Finding acceptance scripts, the game each belongs to, its seed and its expected output."""

import shlex
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from acceptance.errors import HarnessError
from acceptance.game_oracles.registry import GAMES, SPACE_DEFENDER_2, Game, game_of_folder

SCRIPT_SUFFIX = ".txt"
EXPECTED_SUFFIX = ".expected.txt"
SEED_SUFFIX = ".seed"
EXPECTED_FOLDER = "expected"
SCRIPT_FOLDER = "at"
DISTRIBUTION = "space-defender-2-oracle"  # share/NAME holds the suite a wheel installs


@dataclass(frozen=True)
class Case:
    """One acceptance test: a script of a game, its seed, and its expected output if it has one."""

    name: str
    script: Path
    expected: Path | None
    game: Game = SPACE_DEFENDER_2
    seed: int | None = None


def is_script(path: Path) -> bool:
    """Whether a file is an acceptance script rather than an expected output."""
    return path.suffix == SCRIPT_SUFFIX and not path.name.endswith(EXPECTED_SUFFIX)


def project_root(start: Path) -> Path | None:
    """The nearest folder, from `start` upward, that holds an `expected/` folder."""
    start = start.absolute()
    return next(
        (folder for folder in (start, *start.parents) if (folder / EXPECTED_FOLDER).is_dir()), None
    )


def suite_root(script: Path) -> Path | None:
    """The project whose at/ holds a script (at any depth): only such a script's expected file is
    in the project's expected/ folder, so a hidden suite never reads or writes the public one's."""
    root = project_root(script.parent)
    if root is None:
        return None
    inside = script.parent.resolve().is_relative_to((root / SCRIPT_FOLDER).resolve())
    return root if inside else None


def stem(script: Path) -> str:
    """A script's name without its suffix."""
    return script.name.removesuffix(SCRIPT_SUFFIX)


def expected_candidates(
    script: Path, game: Game | None = None, folder: Path | None = None
) -> tuple[Path, ...]:
    """Where the expected output of a script is looked for, in order: in `folder` if given (laid
    out as a project's expected/), else beside it, then, for a script of a project's at/, in the
    project's expected/ folder (expected/GAME/ for a sister game)."""
    game = game or game_of_folder(script.parent)
    name = stem(script) + EXPECTED_SUFFIX
    if folder is not None:
        return (folder / game.folder / name,)
    root = suite_root(script)
    beside = script.with_name(name)
    return (beside,) if root is None else (beside, root / EXPECTED_FOLDER / game.folder / name)


def expected_target(script: Path, game: Game | None = None, folder: Path | None = None) -> Path:
    """The expected file of a script: the existing one, else where a new one belongs (beside the
    script, in `folder` if given, in the project's expected/ for a script of its at/)."""
    candidates = expected_candidates(script, game, folder)
    return next((path for path in candidates if path.is_file()), candidates[-1])


def read_seed(script: Path) -> int | None:
    """The seed in NAME.seed beside a script (an integer), or None when there is no such file."""
    path = script.with_name(stem(script) + SEED_SUFFIX)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise HarnessError(f"cannot read the seed {shown(path)}: {error}") from None
    try:
        return int(text.strip())
    except ValueError:
        raise HarnessError(f"the seed {shown(path)} is not an integer: {text.strip()!r}") from None


def readable(path: Path) -> bool:
    """True once a file of the suite is read whole: an unreadable script or expected file is a
    one-line error of whatever command collects it, before it runs or writes anything."""
    try:
        with path.open("rb") as file:
            file.read()
    except OSError as error:
        raise HarnessError(f"cannot read {shown(path)}: {error.strerror}") from None
    return True


def make_case(script: Path, game: Game | None = None, expected_in: Path | None = None) -> Case:
    """The case of one script: its game (by its folder unless given), seed and expected file
    (looked for in `expected_in` if given)."""
    game = game or game_of_folder(script.parent)
    expected = expected_target(script, game, expected_in)
    name = f"{game.folder}/{stem(script)}" if game.folder else stem(script)
    seed = read_seed(script) if game.takes_seed else None
    readable(script)
    known = expected.is_file() and readable(expected)
    return Case(name, script, expected if known else None, game, seed)


def scripts_in(path: Path) -> list[Path]:
    """The scripts a command-line PATH stands for: itself, or the scripts of its folder."""
    if path.is_dir():
        return sorted(child for child in path.iterdir() if child.is_file() and is_script(child))
    if not path.is_file():
        raise HarnessError(f"no such file or folder: {path}")
    if not is_script(path):
        raise HarnessError(f"not a test script (NAME.txt): {path}")
    return [path]


def collect(
    paths: Iterable[Path], game: Game | None = None, expected_in: Path | None = None
) -> list[Case]:
    """The cases of the given scripts and folders, each script once, in order; each script is of
    `game` if given, else of the game its folder says; their expected files in `expected_in` if
    given."""
    paths = list(paths)
    scripts = dict.fromkeys(script for path in paths for script in scripts_in(path))
    if not scripts:
        raise HarnessError(f"no test scripts in {', '.join(map(shown, paths)) or 'no path'}")
    return [make_case(script, game, expected_in) for script in scripts]


def require_expected(cases: Sequence[Case], each: bool = True) -> None:
    """A one-line error naming `at regen` when tests have no expected file: any of them (`each`:
    a grading needs every one), else only when none has one (`at run` fails a test alone)."""
    missing = [case for case in cases if case.expected is None]
    if not missing or (not each and len(missing) < len(cases)):
        return
    if len(missing) == 1:
        what = f"the test {missing[0].name} has no expected file"
        regen = shlex.join(["at", "regen", shown(missing[0].script)])
    else:
        folders = list(dict.fromkeys(shown(case.script.parent) for case in missing))
        regen = shlex.join(["at", "regen", *folders])
        where = ", ".join(folders)
        what = (
            f"none of the {len(cases)} tests of {where} has an expected file"
            if len(missing) == len(cases)
            else f"{len(missing)} of the {len(cases)} tests have no expected file"
            f" ({', '.join(case.name for case in missing[:3])}{', ...' * (len(missing) > 3)})"
        )
    raise HarnessError(
        f"{what}: `{regen}` writes {'it' if len(missing) == 1 else 'them'} from the oracle"
    )


def shown(path: Path) -> str:
    """A path as the user reads it best: relative to the cwd when under it."""
    absolute, cwd = path.absolute(), Path.cwd()
    return str(absolute.relative_to(cwd) if absolute.is_relative_to(cwd) else path)


def script_folder(game: Game, root: Path) -> Path:
    """Where a game's scripts are in a project: at/, or at/GAME/ for a sister game."""
    return root / SCRIPT_FOLDER / game.folder


def default_root() -> Path:
    """The project the cwd is in (the cwd itself if it is in none)."""
    return project_root(Path.cwd()) or Path.cwd()


def installed_suite() -> Path | None:
    """The project holding the public suite installed with the harness: the source tree beside
    the package (a checkout or an editable install), else the copy a wheel installs under
    `share/`; None if neither holds one."""
    candidates = (Path(__file__).resolve().parents[2], Path(sys.prefix) / "share" / DISTRIBUTION)
    return next(
        (
            root
            for root in candidates
            if (root / SCRIPT_FOLDER).is_dir() and (root / EXPECTED_FOLDER).is_dir()
        ),
        None,
    )


def has_suite(root: Path) -> bool:
    """Whether a project holds a suite of its own (an at/ folder)."""
    return (root / SCRIPT_FOLDER).is_dir()


def default_scripts(games: Iterable[Game] = GAMES.values(), root: Path | None = None) -> list[Path]:
    """Every suite of a project (default: the one the cwd is in): at/, and at/GAME/ of each
    sister game that has one."""
    root = root or default_root()
    return [
        folder
        for game in games
        if (folder := script_folder(game, root)).is_dir() or not game.folder
    ]


def suite_paths(game: Game | None, doing: str = "running") -> list[Path]:
    """The suites a command takes with no path: the project's, else (no at/ here) the public
    suite installed with `at`, said on stderr with what is `doing` with it."""
    games = [game] if game else list(GAMES.values())
    root = default_root()
    installed = installed_suite()
    if has_suite(root) or installed is None:
        return default_scripts(games, root)
    print(
        f"at: no at/ folder here: {doing} the public suite installed in {installed}",
        file=sys.stderr,
    )
    return default_scripts(games, installed)


@dataclass(frozen=True)
class Suites:
    """What `at run` takes with no path: the public suite, and beside it the user's own tests
    (an at/ of their folder, as `at fuzz` and `at new` make), counted apart in the summary."""

    public: list[Case]
    own: list[Case]


def game_cases(root: Path, game: Game) -> list[Case]:
    """The tests of `game` in a project's at/ (none if it has no such folder)."""
    folder = script_folder(game, root)
    scripts = scripts_in(folder) if folder.is_dir() else []
    return [make_case(script, game) for script in scripts]


def default_suites(game: Game | None) -> Suites:
    """The tests `at run` takes with no path: the public suite of the course's game (Space
    Defender 2, or `game`), installed with `at`, and the own tests of the project the cwd is in;
    a project that is the public suite (a checkout), or none installed: the project's alone."""
    game = game or SPACE_DEFENDER_2
    root, installed = default_root(), installed_suite()
    if installed is None or root.resolve() == installed.resolve():
        suites = Suites(game_cases(root, game), [])
    else:
        if not has_suite(root):
            print(
                f"at: no at/ folder here: running the public suite installed in {installed}",
                file=sys.stderr,
            )
        suites = Suites(game_cases(installed, game), game_cases(root, game))
    if not suites.public and not suites.own:
        raise HarnessError(f"no test scripts in {shown(script_folder(game, installed or root))}")
    return suites


def graded_paths(tests: list[Path] | None, game: Game | None) -> list[Path]:
    """The suite a class is graded over: --tests, else the at/ of the project the cwd is in when
    it holds one game's suite (or --game's); an error naming --tests when that is ambiguous."""
    if tests:
        return tests
    root = default_root()
    present = [
        folder
        for candidate in ([game] if game else GAMES.values())
        if (folder := script_folder(candidate, root)).is_dir() and scripts_in(folder)
    ]
    if len(present) == 1:
        return present
    where = shown(script_folder(game, root) if game else root / SCRIPT_FOLDER)
    if not present:
        raise HarnessError(
            f"give --tests PATH, the suite to grade over: no test scripts in {where}"
        )
    raise HarnessError(
        f"give --tests PATH, the suite to grade over: {where} holds the suites of"
        f" {len(present)} games (--game GAME picks one)"
    )
