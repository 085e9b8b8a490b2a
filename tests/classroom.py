"""A generated class for the grading tests: a suite copied from the project (each expected file
beside its script) and submissions of different kinds, each a shell script that prints a test's
expected output with one injected fault, so every test knows what each kind must get. Such a
program reads the expected file beside its script, which only an unsandboxed run can: the report
tests grade with --no-sandbox (tests/acceptance/confine/test_sandbox.py shows the sandbox stopping
exactly this)."""

import re
import shutil
import sys
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from acceptance.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = "program"
TEMPLATE = "{}/" + PROGRAM
HEADER = '#!/bin/sh\nE="${2%.txt}.expected.txt"\n'
# Faults any game's program can have; a test adds its game's own (a wrong rule).
EXACT = 'cat "$E"\n'
TRAILING_SPACE = "sed '%ds/$/ /' \"$E\"\n"  # one trailing space on that line of every output
MOVER = "sed 's/^->move(/->move (/' \"$E\"\n"  # a space in the echo: fails only the tests that move
CRASH = (
    'head -n 5 "$E"\necho "Traceback (most recent call last):" >&2\n'
    'echo "ZeroDivisionError: division by zero" >&2\nexit 1\n'
)
HANG = 'head -n 2 "$E"\nexec sleep 60\n'


@dataclass(frozen=True)
class Kind:
    """A kind of submission: how many the class has, and the body of their program."""

    count: int
    body: str


def copy_suite(folder: Path, scripts: Sequence[Path]) -> Path:
    """The scripts of the project copied into a folder, each with its seed and expected file."""
    folder.mkdir(parents=True)
    for script in scripts:
        name = script.name.removesuffix(".txt")
        game = script.parent.relative_to(ROOT / "at")
        (folder / script.name).write_bytes(script.read_bytes())
        expected = ROOT / "expected" / game / f"{name}.expected.txt"
        (folder / expected.name).write_bytes(expected.read_bytes())
        seed = script.with_name(f"{name}.seed")
        if seed.is_file():
            (folder / seed.name).write_bytes(seed.read_bytes())
    return folder


def make_class(folder: Path, kinds: Mapping[str, Kind]) -> list[Path]:
    """A folder per submission, named after its kind and number, in class order."""
    pupils = []
    for kind, spec in kinds.items():
        for number in range(spec.count):
            pupil = folder / f"{kind}{number:02d}"
            pupil.mkdir(parents=True)
            (pupil / PROGRAM).write_text(HEADER + spec.body)
            (pupil / PROGRAM).chmod(0o755)
            pupils.append(pupil)
    return pupils


def grade_unsandboxed(suite: Path, pupils: Sequence[Path], *options: str) -> None:
    """`at grade` of a generated class over a suite, with --no-sandbox: its programs read the
    expected files beside the scripts."""
    command = ["grade", "--no-sandbox", "--exe", TEMPLATE, "--tests", str(suite), *options]
    assert main([*command, *map(str, pupils)]) == 0


def kind_of(name: str) -> str:
    """A submission's kind, from its folder name."""
    return name.rstrip("0123456789")


def holding(suite: Path, pattern: str) -> list[str]:
    """The tests of a copied suite whose expected output holds a regular expression's match."""
    return sorted(
        path.name.removesuffix(".expected.txt")
        for path in suite.glob("*.expected.txt")
        if re.search(pattern, path.read_bytes().decode("latin-1"), re.M)
    )


# A class of 30 over ten Space Defender 2 tests, one kind per injected fault.
SPACE_TESTS = [ROOT / "at" / f"at{number:03d}.txt" for number in range(1, 11)]
SPACE_CLASS = {
    "exact": Kind(8, EXACT),
    "spacey": Kind(5, TRAILING_SPACE % 1),  # the state line: line 1 of every output
    "spawned": Kind(5, "sed 's/Grunt(id:\\([0-9]*\\)) spawns/Grunt(id:\\1) spawned/' \"$E\"\n"),
    "mover": Kind(6, MOVER),
    "crashing": Kind(4, CRASH),
    "hanging": Kind(2, HANG),
}


# A class of 12 over six Star Lanes tests (typed lines echoed after prompts, a seed per test).
LANES_TESTS = [
    ROOT / "at" / "star_lanes" / f"{name}.txt"
    for name in (
        "four_players_merges",
        "two_players_split",
        "three_players_splits",
        "two_players_merge_split",
        "one_player_whole_game",
        "three_players_redo",
    )
]
LANES_CLASS = {
    "exact": Kind(3, EXACT),
    "spacey": Kind(3, TRAILING_SPACE % 4),  # the title line
    "splitter": Kind(3, "sed 's/HAS SPLIT 2 FOR 1/HAS SPLIT 3 FOR 1/' \"$E\"\n"),
    "crashing": Kind(2, CRASH),
    "hanging": Kind(1, HANG),
}


def lay_out_autograder(bundle: Path, autograder: Path) -> Path:
    """A folder laid out as Gradescope lays out /autograder for a bundle: the zip extracted in
    source/, run_autograder at the top, and in place of what setup.sh installs, this `at`."""
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(autograder / "source")
    for name in ("setup.sh", "run_autograder"):
        (autograder / "source" / name).chmod(0o755)
    (autograder / "source" / "venv" / "bin").mkdir(parents=True)
    (autograder / "source" / "venv" / "bin" / "at").symlink_to(Path(sys.executable).with_name("at"))
    shutil.copy(autograder / "source" / "run_autograder", autograder / "run_autograder")
    return autograder
