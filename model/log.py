"""The action logs of a turn (messages.txt, sections 4 to 8) and the texts written into them."""

from __future__ import annotations

from model.geometry import Position
from model.ids import STARFIGHTER_ID
from model.tables import Keyed


class Section(Keyed):
    """The five action logs of the debug view, in display order."""

    FRIENDLY = "Friendly Projectile Action"
    ENEMY_PROJECTILE = "Enemy Projectile Action"
    STARFIGHTER = "Starfighter Action"
    ENEMY = "Enemy Action"
    SPAWN = "Natural Enemy Spawn"


SECTIONS: tuple[Section, ...] = tuple(Section)


class TurnLog:
    """What happened in one turn: lines per section, each at a depth (0: an actor, 1: a detail).

    Lines go to the section entered last (phases enter theirs in turn).
    """

    def __init__(self) -> None:
        self.entries: dict[Section, list[tuple[int, str]]] = {section: [] for section in SECTIONS}
        self.lines = self.entries[Section.FRIENDLY]

    def enter(self, section: Section) -> None:
        self.lines = self.entries[section]

    def actor(self, text: str) -> None:
        self.lines.append((0, text))

    def detail(self, text: str) -> None:
        self.lines.append((1, text))

    def write(self, depth: int, text: str) -> None:
        self.lines.append((depth, text))

    def mark(self) -> int:
        """Where the next line of the current section will go."""
        return len(self.lines)

    def actor_at(self, mark: int, text: str) -> None:
        """An actor line placed before the details its action has already written."""
        self.lines.insert(mark, (0, text))


def tag(name: str, entity_id: int) -> str:
    """An entity as messages name it: `Grunt(id:1)`, `enemy projectile(id:-3)`."""
    return f"{name}(id:{entity_id})"


def subject(name: str, entity_id: int) -> str:
    """An actor at the head of its line: `The Starfighter(id:0)`, `A Grunt(id:1)`."""
    article = "The" if entity_id == STARFIGHTER_ID else "A"
    return f"{article} {tag(name, entity_id)}"


def moves(subject: str, start: Position, end: str) -> str:
    return f"{subject} moves: {start} -> {end}"


def stays(subject: str, position: Position) -> str:
    return f"{subject} stays at: {position}"


def spawns(subject: str, where: str) -> str:
    return f"A {subject} spawns at location {where}."


def collides(mover: str, target: str, position: Position, effect: str) -> str:
    return f"The {mover} collides with {target} at location {position}, {effect}."


def destroyed(name: str, position: Position) -> str:
    return f"The {name} at location {position} has been destroyed."


def gains(subject: str, amount: int, attribute: str) -> str:
    return f"A {subject} gains {amount} {attribute}."


def heals(healer: str, target: str, position: Position, amount: int) -> str:
    return f"The {healer} heals {target} at location {position} for {amount} damage."


def passes(subject: str, position: Position) -> str:
    return f"{subject} passes at location {position}, doubling regen rate."


def fires(subject: str, position: Position) -> str:
    return f"{subject} fires at location {position}."


def uses_special(subject: str, effect: str) -> str:
    return f"{subject} uses special, {effect}"


def neutralized(projectile_id: int, position: Position) -> str:
    return f"A {tag('projectile', projectile_id)} at location {position} has been neutralized."


def takes(subject: str, position: Position, damage: int) -> str:
    return f"A {subject} at location {position} takes {damage} damage."
