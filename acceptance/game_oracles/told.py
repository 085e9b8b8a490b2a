"""An oracle's output line as its explanation tells it: the plain data a game that can explain its
lines gives the cause finder (`acceptance.running.cause`), whatever the game.

It imports nothing of the harness, so the game registry can name the type.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum


class Role(Enum):
    """What an output line does: tell a rule acting, list an entity, or draw the rest."""

    EVENT = "event"  # a rule acted: a line of the turn's log, an error, a game's event
    LISTING = "listing"  # one entity's state, listed (a projectile, an enemy, the score)
    RENDERING = "rendering"  # how the state is drawn: headings, the board, echoes, notices
    SECTION = "section"  # the heading of a list of events: a line under it is an event
    OUTCOME = "outcome"  # how the command went (played, refused): its source decided the turn


@dataclass(frozen=True)
class FieldWritten:
    """A field of a listed entity written this turn, as the listing labels it, and by which rule."""

    label: str
    rule: str
    spec: str
    printed_by: tuple[
        str, ...
    ] = ()  # the model's functions that print its value (`module:function`)


@dataclass(frozen=True)
class Told:
    """One line of the oracle's output with its explanation, as `-why-json` gives it."""

    line: int  # from 1
    text: str  # without its newline
    rule: str  # a name of the game's rule table
    spec: str
    why: str
    source: tuple[str, ...]  # `module:function`, the rule's first (empty where the game has none)
    role: Role
    about: tuple[str, ...] = ()  # the entities the line is about, by id, the main one first
    changed: tuple[FieldWritten, ...] = ()  # a listed entity's fields written this turn
    # An action whose way is its own (a special, a preemptive action): an event it leads to (a
    # collision on its way) that a program leaves out is the action's miss.
    owner: bool = False


def nobody(text: str) -> tuple[str, ...]:
    """No entity: what a game whose lines name none reads in a line."""
    return ()


def no_refusal(text: str) -> Told | None:
    """No line refuses a command: what a game without errors reads in a line."""
    return None


def labelled(text: str, label: str) -> str | None:
    """The value a listing line shows for `label` (`label:value`, up to the next comma)."""
    found = re.search(rf"(?:^|[\s,>]){re.escape(label)}:([^,]*)", text)
    return found.group(1).strip() if found else None


def never_silent(section: Told) -> Told | None:
    """No section of the output is left empty by a rule: what a game without a log reads."""
    return None


def no_cells(text: str) -> tuple[str, ...]:
    """No cell of a board: what a game without a board reads in a line."""
    return ()


def no_events(number: int) -> list[Told]:
    """No events beyond those shown: what a game whose output shows every event reads."""
    return []


def no_rule(name: str) -> tuple[str, str]:
    """No spec section and no statement: what a game without a rule table says of a rule."""
    return "", ""


@dataclass(frozen=True)
class Telling:
    """The oracle's lines, each told, and how the game reads a line (the oracle's or a
    program's): the entities it is about, by id, the value it shows for a field's label, the
    rule of an error it gives, and the rule that left a section of the log empty."""

    lines: list[Told]
    about: Callable[[str], tuple[str, ...]] = nobody
    field: Callable[[str, str], str | None] = labelled  # the value a line shows for a label
    # The rule of a line that refuses a command (an error), as the oracle would tell it.
    refusal: Callable[[str], Told | None] = no_refusal
    # The rule that decided a section of the log tells nothing this turn, told at the section's
    # line: where a program logs a line there, the oracle's rule decided otherwise.
    silent: Callable[[Told], Told | None] = never_silent
    # The fields of the line that tells how a command went (Space Defender 2's state line), by
    # label, each with its rule; and a rule's spec section and statement.
    fields: tuple[tuple[str, str], ...] = ()
    rule_of: Callable[[str], tuple[str, str]] = no_rule
    # The cells a board row shows, by label (`[A,5]`), and the cells an event line says it
    # happened at.
    cells: Callable[[str], tuple[str, ...]] = no_cells
    at: Callable[[str], tuple[str, ...]] = no_cells
    # The events of the turn whose block holds a line, as the log would tell them where the
    # output shows none (Space Defender 2's normal mode); their lines are of another output.
    unseen: Callable[[int], list[Told]] = no_events


# A script's text, its seed and a line number of the oracle's output: the oracle's lines, each
# told, from the first through the end of the block (the command's output) that holds that line.
Teller = Callable[[str, int | None, int], Telling]
