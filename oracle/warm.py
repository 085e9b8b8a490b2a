"""The warm oracle: one process that loads the oracle once and forks it for every run it is asked.

Grading runs the oracle thousands of times, and most of each run is Python starting and the
oracle's modules loading (README, Speed). `oracle-warm` loads them, then serves the runs that
oracle/warm_client.py asks for over a Unix socket: each run is a fork of the loaded server with
the client's standard streams, folder and arguments, so it prints the same bytes and exits with
the same status as `oracle` with those arguments. A client that goes away (killed on a timeout)
has its run killed. When the oracle's sources change, the server stops and tells the clients
still asking to run the oracle cold.
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import selectors
import signal
import socket
import sys
from dataclasses import dataclass
from typing import NoReturn

from oracle import cli, interactive  # noqa: F401 (loaded here once, for every run)
from oracle.parser import load_parsing
from oracle.version import package_version
from oracle.warm_client import STALE, STANDARD_STREAMS, socket_path

MAX_REQUEST = 1 << 20
BACKLOG = 128
PROJECT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@dataclass
class Run:
    """A forked oracle run and the client waiting for its exit status."""

    client: socket.socket
    pid: int
    exited: int  # a pidfd: readable once the run has exited


@dataclass(frozen=True)
class Request:
    """What a client asks: its folder, the oracle's arguments, its standard streams."""

    folder: str
    arguments: list[str]
    streams: list[int]


class ServerError(Exception):
    """The server cannot start; the message is one line for the user."""


def serve(path: str, announce: bool = True) -> None:
    """Serve runs on the socket at `path` until interrupted or until the sources change."""
    _load_everything()
    sources = _source_times()
    listener = _listen(path)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    runs: dict[int, Run] = {}
    if announce:
        print(f"warm oracle on {path}; runs: {sys.executable} -S -I {_client_file()} ARGS...")
    sys.stdout.flush()
    try:
        while listener.fileno() >= 0 or runs:
            for key, _ in selector.select():
                if key.fileobj is listener:
                    client, _address = listener.accept()
                    request = _read_request(client)
                    if request is None:
                        client.close()
                    elif _source_times() != sources:
                        _close_all(request.streams)
                        client.send(STALE)
                        client.close()
                        _stop_listening(selector, listener, path)
                    else:
                        _start(client, request, selector, listener, runs)
                elif key.data.pid in runs:
                    _finish(key.data, selector, runs)
    finally:
        for pid in runs:
            os.kill(pid, signal.SIGKILL)
        if listener.fileno() >= 0:
            _stop_listening(selector, listener, path)


def _load_everything() -> None:
    """Load what a run uses, so that no run loads anything, and keep the garbage collector
    off what is loaded, so that a run's collections do not copy the server's memory."""
    load_parsing()
    gc.freeze()


def _source_times() -> list[tuple[str, int]]:
    """The project's loaded source files with their modification times."""
    loaded = (getattr(module, "__file__", None) for module in list(sys.modules.values()))
    files = sorted(file for file in loaded if file and file.startswith(PROJECT))
    files.append(os.path.join(PROJECT, "oracle", "script.lark"))
    return [(file, _modified(file)) for file in files]


def _modified(file: str) -> int:
    try:
        return os.stat(file).st_mtime_ns
    except OSError:
        return -1


def _listen(path: str) -> socket.socket:
    """A socket at `path` that only this user can reach; an abandoned one there is replaced."""
    os.makedirs(os.path.dirname(path) or ".", mode=0o700, exist_ok=True)
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    try:
        probe.connect(path)
    except OSError:
        pass
    else:
        raise ServerError(f"Error: a warm oracle already serves on {path}")
    finally:
        probe.close()
    if os.path.exists(path):
        os.unlink(path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    listener.bind(path)
    os.chmod(path, 0o600)
    listener.listen(BACKLOG)
    return listener


def _stop_listening(selector: selectors.BaseSelector, listener: socket.socket, path: str) -> None:
    selector.unregister(listener)
    listener.close()
    if os.path.exists(path):
        os.unlink(path)


def _read_request(client: socket.socket) -> Request | None:
    """The client's request, read whole before any answer; None if it is malformed."""
    try:
        message, streams, _flags, _address = socket.recv_fds(
            client, MAX_REQUEST, len(STANDARD_STREAMS)
        )
    except OSError:
        return None
    if len(streams) != len(STANDARD_STREAMS) or not message:
        _close_all(streams)
        return None
    folder, *arguments = message.decode("utf-8", "surrogateescape").split("\0")
    return Request(folder, arguments, streams)


def _close_all(streams: list[int]) -> None:
    for stream in streams:
        os.close(stream)


def _start(
    client: socket.socket,
    request: Request,
    selector: selectors.BaseSelector,
    listener: socket.socket,
    runs: dict[int, Run],
) -> None:
    """Fork a run for the client's request."""
    pid = os.fork()
    if pid == 0:
        selector.close()
        listener.close()
        for other in runs.values():
            other.client.close()
            os.close(other.exited)
        _run(client, request)
    _close_all(request.streams)
    run = Run(client, pid, os.pidfd_open(pid))
    runs[pid] = run
    selector.register(client, selectors.EVENT_READ, run)
    selector.register(run.exited, selectors.EVENT_READ, run)


def _finish(run: Run, selector: selectors.BaseSelector, runs: dict[int, Run]) -> None:
    """Send the exit status of a run that ended, or kill the run of a client that went away."""
    pid, status = os.waitpid(run.pid, os.WNOHANG)
    if pid == 0:
        os.kill(run.pid, signal.SIGKILL)
        _pid, status = os.waitpid(run.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    try:
        run.client.send((code if code >= 0 else 128 - code).to_bytes(4, "big", signed=True))
    except OSError:
        pass
    selector.unregister(run.client)
    selector.unregister(run.exited)
    run.client.close()
    os.close(run.exited)
    del runs[run.pid]


def _run(client: socket.socket, request: Request) -> NoReturn:
    """In the forked child: become the `oracle` run the client asked for, then exit."""
    code: int = cli.Status.INTERNAL_ERROR
    try:
        client.close()
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        for target, stream in zip(STANDARD_STREAMS, request.streams, strict=True):
            os.dup2(stream, target)
            os.close(stream)
        if isinstance(sys.stdout, io.TextIOWrapper):
            sys.stdout.reconfigure(line_buffering=os.isatty(1))
        os.chdir(request.folder)
        code = cli.main(request.arguments)
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException as error:  # a child never returns into the server's loop
        print(f"Error: warm oracle run failed: {error!r}", file=sys.stderr)
        sys.stderr.flush()
    os._exit(code)


def _client_file() -> str:
    return os.path.join(PROJECT, "oracle", "warm_client.py")


def _stop(signum: int, frame: object) -> NoReturn:
    raise KeyboardInterrupt


def parser() -> argparse.ArgumentParser:
    """The options of `oracle-warm`."""
    result = argparse.ArgumentParser(
        prog="oracle-warm",
        description="Load the oracle once and serve runs of it to oracle/warm_client.py.",
    )
    result.add_argument("--socket", default=socket_path(), help="default: %(default)s")
    result.add_argument("--version", action="version", version=f"oracle-warm {package_version()}")
    return result


def main(argv: list[str] | None = None) -> int:
    """`oracle-warm [--socket PATH]`: serve runs until Ctrl-C, SIGTERM or a change of sources."""
    options = parser().parse_args(argv)
    signal.signal(signal.SIGTERM, _stop)
    try:
        serve(options.socket)
    except ServerError as error:
        print(error, file=sys.stderr)
        return 1
    except OSError as error:
        print(f"Error: cannot serve on {options.socket}: {error.strerror}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
