"""A grading's explaining processes (`Explainers`), forked at its start, find the suite's coverage
and the causes of its wrong outputs while its runs go on: the same coverage and causes as found
in-process, whichever games the suite mixes; still found when one of the processes is killed;
the oracle failing on a test is still the one-line error naming it."""

import os
import signal
from pathlib import Path

import pytest

from acceptance.errors import HarnessError
from acceptance.grading.explained import Explainers
from acceptance.grading.missed import caused
from acceptance.running.cases import Case, collect
from acceptance.running.compare import compare
from acceptance.running.coverage import coverage
from acceptance.running.suite import Outcome, Result

ROOT = Path(__file__).resolve().parent.parent


def public_suite(count: int) -> list[Case]:
    """The first tests of the public Space Defender 2 suite."""
    return collect([ROOT / "at"])[:count]


def wrong_output(case: Case, line: int) -> Result:
    """A failing result of a test whose output has one line of the expected file longer."""
    assert case.expected is not None
    expected = case.expected.read_text().split("\n")
    actual = expected[:line] + [expected[line] + "!"] + expected[line + 1 :]
    mismatch = compare("\n".join(expected).encode(), "\n".join(actual).encode())
    return Result(case, Outcome.FAILED, mismatch=mismatch)


def test_the_coverage_found_by_the_processes_is_the_one_found_in_process() -> None:
    cases = public_suite(40)
    explainers = Explainers(cases, 2)
    try:
        assert len(explainers.pools) == 2
        assert explainers.coverage() == coverage(cases)
    finally:
        explainers.close()


def test_a_mixed_suite_keeps_its_games_order_and_its_games_without_rules_left_out() -> None:
    cases = public_suite(3) + collect([ROOT / "at" / "star_lanes"])[:2]
    explainers = Explainers(cases, 2)
    try:
        found = explainers.coverage()
    finally:
        explainers.close()
    assert found == coverage(cases)
    assert [game.game.name for game in found.games] == ["space_defender_2"]
    assert [(game.name, count) for game, count in found.left_out] == [("star_lanes", 2)]


def test_the_causes_found_by_the_processes_are_those_found_in_process() -> None:
    cases = public_suite(40)
    wrong = {
        (number, line): wrong_output(cases[number], line)
        for number in (3, 17, 30)
        for line in (2, 9)
    }
    explainers = Explainers(cases, 2)
    try:
        for (number, line), result in wrong.items():
            assert result.mismatch is not None
            explainers.find_cause(number, f"{number}-{line}", result.mismatch)
        for (number, line), result in wrong.items():
            cause = explainers.causes[f"{number}-{line}"].result()
            assert cause is not None
            assert cause == caused(result).cause
    finally:
        explainers.close()


def test_a_killed_process_leaves_the_coverage_and_causes_found_all_the_same() -> None:
    cases = public_suite(20)
    result = wrong_output(cases[5], 4)
    assert result.mismatch is not None
    explainers = Explainers(cases, 1)
    try:
        for pool in explainers.pools:
            for pid in list(pool._processes):
                os.kill(pid, signal.SIGKILL)
        explainers.find_cause(5, "key", result.mismatch)
        assert explainers.coverage() == coverage(cases)
        assert explainers.cause("key", result) == caused(result).cause
    finally:
        explainers.close()


def test_the_oracle_failing_on_a_test_is_still_the_error_naming_it(tmp_path: Path) -> None:
    (tmp_path / "broken.txt").write_bytes(b"\xff\xfe not a script\n")
    cases = public_suite(2) + collect([tmp_path])
    explainers = Explainers(cases, 2)
    try:
        with pytest.raises(HarnessError, match="broken"):
            explainers.coverage()
    finally:
        explainers.close()
