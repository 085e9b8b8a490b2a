"""Script text to calls: comment lines, the Lark grammar, chunking, and the syntax errors.

Lines and columns in errors are those of the original file, both counted from 1: comment and
blank lines are blanked out rather than removed, so they still count; a tab is one column.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import cast

from lark import Lark, Token, Transformer, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from oracle.declarations import DECLARATIONS, Argument

SYNTAX_HEADING = "Syntax Error: specification of command executions cannot be parsed"
CHUNK_LINES = 100
BLANKS = " \t\r"
# Runs of what the grammar ignores between tokens (and nothing else: a form feed is an error).
WORDS = re.compile(r"[^ \t\r\n]+")
# Pieces up to this length have their calls cached; longer ones are rare and parsed each time.
CACHED_PIECE = 200


class ScriptError(Exception):
    """A script the oracle refuses to run; `report()` is its whole output."""

    def report(self) -> str:
        """The exact lines the oracle prints instead of a trace."""
        raise NotImplementedError


class ScriptSyntaxError(ScriptError):
    """The script does not parse; the offending token is at (line, column)."""

    def __init__(self, line: int, column: int) -> None:
        super().__init__(f"parse error (Line {line}, Column {column})")
        self.line = line
        self.column = column

    def report(self) -> str:
        return f"{SYNTAX_HEADING}\n{self}\n"


class TooManyArguments(ScriptError):
    """A declared command was given more arguments than it has parameters."""

    def __init__(self, name: str) -> None:
        super().__init__(f'Too many arguments passed for "{name}"')
        self.name = name

    def report(self) -> str:
        return f"{SYNTAX_HEADING}\n{self}\n"


@dataclass(frozen=True)
class Call:
    """One command execution as written: a name and its arguments, not yet type-checked."""

    name: str
    arguments: tuple[Argument, ...] = ()


@dataclass(frozen=True)
class Chunk:
    """Consecutive lines of a script that hold whole commands only."""

    first_line: int
    text: str


class _ToCalls(Transformer[Token, list[Call]]):
    """Builds calls while parsing, so a command with too many arguments stops the parse there."""

    def start(self, calls: list[Call]) -> list[Call]:
        return calls

    def bare(self, children: list[Token]) -> Call:
        return Call(str(children[0]))

    def applied(self, children: list[Token | Argument]) -> Call:
        name, *arguments = children
        declaration = DECLARATIONS.get(str(name))
        if declaration is not None and len(arguments) > len(declaration.parameters):
            raise TooManyArguments(declaration.name)
        return Call(str(name), tuple(arguments))

    def integer(self, children: list[Token]) -> int:
        return int(children[0])

    def item(self, children: list[Token]) -> str:
        return str(children[0])


@cache
def _lark() -> Lark:
    """The LALR parser, built on first use; its tables are cached on disk between runs, which
    saves most of the time building them takes (startup time matters)."""
    return Lark.open(
        "script.lark", rel_to=__file__, parser="lalr", transformer=_ToCalls(), cache=_cache_file()
    )


def _cache_file() -> str | bool:
    """A cache file in the user's own cache folder (Lark checks it against the grammar and
    version before use); none if that folder cannot be made."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    folder = os.path.join(base, "space-defender-2-oracle")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return False
    return os.path.join(folder, "script-grammar.pickle")


def parse(text: str, first_line: int = 1) -> list[Call]:
    """The calls of a script text whose first line is `first_line` of its file.

    Raises ScriptSyntaxError or TooManyArguments for the first error in script order.
    """
    text = "\n".join(map(blank_comment, text.split("\n")))
    try:
        return _parse(text)
    except UnexpectedInput as error:
        line, column, offset = _locate(error)
        _parse_prefix(text[:offset])
        raise ScriptSyntaxError(first_line + line - 1, column) from None


def parse_chunk(chunk: Chunk) -> list[Call]:
    """The calls of a chunk, exactly as `parse` finds them, mostly from a cache.

    Scripts repeat the same few commands, so the chunk is cut into pieces no command can span
    (see `pieces`) and each piece's calls are parsed once. Errors are rare and must be located in
    the chunk: if any piece fails, the whole chunk is parsed again to raise its first error.
    """
    code = "\n".join(map(blank_comment, chunk.text.split("\n")))
    calls: list[Call] = []
    try:
        for piece in pieces(code):
            calls.extend(_cached_calls(piece) if len(piece) <= CACHED_PIECE else _parse(piece))
    except (UnexpectedInput, ScriptError):
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
def _cached_calls(piece: str) -> tuple[Call, ...]:
    return tuple(_parse(piece))


def _parse(text: str) -> list[Call]:
    return cast("list[Call]", _lark().parse(text))


def _locate(error: UnexpectedInput) -> tuple[int, int, int]:
    """Line and column of the offending input, and its offset in the text."""
    if isinstance(error, UnexpectedToken) and error.token.type == "$END":
        token = error.token
        return token.end_line or 1, token.end_column or 1, token.end_pos or 0
    if isinstance(error, UnexpectedToken):
        token = error.token
        return token.line or 1, token.column or 1, token.start_pos or 0
    assert isinstance(error, UnexpectedCharacters)
    return error.line, error.column, error.pos_in_stream or 0


def _parse_prefix(prefix: str) -> None:
    """Raise TooManyArguments if a command before a syntax error has too many arguments.

    The parser only finishes a command when it sees the next token, so when that token is the
    syntax error the command before it has not been checked yet.
    """
    try:
        _parse(prefix)
    except UnexpectedInput:
        pass


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
