"""The acceptance suite: one test per script of every game (at/NAME.txt, at/GAME/NAME.txt), the
project's clone graded against the committed expected file.

For Space Defender 2 and Star Canine the clone is the oracle: pytest-regressions keeps their
expected files, and `pytest --force-regen` rewrites those that differ. The expected files of the
BASIC games come from PC-BASIC running the original listing (`at regen`), never from the clone.
"""

from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from pytest_regressions.file_regression import FileRegressionFixture

from acceptance.game_oracles.registry import GAMES
from acceptance.processes.execution import clone_output
from acceptance.running.cases import Case, collect, expected_target, script_folder
from acceptance.running.outcome import Status
from acceptance.running.run_report import full_report, headline
from acceptance.running.suite import Outcome, Result, difference

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = [folder for game in GAMES.values() if (folder := script_folder(game, ROOT)).is_dir()]
CASES = collect(FOLDERS) if FOLDERS else []


def assert_same(case: Case, expected: bytes, obtained: bytes) -> None:
    """Raise the harness's report unless the two outputs are the same bytes."""
    mismatch = difference(case, expected, obtained)
    if mismatch is not None:
        raise AssertionError(full_report(Result(case, Outcome.FAILED, mismatch=mismatch)))


def same_bytes(case: Case, obtained: Path, expected: Path) -> None:
    """The check of pytest-regressions: the harness's report unless the files are the same."""
    assert_same(case, expected.read_bytes(), obtained.read_bytes())


def regression_failure(check: Callable[[], None]) -> str | None:
    """The message of a check that failed (a difference, a new file), if any."""
    try:
        check()
    except (AssertionError, pytest.fail.Exception) as error:
        return str(error)
    return None


def reference_check(case: Case, output: bytes) -> None:
    """Compare with an expected file that only the reference oracle writes (`at regen`)."""
    if case.expected is None:
        where = expected_target(case.script, case.game)
        raise AssertionError(f"{case.name}: no expected file {where}: `at regen` writes it")
    assert_same(case, case.expected.read_bytes(), output)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_acceptance(case: Case, file_regression: FileRegressionFixture) -> None:
    output = clone_output(case)
    if output.status is not Status.OK:
        pytest.fail(headline(Result(case, Outcome.CRASHED, detail=output.detail)), pytrace=False)
    check: Callable[[], None] = partial(reference_check, case, output.stdout)
    if case.game.reference is None:
        check = partial(
            file_regression.check,
            output.stdout,
            binary=True,
            fullpath=expected_target(case.script, case.game),
            check_fn=partial(same_bytes, case),
        )
    failure = regression_failure(check)
    if failure is not None:
        pytest.fail(failure, pytrace=False)
