"""The grading store: `at grade` killed (SIGKILL) at several points, stopped by SIGINT or
SIGTERM, then run again, writes the reports an uninterrupted run writes, having run at most
the jobs in flight at each kill again (however fast the runs: each is kept the moment it
ends); a finished grading run again starts no program; a changed submission (its bytes, or a
file made runnable or not) or test runs again alone; points change only the reports;
`at report` writes them again from the store; a store of another suite or class is a one-line
error unless --force. The kills and stops are tried with the runs in threads of the grading
and in worker processes (where a kill may lose twice the jobs' runs: those in flight, those
sent and not yet committed).

Each submission counts its runs: its program appends a line to a log file of the test's before
it prints (run unsandboxed, it reads the expected file beside the script)."""

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from acceptance.cli.grade import REPORTS
from acceptance.cli.main import main
from acceptance.errors import HarnessError
from acceptance.grading import explained
from acceptance.reports.missed import caused
from acceptance.store.database import STORE, Store, kept_runs
from acceptance.store.digests import folder_digest
from tests.classroom import EXACT, ROOT, TEMPLATE, TRAILING_SPACE, Kind, copy_suite, make_class

TESTS = [ROOT / "at" / f"at{number:03d}.txt" for number in range(1, 9)]
JOBS = 2
AT = Path(sys.executable).with_name("at")
PAUSE = "sleep 0.05\n"  # each run lasts long enough for a kill to land among them
# The grading's runs as threads of its own process, or in worker processes of one job each; the
# runs a kill may lose: those in flight, and in worker processes those sent, not yet committed.
SPREADS = {"threads": (), "processes": ("--threads", "1")}
LOST = {"threads": JOBS, "processes": 2 * JOBS}
APART = 0.1  # seconds between killing the grader's children and the grader, as two commands


def counted(log: Path, body: str) -> str:
    """A program body that appends a line to the log, waits a little, then does its work."""
    return f'echo "$(basename "$0")" >> {log}\n{PAUSE}{body}'


@pytest.fixture
def course(tmp_path: Path) -> tuple[Path, list[Path]]:
    """A suite of eight tests and a class of six (four exact, two with a trailing space) whose
    runs are counted in tmp_path/runs.log."""
    copy_suite(tmp_path / "suite", TESTS)
    log = tmp_path / "runs.log"
    log.touch()
    kinds = {
        "exact": Kind(4, counted(log, EXACT)),
        "spacey": Kind(2, counted(log, TRAILING_SPACE % 1)),
    }
    pupils = make_class(tmp_path / "class", kinds)
    for pupil in pupils:  # no two alike: identical submissions share their runs
        (pupil / "program").write_text((pupil / "program").read_text() + f"# {pupil.name}\n")
    return tmp_path, pupils


def command(place: Path, pupils: Sequence[Path], out: str, *options: str) -> list[str]:
    """The `at grade` arguments of the course into an output folder."""
    suite = ["--tests", str(place / "suite"), "-j", str(JOBS), "--out", str(place / out)]
    return ["grade", "--no-sandbox", "--exe", TEMPLATE, *suite, *options, *map(str, pupils)]


def runs(place: Path) -> int:
    """How many runs the class's programs have started so far."""
    return len((place / "runs.log").read_text().splitlines())


def kept_causes(folder: Path) -> dict[str, Any]:
    """The causes a grading's store keeps, by their keys."""
    store = Store.open(folder, create=False)
    try:
        return dict(store.get(explained.CAUSES))
    finally:
        store.close()


def reports(folder: Path) -> dict[str, bytes]:
    """The report files of an output folder."""
    return {name: (folder / name).read_bytes() for name in REPORTS}


def started(arguments: list[str]) -> subprocess.Popen[bytes]:
    """`at grade` started as a separate process, as from a terminal: with Ctrl-C's signal
    heeded even when these tests run in the background of a shell, which ignores it there (and
    a program started so keeps ignoring it)."""
    return subprocess.Popen(
        [str(AT), *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        preexec_fn=heed_interrupts,
    )


def heed_interrupts() -> None:
    """In the child before it starts: SIGINT back to its default, so Python raises
    KeyboardInterrupt on it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_for_runs(place: Path, count: int, grader: subprocess.Popen[bytes]) -> None:
    """Wait until the class has started `count` runs (the grader still going)."""
    deadline = time.monotonic() + 60
    while runs(place) < count:
        assert grader.poll() is None, "the grading ended before it could be stopped"
        assert time.monotonic() < deadline
        time.sleep(0.01)


@pytest.fixture
def uninterrupted(course: tuple[Path, list[Path]]) -> dict[str, bytes]:
    """The reports of the class graded in one go (its runs left out of the count after)."""
    place, pupils = course
    assert main(command(place, pupils, "whole")) == 0
    (place / "runs.log").write_text("")
    return reports(place / "whole")


@pytest.mark.parametrize("spread", SPREADS)
@pytest.mark.slow
def test_grading_killed_at_several_points_finishes_as_one_run_would(
    course: tuple[Path, list[Path]], uninterrupted: dict[str, bytes], spread: str
) -> None:
    place, pupils = course
    arguments = command(place, pupils, "out", *SPREADS[spread])
    kills = 0
    for point in (5, 20, 35):
        grader = started(arguments)
        wait_for_runs(place, point, grader)
        grader.kill()
        grader.wait()
        kills += 1
        assert not list((place / "out").glob(".*"))  # no report half written
    assert main(arguments) == 0
    assert reports(place / "out") == uninterrupted
    whole = len(pupils) * len(TESTS)
    assert whole <= runs(place) <= whole + LOST[spread] * kills


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (as `pkill -P` finds them)."""
    found = []
    for entry in filter(str.isdigit, os.listdir("/proc")):
        with contextlib.suppress(OSError):
            stat = Path(f"/proc/{entry}/stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


@pytest.mark.parametrize("spread", SPREADS)
@pytest.mark.slow
def test_grading_killed_children_first_finishes_as_one_run_would(
    course: tuple[Path, list[Path]], uninterrupted: dict[str, bytes], spread: str
) -> None:
    """As `pkill -KILL -P` then `kill -KILL` do, as two commands: its runs, workers and explainers
    killed, then the grader itself, at several points; no run cut short is kept as the
    submission's."""
    place, pupils = course
    arguments = command(place, pupils, "out", *SPREADS[spread])
    for point in (5, 20, 35):
        grader = started(arguments)
        wait_for_runs(place, point, grader)
        for child in children(grader.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGKILL)
        time.sleep(APART)
        grader.kill()
        grader.wait()
    assert main(arguments) == 0
    assert reports(place / "out") == uninterrupted


@pytest.mark.parametrize("spread", SPREADS)
@pytest.mark.parametrize(("stop", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
@pytest.mark.slow
def test_a_stopped_grading_writes_incomplete_reports_and_the_rerun_completes_them(
    course: tuple[Path, list[Path]],
    uninterrupted: dict[str, bytes],
    stop: signal.Signals,
    status: int,
    spread: str,
) -> None:
    place, pupils = course
    arguments = command(place, pupils, "out", *SPREADS[spread])
    grader = started(arguments)
    wait_for_runs(place, 10, grader)
    grader.send_signal(stop)
    out, err = grader.communicate(timeout=60)
    assert grader.returncode == status
    page = (place / "out" / "report.html").read_text()
    title = page.split("<title>")[1].split("</title>")[0]
    assert "; incomplete: graded " in title and title.endswith(
        " of 48 runs; run the same command again to finish"
    )
    assert b"not graded yet" in (place / "out" / "grades.csv").read_bytes()
    assert err.decode().startswith("at: stopped: graded ")
    assert out.decode().splitlines()[-1] == title.split("; ", 1)[1].replace("&#x27;", "'")
    stopped = reports(place / "out")
    assert main(["report", str(place / "out")]) == 0  # from the store alone: the same
    assert reports(place / "out") == stopped
    assert main(arguments) == 0
    assert reports(place / "out") == uninterrupted


def test_a_finished_grading_run_again_starts_no_program(
    course: tuple[Path, list[Path]], uninterrupted: dict[str, bytes]
) -> None:
    place, pupils = course
    assert main(command(place, pupils, "whole")) == 0
    assert runs(place) == 0
    assert reports(place / "whole") == uninterrupted
    (place / "whole" / "report.html").write_text("edited by hand")
    (place / "whole" / "grades.csv").unlink()
    assert main(command(place, pupils, "whole")) == 0
    assert runs(place) == 0
    assert reports(place / "whole") == uninterrupted  # written again from the store


def test_a_changed_submission_alone_runs_again(
    course: tuple[Path, list[Path]], uninterrupted: dict[str, bytes]
) -> None:
    place, pupils = course
    program = pupils[0] / "program"
    program.write_text(program.read_text() + "# resubmitted\n")
    assert main(command(place, pupils, "whole")) == 0
    assert runs(place) == len(TESTS)
    assert set((place / "runs.log").read_text().splitlines()) == {"program"}
    assert reports(place / "whole") == uninterrupted


@pytest.mark.parametrize(
    ("mode", "same"), [(0o600, True), (0o744, False), (0o654, False), (0o645, False)]
)
def test_a_submission_changes_when_a_file_is_made_runnable_or_not_otherwise(
    tmp_path: Path, mode: int, same: bool
) -> None:
    (tmp_path / "helper").write_text("echo\n")
    (tmp_path / "helper").chmod(0o644)
    before = folder_digest(tmp_path)
    (tmp_path / "helper").chmod(mode)
    assert (folder_digest(tmp_path) == before) is same


def test_an_edited_test_alone_runs_again(
    course: tuple[Path, list[Path]], uninterrupted: dict[str, bytes]
) -> None:
    place, pupils = course
    expected = place / "suite" / "at003.expected.txt"
    expected.write_bytes(expected.read_bytes() + b"one more line\n")
    assert main(command(place, pupils, "whole")) == 0
    assert runs(place) == len(pupils)
    assert reports(place / "whole") == uninterrupted  # the programs print what they read


def test_another_oracle_version_writes_the_reports_again_not_the_runs(
    course: tuple[Path, list[Path]],
    uninterrupted: dict[str, bytes],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    place, pupils = course
    written = (place / "whole" / "report.html").stat().st_ino
    # The rules the coverage and the causes name, the reports' key (`explained.oracle_key`).
    monkeypatch.setattr(explained, "package_version", lambda: "0.0.0+another")
    assert main(command(place, pupils, "whole")) == 0
    assert runs(place) == 0
    assert (place / "whole" / "report.html").stat().st_ino != written
    assert reports(place / "whole") == uninterrupted


def test_a_changed_explainer_finds_the_causes_again_not_the_runs(
    course: tuple[Path, list[Path]],
    uninterrupted: dict[str, bytes],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    place, pupils = course
    kept = kept_causes(place / "whole")
    monkeypatch.setattr(explained, "explainer_digest", lambda: "another explainer")
    assert main(command(place, pupils, "whole")) == 0
    assert runs(place) == 0
    again = kept_causes(place / "whole")
    assert kept["of"] and again["causes"] == kept["causes"]
    assert not set(again["of"]) & set(kept["of"])  # none of the causes kept before is used
    assert reports(place / "whole") == uninterrupted


def test_points_change_the_reports_not_the_runs(
    course: tuple[Path, list[Path]], uninterrupted: dict[str, bytes]
) -> None:
    place, pupils = course
    (place / "points.txt").write_text("at00[1-4] 5\n")
    assert main(command(place, pupils, "whole", "--points", str(place / "points.txt"))) == 0
    assert runs(place) == 0
    grades = (place / "whole" / "grades.csv").read_text().splitlines()
    assert grades[0] == "submission,passed,failed,errors,points,max_points,score,reasons"
    assert grades[1] == "exact00,8,0,0,24,24,100.0,"


def test_at_report_writes_the_reports_again_from_the_store_alone(
    course: tuple[Path, list[Path]],
    uninterrupted: dict[str, bytes],
    capsys: pytest.CaptureFixture[str],
) -> None:
    place, pupils = course
    for name in REPORTS:
        (place / "whole" / name).unlink()
    for path in (place / "suite").iterdir():
        path.unlink()
    caused.cache_clear()  # the causes and the coverage come from the store, as in a new process
    assert main(["report", str(place / "whole")]) == 0
    assert reports(place / "whole") == uninterrupted
    assert len(uninterrupted["causes.csv"].splitlines()) > 1
    assert b"What the suite checks</h2><p>Space Defender 2: 8 tests reach" in (
        uninterrupted["report.html"]
    )
    assert capsys.readouterr().out.splitlines()[-1] == (
        "isolation: none (--no-sandbox: the runs were not isolated)"
    )
    assert main(["report", str(place / "suite")]) == 2
    assert capsys.readouterr().err == (
        f"at: {place / 'suite'} holds no grading store (grading.sqlite)\n"
    )


def test_a_store_of_another_suite_is_a_one_line_error(
    course: tuple[Path, list[Path]],
    uninterrupted: dict[str, bytes],
    capsys: pytest.CaptureFixture[str],
) -> None:
    place, pupils = course
    other = command(place, pupils, "whole")
    other[other.index(str(place / "suite"))] = str(place / "suite" / "at001.txt")
    assert main(other) == 2
    assert capsys.readouterr().err == (
        f"at: {place / 'whole'} holds the grading of another suite or game (8 tests, game any):"
        " give another --out, or --force to grade into it, its reports replaced\n"
    )
    assert runs(place) == 0 and reports(place / "whole") == uninterrupted
    assert main([*other, "--fresh"]) == 0
    assert runs(place) == len(pupils)


def test_a_suite_of_the_same_names_in_another_folder_is_another_suite(
    course: tuple[Path, list[Path]],
    uninterrupted: dict[str, bytes],
    capsys: pytest.CaptureFixture[str],
) -> None:
    place, pupils = course
    copy_suite(place / "hidden", TESTS)
    other = command(place, pupils, "whole")
    other[other.index(str(place / "suite"))] = str(place / "hidden")
    assert main(other) == 2
    assert "holds the grading of another suite or game" in capsys.readouterr().err
    assert runs(place) == 0 and reports(place / "whole") == uninterrupted


def test_a_grading_of_another_class_into_the_same_out_is_refused_unless_forced(
    course: tuple[Path, list[Path]],
    uninterrupted: dict[str, bytes],
    capsys: pytest.CaptureFixture[str],
) -> None:
    place, pupils = course
    other_class = make_class(place / "other", {"exact": Kind(1, EXACT)})
    assert main(command(place, other_class, "whole")) == 2
    assert capsys.readouterr().err == (
        f"at: {place / 'whole'} holds the grading of another class (6 of its submissions not in"
        " this one: exact00, exact01, exact02, ...): give another --out, or --force to grade into"
        " it, its reports replaced\n"
    )
    assert reports(place / "whole") == uninterrupted
    assert main(command(place, pupils[:1], "whole")) == 2  # a part of the class: grades lost
    assert "another class (5 of its submissions" in capsys.readouterr().err
    assert runs(place) == 0 and reports(place / "whole") == uninterrupted
    assert main(command(place, other_class, "whole", "--force")) == 0
    grades = (place / "whole" / "grades.csv").read_text().splitlines()
    assert [line.split(",")[0] for line in grades[1:]] == ["exact00"]


def test_a_class_that_grew_is_graded_on_in_the_same_out(
    course: tuple[Path, list[Path]], uninterrupted: dict[str, bytes]
) -> None:
    place, pupils = course
    late = make_class(place / "late", {"late": Kind(1, EXACT)})
    assert main(command(place, [*pupils, *late], "whole")) == 0
    assert runs(place) == 0  # the late submission's program counts no run: only it ran
    grades = (place / "whole" / "grades.csv").read_text().splitlines()
    assert len(grades) == 1 + len(pupils) + 1


def test_with_one_job_a_kill_costs_at_most_the_one_run_in_flight(
    course: tuple[Path, list[Path]],
) -> None:
    place, pupils = course
    grader = started(command(place, pupils, "out", "-j", "1"))
    wait_for_runs(place, 12, grader)
    os.kill(grader.pid, signal.SIGKILL)
    grader.wait()
    before = runs(place)
    assert main(command(place, pupils, "out", "-j", "1")) == 0
    assert runs(place) - before <= len(pupils) * len(TESTS) - (before - 1)


@pytest.mark.parametrize("spread", SPREADS)
def test_a_kill_among_fast_runs_loses_only_the_runs_in_flight(
    course: tuple[Path, list[Path]], spread: str
) -> None:
    place, pupils = course
    for pupil in pupils:
        program = pupil / "program"
        program.write_text(program.read_text().replace(PAUSE, ""))
    grader = started(command(place, pupils, "out", *SPREADS[spread]))
    wait_for_runs(place, 20, grader)
    begun = runs(place)
    grader.kill()
    grader.wait()
    kept = kept_runs(place / "out" / STORE)
    assert kept is not None and kept >= begun - LOST[spread]


def test_identical_submissions_share_their_runs(course: tuple[Path, list[Path]]) -> None:
    place, pupils = course
    twin = place / "class" / "twin"
    twin.mkdir()
    (twin / "program").write_bytes((pupils[0] / "program").read_bytes())
    (twin / "program").chmod(0o755)
    assert main(command(place, [pupils[0], twin], "pair")) == 0
    assert runs(place) == len(TESTS)
    rows = (place / "pair" / "grades.csv").read_text().splitlines()[1:]
    assert rows == ["exact00,8,0,0,100.0,", "twin,8,0,0,100.0,"]


def test_gradescope_results_are_written_as_each_test_finishes(
    course: tuple[Path, list[Path]],
) -> None:
    place, pupils = course
    results = place / "results" / "results.json"
    program = pupils[0] / "program"
    program.write_text(program.read_text().replace(PAUSE, "sleep 0.5\n"))
    grader = started(command(place, pupils[:1], "out", "-j", "1", "--gradescope", str(results)))
    deadline = time.monotonic() + 60
    while not results.exists():
        assert time.monotonic() < deadline and grader.poll() is None
        time.sleep(0.01)
    grader.kill()
    grader.wait()
    written = json.loads(results.read_text())
    graded = len(written["tests"])
    assert 1 <= graded < len(TESTS)
    assert written["tests"][0]["name"] == "at001" and written["tests"][0]["status"] == "passed"
    assert written["output"].endswith(f"\ngrading: {graded} of {len(TESTS)} tests so far")


def test_a_store_in_use_by_another_at_is_a_one_line_error(
    course: tuple[Path, list[Path]], capsys: pytest.CaptureFixture[str]
) -> None:
    place, pupils = course
    other = started(command(place, pupils, "out", "-j", "1"))
    wait_for_runs(place, 1, other)
    assert main(command(place, pupils, "out")) == 2
    assert capsys.readouterr().err == (
        f"at: {place / 'out'} is in use by another `at` (grading or writing its reports):"
        " wait for it to end, or give another --out\n"
    )
    other.kill()
    other.wait()
    assert main(command(place, pupils, "out")) == 0  # the kernel let the lock go


def test_a_store_is_made_with_every_folder_missing_above_it(tmp_path: Path) -> None:
    folder = tmp_path / "course" / "term" / "out"
    store = Store.open(folder)
    try:
        assert (folder / STORE).is_file()
    finally:
        store.close()


def test_a_store_that_cannot_be_opened_says_whether_runs_are_kept_in_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its runs cannot be counted (the store is a folder): they are said to be kept in it; with
    no store at all (the output folder cannot be made), none is stored yet."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out" / STORE).mkdir(parents=True)
    goes_on = (
        ": the same command goes on from them once it can write (make room, or fix the folder)"
    )
    with pytest.raises(HarnessError) as caught:
        Store.open(Path("out"))
    assert str(caught.value) == (
        f"cannot write out/{STORE}: Is a directory; the runs in out/{STORE} are kept{goes_on}"
    )
    (tmp_path / "file").touch()
    with pytest.raises(HarnessError) as caught:
        Store.open(Path("file") / "out")
    assert str(caught.value) == (
        f"cannot write file/out/{STORE}: Not a directory; no run is stored yet{goes_on}"
    )
