"""What a script parses into, calls, and the errors that stop a script before it runs.

Both the parser (oracle/parser.py) and the Lark grammar it loads on demand (oracle/grammar.py)
make these, so they live apart from both.
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle.declarations import Argument

SYNTAX_HEADING = "Syntax Error: specification of command executions cannot be parsed"


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
