"""A run's end as the grader waits for it (`wait_until`): a program of its own is seen to end the
moment it does (through a pidfd, not by polling), its exit status given; one that closed its
output and lives on is past its deadline at the deadline, not before and not long after; so
whether the program was started by posix_spawn (in the grader's folder) or by Popen (in a folder
of its own)."""

import subprocess
import sys
import time
from pathlib import Path

import pytest

from acceptance.processes.execution import Setting, kill_group, popen, wait_until

LIVES_ON = "import os, time; os.close(1); os.close(2); time.sleep(30)"
SETTINGS = {"the grader's folder": Setting(), "a folder of its own": Setting(folder=Path("/"))}


@pytest.mark.parametrize("setting", SETTINGS)
def test_a_program_that_ends_is_seen_at_once_with_its_exit_status(setting: str) -> None:
    process = popen([sys.executable, "-c", "import sys; sys.exit(3)"], SETTINGS[setting])
    with process:
        assert wait_until(process, time.monotonic() + 30) == 3


@pytest.mark.parametrize("setting", SETTINGS)
def test_a_program_that_closed_its_output_and_lives_on_is_past_its_deadline(setting: str) -> None:
    process = popen([sys.executable, "-c", LIVES_ON], SETTINGS[setting])
    with process:
        assert process.stdout is not None and process.stdout.read() == b""
        started = time.monotonic()
        with pytest.raises(subprocess.TimeoutExpired):
            wait_until(process, started + 0.5)
        assert 0.5 <= time.monotonic() - started < 5
        kill_group(process)
        assert wait_until(process, time.monotonic() + 30) == -9


@pytest.mark.parametrize("setting", SETTINGS)
def test_a_program_is_waited_for_without_polling(setting: str) -> None:
    """An ending watched through a pidfd costs no sleeps: Popen.wait with a timeout would sleep
    between looks at it, more than a hundred times over a second."""
    process = popen([sys.executable, "-c", "import time; time.sleep(1)"], SETTINGS[setting])
    slept = []
    real_sleep = time.sleep

    def noted_sleep(seconds: float) -> None:
        slept.append(seconds)
        real_sleep(seconds)

    with process, pytest.MonkeyPatch.context() as patch:
        patch.setattr(time, "sleep", noted_sleep)
        assert wait_until(process, time.monotonic() + 30) == 0
    assert len(slept) <= 2
