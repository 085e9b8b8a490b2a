"""The state of one game and the board operations every rule uses."""

from __future__ import annotations

from math import ceil

from model.enemy import Enemy
from model.geometry import Board, Position
from model.ids import Ids
from model.log import TurnLog, destroyed
from model.projectile import Projectile
from model.rng import Generator
from model.scoring import drop
from model.starfighter import Loadout, Starfighter
from model.tables import Kind

Entity = Starfighter | Enemy | Projectile


class Game:
    """Board, entities, ids, counters and the last turn's log of one game."""

    def __init__(
        self,
        rows: int,
        columns: int,
        thresholds: tuple[int, int, int, int, int],
        loadout: Loadout,
        generator: Generator,
    ) -> None:
        self.board = Board(rows, columns)
        self.thresholds = thresholds
        self.generator = generator
        self.ids = Ids()
        self.starfighter = Starfighter.launched(loadout, Position(ceil(rows / 2), 1))
        self.cells: dict[Position, Entity] = {self.starfighter.position: self.starfighter}
        self.enemies: dict[int, Enemy] = {}
        self.projectiles: dict[int, Projectile] = {}
        self.turn = 0
        self.since_turn = 0
        self.log = TurnLog()
        self.drawn: tuple[int, int] | None = None

    @property
    def over(self) -> bool:
        return self.starfighter.destroyed

    def begin_turn(self) -> None:
        """A new turn: counted, with a fresh log and nothing drawn yet."""
        self.turn += 1
        self.since_turn = 0
        self.log = TurnLog()
        self.drawn = None

    def occupant(self, position: Position) -> Entity | None:
        return self.cells.get(position)

    def place(self, entity: Entity) -> None:
        """Put `entity` on the cell of its position (the caller has resolved any collision)."""
        self.cells[entity.position] = entity

    def lift(self, entity: Entity) -> None:
        """Take `entity` off its cell while it travels."""
        if self.cells.get(entity.position) is entity:
            del self.cells[entity.position]

    def add_projectile(self, projectile: Projectile) -> None:
        self.projectiles[projectile.id] = projectile

    def add_enemy(self, enemy: Enemy) -> None:
        self.enemies[enemy.id] = enemy

    def remove(self, entity: Entity) -> None:
        """Take a projectile or an enemy out of the game (destroyed, neutralized or escaped)."""
        self.lift(entity)
        if isinstance(entity, Projectile):
            self.projectiles.pop(entity.id, None)
        elif isinstance(entity, Enemy):
            self.enemies.pop(entity.id, None)

    def is_present(self, entity: Entity) -> bool:
        """Whether `entity` is still in the game; the Starfighter always is, even destroyed."""
        if isinstance(entity, Projectile):
            return entity.id in self.projectiles
        if isinstance(entity, Enemy):
            return entity.id in self.enemies
        return True

    def damage(self, target: Enemy | Starfighter, amount: int) -> None:
        """`target` loses `amount` health; at 0 or below it is destroyed, and that is logged."""
        target.take_damage(amount)
        if isinstance(target, Starfighter):
            if target.destroyed:
                self.log.detail(destroyed(target.name, target.position))
        elif target.destroyed:
            self.destroy(target)

    def destroy(self, enemy: Enemy) -> None:
        """An enemy is destroyed: off the board, and its orbment goes to the Starfighter's focus."""
        self.log.detail(destroyed(enemy.name, enemy.position))
        self.remove(enemy)
        self.starfighter.focus.add(drop(enemy.kind))

    def new_enemy(self, kind: Kind, position: Position) -> Enemy:
        return Enemy.spawned(self.ids.enemy(), kind, position)
