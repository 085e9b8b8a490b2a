"""The explanation of each line of a state block, in the order `model.view` prints them.

The text of each line is always the view's own (`model.view.render`); this module only says why
each line is what it is: the log's notes, the entities' changes this turn, the board's
placements, the session's last error or notice.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Any

from model.game import Entity, Game
from model.log import SECTIONS
from model.session import Session, Stage
from model.tables import ROW_LETTERS
from model.view import MENUS, _visible
from provenance.record import (
    NOTICES,
    SESSION,
    Note,
    Recorder,
    RecordingTurnLog,
    describe,
    explain,
    notice_why,
)
from provenance.rules import RULES, STATE_FIELDS

VIEW = "model.view"
# The setup states that select a part, by the part; the summary lists them in this order.
PARTS = {
    Stage.WEAPON: "weapon",
    Stage.ARMOUR: "armour",
    Stage.ENGINE: "engine",
    Stage.POWER: "power",
}
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


def from_note(note: Note) -> Reason:
    """A log line's reason: the note its line was written with, in the phase that wrote it."""
    return Reason(note.rule.name, note.why, note.source, note.phase, note.entity, note.numbers)


def state_reasons(session: Session, recorder: Recorder) -> list[Reason]:
    """One reason per line of the session's state block."""
    reasons = [_state_line(session, recorder)]
    if session.error is not None or session.notice is not None:
        reasons.append(_message(session, recorder))
    elif session.stage in MENUS:
        reasons.extend(_setup(session))
    elif session.game is not None:
        _game(reasons, session, session.game, recorder)
    return reasons


def _state_line(session: Session, recorder: Recorder) -> Reason:
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


def _message(session: Session, recorder: Recorder) -> Reason:
    """The error or notice line: its rule, from the session's last note if there is one."""
    note = recorder.message
    if note is not None:
        return Reason(note.rule.name, note.why, note.source, "command", numbers=note.numbers)
    # The new session's welcome, before any command: every command notes the notice it sets.
    assert session.notice is not None  # an error always has its note
    rule = RULES[NOTICES[session.notice]]
    return Reason(rule.name, notice_why(rule, session), ("model.session:Session",), "command")


def _setup(session: Session) -> list[Reason]:
    """A setup menu (its options, then the part selected) or the summary (the parts selected)."""
    stage = session.stage
    function = MENUS[stage].__name__
    if stage is Stage.SUMMARY:
        return [_selected(part, function) for part in PARTS.values()]
    count = len(tuple(MENUS[stage](session.loadout)))
    menu = viewed("view.setup", function, "setup", stage=stage.value)
    return [menu] * (count - 1) + [_selected(PARTS[stage], function)]


@cache
def _selected(part: str, function: str) -> Reason:
    """The line of a part selected: the view shows the loadout that setup select chose."""
    line = viewed("setup.selected", function, "setup", equipment=part)
    return replace(line, source=line.source + SELECTED)


def _changes(recorder: Recorder, key: int | str) -> tuple[str, ...]:
    """The functions that changed an entity this turn, each path once, in order."""
    return tuple(dict.fromkeys(where for change in recorder.of(key) for where in change.source))


def _changed(recorder: Recorder, key: int | str) -> tuple[dict[str, str], ...]:
    """The fields of an entity changed this turn, each with the rule that changed it, once."""
    pairs = dict.fromkeys((change.attribute, change.rule) for change in recorder.of(key))
    return tuple({"attribute": attribute, "rule": rule} for attribute, rule in pairs)


def _game(reasons: list[Reason], session: Session, game: Game, recorder: Recorder) -> None:
    """The in-game view: the Starfighter, the debug sections, the board, game over, RNG."""
    ship = game.starfighter
    changed = tuple(dict.fromkeys(_board_paths(ship, recorder)))
    status = viewed(
        "view.starfighter",
        "_starfighter",
        "Starfighter",
        health=ship.health,
        energy=ship.energy,
        stats=ship.stats,
        position=ship.position,
    )
    status = Reason(
        status.rule,
        status.why,
        status.source + changed,
        status.phase,
        describe(ship),
        status.numbers,
        changes=_changed(recorder, ship.id),
    )
    score = viewed("score.total", "_starfighter", "Starfighter", score=ship.focus.score())
    score = Reason(
        score.rule,
        score.why,
        (*score.source, "model.scoring:Focus.score", *_changes(recorder, "score")),
        score.phase,
        numbers=score.numbers,
        changes=_changed(recorder, "score"),
    )
    reasons.extend([status, status, status, status, score])
    if session.debug:
        _debug(reasons, game, recorder)
    _board(reasons, session, game, recorder)
    if game.over:
        reasons.append(viewed("view.game_over", "_game", "game over"))
    if session.rng_out:
        drawn = "none" if game.drawn is None else f"row {game.drawn[0]}, value {game.drawn[1]}"
        rng = viewed("view.rng", "_game", "RNG usage", drawn=drawn)
        rng = replace(rng, source=rng.source + ("model.spawning:natural_spawn",))
        reasons.append(rng)
        if game.drawn is not None:
            reasons.append(rng)


def _entity_line(rule: str, function: str, part: str, entity: Entity, recorder: Recorder) -> Reason:
    """A debug line of an enemy or a projectile: who changed it this turn, how it came to be."""
    base = viewed(rule, function, part)
    return Reason(
        rule,
        base.why,
        tuple(dict.fromkeys((*base.source, *_board_paths(entity, recorder)))),
        base.phase,
        describe(entity),
        changes=_changed(recorder, entity.id),
    )


def _debug(reasons: list[Reason], game: Game, recorder: Recorder) -> None:
    """The debug sections: enemies, projectiles, then the five action logs with their notes."""
    reasons.append(viewed("view.enemy", "_game", "Enemy"))
    reasons.extend(
        _entity_line("view.enemy", "_enemy", "Enemy", enemy, recorder)
        for enemy in game.enemies.values()
    )
    reasons.append(viewed("view.projectile", "_game", "Projectile"))
    reasons.extend(
        _entity_line("view.projectile", "_projectile", "Projectile", projectile, recorder)
        for projectile in game.projectiles.values()
    )
    assert isinstance(game.log, RecordingTurnLog)  # debug mode was on when the turn began
    for section in SECTIONS:
        reasons.append(viewed("view.log", "_game", section.value))
        reasons.extend(from_note(note) for note in game.log.notes[section])


def _board(reasons: list[Reason], session: Session, game: Game, recorder: Recorder) -> None:
    """The board's header, then each row with what stands in its cells and who put it there."""
    rows, columns = game.board.rows, game.board.columns
    reasons.append(viewed("view.board.header", "_header", "board", columns=columns))
    ship = game.starfighter
    fog = not session.debug
    spans = _visible(rows, columns, ship.position, ship.stats.vision) if fog else None
    by_row: dict[int, list[Entity]] = {}
    for (row, column), occupant in sorted(game.cells.items()):
        if spans is None or spans[row - 1][0] <= column <= spans[row - 1][1]:
            by_row.setdefault(row, []).append(occupant)
    for row in range(1, rows + 1):
        cells = tuple(_cell(entity, recorder) for entity in by_row.get(row, []))
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
            row=ROW_LETTERS[row - 1],
            cells=shown,
            vision=ship.stats.vision,
            eye=ship.position,
        )
        paths = [path for entity in by_row.get(row, []) for path in _board_paths(entity, recorder)]
        if fog:
            paths.extend(_changes(recorder, ship.id))
        if not paths and not cells:
            reasons.append(reason)
            continue
        source = tuple(dict.fromkeys((*reason.source, *paths)))
        reasons.append(
            Reason(rule, reason.why, source, reason.phase, cells=cells, numbers=reason.numbers)
        )


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
