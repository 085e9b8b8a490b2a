"""The warm oracle (oracle/warm.py) and its client: the same bytes and statuses as a cold run."""

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from oracle.runner import run_script
from oracle.warm_client import SOCKET_ENVIRONMENT, STALE

ROOT = Path(__file__).resolve().parents[2]
CLIENT = [sys.executable, "-S", "-I", str(ROOT / "oracle" / "warm_client.py")]
SCRIPT = "play(10,30,1,1,1,1,1)\nsetup_next(3)\npass\nfire\nmove(C,4)\n"


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "at.txt"
    path.write_text(SCRIPT)
    return path


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[subprocess.Popen[str]]:
    """A warm oracle serving on a socket of the test's own folder, the clients told where."""
    path = str(tmp_path / "warm.sock")
    process = subprocess.Popen(
        [sys.executable, "-m", "oracle.warm", "--socket", path],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline().startswith(f"warm oracle on {path}")
    monkeypatch.setenv(SOCKET_ENVIRONMENT, path)
    yield process
    process.terminate()
    process.wait(timeout=10)


def client(
    *arguments: str | Path, folder: Path = ROOT, typed: str | None = None
) -> subprocess.CompletedProcess[str]:
    """A run of the client in `folder`, its standard input `typed`."""
    return subprocess.run(
        [*CLIENT, *map(str, arguments)],
        cwd=folder,
        input=typed,
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_a_warm_run_prints_the_trace(server: subprocess.Popen[str], script: Path) -> None:
    result = client("-b", script)
    assert (result.returncode, result.stdout, result.stderr) == (0, run_script(SCRIPT), "")


def test_a_warm_run_has_the_usage_errors_and_status(server: subprocess.Popen[str]) -> None:
    result = client("-x")
    assert result.returncode == 2
    assert result.stderr.startswith("Error: '-x' is not a valid mode\n")


def test_a_warm_run_writes_in_the_client_folder(
    server: subprocess.Popen[str], script: Path, tmp_path: Path
) -> None:
    assert client("-b", script.name, "out.txt", folder=tmp_path).returncode == 0
    assert (tmp_path / "out.txt").read_text() == run_script(SCRIPT)


def test_a_warm_run_reads_the_client_input(server: subprocess.Popen[str]) -> None:
    typed = "play(10,30,1,1,1,1,1)\nquit\n"
    cold = subprocess.run(
        [sys.executable, "-m", "oracle", "-i"],
        cwd=ROOT,
        input=typed,
        capture_output=True,
        text=True,
    )
    result = client("-i", typed=typed)
    assert (result.returncode, result.stdout) == (0, cold.stdout)


def test_the_run_of_a_client_killed_is_killed(server: subprocess.Popen[str]) -> None:
    waiting = subprocess.Popen(
        CLIENT + ["-i"], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL
    )
    assert _wait_for(lambda: bool(_children(server.pid)))
    waiting.kill()
    waiting.wait()
    assert _wait_for(lambda: not _children(server.pid))


def test_without_a_server_the_client_runs_the_oracle_cold(
    script: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SOCKET_ENVIRONMENT, str(tmp_path / "nobody.sock"))
    result = client("-b", script)
    assert (result.returncode, result.stdout) == (0, run_script(SCRIPT))


def test_a_stale_server_makes_the_client_run_the_oracle_cold(
    script: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(tmp_path / "stale.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    listener.bind(path)
    listener.listen(1)

    def answer_stale() -> None:
        connection, _ = listener.accept()
        _message, streams, _flags, _address = socket.recv_fds(connection, 1 << 16, 3)
        for stream in streams:
            os.close(stream)
        connection.send(STALE)
        connection.close()

    answering = threading.Thread(target=answer_stale)
    answering.start()
    monkeypatch.setenv(SOCKET_ENVIRONMENT, path)
    result = client("-b", script)
    answering.join()
    listener.close()
    assert (result.returncode, result.stdout) == (0, run_script(SCRIPT))


def test_a_second_server_on_the_same_socket_is_refused(server: subprocess.Popen[str]) -> None:
    second = subprocess.run(
        [sys.executable, "-m", "oracle.warm"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert second.returncode == 1
    assert second.stderr.startswith("Error: a warm oracle already serves on ")


def _children(pid: int) -> list[str]:
    """The processes a process has forked and not yet waited for."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return path.read_text().split()


def _wait_for(condition: Callable[[], bool]) -> bool:
    """Whether the condition holds within 10 seconds."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False
