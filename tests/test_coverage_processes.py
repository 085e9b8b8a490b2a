"""A grading's suite coverage found by processes of its own while its runs go on (`Finding`):
the same coverage as found in-process, whichever games the suite mixes; still found when one of
its processes is killed; the oracle failing on a test is still the one-line error naming it."""

import os
import signal
from pathlib import Path

import pytest

from acceptance.errors import HarnessError
from acceptance.running.cases import Case, collect
from acceptance.running.coverage import Finding, coverage

ROOT = Path(__file__).resolve().parent.parent


def public_suite(count: int) -> list[Case]:
    """The first tests of the public Space Defender 2 suite."""
    return collect([ROOT / "at"])[:count]


def test_the_coverage_found_by_processes_is_the_one_found_in_process() -> None:
    cases = public_suite(40)
    finding = Finding(cases, 2)
    try:
        assert finding.result() == coverage(cases)
    finally:
        finding.close()


def test_a_mixed_suite_keeps_its_games_order_and_its_games_without_rules_left_out() -> None:
    cases = public_suite(3) + collect([ROOT / "at" / "star_lanes"])[:2]
    finding = Finding(cases, 2)
    try:
        found = finding.result()
    finally:
        finding.close()
    assert found == coverage(cases)
    assert [game.game.name for game in found.games] == ["space_defender_2"]
    assert [(game.name, count) for game, count in found.left_out] == [("star_lanes", 2)]


def test_a_killed_coverage_process_leaves_the_coverage_found_all_the_same() -> None:
    cases = public_suite(20)
    finding = Finding(cases, 1)
    try:
        for pid in list(finding.pool._processes):
            os.kill(pid, signal.SIGKILL)
        assert finding.result() == coverage(cases)
    finally:
        finding.close()


def test_the_oracle_failing_on_a_test_is_still_the_error_naming_it(tmp_path: Path) -> None:
    (tmp_path / "broken.txt").write_bytes(b"\xff\xfe not a script\n")
    cases = public_suite(2) + collect([tmp_path])
    finding = Finding(cases, 2)
    try:
        with pytest.raises(HarnessError, match="broken"):
            finding.result()
    finally:
        finding.close()
