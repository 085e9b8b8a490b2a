"""Small builders for Star Canine tests: ships with chosen items, made-up
enemies, games at a stage."""

from __future__ import annotations

from games.star_canine import upgrades
from games.star_canine.data import packaged_data
from games.star_canine.enemy import EnemyKind
from games.star_canine.equipment import Equipment
from games.star_canine.game import Game, Scene
from games.star_canine.session import new_game
from games.star_canine.ship import Ship
from games.star_canine.stages import COURSE
from games.star_canine.tables import BOSS_UPGRADES, EnemyType, Range, UpgradeState

COMET_LANCE, HULL_CUTTER, PLATING = 1, 2, 3
METEOR_SPEAR, TWIN_NOVA, PLASMA_FANG, SOLAR_OVERLOAD = 4, 5, 6, 7
MAGNETIC_VEIL, AEGIS_FIELD = 8, 9
SKIRMISH_WING, BREAKER_SQUADRON, SUPPRESSION_DRONES = 10, 11, 12
PRISMATIC_LENS, HANGAR_UPLINK, WARHEAD_OPTIMIZER = 17, 18, 19
FINAL_GAMBIT, SINGULARITY_CORE, BROKEN_SCRAP = 101, 103, 999


def kind(item_id: int) -> Equipment:
    return packaged_data().equipment[item_id]


def ship_with(*item_ids: int, hull: int = 200, ammo: int = 12, slots: int = 6) -> Ship:
    """A ship owning and equipping these items, in this slot order."""
    ship = Ship(hull, 200, ammo, slots)
    for item_id in item_ids:
        ship.equip(ship.gain(kind(item_id)))
    return ship


def enemy(
    hull: int = 100,
    shield: int = 0,
    armor: int = 0,
    damage: tuple[int | None, int | None, int | None] = (None, None, None),
    uses: tuple[int | None, int | None, int | None] = (None, None, None),
    enemy_type: EnemyType = EnemyType.NORMAL,
    name: str = "Target",
    difficulty: int = 1,
) -> EnemyKind:
    """A made-up enemy; damage and uses are given as (LONG, MID, CLOSE)."""
    return EnemyKind(
        name=name,
        hull=hull,
        shield=shield,
        armor=armor,
        damage=dict(zip(Range, damage, strict=True)),
        uses=dict(zip(Range, uses, strict=True)),
        difficulty=difficulty,
        type=enemy_type,
    )


def data_enemy(name: str) -> EnemyKind:
    return next(e for e in packaged_data().enemies if e.name == name)


def stage_index(act: int, number: int) -> int:
    return next(i for i, s in enumerate(COURSE) if s.act.number == act and s.number == number)


def game_at(act: int, number: int, seed: int = 0, narrated: bool = True) -> Game:
    """A new game moved straight to a stage (its narrative already told unless narrated=False)."""
    game = new_game(seed)
    game.run.position = stage_index(act, number)
    game.run.narrated = narrated
    game.run.scene = Scene.OPENING
    game.play("")
    return game


def own_upgrade(game: Game, key: str) -> None:
    """Give the run an upgrade as if it had been taken after a boss."""
    chosen = next(u for u in BOSS_UPGRADES if u.key == key)
    upgrades.take(game.run.states, [chosen], chosen, game.run.ship)
    assert game.run.states[key] is UpgradeState.OWNED
