"""The commands a player types, parsed from a line: a verb and, for some, a list number."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from games.star_canine.tables import (
    NEEDS_NUMBER,
    NO_NUMBER,
    NOT_A_NUMBER,
    TOO_MANY_WORDS,
    UNKNOWN_COMMAND,
)


class Verb(Enum):
    """What a command does; its value is the word typed."""

    CONTINUE = "continue"
    EQUIP = "equip"
    UNEQUIP = "unequip"
    ENGAGE = "engage"
    AMMO = "ammo"
    TAKE = "take"
    SKIP = "skip"
    DISCARD = "discard"
    REPAIR = "repair"
    RESUPPLY = "resupply"
    QUIT = "quit"

    @property
    def numbered(self) -> bool:
        """Whether the verb takes the number K of an item or an offer."""
        return self in NUMBERED

    @property
    def usage(self) -> str:
        return f"{self.value} K" if self.numbered else self.value


NUMBERED = frozenset({Verb.EQUIP, Verb.UNEQUIP, Verb.TAKE, Verb.DISCARD})
LONGEST_NUMBER = 9
"""More digits than this name no list entry: refused without converting them."""


@dataclass(frozen=True)
class Command:
    verb: Verb
    number: int = 0


class Refusal(Exception):
    """A typed command that is unknown or impossible now; the message is the one line why."""


def parse(line: str, commands_now: str) -> Command:
    """The command typed on a line; an empty line is `continue`. Verbs ignore letter case."""
    words = line.split()
    if not words:
        return Command(Verb.CONTINUE)
    try:
        verb = Verb(words[0].lower())
    except ValueError:
        raise Refusal(UNKNOWN_COMMAND.format(text=_quoted(line), commands=commands_now)) from None
    if not verb.numbered:
        if len(words) > 1:
            raise Refusal(NO_NUMBER.format(verb=verb.value))
        return Command(verb)
    if len(words) == 1:
        raise Refusal(NEEDS_NUMBER.format(verb=verb.value))
    if len(words) > 2:
        raise Refusal(TOO_MANY_WORDS.format(verb=verb.value))
    text = words[1]
    if not (text.isascii() and text.isdigit()) or len(text) > LONGEST_NUMBER:
        raise Refusal(NOT_A_NUMBER.format(verb=verb.value, text=_quoted(text)))
    return Command(verb, int(text))


def _quoted(text: str) -> str:
    """The typed text in quotes, cut short if long, with control characters made visible."""
    shown = text.strip()
    if len(shown) > 30:
        shown = shown[:27] + "..."
    return repr(shown) if not shown.isprintable() else f'"{shown}"'
