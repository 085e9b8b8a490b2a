"""Finding acceptance scripts and the expected output of each."""

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

SCRIPT_SUFFIX = ".txt"
EXPECTED_SUFFIX = ".expected.txt"
EXPECTED_FOLDER = "expected"
SCRIPT_FOLDER = "at"


class HarnessError(ValueError):
    """Bad input to the harness; its text is shown to the user as a one-line error."""


@dataclass(frozen=True)
class Case:
    """One acceptance test: a script and, if it has one, its expected output."""

    name: str
    script: Path
    expected: Path | None


def is_script(path: Path) -> bool:
    """Whether a file is an acceptance script rather than an expected output."""
    return path.suffix == SCRIPT_SUFFIX and not path.name.endswith(EXPECTED_SUFFIX)


def project_root(start: Path) -> Path | None:
    """The nearest folder, from `start` upward, that holds an `expected/` folder."""
    start = start.absolute()
    return next(
        (folder for folder in (start, *start.parents) if (folder / EXPECTED_FOLDER).is_dir()), None
    )


def root_for(script: Path) -> Path | None:
    """The project root of a script: found from the script's folder, else from the cwd."""
    return project_root(script.parent) or project_root(Path.cwd())


def expected_candidates(script: Path) -> tuple[Path, ...]:
    """Where the expected output of a script is looked for, in order."""
    name = script.name.removesuffix(SCRIPT_SUFFIX) + EXPECTED_SUFFIX
    root = root_for(script)
    beside = script.with_name(name)
    return (beside,) if root is None else (beside, root / EXPECTED_FOLDER / name)


def expected_target(script: Path) -> Path:
    """The expected file of a script: the existing one, else where a new one belongs."""
    candidates = expected_candidates(script)
    return next((path for path in candidates if path.is_file()), candidates[-1])


def make_case(script: Path) -> Case:
    """The case of one script, with its expected file if there is one."""
    expected = expected_target(script)
    return Case(
        script.name.removesuffix(SCRIPT_SUFFIX), script, expected if expected.is_file() else None
    )


def scripts_in(path: Path) -> list[Path]:
    """The scripts a command-line PATH stands for: itself, or the scripts of its folder."""
    if path.is_dir():
        return sorted(child for child in path.iterdir() if child.is_file() and is_script(child))
    if not path.is_file():
        raise HarnessError(f"no such file or folder: {path}")
    if not is_script(path):
        raise HarnessError(f"not a test script (NAME.txt): {path}")
    return [path]


def collect(paths: Iterable[Path]) -> list[Case]:
    """The cases of the given scripts and folders, each script once, in order."""
    scripts = dict.fromkeys(script for path in paths for script in scripts_in(path))
    if not scripts:
        raise HarnessError("no test scripts found")
    return [make_case(script) for script in scripts]


def shown(path: Path) -> str:
    """A path as the user reads it best: relative to the cwd when under it."""
    absolute, cwd = path.absolute(), Path.cwd()
    return str(absolute.relative_to(cwd) if absolute.is_relative_to(cwd) else path)


def default_scripts() -> Path:
    """The `at/` folder of the project the cwd is in."""
    return (project_root(Path.cwd()) or Path.cwd()) / SCRIPT_FOLDER
