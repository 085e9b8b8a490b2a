"""Long work shows its progress on a terminal: on a pseudo-terminal given no size (as
`pty.openpty` makes one), `at run`, `at grade`, `at fuzz`, `at shrink`, `at similar`, `at etf`,
`at cover` and `at regen` draw a line on stderr within LIMIT seconds of their start (on a loaded
machine, plus the time it keeps `at` waiting for a core as it starts) and then at least every
LIMIT seconds, even while one run of a program takes longer than that. Their stdout is byte
for byte the same whether stderr is a terminal or not; off a terminal, or with --quiet, stderr
holds no progress and tqdm is not imported. A progress line's timer thread stops while a pool
is forked, so the grading's explaining processes and the similarity's readers are still
forked."""

import contextlib
import os
import re
import resource
import select
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.context import BaseContext
from pathlib import Path

import pytest

from acceptance.grading.explained import Explainers
from acceptance.integrity import similarity
from acceptance.processes.pools import pool_start, threads
from acceptance.progress import Progress, Stage, line, paused
from acceptance.running.cases import collect

ROOT = Path(__file__).resolve().parents[2]
AT = str(Path(sys.executable).with_name("at"))
ORACLE = Path(sys.executable).with_name("oracle")
LIMIT = 2.0  # seconds: the longest a terminal may wait for the progress line to move
SLEEP = 2.5  # seconds a slow program sleeps on its first run: longer than LIMIT
APART = 1.0  # seconds between two runs' ends: two ticks of the line, so the first is drawn
EXPECTED = '"$(dirname $(dirname $2))/expected/$(basename $2 .txt).expected.txt"'
SIMILARITY = ROOT / "tests" / "similarity"
TIMES = re.compile(rb"\d+\.\d ?s\b")  # the seconds some closing lines give


@dataclass(frozen=True)
class Seen:
    """What a command did with its stderr on a terminal: its exit status, its stdout, each piece
    of its stderr with the seconds since its start, when it ended, and how long this machine
    kept `at` waiting for a core as it started just before (`waited`)."""

    code: int
    stdout: bytes
    pieces: list[tuple[float, bytes]]
    ended: float
    waited: float

    @property
    def stderr(self) -> str:
        """Its stderr as the terminal got it, ends of lines as the program wrote them."""
        return b"".join(piece for _, piece in self.pieces).decode().replace("\r\n", "\n")

    @property
    def drawn(self) -> list[float]:
        """When the progress line was drawn (each drawing starts at the start of the line)."""
        return [seconds for seconds, piece in self.pieces if b"\r" in piece.replace(b"\r\n", b"")]


def waited() -> float:
    """How much longer than the CPU time it takes `at` takes to start on this machine now: the
    time a loaded machine (the suite's tests run beside other work) keeps it waiting for a
    core, none on an idle machine."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    subprocess.run([AT, "--version"], capture_output=True, check=True)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return max(0.0, wall - cpu)


def on_terminal(argv: Sequence[str], cwd: Path) -> Seen:
    """Run a command, its stderr on a pseudo-terminal of no size, its stdout piped."""
    waiting = waited()
    leader, follower = os.openpty()
    started = time.monotonic()
    process = subprocess.Popen(
        argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=follower
    )
    os.close(follower)
    out: list[bytes] = []
    assert process.stdout is not None
    reader = threading.Thread(target=lambda: out.append(process.stdout.read()))  # type: ignore
    reader.start()
    pieces: list[tuple[float, bytes]] = []
    while True:
        ready, _, _ = select.select([leader], [], [], 0.05)
        try:
            piece = os.read(leader, 65536) if ready else b""
        except OSError:  # every writer has closed it
            break
        if piece:
            pieces.append((time.monotonic() - started, piece))
        elif process.poll() is not None and not ready:
            break
    code = process.wait()
    ended = time.monotonic() - started
    reader.join()
    os.close(leader)
    return Seen(code, out[0], pieces, ended, waiting)


def piped(argv: Sequence[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """Run a command, its stdout and stderr piped."""
    return subprocess.run(argv, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True)


def without_progress(stderr: str) -> str:
    """What a terminal's stderr holds but the progress line: its drawings (each followed by
    another, or by the clearing) and the clearings."""
    return re.sub(r"\r[^\r\n]*(?=\r|\Z)", "", stderr).replace("\r", "")


def steady(seen: Seen) -> None:
    """The progress line was drawn within LIMIT of the start (and of the time the machine kept
    `at` waiting for a core as it started), then at least every LIMIT until the end, and
    cleared at its end."""
    assert seen.drawn and seen.drawn[0] <= LIMIT + seen.waited, (seen.drawn[0], seen.waited)
    times = [*seen.drawn, seen.ended]
    gaps = [later - earlier for earlier, later in zip(times, times[1:], strict=False)]
    assert max(gaps) <= LIMIT, (max(gaps), times)
    assert seen.stderr.endswith("\r") or "\r" not in seen.stderr.rsplit("\n", 1)[-1]


def same_but_progress(
    argv: Sequence[str], cwd: Path, again: Callable[[], None] = lambda: None
) -> Seen:
    """Run a command with stderr on a terminal, then (after `again` sets the scene again) piped:
    the same stdout (the seconds it took aside), the same stderr but the progress line, none of
    which is left when piped; what the terminal saw."""
    seen = on_terminal(argv, cwd)
    again()
    done = piped(argv, cwd)
    assert (done.returncode, TIMES.sub(b"", done.stdout)) == (
        seen.code,
        TIMES.sub(b"", seen.stdout),
    )
    assert done.stderr.decode() == without_progress(seen.stderr)
    assert b"\r" not in done.stderr
    return seen


def slow(path: Path, first: str, then: str) -> str:
    """A program that, on its first run, sleeps SLEEP seconds and does `first`, and on every
    later run does `then`; its path."""
    mark = path.with_name(path.name + ".slept")
    path.write_text(
        f'#!/bin/sh\nif mkdir "{mark}" 2>/dev/null; then\nsleep {SLEEP}\n{first}\n'
        f"else\n{then}\nfi\n"
    )
    path.chmod(0o755)
    return str(path)


def woken(program: str) -> Callable[[], None]:
    """What makes a slow program sleep on its next run again."""
    return lambda: shutil.rmtree(program + ".slept", ignore_errors=True)


@pytest.mark.slow
def test_at_run_over_the_suite_shows_its_tests_and_failures_as_it_goes(tmp_path: Path) -> None:
    """106 tests of a program that takes SLEEP seconds to print nothing on the first."""
    program = slow(tmp_path / "program", "exit 0", f"cat {EXPECTED}")
    command = [AT, "run", "--exe", program, "--fresh", str(ROOT / "at")]
    seen = same_but_progress(command, tmp_path, woken(program))
    steady(seen)
    counts = [int(count) for count in re.findall(r"\| (\d+)/106 \[", seen.stderr)]
    assert counts[0] == 0 and counts == sorted(counts) and counts[-1] > 50
    assert re.search(r"tests: +\d+%\|.*\| \d+/106 \[[^]]*, 1 failed\]", seen.stderr)
    assert seen.stdout.endswith(b"105 passed, 1 failed\n")


@pytest.mark.slow
def test_at_grade_shows_its_runs_per_submission_with_the_rate_and_time_left(
    tmp_path: Path,
) -> None:
    """A class of two, one of whose programs takes SLEEP seconds on its first run."""
    for name in ("alice", "bob"):
        (tmp_path / name).mkdir()
    slow(tmp_path / "alice" / "sd2", f"cat {EXPECTED}", f"cat {EXPECTED}")
    slow(tmp_path / "bob" / "sd2", f"cat {EXPECTED}", f"cat {EXPECTED}")
    tests = [
        arg for name in ("at001", "at002") for arg in ("--tests", str(ROOT / "at" / f"{name}.txt"))
    ]
    command = [AT, "grade", "--exe", "{}/sd2", *tests, "--no-sandbox", "--jobs", "1"]
    command += ["--out", "out", "--fresh", "alice", "bob"]

    def again() -> None:
        woken(str(tmp_path / "alice" / "sd2"))()
        woken(str(tmp_path / "bob" / "sd2"))()

    seen = same_but_progress(command, tmp_path, again)
    steady(seen)
    assert "getting ready:" in seen.stderr and "grading:   0%|" in seen.stderr
    shown = r"\| [1-4]/4 \[\d\d:\d\d<\d\d:\d\d, +[\d.]+s/run, [0-2]/2 submissions done, "
    assert re.search(shown + r"alice [12]/2\]", seen.stderr)
    assert re.search(shown + r"bob [12]/2\]", seen.stderr)
    assert "writing the reports:" in seen.stderr


@pytest.mark.slow
def test_at_fuzz_shows_the_scripts_tried_of_its_budget(tmp_path: Path) -> None:
    program = slow(tmp_path / "program", f'exec "{ORACLE}" "$@"', f'exec "{ORACLE}" "$@"')
    command = [AT, "fuzz", "--exe", program, "--budget", "3", "--seed", "7", "--jobs", "1"]
    seen = same_but_progress(command, tmp_path, woken(program))
    steady(seen)
    assert "fuzzing:   0%|" in seen.stderr and re.search(r"\| [123]/3 \[", seen.stderr)
    assert seen.stdout.endswith(b"no difference in 3 scripts (seed 7)\n")


def test_at_fuzz_with_a_time_budget_shows_the_time_spent_of_it(tmp_path: Path) -> None:
    command = [AT, "fuzz", "--exe", str(ORACLE), "--time", "3", "--seed", "7", "--jobs", "1"]
    seen = on_terminal(command, tmp_path)
    steady(seen)
    assert re.search(r"fuzzing: +\d+%\|.*\| 00:0\d<00:0\d, [1-9]\d*script", seen.stderr)


@pytest.mark.slow
def test_at_shrink_shows_its_runs_and_the_smallest_script_so_far(tmp_path: Path) -> None:
    wrong = f'"{ORACLE}" "$@" | sed s/health/heal/'
    program = slow(tmp_path / "program", wrong, wrong)

    def again() -> None:
        woken(program)()
        shutil.rmtree(tmp_path / "out")

    command = [AT, "shrink", str(ROOT / "at" / "at003.txt"), "--exe", program, "--out", "out"]
    seen = same_but_progress(command, tmp_path, again)
    steady(seen)
    assert "shrinking at003: 0run [" in seen.stderr
    assert re.search(r"shrinking at003: \d+run \[.*, 1 command\]", seen.stderr)


def test_at_similar_shows_the_submissions_read(tmp_path: Path) -> None:
    folders = [str(SIMILARITY / name) for name in ("alpha", "beta", "gamma", "delta")]
    command = [AT, "similar", "--base", str(SIMILARITY / "base"), "--out", "out", *folders]
    seen = same_but_progress(command, tmp_path)
    steady(seen)
    assert "reading submissions:   0%|" in seen.stderr
    assert "writing the page:" in seen.stderr


def test_at_cover_and_at_regen_show_the_tests_done(tmp_path: Path) -> None:
    (tmp_path / "at").mkdir()
    for name in ("at001", "at002", "at003"):
        shutil.copy(ROOT / "at" / f"{name}.txt", tmp_path / "at")
    cover = same_but_progress([AT, "cover", "at"], tmp_path)
    steady(cover)
    assert "explaining tests:   0%|" in cover.stderr

    def again() -> None:
        for expected in (tmp_path / "at").glob("*.expected.txt"):
            expected.unlink()

    regen = same_but_progress([AT, "regen", "at"], tmp_path, again)
    steady(regen)
    assert "regenerating:   0%|" in regen.stderr
    assert regen.stdout.startswith(b"created: at/at001.expected.txt\n")


ETF_PARAMETERS = """\
root = "../tests/"
acceptance_tests = ["./mine"]
ignore_warnings = True
is_expected = True
oracle = "../oracle.exe"
executable = "../program"
print_only_errors = False
format_for_diff = "meld"
is_tolerant_on_white_spaces = False
"""


@pytest.mark.slow
def test_at_etf_shows_its_tests(tmp_path: Path) -> None:
    """ETF_Test.py's layout: the parameters in regression-testing/, two tests with their expected
    files, a program that takes SLEEP seconds on its first run and APART on the other, so that
    the line shows one test done whether the two run one after the other or side by side."""
    tests = tmp_path / "tests" / "mine"
    tests.mkdir(parents=True)
    for name in ("at001", "at002"):
        shutil.copy(ROOT / "at" / f"{name}.txt", tests)
        shutil.copy(ROOT / "expected" / f"{name}.expected.txt", tests)
    oracle = f'exec "{ORACLE}" "$@"'
    program = slow(tmp_path / "program", oracle, f"sleep {APART}\n{oracle}")
    folder = tmp_path / "regression-testing"
    folder.mkdir()
    (folder / "ETF_Test_Parameters.py").write_text(ETF_PARAMETERS)

    def again() -> None:
        woken(program)()
        shutil.rmtree(folder / "log")

    seen = same_but_progress([AT, "etf"], folder, again)
    steady(seen)
    assert "tests:   0%|" in seen.stderr and "| 1/2 [" in seen.stderr


def test_quiet_shows_no_progress_on_a_terminal(tmp_path: Path) -> None:
    seen = on_terminal([AT, "run", "--quiet", "--fresh", str(ROOT / "at" / "at001.txt")], tmp_path)
    assert (seen.code, seen.stdout, seen.pieces) == (0, b"1 passed, 0 failed\n", [])


def test_off_a_terminal_tqdm_is_not_even_imported(tmp_path: Path) -> None:
    code = (
        "import sys; from acceptance.cli.main import main;"
        f" main(['run', '--fresh', {str(ROOT / 'at' / 'at001.txt')!r}]);"
        " print('tqdm' in sys.modules)"
    )
    done = piped([sys.executable, "-c", code], tmp_path)
    assert done.stdout == b"1 passed, 0 failed\nFalse\n"


def test_the_line_of_each_kind_of_stage() -> None:
    """A total: a bar, the rate and the time left; none known: the count and rate; nothing
    counted: the time spent; a time budget: a bar of the time spent, then the count; the note
    last; no wider than the terminal."""
    assert line(Stage("tests", "test", 106), 53, 10.0, "2 failed", 79, True) == (
        "tests:  50%|###########           | 53/106 [00:10<00:10,  5.30test/s, 2 failed]"
    )
    assert line(Stage("shrinking at005", "run"), 12, 4.0, "3 commands", 79, True) == (
        "shrinking at005: 12run [00:04,  3.00run/s, 3 commands]"
    )
    assert line(Stage("writing the reports"), 0, 61.0, "", 79, True) == (
        "writing the reports: 01:01"
    )
    timed = line(Stage("fuzzing", "script", None, 30.0), 37, 12.0, "1 cause", 79, True)
    assert timed.startswith("fuzzing:  40%|") and timed.endswith("| 00:12<00:18, 37script, 1 cause")
    assert len(line(Stage("tests", "test", 106), 53, 10.0, "x" * 200, 39, True)) <= 39


def test_off_a_terminal_a_progress_line_only_prints_what_it_writes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with Progress() as progress:
        progress.begin("tests", "test", 3)
        progress.advance(note="1 failed")
        progress.write("at001: failed")
        assert not progress.shown and progress.timer is None
    assert capsys.readouterr() == ("at001: failed\n", "")


def test_a_stages_last_counts_are_drawn_before_the_next_stage_begins() -> None:
    """Counts made faster than a line is drawn again are drawn once before the stage gives way,
    so the last submission or test counted is never left unseen."""
    written: list[str] = []
    progress = Progress()
    progress.shown = True
    progress.put = written.append  # type: ignore[method-assign]
    progress.begin("grading", "run", 2)
    progress.advance(note="alice 1/1")
    progress.advance(note="bob 1/1")  # within COUNTED of the last drawing: not drawn yet
    assert "bob 1/1" not in "".join(written)
    progress.begin("writing the reports")
    assert "bob 1/1" in "".join(written)
    progress.close()


@contextlib.contextmanager
def drawn() -> Iterator[Progress]:
    """A progress line drawn on a terminal (this process's stderr, for a while), its timer
    running, this process's one other thread."""
    leader, follower = os.openpty()
    stderr = sys.stderr
    sys.stderr = open(follower, "w", encoding="utf-8")
    try:
        with Progress() as progress:
            progress.begin("testing")
            timer = progress.timer
            assert timer is not None and threads() == 2
            yield progress
            assert progress.timer is not None
        assert progress.timer is None and not Path(f"/proc/self/task/{timer.native_id}").exists()
    finally:
        sys.stderr.close()
        sys.stderr = stderr
        os.close(leader)


def check_explainers_forked() -> None:
    """A grading's explaining processes are forked, from this one thread, while the line is
    drawn."""
    with drawn():
        explainers = Explainers(collect([ROOT / "at"])[:40], 2)
        assert explainers.pool is not None
        explainers.close()


def check_readers_forked() -> None:
    """The similarity's readers are forked, from this one thread, while the line is drawn."""

    def alone() -> BaseContext:
        assert threads() == 1
        return pool_start()

    similarity.pool_start = alone  # type: ignore[attr-defined]
    folders = [SIMILARITY / name for name in ("alpha", "beta", "gamma")]
    with drawn():
        assert len(similarity.similarity(folders, jobs=2).codes) == 3


def check_paused() -> None:
    """While paused, no timer runs, and this process has one thread."""
    with drawn() as progress, paused():
        assert progress.timer is None and threads() == 1


@pytest.mark.parametrize(
    "check", ["check_explainers_forked", "check_readers_forked", "check_paused"]
)
def test_a_pool_is_forked_while_a_progress_line_is_drawn(check: str) -> None:
    """Each check in a fresh interpreter, as `at` runs: one thread, and Python's warning of a
    fork with threads about an error."""
    code = f"import {__name__} as t; t.{check}()"
    done = piped([sys.executable, "-W", "error::DeprecationWarning", "-c", code], ROOT)
    assert done.returncode == 0, done.stderr.decode()
