"""A bubblewrap sandbox kept for one submission's runs (as root): the runs of a submission share it,
yet nothing a run leaves reaches the next (its processes, in any session; its files and folders,
whatever their modes; its System V IPC objects), no run can signal, trace or read the fork server
inside, a run holds no descriptor but its input and outputs, another submission gets a sandbox of
its own (ending the one idle longest when there are as many as jobs), and a sandbox that ended
between two runs is replaced without losing the run. Without bubblewrap or root these tests
skip, except under CI=true where they fail."""

import errno
import os
import select
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from acceptance.confine import bwrap
from acceptance.confine.bwrap import Sandbox, sandbox
from acceptance.confine.jail import Jail
from acceptance.confine.kept import KeptSandbox, settings
from tests.acceptance.confine.test_sandbox import sandbox_trouble
from tests.acceptance.confine.test_sandbox_limits import LIMITS, a_script, need, run_in

LEAVE_PROCESSES = "setsid -f sleep 300; sleep 300 & (sleep 300 &); echo left"
LEAVE_FILES = (
    "mkdir -p /tmp/deep/er $HOME/shut; echo x > /tmp/deep/er/file; echo y > $HOME/shut/file;"
    " chmod 0 /tmp/deep/er /tmp/deep $HOME/shut; mkfifo /tmp/fifo; ln -s / $HOME/root;"
    " touch $HOME/.hidden; echo left"
)


@pytest.fixture(scope="module")
def bubblewrap() -> Iterator[Sandbox]:
    """A sandbox whose runs go through kept sandboxes (as root), one run at once."""
    need(sandbox_trouble() or ("" if os.geteuid() == 0 else "kept sandboxes need root"))
    with sandbox(LIMITS, 1) as made:
        if made.keeper is None:
            need("no kept sandbox here (no Python the sandbox may show)")
        yield made


def a_jail(folder: Path) -> Jail:
    """A submission's folder others may read, as a run sees it."""
    folder.mkdir(parents=True)
    folder.chmod(0o755)
    return Jail(folder)


def idle(bubblewrap: Sandbox) -> list[KeptSandbox]:
    """The kept sandboxes idle now."""
    assert bubblewrap.keeper is not None
    return list(bubblewrap.keeper.idle)


def one_run_made(bubblewrap: Sandbox, tmp_path: Path) -> tuple[Jail, Path, list[KeptSandbox]]:
    """A submission, a script, and the kept sandbox of the submission's first run (idle now)."""
    jail, script = a_jail(tmp_path / "own"), a_script(tmp_path / "s")
    run_in(bubblewrap, jail, script, "true")
    return jail, script, [made for made in idle(bubblewrap) if made.jail == jail]


def test_the_runs_of_one_submission_share_one_kept_sandbox(
    bubblewrap: Sandbox, tmp_path: Path
) -> None:
    jail, script = a_jail(tmp_path / "own"), a_script(tmp_path / "s")
    first = run_in(bubblewrap, jail, script, "cat $1")
    kept = [made for made in idle(bubblewrap) if made.jail == jail]
    second = run_in(bubblewrap, jail, script, "cat $1")
    assert first.stdout == second.stdout == script.read_bytes()
    assert [made for made in idle(bubblewrap) if made.jail == jail] == kept and len(kept) == 1


def test_no_process_a_run_left_reaches_the_next_run_of_the_same_submission(
    bubblewrap: Sandbox, tmp_path: Path
) -> None:
    jail, script = a_jail(tmp_path / "own"), a_script(tmp_path / "s")
    assert run_in(bubblewrap, jail, script, LEAVE_PROCESSES).stdout == b"left\n"
    seen = run_in(bubblewrap, jail, script, "ps -e -o comm=").stdout.decode().split()
    assert "ps" in seen and "sleep" not in seen


def test_no_file_or_folder_a_run_left_reaches_the_next_run_whatever_its_mode(
    bubblewrap: Sandbox, tmp_path: Path
) -> None:
    jail, script = a_jail(tmp_path / "own"), a_script(tmp_path / "s")
    assert run_in(bubblewrap, jail, script, LEAVE_FILES).stdout == b"left\n"
    seen = run_in(bubblewrap, jail, script, "ls -A /tmp $HOME /dev/mqueue")
    assert seen.code == 0 and seen.stdout.decode().split() == [
        "/dev/mqueue:",
        "/home/sandbox:",
        "/tmp:",
    ]


def test_a_run_leaving_system_v_ipc_ends_its_sandbox_and_the_next_run_gets_a_fresh_one(
    bubblewrap: Sandbox, tmp_path: Path
) -> None:
    jail, script, before = one_run_made(bubblewrap, tmp_path)
    assert run_in(bubblewrap, jail, script, "ipcmk -M 4096 >/dev/null && ipcmk -Q").code == 0
    assert not any(made in before for made in idle(bubblewrap))
    seen = run_in(bubblewrap, jail, script, "ipcs -m -q | grep -c '^0x' || true")
    assert seen.stdout == b"0\n"


def test_a_run_can_neither_signal_nor_trace_nor_read_the_server_of_its_sandbox(
    bubblewrap: Sandbox, tmp_path: Path
) -> None:
    jail, script, kept = one_run_made(bubblewrap, tmp_path)
    shell = (
        "for p in 1 2; do kill -KILL $p; echo killed $?; kill -STOP $p; echo stopped $?;"
        " cat /proc/$p/environ >/dev/null; echo read $?; ls /proc/$p/fd >/dev/null; echo fds $?;"
        " done 2>/dev/null"
    )
    ending = run_in(bubblewrap, jail, script, shell)
    refused = ["killed", "1", "stopped", "1", "read", "1", "fds", "2"]
    assert ending.stdout.decode().split() == refused * 2
    assert run_in(bubblewrap, jail, script, "echo on").stdout == b"on\n"
    assert [made for made in idle(bubblewrap) if made.jail == jail] == kept


def test_another_submission_gets_a_sandbox_of_its_own_that_does_not_show_the_first(
    bubblewrap: Sandbox, tmp_path: Path
) -> None:
    first, second = a_jail(tmp_path / "first"), a_jail(tmp_path / "second")
    (first.folder / "secret").write_text("first's\n")
    (first.folder / "secret").chmod(0o644)
    script = a_script(tmp_path / "s")
    assert run_in(bubblewrap, first, script, "cat /submission/secret").stdout == b"first's\n"
    seen = run_in(bubblewrap, second, script, "cat /submission/secret; ls -A /submission")
    assert seen.stdout == b"" and seen.code == 0
    assert [made.jail for made in idle(bubblewrap)][-1] == second


def test_a_kept_sandbox_that_ended_between_runs_is_replaced_and_the_run_still_goes(
    bubblewrap: Sandbox, tmp_path: Path
) -> None:
    jail, script, kept = one_run_made(bubblewrap, tmp_path)
    os.kill(kept[0].server.bwrap.process.pid, signal.SIGKILL)  # bwrap dies with its parent
    kept[0].server.bwrap.process.wait()
    assert select.select([kept[0].server.socket], [], [], 10)[0]  # its server gone: the end read
    ending = run_in(bubblewrap, jail, script, "echo again")
    assert ending.stdout == b"again\n" and ending.code == 0
    assert kept[0] not in idle(bubblewrap)


def test_a_run_whose_kept_sandboxs_server_cannot_set_itself_up_is_an_error_saying_why(
    bubblewrap: Sandbox, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def unusable(limits: Any, emptied: Any) -> dict[str, Any]:
        """A kept sandbox's settings, with a network namespace that its server cannot enter."""
        return {**settings(limits, emptied), "network": 1000}

    monkeypatch.setattr(bwrap, "kept_settings", unusable)
    with pytest.raises(OSError) as refused:
        run_in(bubblewrap, a_jail(tmp_path / "own"), a_script(tmp_path / "s"), "true")
    assert refused.value.errno == errno.EBADF
    told = f"cannot start the sandbox's server: [Errno {errno.EBADF}] cannot enter the network"
    assert refused.value.strerror == told


def test_a_run_in_a_kept_sandbox_holds_only_its_input_and_output_descriptors(
    bubblewrap: Sandbox, tmp_path: Path
) -> None:
    jail, script = a_jail(tmp_path / "own"), a_script(tmp_path / "s")
    ending = run_in(bubblewrap, jail, script, "ls /proc/$$/fd")
    assert ending.stdout.decode().split() == ["0", "1", "2"]


def test_with_as_many_sandboxes_as_jobs_a_new_submission_ends_the_one_idle_longest(
    bubblewrap: Sandbox, tmp_path: Path
) -> None:
    first, second = a_jail(tmp_path / "first"), a_jail(tmp_path / "second")
    script = a_script(tmp_path / "s")
    run_in(bubblewrap, first, script, "true")
    ended = [made for made in idle(bubblewrap) if made.jail == first]
    run_in(bubblewrap, second, script, "true")
    assert [made.jail for made in idle(bubblewrap)] == [second]  # one job: one sandbox
    # its bwrap ended: the grader's one fork server that started it started the second's
    assert ended[0].server.socket.fileno() < 0 and len(bubblewrap.spawner.made) == 1
