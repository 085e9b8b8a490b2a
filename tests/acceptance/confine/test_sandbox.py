"""`at grade` in the bubblewrap sandbox: a corpus of hostile submissions graded in one run beside
two honest ones (self-contained in their folders, one leaving a background child that holds its
output), over a hidden suite (scripts generated for the run, their expected output nowhere else).
No hostile one passes by reading expected output, each error says which limit it went over,
nothing is written outside the grader's folders, nothing of a run outlives it, and in bubblewrap
nothing reaches a listener on 127.0.0.1.

The corpus is graded in three ways: in bubblewrap with suite, class and reports in folders only
their owner can open; in bubblewrap with all three in world-readable folders under /opt, a folder
the sandbox binds (they must be covered); and with bubblewrap refused (a bwrap that fails first
on the PATH), as unprivileged users only, again under /opt in world-readable folders (`at grade`
must make them owner-only). The first and the third are graded again with the runs in two worker
processes, each making its own sandbox. Without bubblewrap, or without root for /opt, these tests
skip, except under CI=true where they fail."""

import contextlib
import csv
import io
import json
import os
import re
import shutil
import socket
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import lark as lark_module
import pytest

from acceptance.cli.grade import REPORTS
from acceptance.cli.main import main
from acceptance.confine.bwrap import PATH, sandbox
from acceptance.confine.forkserver import PR_SET_CHILD_SUBREAPER, prctl
from acceptance.confine.limits import Limits
from acceptance.confine.users import FIRST_UID, PID_SPAN, UID_SLOTS
from acceptance.errors import HarnessError
from acceptance.game_oracles.registry import space_defender_2
from acceptance.store.database import STORE
from oracle.generate import script
from tests.classroom import lay_out_autograder

ROOT = Path(__file__).resolve().parents[3]
TESTS = ("at001", "at002", "at003")
PACKAGES = ("oracle", "model", "commands")
MEMORY_TOO_LOW = (
    "--memory-limit 1 is below what a run needs to start (it starts with the default, 2048):"
    " raise it"
)
LIMITS = ["--cpu-limit", "1", "--memory-limit", "160", "--process-limit", "32"]
LIMITS += ["--file-limit", "1", "--timeout", "10", "--give-up", "1", "-j", "2"]
MAIN = """import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle.cli import main
sys.exit(main())
"""
HONEST = '#!/bin/sh\nexec python3 "$(dirname "$0")/main.py" "$@"\n'
BACKGROUND = '#!/bin/sh\nsleep 60 &\npython3 "$(dirname "$0")/main.py" "$@"\n'
# Each hostile submission's program, as a format string: {marker} names the files it tries to
# write, {home} {suite} {own} {out} {honest} the grader's folders, {port} the listener's port.
HOSTILE = {
    "beside": '#!/bin/sh\nd=$(dirname "$2"); n=$(basename "$2" .txt)\n'
    'cat "$d/$n.expected.txt" "$d/../expected/$n.expected.txt"\n',
    "searcher": '#!/bin/sh\nfind / -name "$(basename "$2" .txt).expected.txt" 2>/dev/null'
    " | head -n 1 | xargs cat\n",
    "neighbour": '#!/bin/sh\nexec "{honest}/space_defender_2" "$@"\n',
    "writer": '#!/bin/sh\nfor d in {home} {suite} {own} /submission {out} /tmp "$HOME" .; do\n'
    '  echo pwned > "$d/{marker}"\ndone\nexit 0\n',
    "caller": "#!/usr/bin/env python3\nimport socket\n"
    "socket.create_connection(('127.0.0.1', {port}), timeout=2).sendall(b'stolen')\n",
    "forker": "#!/usr/bin/env python3\nimport os, time\nfor _ in range(1000):\n"
    "    if os.fork() == 0:\n        time.sleep(300)\n        os._exit(0)\n",
    "glutton": "#!/usr/bin/env python3\nhoard = bytearray(1 << 30)\n",
    "scribbler": "#!/bin/sh\nhead -c 4000000 /dev/zero > big\n",
    "stubborn": "#!/usr/bin/env python3\nimport signal, time\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\ntime.sleep(300)\n",
    "lingerer": "#!/bin/sh\nsetsid -f sh -c 'sleep 3; echo late > {out}/{marker};"
    " echo late > /tmp/{marker}' /submission/lingerer\n",
    "spinner": "#!/usr/bin/env python3\nwhile True:\n    pass\n",
    "flooder": "#!/bin/sh\nexec yes\n",
    "crasher": "#!/bin/sh\necho oops >&2\nexit 3\n",
    "finder": "#!/bin/sh\nfind /opt /usr/local /etc /srv /home /root /tmp /var /work -name '*.txt'"
    ' -size -64k 2>/dev/null | while read -r f; do\n  if cmp -s "$f" "$2"; then\n'
    '    d=$(dirname "$f"); n=$(basename "$f" .txt)\n'
    '    for e in "$d/$n.expected.txt" "$d/../expected/$n.expected.txt"; do\n'
    '      if [ -r "$e" ]; then cat "$e"; exit; fi\n    done\n  fi\ndone\n',
}
# The outcomes each submission must get on every test (a set: any of them on each).
OUTCOMES = {
    "honest": {"passed"},
    "background": {"passed"},
    "forker": {"over the process limit"},
    "glutton": {"over the memory limit"},
    "scribbler": {"over the file size limit"},
    "stubborn": {"timed out", "not run"},
    "spinner": {"over the CPU limit"},
    "flooder": {"printed too much"},
    "crasher": {"crashed"},
    "missing": {"not found"},
    "empty": {"not found"},
}
EVERYONE = ["honest", "background", *HOSTILE, "missing", "empty"]
IN_CI = os.environ.get("CI") == "true"


def sandbox_trouble() -> str:
    """Why no sandbox can run here ('' when one can): no bwrap, no python3 for the honest
    submissions, or a machine where bwrap cannot make a sandbox."""
    if shutil.which("python3", path=PATH) is None:
        return f"no python3 on {PATH} for the honest submissions"
    try:
        with sandbox(Limits(), 1):
            return ""
    except HarnessError as error:
        return f"the sandbox cannot run here ({error})"


@pytest.fixture(scope="module")
def sandboxed() -> None:
    """Skip (fail under CI=true) where no sandbox can run."""
    trouble = sandbox_trouble()
    if trouble and IN_CI:
        pytest.fail(f"CI=true needs the sandbox: {trouble}")
    if trouble:
        pytest.skip(trouble)


def private(folder: Path) -> Path:
    """Make a folder and everything in it readable by its owner only."""
    for top, _folders, files in os.walk(folder):
        for name in files:
            path = Path(top, name)
            path.chmod(path.stat().st_mode & 0o700)
        Path(top).chmod(0o700)
    return folder


def program(folder: Path, text: str) -> None:
    """Write a submission's program, runnable."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "space_defender_2").write_text(text)
    (folder / "space_defender_2").chmod(0o755)


def self_contained(folder: Path, launcher: str) -> None:
    """A submission holding its own copy of the project's oracle (and of lark), compiled, run by
    the system's python3."""
    for package in PACKAGES:
        shutil.copytree(ROOT / package, folder / package, ignore=shutil.ignore_patterns("*.pyc"))
    lark = Path(str(lark_module.__file__)).parent
    shutil.copytree(lark, folder / "lark", ignore=shutil.ignore_patterns("*.pyc"))
    (folder / "main.py").write_text(MAIN)
    program(folder, launcher)
    python = shutil.which("python3", path=PATH)
    subprocess.run([str(python), "-m", "compileall", "-q", str(folder)], check=True)


def suite(folder: Path, names: tuple[str, ...] = TESTS) -> Path:
    """A few Space Defender 2 tests with their expected files."""
    for name in names:
        (folder / "at").mkdir(parents=True, exist_ok=True)
        (folder / "expected").mkdir(exist_ok=True)
        shutil.copy(ROOT / "at" / f"{name}.txt", folder / "at")
        shutil.copy(ROOT / "expected" / f"{name}.expected.txt", folder / "expected")
    return folder


@pytest.fixture
def here(sandboxed: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding the test at001 and its expected file, the cwd, where a sandbox runs."""
    suite(tmp_path, ("at001",))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def hidden_suite(folder: Path) -> Path:
    """A suite as a course hides it: scripts generated for this run (named as the public ones),
    their expected output the oracle's, found nowhere else on the machine."""
    seed = uuid.uuid4().int % (1 << 32)
    for number, name in enumerate(TESTS):
        text = script(seed + number, 40)
        (folder / "at").mkdir(parents=True, exist_ok=True)
        (folder / "expected").mkdir(exist_ok=True)
        (folder / "at" / f"{name}.txt").write_text(text)
        (folder / "expected" / f"{name}.expected.txt").write_text(space_defender_2(text, None))
    return folder


@dataclass
class Listener:
    """A TCP listener on 127.0.0.1 counting the connections it gets."""

    server: socket.socket
    connections: int = 0

    def serve(self) -> None:
        """Accept connections until closed."""
        while True:
            try:
                self.server.accept()[0].close()
            except OSError:
                return
            self.connections += 1


def processes_of_runs(grader: int | None = None, among: set[int] | None = None) -> list[str]:
    """The processes alive that a sandboxed run started: as root, run as a user of the runs of
    the `at` process `grader` (of any, if None); else naming the sandbox's folders on their
    command line. Only those `among` these processes, if given (`descendants`: the test's own,
    not another grading's on the machine). A zombie has ended: where the machine's first process
    does not reap orphans, those of earlier runs stay zombies."""
    users = range(FIRST_UID, FIRST_UID + PID_SPAN * UID_SLOTS)
    if grader is not None:
        first = FIRST_UID + (grader % PID_SPAN) * UID_SLOTS
        users = range(first, first + UID_SLOTS)
    found = []
    for entry in Path("/proc").iterdir():
        try:
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            uid = entry.stat().st_uid
            if (entry / "stat").read_bytes().rsplit(b")", 1)[1].split()[0] == b"Z":
                continue
        except (OSError, IndexError):
            continue
        named = "/submission/" in line or "/script/" in line
        if entry.name.isdigit() and (uid in users if os.geteuid() == 0 else named):
            if among is None or int(entry.name) in among:
                found.append(f"{entry.name} ({uid}): {line}")
    return found


def parents() -> dict[int, int]:
    """Each process alive and its parent."""
    found = {}
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError, IndexError, ValueError):
            found[int(entry.name)] = int(
                (entry / "stat").read_bytes().rsplit(b")", 1)[1].split()[1]
            )
    return found


def descendants(ancestor: int) -> set[int]:
    """The processes alive whose line of parents leads to `ancestor`."""
    parent = parents()
    found = set()
    for pid in parent:
        line = pid
        while line in parent and line > 1 and line != ancestor:
            line = parent[line]
        if line == ancestor and pid != ancestor:
            found.add(pid)
    return found


@contextlib.contextmanager
def adopting_orphans() -> Iterator[None]:
    """This process as the reaper of the orphans of its descendants: a run's detached children
    stay its descendants (`descendants`), and the test counts only what it started. The orphans
    that ended are reaped after."""
    prctl(PR_SET_CHILD_SUBREAPER, 1)
    try:
        yield
    finally:
        prctl(PR_SET_CHILD_SUBREAPER, 0)
        with contextlib.suppress(ChildProcessError):
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass


@dataclass(frozen=True)
class GradedCorpus:
    """The corpus graded once: how and where, the outcomes, what the listener saw."""

    way: str
    place: Path
    marker: str
    home: Path
    exit_status: int
    seconds: float
    outcomes: dict[str, list[str]]
    rows: dict[str, list[str]]
    connections: int
    files_before: set[Path]
    files_after: set[Path]
    told: str


def files_under(folder: Path) -> set[Path]:
    """Every path under a folder."""
    return set(folder.rglob("*"))


# How the corpus is graded (see the docstring); "in processes": its runs in two worker processes.
WAYS = ("private", "system", "unprivileged", "private, in processes", "unprivileged, in processes")
IN_PROCESSES = ["--threads", "1"]  # LIMITS' two jobs, one per process


def corpus_place(way: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where a way grades the corpus: a private temporary folder, or a new one under /opt."""
    if way == "private":
        return tmp_path_factory.mktemp("corpus")
    trouble = "" if os.access("/opt", os.W_OK) else "grading under /opt needs root"
    if way == "unprivileged" and os.geteuid() != 0:
        trouble = "unprivileged users need root"
    if trouble and IN_CI:
        pytest.fail(f"CI=true needs it: {trouble}")
    if trouble:
        pytest.skip(trouble)
    folder = Path("/opt", f"at-corpus-{uuid.uuid4().hex}")
    folder.mkdir(mode=0o755)
    return folder


@pytest.fixture(scope="module", params=WAYS)
def graded(
    sandboxed: None,
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
    refused_bubblewrap: Path,
) -> Iterator[GradedCorpus]:
    """The honest and hostile submissions graded in one `at grade` run, one of the WAYS."""
    way, _, spread = str(request.param).partition(", ")
    place = corpus_place(way, tmp_path_factory)
    marker = f"at-hostile-{uuid.uuid4().hex}"
    home = Path.home()
    server = socket.create_server(("127.0.0.1", 0))
    listener = Listener(server)
    threading.Thread(target=listener.serve, daemon=True).start()
    hidden_suite(place / "suite")
    self_contained(place / "class" / "honest", HONEST)
    self_contained(place / "class" / "background", BACKGROUND)
    names = {
        "marker": marker,
        "home": home,
        "suite": place / "suite" / "at",
        "out": place / "out",
        "honest": place / "class" / "honest",
        "port": server.getsockname()[1],
    }
    for name, text in HOSTILE.items():
        own = place / "class" / name
        program(own, text.format(own=own, **names))
    (place / "class" / "empty").mkdir()
    if way == "private":
        private(place / "suite")
        private(place / "class")
    folders = [place / "class" / name for name in EVERYONE]
    before = files_under(place)
    started = time.perf_counter()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stderr(io.StringIO()) as told:
        if way == "unprivileged":
            patch.setenv("PATH", f"{refused_bubblewrap}:{os.environ['PATH']}")
        status = main(
            ["grade", "--exe", "{}/space_defender_2", "--tests", str(place / "suite" / "at")]
            + [*LIMITS, *(IN_PROCESSES if spread else []), "--out", str(place / "out")]
            + list(map(str, folders))
        )
    seconds = time.perf_counter() - started
    time.sleep(3.5)  # the lingerer's detached child would write by now
    server.close()
    with open(place / "out" / "matrix.csv", newline="") as file:
        header, *matrix = list(csv.reader(file))
    with open(place / "out" / "grades.csv", newline="") as file:
        rows = {row[0]: row for row in list(csv.reader(file))[1:]}
    assert header == ["submission", *TESTS]
    yield GradedCorpus(
        way,
        place,
        marker,
        home,
        status,
        seconds,
        {row[0]: row[1:] for row in matrix},
        rows,
        listener.connections,
        before,
        files_under(place),
        told.getvalue(),
    )
    for folder in (home, Path("/tmp")):
        (folder / marker).unlink(missing_ok=True)
    if way != "private":
        shutil.rmtree(place)


@pytest.mark.slow
def test_the_honest_submissions_pass_every_test_even_one_leaving_a_background_child(
    graded: GradedCorpus,
) -> None:
    assert graded.exit_status == 0
    assert graded.outcomes["honest"] == ["passed"] * len(TESTS)
    assert graded.outcomes["background"] == ["passed"] * len(TESTS)
    assert graded.seconds < 60


@pytest.mark.slow
def test_no_hostile_submission_passes_a_test(graded: GradedCorpus) -> None:
    for name in HOSTILE:
        assert "passed" not in graded.outcomes[name], name


@pytest.mark.slow
def test_each_error_says_which_limit_it_went_over(graded: GradedCorpus) -> None:
    for name, allowed in OUTCOMES.items():
        assert set(graded.outcomes[name]) <= allowed, (name, graded.outcomes[name])
    assert "timed out" in graded.outcomes["stubborn"]
    assert graded.rows["forker"][5] == "3 over the process limit"
    assert graded.rows["honest"][5] == ""


@pytest.mark.slow
def test_nothing_is_written_outside_the_private_folders(graded: GradedCorpus) -> None:
    reports = {graded.place / "out" / name for name in (*REPORTS, STORE)}
    assert graded.files_after - graded.files_before == reports | {graded.place / "out"}
    for folder in (graded.home, Path("/tmp")):
        assert not (folder / graded.marker).exists()
    assert not any(graded.marker in path.name for path in graded.files_after)


@pytest.mark.slow
def test_no_connection_reaches_a_listener_of_the_machine_from_bubblewrap(
    graded: GradedCorpus,
) -> None:
    assert "passed" not in graded.outcomes["caller"]
    if graded.way != "unprivileged":  # unprivileged users share the machine's network
        assert graded.connections == 0


@pytest.mark.slow
def test_nothing_a_run_started_is_alive_after_grading(graded: GradedCorpus) -> None:
    assert processes_of_runs(os.getpid()) == []  # the grading ran in this process


@pytest.mark.slow
def test_the_reports_are_complete(graded: GradedCorpus) -> None:
    assert list(graded.outcomes) == EVERYONE and list(graded.rows) == EVERYONE
    assert all(len(outcomes) == len(TESTS) for outcomes in graded.outcomes.values())
    page = (graded.place / "out" / "report.html").read_text()
    submitted = page.split('<section id="submissions">')[1].split("</section>")[0]
    assert submitted.count("<tr") == len(EVERYONE) + 1
    assert re.search(
        "at001: not found [(]cannot run &#x27;/[^&]*/space_defender_2&#x27; in the", page
    )
    assert "at001: over the memory limit (" in page and "not isolated" not in page
    isolation = "unprivileged user only" if graded.way == "unprivileged" else "bubblewrap"
    assert f"<title>Grades: {len(EVERYONE)} submissions, 3 tests; isolation: {isolation}" in page


@pytest.mark.slow
def test_without_bubblewrap_root_grades_as_unprivileged_users_after_locking_the_folders(
    graded: GradedCorpus,
) -> None:
    told = graded.told.splitlines()
    if graded.way != "unprivileged":
        assert told == []
        return
    assert told[0].startswith("at: bubblewrap cannot make a sandbox here: bwrap: No permissions")
    assert told[0].endswith("; each run goes as an unprivileged user of its own instead")
    locked = told[1].removeprefix("at: made readable by their owner alone: ").split(", ")
    assert {str(graded.place / "suite" / "at"), str(graded.place / "out")} <= set(locked)
    for folder in (graded.place / "suite" / "at", graded.place / "class" / "honest"):
        assert folder.stat().st_mode & 0o077 == 0


def test_without_bubblewrap_grading_stops_before_running_anything(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name, **_: None)
    monkeypatch.setattr("acceptance.grading.isolation.available", lambda: False)  # not root
    program(tmp_path / "class" / "s1", "#!/bin/sh\ntouch ran\n")
    status = main(
        ["grade", "--exe", "{}/space_defender_2", "--tests", str(suite(tmp_path / "suite") / "at")]
        + ["--out", str(tmp_path / "out"), str(tmp_path / "class" / "s1")]
    )
    assert status == 2
    error = capsys.readouterr().err
    assert error.startswith("at: no sandbox: install bubblewrap") and "--no-sandbox" in error
    assert error.count("\n") == 1 and not (tmp_path / "out").exists()


@pytest.mark.parametrize("isolation", ["bubblewrap", "unprivileged users"])
def test_a_memory_limit_no_run_can_start_under_stops_the_grading_naming_it(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    sandboxed: None,
    refused_bubblewrap: Path,
    tmp_path: Path,
    isolation: str,
) -> None:
    """The grader's fault, not the class's: it stops before any run, and says what to change."""
    if isolation == "unprivileged users":
        if os.geteuid() != 0:
            pytest.skip("unprivileged users need root")
        monkeypatch.setenv("PATH", f"{refused_bubblewrap}:{os.environ['PATH']}")
    program(tmp_path / "class" / "s1", "#!/bin/sh\ntouch ran\n")
    status = main(
        ["grade", "--exe", "{}/space_defender_2", "--tests", str(suite(tmp_path / "suite") / "at")]
        + ["--out", str(tmp_path / "out"), "--memory-limit", "1", str(tmp_path / "class" / "s1")]
    )
    error = capsys.readouterr().err
    assert (status, error) == (2, f"at: {MEMORY_TOO_LOW}\n")
    assert not (tmp_path / "out" / "grades.csv").exists()
    assert not (tmp_path / "class" / "s1" / "ran").exists()


def test_at_run_with_sandbox_and_a_memory_limit_no_run_can_start_under_names_it(
    capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    self_contained(here / "mine", HONEST)
    run = ["run", "--exe", "mine/space_defender_2", "--sandbox", "--memory-limit", "1"]
    assert main([*run, "at/at001.txt"]) == 2
    assert capsys.readouterr().err == f"at: {MEMORY_TOO_LOW}\n"


def test_at_run_and_at_fuzz_confine_a_students_program_with_sandbox(
    capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    program(here / "bold", "#!/bin/sh\necho x > written || exit 1\nexit 0\n")
    assert main(["run", "--exe", "bold/space_defender_2", "--sandbox", "at/at001.txt"]) == 1
    printed = capsys.readouterr().out
    assert printed.startswith("at001: crashed (printed nothing, exit status 1)\n")
    assert "    error output:\n    bold/space_defender_2: 2: cannot create written:" in printed
    assert not (here / "written").exists()
    self_contained(here / "mine", HONEST)
    assert main(["run", "--exe", "mine/space_defender_2", "--sandbox", "at/at001.txt"]) == 0
    fuzz = ["fuzz", "--exe", "mine/space_defender_2", "--sandbox", "--budget", "2", "-j", "1"]
    assert main([*fuzz, "--seed", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "no difference in 2 scripts (seed 1)"


def test_at_shrink_confines_a_students_program_with_sandbox(
    capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    program(here / "bold", "#!/bin/sh\necho x > written || exit 1\nexit 0\n")
    shrink = ["shrink", "--exe", "bold/space_defender_2", "--sandbox", "-j", "1", "at/at001.txt"]
    assert main(shrink) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("at001: shrunk to 0 commands of the test's 4, failing the same way")
    assert out[1:3] == ["the script:", "    (empty: it fails before any)"]
    assert not (here / "written").exists()


BUNDLED = ("honest", "beside", "searcher", "finder", "writer", "lingerer")


@adopting_orphans()
@pytest.mark.slow
def test_the_gradescope_bundle_with_bubblewrap_refused_gives_hostile_submissions_nothing(
    sandboxed: None, refused_bubblewrap: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    place = corpus_place("unprivileged", tmp_path_factory)
    marker = f"at-hostile-{uuid.uuid4().hex}"
    hidden_suite(place / "hidden")
    bundle = ["gradescope", "--exe", "{}/space_defender_2", "--tests", str(place / "hidden" / "at")]
    assert main([*bundle, "--timeout", "5", "--out", str(place / "bundle")]) == 0
    private(place / "hidden")  # the course's own copies stay on its machine
    private(place / "bundle")
    environment = {**os.environ, "PATH": f"{refused_bubblewrap}:{os.environ['PATH']}"}
    scores = {}
    try:
        for name in BUNDLED:
            autograder = lay_out_autograder(place / "bundle" / "autograder.zip", place / name)
            own = autograder / "submission"
            if name == "honest":
                self_contained(own, HONEST)
            else:
                names = {"home": Path.home(), "suite": autograder / "source" / "suite"}
                names |= {"out": autograder / "results", "honest": place / "honest"}
                program(own, HOSTILE[name].format(marker=marker, own=own, port=0, **names))
            subprocess.run(
                [str(autograder / "run_autograder")],
                env={**environment, "AUTOGRADER": str(autograder)},
                check=True,
                capture_output=True,
            )
            results = json.loads((autograder / "results" / "results.json").read_text())
            assert "\nisolation: unprivileged user only" in results["output"]
            scores[name] = results["score"]
        time.sleep(3.5)  # the lingerer's detached child would write by now
        assert scores == {name: 3.0 if name == "honest" else 0.0 for name in BUNDLED}
        assert not any(marker in path.name for path in files_under(place))
        assert not (Path("/tmp") / marker).exists() and not (Path.home() / marker).exists()
        assert processes_of_runs(among=descendants(os.getpid())) == []
    finally:
        shutil.rmtree(place)


def test_a_submissions_program_without_its_execute_bit_is_not_executable_in_the_sandbox(
    capsys: pytest.CaptureFixture[str], here: Path
) -> None:
    program(here / "class" / "runs", '#!/bin/sh\ncat "$0.expected"\n')
    program(here / "class" / "uploaded", "#!/bin/sh\nexit 0\n")
    (here / "class" / "uploaded" / "space_defender_2").chmod(0o644)
    grade = ["grade", "--exe", "{}/space_defender_2", "--tests", "at", "--out", "out", "-j", "1"]
    assert main([*grade, "class/runs", "class/uploaded"]) == 0
    matrix = (here / "out" / "matrix.csv").read_text()
    assert "not executable" in matrix and "not found" not in matrix
    page = (here / "out" / "report.html").read_text()
    shown = (
        "at001: not executable [(]cannot run &#x27;[^&]*&#x27; in the sandbox: Permission denied"
    )
    assert re.search(shown, page)
