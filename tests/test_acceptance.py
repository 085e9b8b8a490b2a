"""The acceptance suite: one test per script in at/, its expected file kept by pytest-regressions.

`pytest --force-regen` rewrites the expected files that differ from the oracle's output.
"""

from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from pytest_regressions.file_regression import FileRegressionFixture

from acceptance.cases import SCRIPT_FOLDER, Case, collect, expected_target
from acceptance.compare import compare
from acceptance.execution import Status, oracle_output
from acceptance.report import full_report, headline
from acceptance.suite import Outcome, Result

ROOT = Path(__file__).resolve().parent.parent
CASES = collect([ROOT / SCRIPT_FOLDER])


def same_bytes(case: Case, obtained: Path, expected: Path) -> None:
    """Raise the harness's report unless the two files hold the same bytes."""
    mismatch = compare(expected.read_bytes(), obtained.read_bytes())
    if mismatch is not None:
        raise AssertionError(full_report(Result(case, Outcome.FAILED, mismatch=mismatch)))


def regression_failure(check: Callable[[], None]) -> str | None:
    """The message of a file_regression check that failed (a difference, a new file), if any."""
    try:
        check()
    except (AssertionError, pytest.fail.Exception) as error:
        return str(error)
    return None


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_acceptance(case: Case, file_regression: FileRegressionFixture) -> None:
    output = oracle_output(case.script)
    if output.status is not Status.OK:
        pytest.fail(headline(Result(case, Outcome.CRASHED, detail=output.detail)), pytrace=False)
    check = partial(
        file_regression.check,
        output.stdout,
        binary=True,
        fullpath=expected_target(case.script),
        check_fn=partial(same_bytes, case),
    )
    failure = regression_failure(check)
    if failure is not None:
        pytest.fail(failure, pytrace=False)
