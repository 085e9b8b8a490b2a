"""The command object: a declared command's Session method with its validated arguments' values,
applied as one Session call. The command table is oracle/declarations.py
(docs/explanation/architecture.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from model.session import Session


@dataclass(frozen=True)
class Command:
    """A type-checked command, ready to run: `action(session, *arguments)`."""

    action: Callable[..., None]  # the Session method of the command's row in the table
    arguments: tuple[int, ...] = ()

    def apply(self, session: Session) -> None:
        """Run the command on the session; game errors are recorded there, never raised."""
        self.action(session, *self.arguments)
