"""The recorder of an explained run: per entity, what changed it this turn and who placed it.

The traced classes (`provenance.traced`) call it at each write; it notes the rule found on the
stack (`provenance.stack`) with its sentence filled in from the rule's variables
(docs/explanation/provenance.md).
"""

from __future__ import annotations

import string
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from types import FrameType
from typing import Any

from model import tables
from model.enemy import Enemy
from model.game import Entity
from model.geometry import Board
from model.projectile import Projectile
from model.session import Session
from model.starfighter import Starfighter
from provenance import listen
from provenance.rule import Rule
from provenance.stack import (
    F_CODE,
    PATHS,
    SOURCES,
    Calls,
    find_rule,
    model_codes,
    model_path,
    phase_of,
    source,
)

CONSTANTS = {name: value for name, value in vars(tables).items() if name.isupper()}
FORMATTER = string.Formatter()
MISSING = object()
SESSION = "session"  # the key of the changes to what the state line shows


@dataclass(slots=True)
class Note:
    """What the recorder knows of one write: the rule, its sentence, the path, the numbers.
    (Not frozen, as none of the recorder's records are: one is made at nearly every write, and a
    frozen dataclass takes four times as long to make.)"""

    rule: Rule
    why: str
    source: tuple[str, ...]
    phase: str = ""
    entity: dict[str, Any] | None = None
    numbers: dict[str, int] = field(default_factory=dict)


@cache
def compiled(template: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A template as pieces: literal text, then the dotted path of the field after it (or ())."""
    return tuple(
        (literal, tuple(name.split(".")) if name else ())
        for literal, name, _, _ in FORMATTER.parse(template)
    )


def explain(template: str, variables: dict[str, Any]) -> tuple[str, dict[str, int]]:
    """The template filled in from `variables` and the fixed numbers of model/tables.py, and the
    whole numbers it used by field name (ids left out)."""
    pieces: list[str] = []
    numbers: dict[str, int] = {}
    for literal, path in compiled(template):
        pieces.append(literal)
        if not path:
            continue
        value = variables.get(path[0], CONSTANTS.get(path[0], MISSING))
        for name in path[1:]:
            value = getattr(value, name, MISSING)
        pieces.append("{" + ".".join(path) + "}" if value is MISSING else str(value))
        if type(value) is int and path[-1] != "id":
            numbers[".".join(path)] = value
    return "".join(pieces), numbers


def describe(entity: object) -> dict[str, Any] | None:
    """An entity as the explanations name it: name, id, and location as messages print it."""
    if not isinstance(entity, (Starfighter, Enemy, Projectile)):
        return None
    recorder = RECORDER.get()
    assert recorder is not None and recorder.board is not None  # an entity of a recorded game
    position = recorder.board.describe(entity.position)
    return {"name": entity.name, "id": entity.id, "position": position}


def take_note() -> Note:
    """The note of the innermost rule on the stack, the recorder's own frames passed by."""
    frames = model_path()
    index, rule = find_rule(frames)
    calls = _calls()
    if index < 0:
        return Note(rule, "", source(frames, index, rule, calls), phase_of(frames))
    scopes = [frame.f_locals for frame in frames[: index + 1]]  # each read copies them
    variables: dict[str, Any] = {}
    for scope in scopes:  # the rule's own variables last, so they win
        variables.update(scope)
    why, numbers = explain(rule.why, variables)
    entity = next((scope[rule.entity] for scope in scopes if rule.entity in scope), None)
    where = source(frames, index, rule, calls)
    return Note(rule, why, where, phase_of(frames), describe(entity), numbers)


@dataclass(slots=True)
class Change:
    """A field of an entity written this turn, and by which rule."""

    attribute: str
    rule: str
    source: tuple[str, ...]


@dataclass(slots=True)
class Placement:
    """Who put an entity on its cell: the turn, the rule, the path (not frozen: one is made at
    every placement)."""

    turn: int
    rule: Rule
    source: tuple[str, ...]


@dataclass
class Recorder:
    """What one explained run noted: per entity id its changes this turn, its last placement,
    and the note of the last error or notice."""

    changes: dict[int | str, list[Change]] = field(default_factory=dict)
    placed: dict[int, Placement] = field(default_factory=dict)
    origins: dict[int, Placement] = field(default_factory=dict)  # how each entity came to be
    turn: int = 0
    message: Note | None = None
    board: Board | None = None
    session: Session | None = None

    writers: set[tuple[int | str, ...]] = field(default_factory=set)  # this turn's
    session_writers: set[tuple[int | str, ...]] = field(default_factory=set)  # this command's
    calls: Calls = field(default_factory=Calls)
    hook: Callable[[FrameType, str, object], None] = field(init=False)

    def __post_init__(self) -> None:
        self.hook = self.calls.hook()
        listen.LISTENER.watch(model_codes)

    def run(self, command: Callable[[], None]) -> None:
        """Run one command with the calls of its frames kept, its session changes afresh."""
        self.message = None
        self.changes.pop(SESSION, None)
        self.session_writers.clear()
        listen.LISTENER.start(self.hook)
        try:
            command()
        finally:
            listen.LISTENER.stop()
            self.calls.clear()
            PATHS.clear()
            SOURCES.clear()

    def shows_logs(self) -> bool:
        """Whether the log of the turn beginning will be shown: only debug mode shows the action
        logs, and a turn does not change the mode. Otherwise its lines need no notes."""
        return self.session is None or self.session.debug

    def new_game(self, board: Board) -> None:
        """A new game: its board, and nothing noted yet but the command's changes of the state
        line (its first turn starts as its log is made)."""
        self.placed, self.origins, self.board = {}, {}, board
        self._afresh()

    def new_turn(self, number: int) -> None:
        """A new turn: the entities' changes start afresh (those of the command go on)."""
        self._afresh()
        self.turn = number

    def _afresh(self) -> None:
        """No entity changed yet: only the command's changes of the state line are kept."""
        session = self.changes.get(SESSION)
        self.changes, self.writers = {}, set()
        if session is not None:
            self.changes[SESSION] = session

    def changed(self, key: int | str, attribute: str, rule: Rule | None = None) -> None:
        """Note which rule changed `attribute` of the entity `key` (from its `__setattr__`):
        `rule` where the field has a rule of its own (a counter of the state line), else the
        rule found on the stack.

        The same function writing the same field again for the same caller (a step of a move)
        is the same rule: it is noted once a turn.
        """
        with listen.LISTENER.paused():
            self.write(key, attribute, rule)

    def write(self, key: int | str, attribute: str, rule: Rule | None = None) -> None:
        """`changed`, the hook already paused by the caller."""
        frames = model_path()
        written = (key, attribute, *map(id, map(F_CODE, frames[:2])))
        writers = self.session_writers if key == SESSION else self.writers
        if written in writers:
            return
        writers.add(written)
        index, found = find_rule(frames)
        change = Change(attribute, (rule or found).name, source(frames, index, found, _calls()))
        self.changes.setdefault(key, []).append(change)

    def place(self, entity: Entity, rule: Rule | None = None) -> None:
        """Note the rule that put `entity` on its cell; the first time, it is its origin."""
        with listen.LISTENER.paused():
            self.put(entity, rule)

    def put(self, entity: Entity, rule: Rule | None = None) -> None:
        """`place`, the hook already paused by the caller."""
        frames = model_path()
        index, found = find_rule(frames)
        placement = Placement(self.turn, rule or found, source(frames, index, found, _calls()))
        self.placed[entity.id] = placement
        self.origins.setdefault(entity.id, placement)

    def of(self, key: int | str) -> list[Change]:
        """The changes of an entity (or of the `score`) this turn."""
        return self.changes.get(key, [])


RECORDER: ContextVar[Recorder | None] = ContextVar("provenance_recorder", default=None)


def _calls() -> Calls | None:
    """The calls kept by the recorder of the run (none outside an explained run)."""
    recorder = RECORDER.get()
    return recorder.calls if recorder is not None else None
