"""The `oracle` command line: modes, usage errors, input and output files, exit statuses."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, TextIO

from oracle.parser import remember_pieces
from oracle.runner import LINE_FEED, Source, run

if TYPE_CHECKING:
    from oracle.window import Window

PROGRAM = "oracle"


class Status(IntEnum):
    """Exit statuses; scripts with syntax or type errors are normal runs."""

    OK = 0
    FILE_ERROR = 1
    USAGE_ERROR = 2
    INTERNAL_ERROR = 3
    INTERRUPTED = 130


class UsageError(Exception):
    """The command line is wrong; the message is the oracle's."""


class FileProblem(Exception):
    """An input or output file cannot be used; the message is one line for the user."""


@dataclass(frozen=True)
class Mode:
    """A flag: its arguments as the help shows them, how many it takes, what it does."""

    flag: str
    arguments: str
    counts: range
    summary: str
    handler: Callable[[list[str]], Status]

    def usage(self) -> str:
        return f"{self.flag} {self.arguments}".rstrip()


def main(argv: list[str] | None = None) -> int:
    """Run the oracle with these arguments (default: the process's); the exit status."""
    try:
        return _dispatch(sys.argv[1:] if argv is None else argv)
    except UsageError as error:
        print(error, f"Run '{PROGRAM} -help' to see more details", sep="\n", file=sys.stderr)
        return Status.USAGE_ERROR
    except FileProblem as error:
        print(error, file=sys.stderr)
        return Status.FILE_ERROR
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return Status.INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return Status.FILE_ERROR
    except Exception as error:  # last resort: one line instead of a traceback
        print(f"Error: internal error, please report it: {error!r}", file=sys.stderr)
        return Status.INTERNAL_ERROR


def _dispatch(args: list[str]) -> Status:
    if not args:
        raise UsageError("Error: a mode is not specified")
    flag, rest = args[0], args[1:]
    mode = MODES.get(flag)
    if mode is None:
        raise UsageError(f"Error: '{flag}' is not a valid mode")
    if len(rest) not in mode.counts:
        raise UsageError(f"Error: wrong number of arguments for the '{flag}' mode")
    return mode.handler(rest)


def _batch(args: list[str]) -> Status:
    return _run(args[0], args[1:], None)


def _window(args: list[str]) -> Status:
    from oracle.window import Window, WindowError  # here: only -w and -l need a window

    try:
        window = Window.parse(args[0], args[1])
    except WindowError as error:
        raise UsageError(str(error)) from None
    return _run(args[2], args[3:], window)


def _last(args: list[str]) -> Status:
    from oracle.window import Window

    return _run(args[0], args[1:], Window(-1))


def _why(args: list[str]) -> Status:
    from oracle.why import annotated

    return _write(args[1:], annotated(_file_source(args[0])))


def _why_json(args: list[str]) -> Status:
    from oracle.why import json_lines

    return _write(args[1:], json_lines(_file_source(args[0])))


def _interactive(args: list[str]) -> Status:
    from oracle.interactive import interact

    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")
    interact(sys.stdin, sys.stdout, echo=not sys.stdin.isatty())
    return Status.OK


def _help(args: list[str]) -> Status:
    print(help_text())
    return Status.OK


def _version(args: list[str]) -> Status:
    from oracle.version import version_line  # here: importlib.metadata is slow to import

    print(version_line(PROGRAM))
    return Status.OK


def _run(input_path: str, output: list[str], window: Window | None) -> Status:
    """Run a script file, printing the output or writing it to a new file."""
    status = _write(output, run(_file_source(input_path), window))
    remember_pieces()
    return status


def _write(output: list[str], pieces: Iterator[str]) -> Status:
    """Print the pieces, or write them to the new file `output[0]` if given."""
    if output:
        _write_file(output[0], pieces)
    else:
        _write_stream(sys.stdout, pieces)
    return Status.OK


def _file_source(path: str) -> Source:
    """The script's lines, read anew on each pass; a pipe or device is read once and kept."""
    try:
        regular = stat.S_ISREG(os.stat(path).st_mode)
    except OSError as error:
        raise _unreadable(path, error) from None
    if regular:
        return lambda: _read_lines(path)
    kept = list(_read_lines(path))
    return lambda: kept


def _read_lines(path: str) -> Iterator[str]:
    """The lines of a UTF-8 file, split at line feeds only and without them (a CR is a blank)."""
    try:
        with open(path, encoding="utf-8", newline=LINE_FEED) as file:
            for line in file:
                yield line.removesuffix(LINE_FEED)
    except UnicodeDecodeError:
        raise FileProblem(f"Error: input file {path} is not UTF-8 text") from None
    except OSError as error:
        raise _unreadable(path, error) from None


def _unreadable(path: str, error: OSError) -> FileProblem:
    return FileProblem(f"Error: cannot read input file {path}: {error.strerror}")


def _write_stream(stream: TextIO, pieces: Iterator[str]) -> None:
    for piece in pieces:
        stream.write(piece)
        stream.flush()


def _write_file(path: str, pieces: Iterator[str]) -> None:
    """Write the output to a file that must not exist yet, a chunk at a time.

    The first piece comes only once the whole input is validated, so a bad input file is
    reported before the output file is created.
    """
    if os.path.lexists(path):
        raise _exists(path)
    first = next(pieces, "")
    try:
        with open(path, "x", encoding="utf-8", newline="\n") as file:
            file.write(first)
            _write_stream(file, pieces)
    except FileExistsError:
        raise _exists(path) from None
    except OSError as error:
        raise FileProblem(f"Error: cannot write output file {path}: {error.strerror}") from None


def _exists(path: str) -> FileProblem:
    return FileProblem(f"Error: output file {path} already exists!")


def _silence_stdout() -> None:
    """After a closed pipe, send what is still buffered nowhere instead of failing at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def help_text() -> str:
    """The usage: each mode with its arguments, then the exit statuses."""
    width = max(len(mode.usage()) for mode in MODES.values())
    lines = [f"Usage: {PROGRAM} MODE ARGUMENTS", "Modes:"]
    lines += [f"  {mode.usage():<{width}}  {mode.summary}" for mode in MODES.values()]
    lines += [
        "Exit status: 0 after a run (a script with syntax or type errors is a run),",
        f"  {Status.FILE_ERROR} for a file error, {Status.USAGE_ERROR} for a usage error,"
        f" {Status.INTERNAL_ERROR} for an internal error.",
    ]
    return "\n".join(lines)


MODES: dict[str, Mode] = {
    mode.flag: mode
    for mode in (
        Mode("-b", "input [output]", range(1, 3),
             "batch: run the script; write to output (a new file) or print", _batch),
        Mode("-i", "", range(0, 1),
             "interactive: type commands after '->'; 'man' lists them, 'quit' ends", _interactive),
        Mode("-w", "start end input [output]", range(3, 5),
             "like -b, logging only commands start to end-1"
             " (negative: from the end; end '_': to the end)",
             _window),
        Mode("-l", "input [output]", range(1, 3), "like -b, logging only the last command", _last),
        Mode("-why", "input [output]", range(1, 3),
             "like -b, each line followed by '#' lines saying which rule made it", _why),
        Mode("-why-json", "input [output]", range(1, 3),
             "each line of -b as a JSON object: text, command, phase, rule, spec, why, source",
             _why_json),
        Mode("-help", "", range(0, 1), "print this help", _help),
        Mode("-h", "", range(0, 1), "the same as -help", _help),
        Mode("--help", "", range(0, 1), "the same as -help", _help),
        Mode("-version", "", range(0, 1),
             "print the version and the Space Defender 2 this oracle reproduces", _version),
        Mode("--version", "", range(0, 1), "the same as -version", _version),
    )
}  # fmt: skip
