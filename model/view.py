"""The state block printed after each command: a view of the session, never a rule."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache

from model.enemy import Enemy
from model.game import Game
from model.ids import STARFIGHTER_ID
from model.log import SECTIONS
from model.projectile import Projectile
from model.session import Session, Stage
from model.starfighter import Starfighter
from model.geometry import Position
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
EMPTY = "_"
FOG = "?"


def render(session: Session) -> str:
    """The state block for the session as it is now, every line indented, no final newline."""
    return "\n".join(INDENT + line for line in _lines(session))


def _lines(session: Session) -> Iterator[str]:
    yield _state_line(session)
    if session.error is not None:
        yield session.error.value
    elif session.notice is not None:
        yield session.notice
    elif session.stage in MENUS:
        yield from MENUS[session.stage](session)
    elif session.game is not None:
        yield from _game(session.game, session.debug, session.rng_out)


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


def _weapon_menu(session: Session) -> Iterator[str]:
    for number, weapon in enumerate(WEAPONS, 1):
        yield f"{number}:{weapon.name} ({weapon.description})"
        yield f"  {_stats(weapon.stats)},"
        yield f"  Projectile Damage:{weapon.damage}, Projectile Cost:{weapon.cost} ({weapon.cost_kind.value})"
    yield f"Weapon Selected:{session.loadout.weapon.name}"


def _armour_menu(session: Session) -> Iterator[str]:
    yield from _part_menu(ARMOURS)
    yield f"Armour Selected:{session.loadout.armour.name}"


def _engine_menu(session: Session) -> Iterator[str]:
    yield from _part_menu(ENGINES)
    yield f"Engine Selected:{session.loadout.engine.name}"


def _part_menu(parts: Iterable[Part]) -> Iterator[str]:
    for number, part in enumerate(parts, 1):
        yield f"{number}:{part.name}"
        yield f"  {_stats(part.stats)}"


def _power_menu(session: Session) -> Iterator[str]:
    for number, power in enumerate(POWERS, 1):
        yield f"{number}:{power.text}"
    yield f"Power Selected:{session.loadout.power.text}"


def _summary(session: Session) -> Iterator[str]:
    loadout = session.loadout
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


def entity_line(entity_id: int, symbol: str, fields: Iterable[tuple[str, object]]) -> str:
    """One entity as the debug sections list it: `[id,symbol]->name:value, name:value`."""
    return f"[{entity_id},{symbol}]->" + ", ".join(f"{name}:{value}" for name, value in fields)


def _flag(value: bool) -> str:
    return "T" if value else "F"


def _starfighter(ship: Starfighter) -> Iterator[str]:
    stats = ship.stats
    weapon, power = ship.loadout.weapon, ship.loadout.power
    yield "Starfighter:"
    yield "  " + entity_line(
        STARFIGHTER_ID,
        STARFIGHTER_SYMBOL,
        [
            ("health", f"{ship.health}/{stats.health}"),
            ("energy", f"{ship.energy}/{stats.energy}"),
            ("Regen", f"{stats.health_regen}/{stats.energy_regen}"),
            ("Armour", stats.armour),
            ("Vision", stats.vision),
            ("Move", stats.move),
            ("Move Cost", stats.move_cost),
            ("location", ship.position),
        ],
    )
    yield (
        f"    Projectile Pattern:{weapon.name}, Projectile Damage:{weapon.damage}, "
        f"Projectile Cost:{weapon.cost} ({weapon.cost_kind.value})"
    )
    yield f"    Power:{power.text}"
    yield f"    score:{ship.focus.score()}"


def _enemy(enemy: Enemy) -> str:
    return entity_line(
        enemy.id,
        enemy.kind.value,
        [
            ("health", f"{enemy.health}/{enemy.total_health}"),
            ("Regen", enemy.regen),
            ("Armour", enemy.armour),
            ("Vision", enemy.vision),
            ("seen_by_Starfighter", _flag(enemy.seen_by_starfighter)),
            ("can_see_Starfighter", _flag(enemy.can_see_starfighter)),
            ("location", enemy.position),
        ],
    )


def _projectile(projectile: Projectile) -> str:
    return entity_line(
        projectile.id,
        projectile.symbol,
        [("damage", projectile.damage), ("move", projectile.speed), ("location", projectile.position)],
    )


def _game(game: Game, debug: bool, rng_out: bool) -> Iterator[str]:
    yield from _starfighter(game.starfighter)
    if debug:
        yield "Enemy:"
        yield from ("  " + _enemy(enemy) for enemy in game.enemies.values())
        yield "Projectile:"
        yield from ("  " + _projectile(p) for p in game.projectiles.values())
        for section in SECTIONS:
            yield f"{section.value}:"
            yield from ("  " + "  " * depth + text for depth, text in game.log.entries[section])
    yield from _board(game, fog=not debug)
    if game.over:
        yield GAME_OVER
    if rng_out:
        yield "RNG Usage:"
        if game.drawn is not None:
            row, kind = game.drawn
            yield f"  row:{row}, enemy:{kind}"


def _board(game: Game, fog: bool) -> Iterator[str]:
    """The column header, then a row per letter; in normal mode `?` beyond the Starfighter's vision."""
    rows, columns = game.board.rows, game.board.columns
    grid = [[EMPTY] * columns for _ in range(rows)]
    for (row, column), occupant in game.cells.items():
        grid[row - 1][column - 1] = occupant.symbol
    if fog:
        _cover(grid, game.starfighter.position, game.starfighter.stats.vision)
    yield _header(columns)
    for letter, cells in zip(ROW_LETTERS, grid):
        yield f"  {letter} " + "  ".join(cells)


def _cover(grid: list[list[str]], eye: Position, vision: int) -> None:
    """Fog every cell whose displacement from `eye` exceeds `vision`."""
    for row, cells in enumerate(grid, 1):
        reach = vision - abs(row - eye.row)
        first, last = eye.column - reach, eye.column + reach
        for column in range(1, len(cells) + 1):
            if not first <= column <= last:
                cells[column - 1] = FOG


@cache
def _header(columns: int) -> str:
    return "  " + "".join(f"{column:>3}" for column in range(1, columns + 1))
