"""A grading's explaining processes (`Explainers`), forked at its start, find the suite's
coverage and the causes of its wrong outputs while its runs go on: the same coverage and
causes as found in-process, whichever games the suite mixes; still found when one of the
processes is killed; the oracle failing on a test is still the one-line error naming it; a
killed grader leaves none of them behind; each is named `at explainer` (for `ps`, `top` and
the scaling benchmark); and a process with threads already forks none. Each check runs in a
fresh interpreter, as `at grade` does: one thread.
"""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from acceptance.errors import HarnessError
from acceptance.grading.explained import EXPLAINER, Explainers
from acceptance.reports.missed import caused
from acceptance.running.cases import Case, collect
from acceptance.running.compare import compare
from acceptance.running.coverage import coverage
from acceptance.running.suite import Outcome, Result
from tools.benchmarks.scaling import helper_pids

ROOT = Path(__file__).resolve().parents[3]


def fresh(check: str, *arguments: str) -> None:
    """Run one of this module's checks in a fresh interpreter; its failure is this test's."""
    code = f"import sys, {__name__} as t; t.{check}(*sys.argv[1:])"
    ran = subprocess.run(
        [sys.executable, "-c", code, *arguments], cwd=ROOT, capture_output=True, text=True
    )
    assert ran.returncode == 0, ran.stderr


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


def check_coverage_and_causes() -> None:
    """Two processes find the coverage and causes that one finds in-process."""
    cases = public_suite(40)
    wrong = {(n, line): wrong_output(cases[n], line) for n in (3, 17, 30) for line in (2, 9)}
    explainers = Explainers(cases, 2)
    try:
        assert explainers.pool is not None and len(explainers.pool._processes) == 2
        for (number, line), result in wrong.items():
            assert result.mismatch is not None
            explainers.find_cause(number, f"{number}-{line}", result.mismatch)
        assert explainers.coverage() == coverage(cases)
        for (number, line), result in wrong.items():
            cause = explainers.causes[f"{number}-{line}"].result()
            assert cause is not None and cause == caused(result).cause
    finally:
        explainers.close()


def check_mixed_suite() -> None:
    """Star Lanes' tests, with no rule table, are left out and counted, the games in order."""
    cases = public_suite(3) + collect([ROOT / "at" / "star_lanes"])[:2]
    explainers = Explainers(cases, 2)
    try:
        found = explainers.coverage()
    finally:
        explainers.close()
    assert found == coverage(cases)
    assert [game.game.name for game in found.games] == ["space_defender_2"]
    assert [(game.name, count) for game, count in found.left_out] == [("star_lanes", 2)]


def check_killed_process() -> None:
    """The processes killed, the coverage and a cause are found here all the same."""
    cases = public_suite(20)
    result = wrong_output(cases[5], 4)
    assert result.mismatch is not None
    explainers = Explainers(cases, 1)
    try:
        assert explainers.pool is not None
        for pid in list(explainers.pool._processes):
            os.kill(pid, signal.SIGKILL)
        explainers.find_cause(5, "key", result.mismatch)
        assert explainers.coverage() == coverage(cases)
        assert explainers.cause("key", result) == caused(result).cause
    finally:
        explainers.close()


def check_broken_script(folder: str) -> None:
    """A script the oracle cannot read is the error naming it, found by a process."""
    (Path(folder) / "broken.txt").write_bytes(b"\xff\xfe not a script\n")
    explainers = Explainers(public_suite(2) + collect([Path(folder)]), 2)
    try:
        explainers.coverage()
    except HarnessError as error:
        assert "broken" in str(error)
    else:
        raise AssertionError("no error for the broken script")
    finally:
        explainers.close()


def check_grader_killed() -> None:
    """Print the explaining processes' pids, then die as a killed grader does."""
    explainers = Explainers(public_suite(40), 2)
    assert explainers.pool is not None
    print(*explainers.pool._processes, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)


def check_named() -> None:
    """Each process is named for people to read, and the scaling benchmark counts it as the
    grading's own (not a program's) by that name."""
    explainers = Explainers(public_suite(40), 2)
    try:
        explainers.coverage()  # each process has started, and named itself
        assert explainers.pool is not None
        pids = set(explainers.pool._processes)
        for pid in pids:
            assert Path(f"/proc/{pid}/comm").read_text() == f"{EXPLAINER}\n"
        assert set(helper_pids(os.getpid())) == pids
    finally:
        explainers.close()


def check_threads_already() -> None:
    """With a thread running already, nothing is forked, and all is found here."""
    cases = public_suite(20)
    result = wrong_output(cases[5], 4)
    assert result.mismatch is not None
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        explainers = Explainers(cases, 2)
        explainers.find_cause(5, "key", result.mismatch)
        assert explainers.pool is None and not explainers.causes
        assert explainers.coverage() == coverage(cases)
        assert explainers.cause("key", result) == caused(result).cause
    finally:
        stop.set()
        thread.join()


def test_the_processes_find_the_coverage_and_causes_found_in_process() -> None:
    fresh("check_coverage_and_causes")


def test_a_mixed_suite_keeps_its_games_order_and_its_games_without_rules_left_out() -> None:
    fresh("check_mixed_suite")


def test_killed_processes_leave_the_coverage_and_causes_found_all_the_same() -> None:
    fresh("check_killed_process")


def test_the_oracle_failing_on_a_test_is_still_the_error_naming_it(tmp_path: Path) -> None:
    fresh("check_broken_script", str(tmp_path))


def test_a_killed_grader_leaves_no_explaining_process_behind() -> None:
    code = f"import {__name__} as t; t.check_grader_killed()"
    grader = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE)
    assert grader.stdout is not None
    with grader.stdout:  # not read to its end: a process left behind would hold it open
        pids = [int(pid) for pid in grader.stdout.readline().split()]
    assert grader.wait() == -signal.SIGKILL
    assert len(pids) == 2
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid in pids if Path(f"/proc/{pid}").exists()]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left


def test_explaining_processes_are_named_and_counted_as_the_gradings_own() -> None:
    fresh("check_named")


def test_a_process_with_threads_already_forks_no_explainer() -> None:
    fresh("check_threads_already")
