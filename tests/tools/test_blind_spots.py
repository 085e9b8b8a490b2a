"""The mutants of what mutmut leaves out (tools.mutation.blind_spots): which places and points
are found, and that the named mutant, and only it, is compiled into its module when the tests
import it."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tools.mutation.blind_spots import (
    Mutant,
    environment,
    module_mutants,
    module_name,
    module_path,
    place_points,
    places,
)
from tools.mutation.run import Worker

SOURCE = '''
"""A module's docstring."""
from dataclasses import field
from functools import cache

LIMIT: int = 3
__all__ = ["LIMIT"]
TABLE = {"a": (1, 2.5), "b": -4}


class Grunt:
    """A class's docstring."""

    HEALTH = 100
    name: str = "grunt"
    seen: list[int] = field(default_factory=lambda: [1], repr=False, compare=False)

    @property
    def destroyed(self) -> bool:
        """A docstring."""
        return self.HEALTH <= 0 and True

    def move(self, steps: int = 1, path: tuple[int, ...] = (0, 1)) -> int:
        return steps + 1


@cache
def bonus(level: int = 2) -> str:
    assert level >= 0
    return f"bonus {level + 1}"


def plain(x: int) -> int:
    return x * 2
'''


def found() -> dict[str, list[str]]:
    """Each place of SOURCE with the changes of its mutation points."""
    return {
        place: [what for _, what in place_points(nodes)]
        for place, nodes in places(ast.parse(SOURCE).body)
    }


def test_tables_class_values_decorated_functions_and_skipped_defaults_are_places() -> None:
    assert found() == {
        "LIMIT": ["3 -> 4"],
        "TABLE": ["'a' -> 'XXaXX'", "'b' -> 'XXbXX'", "1 -> 2", "2.5 -> 3.5", "4 -> 5"],
        "Grunt.HEALTH": ["100 -> 101"],
        "Grunt.name": ["'grunt' -> 'XXgruntXX'"],
        "Grunt.seen": ["1 -> 2"],
        "Grunt.destroyed": ["And -> Or", "LtE -> Lt", "0 -> 1", "True -> False"],
        "Grunt.move.(defaults)": ["0 -> 1", "1 -> 2"],
        "bonus": ["2 -> 3"],
    }


def test_what_mutmut_mutates_itself_is_left_to_it() -> None:
    """An undecorated function's body and plain defaults are mutmut's; not found here."""
    assert not any(place.startswith("plain") for place in found())
    assert "Grunt.move" not in found()


def test_a_mutant_is_named_by_module_place_and_point() -> None:
    mutants = {
        mutant.name: mutant for mutant in module_mutants("tests.acceptance.game_oracles.echo_game")
    }
    assert mutants["tests.acceptance.game_oracles.echo_game::DEFAULT_SEED::0"] == Mutant(
        "tests.acceptance.game_oracles.echo_game", "DEFAULT_SEED", 0, 15, "5 -> 6"
    )


def test_a_package_is_named_and_found_as_python_imports_it() -> None:
    assert module_name(module_path("commands")) == "commands"
    assert module_path("commands").name == "__init__.py"
    assert module_name(module_path("model.enemy")) == "model.enemy"


def imported_seed(mutant: str, site: Path) -> str:
    """DEFAULT_SEED of the echo game as a new process imports it with the mutant on."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import tests.acceptance.game_oracles.echo_game as game; print(game.DEFAULT_SEED)",
        ],
        env=environment(mutant, site),
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def test_a_new_process_imports_the_module_with_the_mutant_compiled_in(tmp_path: Path) -> None:
    assert imported_seed("", tmp_path) == "5"
    assert (
        imported_seed("tests.acceptance.game_oracles.echo_game::DEFAULT_SEED::0", tmp_path) == "6"
    )
    assert imported_seed("tests.acceptance.game_oracles.echo_game::PROMPT::0", tmp_path) == "5"


def test_a_test_that_states_the_value_kills_its_mutant_and_nothing_else(tmp_path: Path) -> None:
    test = tmp_path / "test_seed.py"
    test.write_text(
        "import tests.acceptance.game_oracles.echo_game\n\n\ndef test_seed():\n"
        "    assert tests.acceptance.game_oracles.echo_game.DEFAULT_SEED == 5\n"
    )
    worker = Worker(["-x", "-q", "-p", "no:cacheprovider", str(test)], tmp_path / "site")
    try:
        assert worker.verdict("", 60) == "survived"
        assert (
            worker.verdict("tests.acceptance.game_oracles.echo_game::DEFAULT_SEED::0", 60)
            == "killed"
        )
        assert (
            worker.verdict("tests.acceptance.game_oracles.echo_game::PROMPT::0", 60) == "survived"
        )
    finally:
        worker.close()


@pytest.mark.slow
def test_a_mutant_that_runs_past_its_time_is_stopped(tmp_path: Path) -> None:
    test = tmp_path / "test_wait.py"
    test.write_text(
        "import time\nimport tests.acceptance.game_oracles.echo_game\n\n\ndef test_wait():\n"
        "    time.sleep(60 if tests.acceptance.game_oracles.echo_game.DEFAULT_SEED == 6 else 0)\n"
    )
    worker = Worker(["-q", "-p", "no:cacheprovider", str(test)], tmp_path / "site")
    try:
        assert (
            worker.verdict("tests.acceptance.game_oracles.echo_game::DEFAULT_SEED::0", 2)
            == "timeout"
        )
        assert worker.verdict("", 60) == "survived"
    finally:
        worker.close()
