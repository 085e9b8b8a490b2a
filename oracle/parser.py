"""Script text to calls: comment lines, chunking, pieces, and the syntax errors.

The Lark grammar itself (oracle/grammar.py) is loaded only for a piece of script not seen in this
run or an earlier one, so most runs start without it.

Lines and columns in errors are those of the original file, both counted from 1: comment and
blank lines are blanked out rather than removed, so they still count; a tab is one column.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from oracle.cache import KnownPieces
from oracle.calls import Call, ScriptError

CHUNK_LINES = 100  # pragma: no mutate (a chunk's size tunes speed; the calls are the same)
BLANKS = " \t\r"
# Runs of what the grammar ignores between tokens (and nothing else: a form feed is an error).
WORDS = re.compile(r"[^ \t\r\n]+")
# Pieces up to this length have their calls cached; longer ones are rare and parsed each time.
CACHED_PIECE = 200  # pragma: no mutate (speed only: longer pieces are parsed each time)
KNOWN_PIECES = KnownPieces()


@dataclass(frozen=True)
class Chunk:
    """Consecutive lines of a script that hold whole commands only."""

    first_line: int
    text: str


def parse(text: str, first_line: int = 1) -> list[Call]:
    """The calls of a script text whose first line is `first_line` of its file.

    Raises ScriptSyntaxError or TooManyArguments for the first error in script order.
    """
    return _parse_code("\n".join(map(blank_comment, text.split("\n"))), first_line)


def _parse_code(code: str, first_line: int = 1) -> list[Call]:
    """The calls of code whose comment lines are already blanked (a piece is code, not lines)."""
    from oracle.grammar import parse_code  # here: loading Lark is most of the start-up time

    return parse_code(code, first_line)


def parse_chunk(chunk: Chunk) -> list[Call]:
    """The calls of a chunk, exactly as `parse` finds them, mostly from a cache.

    Scripts repeat the same few commands, so the chunk is cut into pieces no command can span
    (see `pieces`) and each piece's calls are parsed once, in this run or an earlier one. Errors
    are rare and must be located in the chunk: if any piece fails, the whole chunk is parsed again
    to raise its first error.
    """
    code = "\n".join(map(blank_comment, chunk.text.split("\n")))
    calls: list[Call] = []
    try:
        for piece in pieces(code):
            calls.extend(_piece_calls(piece) if len(piece) <= CACHED_PIECE else _parse_code(piece))
    except ScriptError:
        return parse(chunk.text, chunk.first_line)
    return calls


def pieces(code: str) -> Iterator[str]:
    """The words of the code (blank-separated) in groups holding whole commands only.

    A group ends, as a chunk does, where every parenthesis so far is closed and the next word
    does not open one: pieces that parse each on their own then parse together, into the same
    calls (a successful piece starts with a name and ends with a whole command).
    """
    group: list[str] = []
    depth = 0
    for word in WORDS.findall(code):
        if group and depth <= 0 and not word.startswith("("):
            yield " ".join(group)
            group, depth = [], 0
        group.append(word)
        depth += word.count("(") - word.count(")")
    if group:
        yield " ".join(group)


@lru_cache(maxsize=1 << 14)
def _piece_calls(piece: str) -> tuple[Call, ...]:
    """The calls of a piece: known from an earlier run, or parsed now (and then remembered)."""
    known = KNOWN_PIECES.get(piece)
    if known is not None:
        return tuple(Call(name, arguments) for name, arguments in known)
    calls = tuple(_parse_code(piece))
    KNOWN_PIECES.add(piece, tuple((call.name, call.arguments) for call in calls))
    return calls


def load_parsing() -> None:
    """Load Lark's parser and the pieces known from earlier runs now, not at first use."""
    from oracle.declarations import ABORT
    from oracle.grammar import parse_code

    KNOWN_PIECES.get("")
    try:
        parse_code(ABORT.name)
    except ScriptError:
        pass


def remember_pieces() -> None:
    """Keep the pieces parsed in this run for the next runs."""
    KNOWN_PIECES.save()


def blank_comment(line: str) -> str:
    """A comment or blank line becomes empty: dropped from the script, still counted."""
    stripped = line.strip(BLANKS)
    return "" if not stripped or stripped.startswith("--") else line


def chunks(lines: Iterable[str], size: int = CHUNK_LINES) -> Iterator[Chunk]:
    """The script's lines in chunks of about `size`, cut only where no command can span the cut.

    A cut goes before a line when every parenthesis so far is closed and that line does not
    start with one, so parsing chunk by chunk finds exactly the calls and errors of the whole.
    """
    pending: list[str] = []
    first_line = 1
    depth = 0
    for number, line in enumerate(lines, 1):
        code = blank_comment(line)
        if code and len(pending) >= size and depth <= 0 and not code.lstrip(BLANKS).startswith("("):
            yield Chunk(first_line, "\n".join(pending))
            pending, first_line, depth = [], number, 0
        pending.append(line)
        depth += code.count("(") - code.count(")")
    if pending:
        yield Chunk(first_line, "\n".join(pending))
