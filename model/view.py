"""The state block printed after each command: a view of the session, never a rule.

One walk gives each line's text and what printed it (`Line`): `render` keeps the texts, and
`lines` gives `provenance` the part and subject of each line to explain
(docs/explanation/provenance.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from enum import Enum, auto
from functools import cache, lru_cache
from typing import NamedTuple

from model.enemy import Enemy
from model.game import Entity, Game
from model.geometry import Position
from model.ids import STARFIGHTER_ID
from model.log import SECTIONS, Section
from model.projectile import Projectile
from model.session import Session, Stage
from model.starfighter import Loadout, Starfighter
from model.tables import (
    ARMOURS,
    ENGINES,
    GAME_OVER,
    POWERS,
    ROW_LETTERS,
    STARFIGHTER_SYMBOL,
    WEAPONS,
    Part,
    Stats,
)

INDENT = "  "
NEWLINE_INDENT = "\n" + INDENT
EMPTY = "_"
FOG = "?"
SECTION_HEADINGS = tuple(f"{section.value}:" for section in SECTIONS)
DEPTHS = (INDENT, INDENT * 2)  # an action log's actor lines, then their details


class LinePart(Enum):
    """Which part of the state block a line belongs to: each is printed by one rule."""

    STATE = auto()
    MESSAGE = auto()
    MENU_OPTION = auto()
    WEAPON_SELECTED = auto()
    ARMOUR_SELECTED = auto()
    ENGINE_SELECTED = auto()
    POWER_SELECTED = auto()
    STARFIGHTER = auto()
    SCORE = auto()
    ENEMY_HEADING = auto()
    ENEMY = auto()
    PROJECTILE_HEADING = auto()
    PROJECTILE = auto()
    LOG_HEADING = auto()
    LOG_ENTRY = auto()
    BOARD_HEADER = auto()
    BOARD_ROW = auto()
    GAME_OVER = auto()
    RNG_HEADING = auto()
    RNG_DRAWN = auto()


class BoardRow(NamedTuple):
    """A board row's number (1 is A) and the entities seen in it, in the board's order."""

    row: int
    entities: tuple[Entity, ...]


# What a line is about: its entity, its log section, its board row, or nothing.
Subject = Entity | Section | BoardRow | None
Tag = tuple[LinePart, Subject]  # what printed one line


class Line(NamedTuple):
    """One line of the state block, unindented, with the part and subject that printed it."""

    text: str
    part: LinePart
    subject: Subject


def render(session: Session) -> str:
    """The state block for the session as it is now, every line indented, no final newline."""
    return INDENT + NEWLINE_INDENT.join(_walk(session, None))


def lines(session: Session) -> list[Line]:
    """The state block's lines, each with what printed it (the texts of `render`)."""
    tags: list[Tag] = []
    texts = _walk(session, tags)
    return [Line(text, part, subject) for text, (part, subject) in zip(texts, tags, strict=True)]


def _walk(session: Session, tags: list[Tag] | None) -> list[str]:
    """The texts of the state block's lines; with `tags`, what printed each line is added to it
    (`render` passes None: it is `oracle -b`'s hot path)."""
    texts = [_state_line(session)]
    if tags is not None:
        tags.append(STATE_TAG)
    if session.error is not None:
        texts.append(session.error.value)
        if tags is not None:
            tags.append(MESSAGE_TAG)
    elif session.notice is not None:
        texts.append(session.notice)
        if tags is not None:
            tags.append(MESSAGE_TAG)
    elif session.stage in MENUS:
        menu, parts = _setup(session.stage, session.loadout)
        texts.extend(menu)
        if tags is not None:
            tags.extend([(part, None) for part in parts])
    elif session.game is not None:
        _game(texts, tags, session.game, session.debug, session.rng_out)
    return texts


def _state_line(session: Session) -> str:
    name = session.stage.value
    if session.stage is Stage.IN_GAME and session.game is not None:
        name += f"({session.game.turn}.{session.game.since_turn})"
    mode = "debug" if session.debug else "normal"
    status = "error" if session.error is not None else "ok"
    return f"state:{name}, {mode}, {status}"


def _stats(stats: Stats) -> str:
    return (
        f"Health:{stats.health}, Energy:{stats.energy}, "
        f"Regen:{stats.health_regen}/{stats.energy_regen}, Armour:{stats.armour}, "
        f"Vision:{stats.vision}, Move:{stats.move}, Move Cost:{stats.move_cost}"
    )


@cache
def _setup(stage: Stage, loadout: Loadout) -> tuple[tuple[str, ...], tuple[LinePart, ...]]:
    """A setup state's lines and their parts: they depend on nothing but the parts selected."""
    pairs = tuple(MENUS[stage](loadout))
    return tuple(text for text, _ in pairs), tuple(part for _, part in pairs)


def _weapon_menu(loadout: Loadout) -> Iterator[tuple[str, LinePart]]:
    for number, weapon in enumerate(WEAPONS, 1):
        yield f"{number}:{weapon.name} ({weapon.description})", LinePart.MENU_OPTION
        yield f"  {_stats(weapon.stats)},", LinePart.MENU_OPTION
        yield (
            f"  Projectile Damage:{weapon.damage}, Projectile Cost:{weapon.cost}"
            f" ({weapon.cost_kind.value})",
            LinePart.MENU_OPTION,
        )
    yield f"Weapon Selected:{loadout.weapon.name}", LinePart.WEAPON_SELECTED


def _armour_menu(loadout: Loadout) -> Iterator[tuple[str, LinePart]]:
    yield from _part_menu(ARMOURS)
    yield f"Armour Selected:{loadout.armour.name}", LinePart.ARMOUR_SELECTED


def _engine_menu(loadout: Loadout) -> Iterator[tuple[str, LinePart]]:
    yield from _part_menu(ENGINES)
    yield f"Engine Selected:{loadout.engine.name}", LinePart.ENGINE_SELECTED


def _part_menu(parts: Iterable[Part]) -> Iterator[tuple[str, LinePart]]:
    for number, part in enumerate(parts, 1):
        yield f"{number}:{part.name}", LinePart.MENU_OPTION
        yield f"  {_stats(part.stats)}", LinePart.MENU_OPTION


def _power_menu(loadout: Loadout) -> Iterator[tuple[str, LinePart]]:
    for number, power in enumerate(POWERS, 1):
        yield f"{number}:{power.text}", LinePart.MENU_OPTION
    yield f"Power Selected:{loadout.power.text}", LinePart.POWER_SELECTED


def _summary(loadout: Loadout) -> Iterator[tuple[str, LinePart]]:
    yield f"Weapon Selected:{loadout.weapon.name}", LinePart.WEAPON_SELECTED
    yield f"Armour Selected:{loadout.armour.name}", LinePart.ARMOUR_SELECTED
    yield f"Engine Selected:{loadout.engine.name}", LinePart.ENGINE_SELECTED
    yield f"Power Selected:{loadout.power.text}", LinePart.POWER_SELECTED


MENUS = {
    Stage.WEAPON: _weapon_menu,
    Stage.ARMOUR: _armour_menu,
    Stage.ENGINE: _engine_menu,
    Stage.POWER: _power_menu,
    Stage.SUMMARY: _summary,
}


def entity_line(*names: str) -> Callable[..., str]:
    """How the debug sections list one kind of entity: `[id,symbol]->name:value, name:value`,
    called with the id, the symbol, then the values.

    The template's own `format`: called in C, with no Python frame, on every entity line.
    """
    return ("[{},{}]->" + ", ".join(name + ":{}" for name in names)).format


STATE_TAG: Tag = (LinePart.STATE, None)
MESSAGE_TAG: Tag = (LinePart.MESSAGE, None)

STARFIGHTER_LINE = entity_line(
    "health", "energy", "Regen", "Armour", "Vision", "Move", "Move Cost", "location"
)
ENEMY_LINE = entity_line(
    "health", "Regen", "Armour", "Vision", "seen_by_Starfighter", "can_see_Starfighter", "location"
)
PROJECTILE_LINE = entity_line("damage", "move", "location")


def _flag(value: bool) -> str:
    return "T" if value else "F"


def _starfighter(ship: Starfighter) -> list[str]:
    """The Starfighter's heading, its line, its weapon and its power (its score follows)."""
    stats = ship.stats
    line = STARFIGHTER_LINE(
        STARFIGHTER_ID,
        STARFIGHTER_SYMBOL,
        f"{ship.health}/{stats.health}",
        f"{ship.energy}/{stats.energy}",
        f"{stats.health_regen}/{stats.energy_regen}",
        stats.armour,
        stats.vision,
        stats.move,
        stats.move_cost,
        ship.position,
    )
    weapon = ship.loadout.weapon
    return [
        "Starfighter:",
        INDENT + line,
        f"    Projectile Pattern:{weapon.name}, Projectile Damage:{weapon.damage}, "
        f"Projectile Cost:{weapon.cost} ({weapon.cost_kind.value})",
        f"    Power:{ship.loadout.power.text}",
    ]


def _score(ship: Starfighter) -> str:
    return f"    score:{ship.focus.score()}"


def _enemy(enemy: Enemy) -> str:
    return ENEMY_LINE(
        enemy.id,
        enemy.symbol,
        f"{enemy.health}/{enemy.total_health}",
        enemy.regen,
        enemy.armour,
        enemy.vision,
        _flag(enemy.seen_by_starfighter),
        _flag(enemy.can_see_starfighter),
        enemy.position,
    )


def _projectile(projectile: Projectile) -> str:
    return PROJECTILE_LINE(
        projectile.id, projectile.symbol, projectile.damage, projectile.speed, projectile.position
    )


def _game(texts: list[str], tags: list[Tag] | None, game: Game, debug: bool, rng_out: bool) -> None:
    """Append the in-game view: Starfighter, debug sections if on, board, game over, RNG usage."""
    ship = game.starfighter
    status = _starfighter(ship)
    texts.extend(status)
    texts.append(_score(ship))
    if tags is not None:
        tags.extend([(LinePart.STARFIGHTER, ship)] * len(status))
        tags.append((LinePart.SCORE, ship))
    if debug:
        _debug(texts, tags, game)
    _board(texts, tags, game, fog=not debug)
    if game.over:
        texts.append(GAME_OVER)
        if tags is not None:
            tags.append((LinePart.GAME_OVER, None))
    if rng_out:
        texts.append("RNG Usage:")
        if tags is not None:
            tags.append((LinePart.RNG_HEADING, None))
        if game.drawn is not None:
            row, kind = game.drawn
            texts.append(f"  row:{row}, enemy:{kind}")
            if tags is not None:
                tags.append((LinePart.RNG_DRAWN, None))


def _debug(texts: list[str], tags: list[Tag] | None, game: Game) -> None:
    """Append the debug sections: the enemies, the projectiles, then the five action logs."""
    texts.append("Enemy:")
    texts.extend([INDENT + _enemy(enemy) for enemy in game.enemies.values()])
    texts.append("Projectile:")
    texts.extend([INDENT + _projectile(p) for p in game.projectiles.values()])
    for heading, entries in zip(SECTION_HEADINGS, game.log.entries.values(), strict=True):
        texts.append(heading)
        texts.extend([DEPTHS[depth] + text for depth, text in entries])
    if tags is not None:
        tags.append((LinePart.ENEMY_HEADING, None))
        tags.extend([(LinePart.ENEMY, enemy) for enemy in game.enemies.values()])
        tags.append((LinePart.PROJECTILE_HEADING, None))
        tags.extend([(LinePart.PROJECTILE, p) for p in game.projectiles.values()])
        for section, entries in game.log.entries.items():
            tags.append((LinePart.LOG_HEADING, section))
            tags.extend([(LinePart.LOG_ENTRY, section)] * len(entries))


def _board(texts: list[str], tags: list[Tag] | None, game: Game, fog: bool) -> None:
    """Append the column header, then a row per letter; in normal mode `?` beyond the
    Starfighter's vision.

    A row without visible entities is a cached text; the others are written cell by cell.
    """
    rows, columns = game.board.rows, game.board.columns
    if fog:
        ship = game.starfighter
        spans = _visible(rows, columns, ship.position, ship.stats.vision)
    else:
        spans = ((1, columns),) * rows
    written: dict[int, list[str]] = {}
    seen: list[Entity] = []
    for (row, column), occupant in game.cells.items():
        first, last = spans[row - 1]
        if first <= column <= last:
            cells = written.get(row) or written.setdefault(row, list(_cells(columns, first, last)))
            cells[column - 1] = occupant.symbol
            seen.append(occupant)
    texts.append(_header(columns))
    for row, (first, last) in enumerate(spans, 1):
        if row in written:
            texts.append(_row_line(row, written[row]))
        else:
            texts.append(_empty_row(row, columns, first, last))
    if tags is not None:
        by_row: dict[int, list[Entity]] = {}
        for entity in seen:
            by_row.setdefault(entity.position.row, []).append(entity)
        tags.append((LinePart.BOARD_HEADER, None))
        tags.extend(
            [
                (LinePart.BOARD_ROW, BoardRow(row, tuple(by_row.get(row, ()))))
                for row in range(1, rows + 1)
            ]
        )


@lru_cache(maxsize=1 << 10)
def _visible(rows: int, columns: int, eye: Position, vision: int) -> tuple[tuple[int, int], ...]:
    """Per row, the first and last columns within `vision` of `eye` (last < first: none)."""
    spans = []
    for row in range(1, rows + 1):
        reach = vision - abs(row - eye.row)
        spans.append((max(eye.column - reach, 1), min(eye.column + reach, columns)))
    return tuple(spans)


@lru_cache(maxsize=1 << 12)
def _cells(columns: int, first: int, last: int) -> tuple[str, ...]:
    """A row's cells without entities: empty from column `first` to `last`, fog elsewhere."""
    return tuple(EMPTY if first <= column <= last else FOG for column in range(1, columns + 1))


def _row_line(row: int, cells: Iterable[str]) -> str:
    """A board row as printed: its letter, then its cells three characters apart."""
    return f"  {ROW_LETTERS[row - 1]} " + "  ".join(cells)


@lru_cache(maxsize=1 << 12)
def _empty_row(row: int, columns: int, first: int, last: int) -> str:
    """A row without visible entities."""
    return _row_line(row, _cells(columns, first, last))


@cache
def _header(columns: int) -> str:
    return "  " + "".join(f"{column:>3}" for column in range(1, columns + 1))
