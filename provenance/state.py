"""The explanation of each line of a state block, from what `model.view` says printed it.

The text and the part of each line are the view's own (`model.view.lines`); this module only
says why each line is what it is: the log's notes, the entities' changes this turn, the board's
placements, the session's last error or notice (docs/explanation/provenance.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from operator import attrgetter
from typing import Any

from model.enemy import Enemy
from model.game import Entity
from model.log import Section
from model.projectile import Projectile
from model.session import Session
from model.starfighter import Starfighter
from model.tables import ROW_LETTERS
from model.view import MENUS, BoardRow, Line, LinePart, Subject
from provenance.recorder import SESSION, Change, Note, Recorder, describe, explain
from provenance.rules import RULES, STATE_FIELDS
from provenance.traced import NOTICES, RecordingTurnLog, notice_why

VIEW = "model.view"
SELECTED = ("model.session:Session.loadout", "model.session:Session.setup_select")
STATE = frozenset(STATE_FIELDS.values())  # the rules of the fields the state line shows


@dataclass(slots=True)
class Reason:
    """Why one output line is what it is (not frozen: one is made for most lines of a state,
    and a frozen dataclass takes four times as long to make)."""

    rule: str
    why: str
    source: tuple[str, ...]
    phase: str
    entity: dict[str, Any] | None = None
    numbers: dict[str, int] = field(default_factory=dict)
    cells: tuple[dict[str, Any], ...] = ()
    changes: tuple[dict[str, str], ...] = ()


def viewed(rule: str, function: str, part: str, **variables: Any) -> Reason:
    """A line of the state view: its rule's sentence filled with `variables` (all hashable)."""
    return _viewed(rule, function, part, tuple(variables.items()))


@lru_cache(maxsize=1 << 12)
def _viewed(rule: str, function: str, part: str, variables: tuple[tuple[str, Any], ...]) -> Reason:
    """Most view lines repeat from state to state: their reasons are kept."""
    why, numbers = explain(RULES[rule].why, dict(variables))
    return Reason(rule, why, (f"{VIEW}:{function}",), f"view: {part}", numbers=numbers)


# The reason of the lines of one part, from the session, its recorder and the line's subject.
Explain = Callable[[Session, Recorder, Subject], Reason]


def from_note(note: Note) -> Reason:
    """A log line's reason: the note its line was written with, in the phase that wrote it."""
    return Reason(note.rule.name, note.why, note.source, note.phase, note.entity, note.numbers)


def state_reasons(lines: Sequence[Line], session: Session, recorder: Recorder) -> list[Reason]:
    """One reason per line of the session's state block, from the part that printed it."""
    return Annotator(session, recorder).reasons(lines)


class Annotator:
    """The reasons of one state block's lines; a line that repeats its part and subject (the
    Starfighter's lines, a menu's options) shares the reason of the first."""

    def __init__(self, session: Session, recorder: Recorder) -> None:
        self.session = session
        self.recorder = recorder
        self.kept: dict[tuple[int, int], Reason] = {}  # by the ids of part and subject
        self.notes: dict[Section, Iterator[Note]] = {}

    def reasons(self, lines: Sequence[Line]) -> list[Reason]:
        """Why each line is what it is: a log entry's own note, else the reason of its part."""
        reasons = []
        kept = self.kept
        for _, part, subject in lines:
            if part is LinePart.LOG_ENTRY:
                assert isinstance(subject, Section)
                reasons.append(from_note(next(self._notes(subject))))
                continue
            key = (id(part), id(subject))  # an enum's hash is a call of Python
            reason = kept.get(key)
            if reason is None:
                reason = kept[key] = PARTS[part](self.session, self.recorder, subject)
            reasons.append(reason)
        return reasons

    def _notes(self, section: Section) -> Iterator[Note]:
        """The notes of a debug log section, in the order of its entries."""
        if section not in self.notes:
            game = self.session.game
            assert game is not None and isinstance(game.log, RecordingTurnLog)
            self.notes[section] = iter(game.log.notes[section])
        return self.notes[section]


def _state_line(session: Session, recorder: Recorder, _: Subject) -> Reason:
    """The state line: the stage, the turn counters and the error flag, and who wrote them."""
    line = viewed(
        "view.state",
        "_state_line",
        "state line",
        stage=session.stage.value,
        mode="debug" if session.debug else "normal",
        status="error" if session.error is not None else "ok",
    )
    written = _changes(recorder, SESSION)
    if not written:
        return line
    changes = tuple(change for change in _changed(recorder, SESSION) if change["rule"] in STATE)
    # Its fields are words: no numbers.
    return Reason(line.rule, line.why, line.source + written, line.phase, changes=changes)


def _message(session: Session, recorder: Recorder, _: Subject) -> Reason:
    """The error or notice line: its rule, from the session's last note if there is one."""
    note = recorder.message
    if note is not None:
        return Reason(note.rule.name, note.why, note.source, "command", numbers=note.numbers)
    # The new session's welcome, before any command: every command notes the notice it sets.
    assert session.notice is not None  # an error always has its note
    rule = RULES[NOTICES[session.notice]]
    return Reason(rule.name, notice_why(rule, session), ("model.session:Session",), "command")


def _option(session: Session, _: Recorder, __: Subject) -> Reason:
    """A line of a setup menu's options."""
    stage = session.stage
    return viewed("view.setup", MENUS[stage].__name__, "setup", stage=stage.value)


def _selection(part: str) -> Explain:
    """The line of the part selected, in its menu or in the summary."""

    def selected(session: Session, _: Recorder, __: Subject) -> Reason:
        return _selected(part, MENUS[session.stage].__name__)

    return selected


@cache
def _selected(part: str, function: str) -> Reason:
    """The line of a part selected: the view shows the loadout that setup select chose."""
    line = viewed("setup.selected", function, "setup", equipment=part)
    return replace(line, source=line.source + SELECTED)


# What was last read of each entity's changes, with the list read and its length then: a state
# reads the Starfighter's on every row of a fogged board, and a turn's changes are only appended.
_READ: dict[tuple[bool, int | str], tuple[list[Change], int, tuple[Any, ...]]] = {}


def _read(recorder: Recorder, key: int | str, fields: bool) -> tuple[Any, ...]:
    """`_changed` (`fields`) or `_changes` of an entity, made again only when its changes have."""
    changes = recorder.of(key)
    if not changes:
        return ()
    kept = _READ.get((fields, key))
    if kept is not None and kept[0] is changes and kept[1] == len(changes):
        return kept[2]
    if len(_READ) > 1 << 12:  # pragma: no mutate (a bound on memory only)
        _READ.clear()  # pragma: no mutate
    if fields:
        pairs = dict.fromkeys((change.attribute, change.rule) for change in changes)
        read: tuple[Any, ...] = tuple(
            {"attribute": attribute, "rule": rule} for attribute, rule in pairs
        )
    else:
        read = tuple(dict.fromkeys(where for change in changes for where in change.source))
    _READ[fields, key] = (changes, len(changes), read)
    return read


def _changes(recorder: Recorder, key: int | str) -> tuple[str, ...]:
    """The functions that changed an entity this turn, each path once, in order."""
    return _read(recorder, key, False)


def _changed(recorder: Recorder, key: int | str) -> tuple[dict[str, str], ...]:
    """The fields of an entity changed this turn, each with the rule that changed it, once."""
    return _read(recorder, key, True)


def _starfighter(_: Session, recorder: Recorder, ship: Subject) -> Reason:
    """A line of the Starfighter's block: its state, and who changed or moved it this turn."""
    assert isinstance(ship, Starfighter)
    status = viewed(
        "view.starfighter",
        "_starfighter",
        "Starfighter",
        health=ship.health,
        energy=ship.energy,
        stats=ship.stats,
        position=ship.position,
    )
    return Reason(
        status.rule,
        status.why,
        status.source + tuple(dict.fromkeys(_board_paths(ship, recorder))),
        status.phase,
        describe(ship),
        status.numbers,
        changes=_changed(recorder, ship.id),
    )


def _score(_: Session, recorder: Recorder, ship: Subject) -> Reason:
    """The score line: the focus's score, and who scored this turn."""
    assert isinstance(ship, Starfighter)
    score = viewed("score.total", "_starfighter", "Starfighter", score=ship.focus.score())
    return Reason(
        score.rule,
        score.why,
        (*score.source, "model.scoring:Focus.score", *_changes(recorder, "score")),
        score.phase,
        numbers=score.numbers,
        changes=_changed(recorder, "score"),
    )


def _heading(rule: str, part: str) -> Explain:
    """A debug section's heading."""
    return lambda _, __, ___: viewed(rule, "_game", part)


def _log_heading(_: Session, __: Recorder, section: Subject) -> Reason:
    """An action log's heading."""
    assert isinstance(section, Section)
    return viewed("view.log", "_game", section.value)


def _entity_line(rule: str, function: str, part: str) -> Explain:
    """A debug line of an enemy or a projectile: who changed it this turn, how it came to be."""

    def entity_line(_: Session, recorder: Recorder, entity: Subject) -> Reason:
        assert isinstance(entity, Enemy | Projectile)
        base = viewed(rule, function, part)
        return Reason(
            rule,
            base.why,
            tuple(dict.fromkeys((*base.source, *_board_paths(entity, recorder)))),
            base.phase,
            describe(entity),
            changes=_changed(recorder, entity.id),
        )

    return entity_line


def _header(session: Session, _: Recorder, __: Subject) -> Reason:
    """The board's header: its columns."""
    assert session.game is not None
    return viewed("view.board.header", "_header", "board", columns=session.game.board.columns)


def _row(session: Session, recorder: Recorder, row: Subject) -> Reason:
    """A board row: what stands in its cells in sight, and who put it there."""
    assert isinstance(row, BoardRow) and session.game is not None
    ship = session.game.starfighter
    fog = not session.debug
    entities = sorted(row.entities, key=attrgetter("position"))
    cells = tuple(_cell(entity, recorder) for entity in entities)
    shown = (
        "; ".join(
            f"{cell['symbol']} at {cell['position']}: {cell['entity']}, {cell['placed']}"
            for cell in cells
        )
        or "no entity in sight"
    )
    rule = "view.fog" if fog else "view.board.row"
    reason = viewed(
        rule,
        "_board",
        "board",
        row=ROW_LETTERS[row.row - 1],
        cells=shown,
        vision=ship.stats.vision,
        eye=ship.position,
    )
    paths = [path for entity in entities for path in _board_paths(entity, recorder)]
    if fog:
        paths.extend(_changes(recorder, ship.id))
    if not paths and not cells:
        return reason
    source = tuple(dict.fromkeys((*reason.source, *paths)))
    return Reason(rule, reason.why, source, reason.phase, cells=cells, numbers=reason.numbers)


def _game_over(_: Session, __: Recorder, ___: Subject) -> Reason:
    return viewed("view.game_over", "_game", "game over")


def _rng(session: Session, _: Recorder, __: Subject) -> Reason:
    """The RNG usage lines: the row and value the natural spawn drew this turn, if any."""
    assert session.game is not None
    drawn = session.game.drawn
    text = "none" if drawn is None else f"row {drawn[0]}, value {drawn[1]}"
    rng = viewed("view.rng", "_game", "RNG usage", drawn=text)
    return replace(rng, source=rng.source + ("model.spawning:natural_spawn",))


def _board_paths(entity: Entity, recorder: Recorder) -> tuple[str, ...]:
    """Who put the entity where it is this turn, what changed it, and how it came to be (every
    entity of the board was placed: `RecordedGame.place`)."""
    placed = recorder.placed[entity.id]
    this_turn = placed.source if placed.turn == recorder.turn else ()
    return this_turn + _changes(recorder, entity.id) + recorder.origins[entity.id].source


def _cell(entity: Entity, recorder: Recorder) -> dict[str, Any]:
    """An occupied cell: what stands there and the rule that last put it there."""
    placed = recorder.placed[entity.id]
    rule = placed.rule.name
    when = "this turn" if placed.turn == recorder.turn else f"in turn {placed.turn}"
    return {
        "position": str(entity.position),
        "symbol": entity.symbol,
        "entity": f"{entity.name}(id:{entity.id})",
        "rule": rule,
        "placed": f"placed by {rule} {when}",
        "changes": [change["rule"] for change in _changed(recorder, entity.id)],
    }


# The reason of each part's lines (a log entry's is its own note: `Annotator.reason`).
PARTS: dict[LinePart, Explain] = {
    LinePart.STATE: _state_line,
    LinePart.MESSAGE: _message,
    LinePart.MENU_OPTION: _option,
    LinePart.WEAPON_SELECTED: _selection("weapon"),
    LinePart.ARMOUR_SELECTED: _selection("armour"),
    LinePart.ENGINE_SELECTED: _selection("engine"),
    LinePart.POWER_SELECTED: _selection("power"),
    LinePart.STARFIGHTER: _starfighter,
    LinePart.SCORE: _score,
    LinePart.ENEMY_HEADING: _heading("view.enemy", "Enemy"),
    LinePart.ENEMY: _entity_line("view.enemy", "_enemy", "Enemy"),
    LinePart.PROJECTILE_HEADING: _heading("view.projectile", "Projectile"),
    LinePart.PROJECTILE: _entity_line("view.projectile", "_projectile", "Projectile"),
    LinePart.LOG_HEADING: _log_heading,
    LinePart.BOARD_HEADER: _header,
    LinePart.BOARD_ROW: _row,
    LinePart.GAME_OVER: _game_over,
    LinePart.RNG_HEADING: _rng,
    LinePart.RNG_DRAWN: _rng,
}
