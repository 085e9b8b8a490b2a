"""A run of the oracle by its warm server (see oracle/warm.py), for programs run thousands of times.

Run as `python -S -I oracle/warm_client.py ARGS...` (the same arguments as `oracle`): it hands
its own standard input, output and error, its folder and ARGS to the server, which forks an
already loaded oracle to run them, and it exits with that run's exit status. With no server (or
one whose sources changed since it started), it runs the `oracle` command beside its Python
instead, so that the same bytes come out either way. It imports nothing but the interpreter's
built-in modules: its start-up is the interpreter's.
"""

import _socket
import os
import sys

SOCKET_ENVIRONMENT = "ORACLE_WARM_SOCKET"
SOCKET_NAME = "space-defender-2-oracle.sock"
STALE = b"stale"
STANDARD_STREAMS = (0, 1, 2)
STATUS_BYTES = 4
INTERNAL_ERROR = 3  # the oracle's own status for an internal error


def socket_path() -> str:
    """Where the server listens: $ORACLE_WARM_SOCKET, or the user's runtime (or cache) folder."""
    chosen = os.environ.get(SOCKET_ENVIRONMENT)
    if chosen:
        return chosen
    base = os.environ.get("XDG_RUNTIME_DIR") or os.environ.get("XDG_CACHE_HOME")
    return os.path.join(base or os.path.expanduser("~/.cache"), SOCKET_NAME)


def request(arguments: list[str]) -> bytes:
    """The folder and the arguments, NUL-separated, as the server reads them."""
    return "\0".join([os.getcwd(), *arguments]).encode("utf-8", "surrogateescape")


def cold_run(arguments: list[str]) -> None:
    """Become the `oracle` command of this interpreter's environment."""
    program = os.path.join(os.path.dirname(sys.executable), "oracle")
    os.execv(program, [program, *arguments])


def main() -> None:
    arguments = sys.argv[1:]
    connection = _socket.socket(_socket.AF_UNIX, _socket.SOCK_SEQPACKET)
    try:
        connection.connect(socket_path())
        streams = b"".join(fd.to_bytes(4, sys.byteorder) for fd in STANDARD_STREAMS)
        connection.sendmsg(
            [request(arguments)], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, streams)]
        )
    except OSError:
        connection.close()
        cold_run(arguments)
    try:
        reply = connection.recv(len(STALE))
    except OSError:
        reply = b""
    if reply == STALE:
        cold_run(arguments)
    if len(reply) != STATUS_BYTES:
        sys.stderr.write("Error: the warm oracle server stopped during the run\n")
        sys.exit(INTERNAL_ERROR)
    sys.exit(int.from_bytes(reply, "big", signed=True))


if __name__ == "__main__":
    main()
