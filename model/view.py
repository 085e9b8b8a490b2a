"""The state block printed after each command: a view of the session, never a rule."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache, lru_cache

from model.enemy import Enemy
from model.game import Game
from model.geometry import Position
from model.ids import STARFIGHTER_ID
from model.log import SECTIONS
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


def render(session: Session) -> str:
    """The state block for the session as it is now, every line indented, no final newline."""
    return INDENT + NEWLINE_INDENT.join(_lines(session))


def _lines(session: Session) -> list[str]:
    lines = [_state_line(session)]
    if session.error is not None:
        lines.append(session.error.value)
    elif session.notice is not None:
        lines.append(session.notice)
    elif session.stage in MENUS:
        lines.extend(_setup(session.stage, session.loadout))
    elif session.game is not None:
        _game(lines, session.game, session.debug, session.rng_out)
    return lines


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
def _setup(stage: Stage, loadout: Loadout) -> tuple[str, ...]:
    """A setup state's lines: they depend on nothing but the parts selected."""
    return tuple(MENUS[stage](loadout))


def _weapon_menu(loadout: Loadout) -> Iterator[str]:
    for number, weapon in enumerate(WEAPONS, 1):
        yield f"{number}:{weapon.name} ({weapon.description})"
        yield f"  {_stats(weapon.stats)},"
        yield f"  Projectile Damage:{weapon.damage}, Projectile Cost:{weapon.cost} ({weapon.cost_kind.value})"
    yield f"Weapon Selected:{loadout.weapon.name}"


def _armour_menu(loadout: Loadout) -> Iterator[str]:
    yield from _part_menu(ARMOURS)
    yield f"Armour Selected:{loadout.armour.name}"


def _engine_menu(loadout: Loadout) -> Iterator[str]:
    yield from _part_menu(ENGINES)
    yield f"Engine Selected:{loadout.engine.name}"


def _part_menu(parts: Iterable[Part]) -> Iterator[str]:
    for number, part in enumerate(parts, 1):
        yield f"{number}:{part.name}"
        yield f"  {_stats(part.stats)}"


def _power_menu(loadout: Loadout) -> Iterator[str]:
    for number, power in enumerate(POWERS, 1):
        yield f"{number}:{power.text}"
    yield f"Power Selected:{loadout.power.text}"


def _summary(loadout: Loadout) -> Iterator[str]:
    yield f"Weapon Selected:{loadout.weapon.name}"
    yield f"Armour Selected:{loadout.armour.name}"
    yield f"Engine Selected:{loadout.engine.name}"
    yield f"Power Selected:{loadout.power.text}"


MENUS = {
    Stage.WEAPON: _weapon_menu,
    Stage.ARMOUR: _armour_menu,
    Stage.ENGINE: _engine_menu,
    Stage.POWER: _power_menu,
    Stage.SUMMARY: _summary,
}


class EntityLine:
    """How the debug sections list one kind of entity: `[id,symbol]->name:value, name:value`."""

    def __init__(self, *names: str) -> None:
        self.template = "[{},{}]->" + ", ".join(name + ":{}" for name in names)

    def __call__(self, entity_id: int, symbol: str, *values: object) -> str:
        return self.template.format(entity_id, symbol, *values)


STARFIGHTER_LINE = EntityLine(
    "health", "energy", "Regen", "Armour", "Vision", "Move", "Move Cost", "location"
)
ENEMY_LINE = EntityLine(
    "health", "Regen", "Armour", "Vision", "seen_by_Starfighter", "can_see_Starfighter", "location"
)
PROJECTILE_LINE = EntityLine("damage", "move", "location")


def _flag(value: bool) -> str:
    return "T" if value else "F"


def _starfighter(ship: Starfighter) -> list[str]:
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
        f"    score:{ship.focus.score()}",
    ]


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


def _game(lines: list[str], game: Game, debug: bool, rng_out: bool) -> None:
    """Append the in-game view: Starfighter, debug sections if on, board, game over, RNG usage."""
    lines.extend(_starfighter(game.starfighter))
    if debug:
        lines.append("Enemy:")
        lines.extend([INDENT + _enemy(enemy) for enemy in game.enemies.values()])
        lines.append("Projectile:")
        lines.extend([INDENT + _projectile(p) for p in game.projectiles.values()])
        for heading, entries in zip(SECTION_HEADINGS, game.log.entries.values(), strict=True):
            lines.append(heading)
            lines.extend([DEPTHS[depth] + text for depth, text in entries])
    lines.extend(_board(game, fog=not debug))
    if game.over:
        lines.append(GAME_OVER)
    if rng_out:
        lines.append("RNG Usage:")
        if game.drawn is not None:
            row, kind = game.drawn
            lines.append(f"  row:{row}, enemy:{kind}")


def _board(game: Game, fog: bool) -> list[str]:
    """The column header, then a row per letter; in normal mode `?` beyond the Starfighter's vision.

    A row without visible entities is a cached text; the others are written cell by cell.
    """
    rows, columns = game.board.rows, game.board.columns
    if fog:
        ship = game.starfighter
        spans = _visible(rows, columns, ship.position, ship.stats.vision)
    else:
        spans = ((1, columns),) * rows
    written: dict[int, list[str]] = {}
    for (row, column), occupant in game.cells.items():
        first, last = spans[row - 1]
        if first <= column <= last:
            cells = written.get(row) or written.setdefault(row, list(_cells(columns, first, last)))
            cells[column - 1] = occupant.symbol
    lines = [_header(columns)]
    for row, (first, last) in enumerate(spans, 1):
        if row in written:
            lines.append(_row_line(row, written[row]))
        else:
            lines.append(_empty_row(row, columns, first, last))
    return lines


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
