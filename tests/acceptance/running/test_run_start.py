"""A run's start as the grader starts its program in its own setting (`popen`): standard input
empty, output and error output piped, the environment given, the signals Python ignores at their
defaults, no descriptor of the grader's own, a session of its own; given up, it is killed, not
waited for; on a kernel without pidfds, it is started all the same; started as the grading
stops, it is killed at once. What is kept of it: the end of its error output, and no more than
256 MB of output (`at run`'s limit)."""

import ast
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from acceptance.processes import execution
from acceptance.processes.execution import (
    GRADERS,
    External,
    Guard,
    Process,
    Setting,
    Stopped,
    kill_group,
    popen,
    run_program,
)
from acceptance.running.cases import Case
from acceptance.running.outcome import Status


def output_of(code: str, setting: Setting = GRADERS) -> str:
    """What a Python program prints, started by `popen`."""
    return printed_by([sys.executable, "-S", "-c", code], setting)


def printed_by(argv: list[str], setting: Setting = GRADERS) -> str:
    """What a program prints, started by `popen`."""
    with popen(argv, setting) as process:
        assert process.stdout is not None
        printed = process.stdout.read().decode()
        assert process.wait() == 0
    return printed


def test_a_program_reads_an_empty_standard_input() -> None:
    assert output_of("import sys; print(repr(sys.stdin.read()))") == "''\n"


def test_a_program_prints_to_its_output_and_error_output_apart() -> None:
    code = "import sys; print('out'); print('err', file=sys.stderr); sys.exit(4)"
    ending = run_program([sys.executable, "-c", code], 30, 1 << 20)
    assert (ending.stdout, ending.stderr, ending.code) == (b"out\n", b"err\n", 4)


def test_a_program_is_given_the_environment_of_its_setting() -> None:
    environment = {"GIVEN": "yes", "PATH": os.environ["PATH"]}
    printed = printed_by(["env"], Setting(environment))
    assert sorted(printed.splitlines()) == [
        f"{name}={value}" for name, value in environment.items()
    ]


def test_a_program_starts_with_the_signals_python_ignores_at_their_defaults() -> None:
    """Python ignores SIGPIPE and SIGXFSZ: a program that inherited that would not end when the
    reader of its output goes away, nor when it writes past its file size limit (grep reads the
    signals it ignores as it started: a Python program would ignore SIGPIPE of its own)."""
    assert signal.getsignal(signal.SIGPIPE) == signal.SIG_IGN
    ignored = int(printed_by(["grep", "SigIgn", "/proc/self/status"]).split()[1], 16)
    for number in (signal.SIGPIPE, signal.SIGXFSZ):
        assert not ignored & (1 << (number - 1)), signal.Signals(number).name


def test_a_program_is_given_no_descriptor_the_grader_was_given() -> None:
    """A descriptor the grader inherited open (from the shell that started it, say) is closed to
    its programs, as Popen closes it."""
    code = (
        "from acceptance.processes.execution import GRADERS, popen;"
        "import sys, os;"
        "p = popen([sys.executable, '-c', 'import os; print(os.listdir(\"/proc/self/fd\"))'],"
        " GRADERS);"
        "print(p.stdout.read().decode(), end='')"
    )
    given = os.dup2(os.open(os.devnull, os.O_RDONLY), 57)
    try:
        grader = subprocess.run(
            [sys.executable, "-c", code], pass_fds=[given], capture_output=True, check=True
        )
    finally:
        os.close(given)
    listed = ast.literal_eval(grader.stdout.decode())
    assert "57" not in listed and {"0", "1", "2"} <= set(listed)


def test_a_program_runs_in_a_session_of_its_own() -> None:
    printed = output_of("import os; print(os.getsid(0) == os.getpid())")
    assert printed == "True\n"


def test_a_run_given_up_kills_its_program_at_once() -> None:
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with popen([sys.executable, "-c", "import time; time.sleep(30)"], GRADERS) as process:
            raise KeyboardInterrupt
    assert time.monotonic() - started < 10
    assert process.wait() == -signal.SIGKILL


def test_without_pidfds_a_program_is_run_all_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_pidfds(pid: int) -> int:
        raise OSError(38, "Function not implemented")

    monkeypatch.setattr(os, "pidfd_open", no_pidfds)
    execution.pidfds.cache_clear()
    try:
        ending = run_program([sys.executable, "-c", "print('ran')"], 30, 1 << 20)
        process = popen([sys.executable, "-c", "import time; time.sleep(30)"], GRADERS)
        with process:
            with pytest.raises(subprocess.TimeoutExpired):
                process.wait(0.2)
            kill_group(process)
    finally:
        execution.pidfds.cache_clear()
    assert (ending.stdout, ending.code) == (b"ran\n", 0)


def test_a_program_started_as_the_grading_stops_is_killed_at_once() -> None:
    """The guard is stopped by another thread between the program's start and its being noted."""
    guard = Guard()

    def stopped_meanwhile(argv: list[str], setting: Setting) -> Process:
        process = popen(argv, setting)
        guard.stop()
        return process

    sleeper = [sys.executable, "-c", "import time; time.sleep(30)"]
    started = time.monotonic()
    with pytest.raises(Stopped):
        run_program(sleeper, 30, 1 << 20, guard, spawn=stopped_meanwhile)
    assert time.monotonic() - started < 10


def test_the_end_of_a_program_s_error_output_is_kept_64_kib_of_it() -> None:
    code = "import sys; sys.stderr.write('x' * 100_000 + 'END')"
    ending = run_program([sys.executable, "-c", code], 30, 1 << 20)
    assert len(ending.stderr) == 1 << 16 and ending.stderr.endswith(b"xEND")


@pytest.mark.slow
def test_a_program_printing_more_than_256_mb_is_stopped_there(tmp_path: Path) -> None:
    script = tmp_path / "script.txt"
    script.write_text("")
    runaway = External(("sh", "-c", f"head -c {(1 << 28) + 1} /dev/zero", "sh"), 60)
    output = runaway(Case("runaway", script, None))
    assert output.status is Status.PRINTED_TOO_MUCH
    assert (len(output.stdout), output.detail) == (1 << 28, "more than 268,435,456 bytes")
