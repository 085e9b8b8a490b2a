"""Small builders for rule tests: a game with chosen equipment and entities placed by hand."""

from __future__ import annotations

from model.enemy import Enemy
from model.game import Game
from model.geometry import Position
from model.log import Section
from model.projectile import Projectile, enemy_projectile
from model.rng import Generator
from model.starfighter import Loadout
from model.tables import ARMOURS, ENGINES, POWERS, ROW_LETTERS, WEAPONS, Kind

NO_SPAWNS = (1, 1, 1, 1, 1)


def cell(name: str) -> Position:
    """`"C5"` is row C, column 5."""
    return Position(ROW_LETTERS.index(name[0]) + 1, int(name[1:]))


def new_game(
    rows: int = 5,
    columns: int = 10,
    *,
    weapon: int = 1,
    armour: int = 1,
    engine: int = 1,
    power: int = 1,
    thresholds: tuple[int, int, int, int, int] = NO_SPAWNS,
) -> Game:
    """A game as `play` then setup would start it; by default no enemy ever spawns."""
    loadout = Loadout(
        WEAPONS[weapon - 1], ARMOURS[armour - 1], ENGINES[engine - 1], POWERS[power - 1]
    )
    return Game(rows, columns, thresholds, loadout, Generator())


def put_enemy(game: Game, kind: Kind, where: str, *, see: bool | None = None) -> Enemy:
    """An enemy placed on a cell with the next id; `see` presets can_see_Starfighter."""
    enemy = game.new_enemy(kind, cell(where))
    ship = game.starfighter
    enemy.update_vision(ship.position, ship.stats.vision)
    if see is not None:
        enemy.can_see_starfighter = see
    game.add_enemy(enemy)
    game.place(enemy)
    return enemy


def put_enemy_projectile(game: Game, where: str, damage: int = 15, speed: int = 4) -> Projectile:
    projectile = enemy_projectile(game.ids.projectile(), cell(where), speed, damage)
    game.add_projectile(projectile)
    game.place(projectile)
    return projectile


def put_friendly_projectile(game: Game, where: str, damage: int = 70, speed: int = 5) -> Projectile:
    projectile = Projectile(game.ids.projectile(), True, cell(where), damage, speed)
    game.add_projectile(projectile)
    game.place(projectile)
    return projectile


def move_ship(game: Game, where: str) -> None:
    """Put the Starfighter on a cell without a turn."""
    ship = game.starfighter
    game.lift(ship)
    ship.position = cell(where)
    game.place(ship)


def log(game: Game, section: Section) -> list[str]:
    """A section of the last turn's log, indented as the debug view prints it."""
    return ["  " * depth + text for depth, text in game.log.entries[section]]


def symbol_at(game: Game, where: str) -> str | None:
    occupant = game.occupant(cell(where))
    return None if occupant is None else occupant.symbol
