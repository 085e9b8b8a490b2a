"""The one loader of the game's JSON data files, shipped in the package's data folder.

Every file is checked whole when loaded: a missing, malformed or inconsistent file is a DataError
whose message is one line naming the file and what is wrong.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, TypeVar

from games.star_canine.enemy import EnemyKind, candidates
from games.star_canine.equipment import Equipment
from games.star_canine.tables import (
    ACTS,
    BROKEN_SCRAP_ID,
    WEAPON_TYPES,
    EnemyType,
    ItemType,
    Range,
    StageKind,
)

EQUIPMENT_FILE = "Equipment_data.json"
ENEMY_FILE = "Enemy_data.json"
START_FILE = "Starting_state.json"

T = TypeVar("T")


class DataError(Exception):
    """A data file is missing or malformed; the message is one line for the user."""


@dataclass(frozen=True)
class StartingState:
    """The ship a run begins with (spec 2.3): hull (= max hull), ammo, slots, inventory ids."""

    hull: int
    ammo: int
    max_slots: int
    item_ids: tuple[int, ...]


@dataclass(frozen=True)
class GameData:
    """Everything the data files say: equipment by id (file order), enemies, the starting ship."""

    equipment: dict[int, Equipment]
    enemies: tuple[EnemyKind, ...]
    start: StartingState

    def rewards(self) -> list[Equipment]:
        """The equipment that post-battle rewards draw from, in file order."""
        return [kind for kind in self.equipment.values() if kind.reward]


@lru_cache(maxsize=1)
def packaged_data() -> GameData:
    """The data shipped with the game, loaded once."""
    return load_data(resources.files("games.star_canine") / "data")


def load_data(folder: Traversable) -> GameData:
    """Load and check the three data files of a folder."""
    equipment = _equipment(_read(folder, EQUIPMENT_FILE))
    enemies = _enemies(_read(folder, ENEMY_FILE))
    start = _start(_read(folder, START_FILE), equipment)
    for act in ACTS:
        for number, rule in enumerate(act.stages, 1):
            if rule.kind is StageKind.COMBAT and not candidates(rule, enemies):
                raise DataError(
                    f"data file {ENEMY_FILE}: no enemy of difficulty {rule.difficulty}"
                    f" for ACT {act.numeral} stage {number}"
                )
    return GameData(equipment, enemies, start)


def _read(folder: Traversable, name: str) -> Any:
    try:
        text = (folder / name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"data file {name} is missing") from None
    except (OSError, UnicodeDecodeError) as error:
        raise DataError(f"data file {name} cannot be read: {error}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise DataError(
            f"data file {name} is not valid JSON: {_syntax_error(text, error.pos)}"
        ) from None


def _syntax_error(text: str, position: int) -> str:
    """What is wrong where the JSON parser stopped, in the project's own words with the line and
    column, the same on every Python (the parser's own sentences and places change between them)."""
    comma = _trailing_comma(text, position)
    if comma is not None:
        closer = text[comma + 1 :].lstrip()[0]
        return f"a comma before the closing {closer} at {_place(text, comma)}"
    if not text[position:].strip():
        return f"the text ends before the data does, at {_place(text, len(text.rstrip()))}"
    character = text[position]
    if character == '"' and not _closed_string(text, position):
        return f"a string that is never closed at {_place(text, position)}"
    return f"unexpected {json.dumps(character, ensure_ascii=False)} at {_place(text, position)}"


def _trailing_comma(text: str, position: int) -> int | None:
    """Where the comma is when the parser stopped at a comma before a closing brace or bracket
    (Python 3.13 stops there) or at the closer after such a comma (3.11 and 3.12 stop there)."""
    before = text[:position].rstrip()
    if text[position : position + 1] in ("}", "]") and before.endswith(","):
        return len(before) - 1
    after = text[position + 1 :].lstrip()
    if text[position : position + 1] == "," and after[:1] in ("}", "]"):
        return position
    return None


def _closed_string(text: str, start: int) -> bool:
    """Whether the string that opens at START has its closing quote (on any line)."""
    escaped = False
    for character in text[start + 1 :]:
        if character == '"' and not escaped:
            return True
        escaped = character == "\\" and not escaped
    return False


def _place(text: str, position: int) -> str:
    """`line L, column C` of a position in the text, both counted from 1."""
    line = text.count("\n", 0, position) + 1
    column = position - text.rfind("\n", 0, position)
    return f"line {line}, column {column}"


class _Entry:
    """One JSON object of a data file, read field by field with one-line errors."""

    def __init__(self, file: str, where: str, raw: Any) -> None:
        if not isinstance(raw, dict):
            raise DataError(f"data file {file}: {where} is not an object")
        self.file, self.where, self.raw = file, where, raw

    def fail(self, message: str) -> DataError:
        return DataError(f"data file {self.file}: {self.where}: {message}")

    def integer(self, key: str) -> int:
        value = self.raw.get(key)
        if value is None or not _is_count(value):
            raise self.fail(f"{key} must be a whole number of 0 or more, not {_shown(value)}")
        return int(value)

    def optional(self, key: str, may_omit: bool = False) -> int | None:
        if key not in self.raw and not may_omit:
            raise self.fail(f"{key} is missing (write null for none)")
        value = self.raw.get(key)
        if value is not None and not _is_count(value):
            raise self.fail(
                f"{key} must be a whole number of 0 or more or null, not {_shown(value)}"
            )
        return None if value is None else int(value)

    def flag(self, key: str) -> bool:
        value = self.raw.get(key)
        if not isinstance(value, bool):
            raise self.fail(f"{key} must be true or false, not {_shown(value)}")
        return value

    def text(self, key: str) -> str:
        value = self.raw.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{key} must be a non-empty string, not {_shown(value)}")
        return value

    def choice(self, key: str, names: dict[str, T]) -> T:
        value = self.raw.get(key)
        found = names.get(value.upper()) if isinstance(value, str) else None
        if found is None:
            raise self.fail(f"{key} must be one of {', '.join(names)}, not {_shown(value)}")
        return found

    def per_range(self, prefix: str) -> dict[Range, int | None]:
        return {at: self.optional(f"{prefix}_{at.value}") for at in Range}


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _shown(value: Any) -> str:
    return "nothing" if value is None else json.dumps(value, ensure_ascii=False)[:40]


def _entries(file: str, document: Any, key: str) -> list[Any]:
    if not isinstance(document, dict) or not isinstance(document.get(key), list):
        raise DataError(f'data file {file}: expected an object with a list "{key}"')
    return list(document[key])


_ITEM_TYPES = {kind.value: kind for kind in ItemType}
_WEAPON_TYPES = {kind.value: kind for kind in WEAPON_TYPES}
_ENEMY_TYPES = {kind.value.upper(): kind for kind in EnemyType}


def _equipment(document: Any) -> dict[int, Equipment]:
    items: dict[int, Equipment] = {}
    for index, raw in enumerate(_entries(EQUIPMENT_FILE, document, "items"), 1):
        entry = _Entry(EQUIPMENT_FILE, f"item {index}", raw)
        kind = _equipment_entry(entry)
        if kind.id in items:
            raise entry.fail(f"id {kind.id} is used twice")
        items[kind.id] = kind
    scrap = items.get(BROKEN_SCRAP_ID)
    if scrap is None or scrap.type is not ItemType.JUNK:
        raise DataError(f"data file {EQUIPMENT_FILE}: no JUNK item of id {BROKEN_SCRAP_ID}")
    return items


def _equipment_entry(entry: _Entry) -> Equipment:
    item_id = entry.integer("id")
    entry.where = f"item id {item_id}"
    item_type = entry.choice("type", _ITEM_TYPES)
    weapon = item_type in WEAPON_TYPES
    return Equipment(
        id=item_id,
        name=entry.text("name"),
        type=item_type,
        reward=entry.flag("reward"),
        disposable=entry.flag("disposable"),
        damage=entry.per_range("damage") if weapon else {},
        ammo_cost=entry.integer("ammo_cost") if weapon else 0,
        uses_per_battle=entry.optional("uses_per_battle") if weapon else None,
        shield=entry.integer("shield") if item_type is ItemType.SHIELD else 0,
        armor=entry.integer("armor") if item_type is ItemType.ARMOR else 0,
        target_type=(
            entry.choice("target_type", _WEAPON_TYPES) if item_type is ItemType.MODULE else None
        ),
        multiplier=entry.integer("multiplier") if item_type is ItemType.MODULE else 1,
    )


def _enemies(document: Any) -> tuple[EnemyKind, ...]:
    enemies: list[EnemyKind] = []
    for index, raw in enumerate(_entries(ENEMY_FILE, document, "enemies"), 1):
        entry = _Entry(ENEMY_FILE, f"enemy {index}", raw)
        entry.where = f"enemy {entry.text('enemy_id')!r}"
        enemies.append(
            EnemyKind(
                name=entry.text("enemy_id"),
                hull=entry.integer("hull"),
                shield=entry.optional("shield", may_omit=True) or 0,
                armor=entry.optional("armor", may_omit=True) or 0,
                damage=entry.per_range("damage"),
                uses=entry.per_range("uses"),
                difficulty=entry.integer("difficulty"),
                type=entry.choice("type", _ENEMY_TYPES),
            )
        )
    return tuple(enemies)


def _start(document: Any, equipment: dict[int, Equipment]) -> StartingState:
    entry = _Entry(START_FILE, "the starting state", document)
    ids = entry.raw.get("equipped_item_ids")
    if not isinstance(ids, list) or not all(
        isinstance(i, int) and not isinstance(i, bool) for i in ids
    ):
        raise entry.fail("equipped_item_ids must be a list of item ids")
    unknown = [i for i in ids if i not in equipment]
    if unknown:
        raise entry.fail(f"equipped_item_ids names unknown item id {unknown[0]}")
    hull = entry.integer("hull")
    if hull == 0:
        raise entry.fail("hull must be more than 0")
    return StartingState(hull, entry.integer("ammo"), entry.integer("max_slots"), tuple(ids))
