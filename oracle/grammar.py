"""The Lark grammar of scripts (script.lark): its LALR parser, the transformer that builds calls,
and where a syntax error is. Only imported to parse a piece of script not seen before, since
loading Lark is most of the oracle's start-up time."""

from __future__ import annotations

import os
from functools import cache
from typing import cast

from lark import Lark, Token, Transformer, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from oracle.cache import folder
from oracle.calls import Call, ScriptSyntaxError, TooManyArguments
from oracle.declarations import DECLARATIONS, Argument


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


TABLES_FILE = "script-grammar.pickle"  # pragma: no mutate (the parser's cache, in the cache folder)


@cache
def _lark() -> Lark:
    """The LALR parser, built on first use; its tables are cached on disk between runs, which
    saves most of the time building them takes (Lark checks the cache against the grammar and
    its version before use)."""
    cache_folder = folder()
    # Whether and where the tables are cached tunes only the speed: not mutated.
    tables = os.path.join(cache_folder, TABLES_FILE) if cache_folder else False  # pragma: no mutate
    return Lark.open(
        "script.lark", rel_to=__file__, parser="lalr", transformer=_ToCalls(), cache=tables
    )


def parse_code(code: str, first_line: int = 1) -> list[Call]:
    """The calls of script code (comment lines already blanked) whose first line is `first_line`.

    Raises ScriptSyntaxError or TooManyArguments for the first error in script order.
    """
    try:
        return _parse(code)
    except UnexpectedInput as error:
        line, column, offset = _locate(error)
        _parse_prefix(code[:offset])
        raise ScriptSyntaxError(first_line + line - 1, column) from None


def _parse(code: str) -> list[Call]:
    return cast("list[Call]", _lark().parse(code))


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
