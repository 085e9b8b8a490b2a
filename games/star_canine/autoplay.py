"""A random player for fuzzing: mostly sensible moves read off the game, some mistyped lines."""

from __future__ import annotations

import random

from games.star_canine.commands import Verb
from games.star_canine.game import Game, Scene
from games.star_canine.session import new_game
from games.star_canine.tables import ItemType

MISTYPE_CHANCE = 0.06
RESTART_CHANCE = 0.25
QUIT_CHANCE = 0.2
LONGEST_GAME = 1500
"""Typed lines at most: a player who never engages still ends."""

MISTYPES = (
    "fly",
    "equip",
    "equip x",
    "equip 0",
    "equip 99",
    "unequip 42",
    "take 9",
    "take",
    "discard 77",
    "engage now",
    "repair",
    "resupply",
    "skip",
    "ammo",
    "continue please",
    "EQUIP 1",
    "  engage  ",
    "\t",
    "équipe 1",
    "take -1",
    "equip 1 2",
    "99999999999999999999",
)


def random_inputs(rng: random.Random) -> tuple[int | None, list[str]]:
    """A seed and the lines of one random complete game (to game clear or over, quit, or a
    restart)."""
    seed = None if rng.randrange(5) == 0 else rng.randrange(1_000_000)
    game = new_game(seed)
    lines: list[str] = []
    while not game.ended and len(lines) < LONGEST_GAME:
        if game.scene in (Scene.GAME_CLEAR, Scene.GAME_OVER):
            roll = rng.random()
            if roll > RESTART_CHANCE + QUIT_CHANCE:
                break
            line = "quit" if roll < QUIT_CHANCE else ""
        elif rng.random() < MISTYPE_CHANCE:
            line = rng.choice(MISTYPES)
        else:
            line = _sensible(game, rng)
        lines.append(line)
        game.play(line)
    return seed, lines


def _sensible(game: Game, rng: random.Random) -> str:
    """A move that the scene allows, chosen at random with a bias to play on."""
    run, ship = game.run, game.run.ship
    scene = game.scene
    if scene is Scene.PRE_COMBAT:
        free = [
            n
            for n, item in enumerate(ship.listing(), 1)
            if not ship.is_equipped(item) and item.kind.type is not ItemType.JUNK
        ]
        if free and ship.free_slots() > 0 and rng.random() < 0.8:
            return f"equip {rng.choice(free)}"
        if ship.equipped and rng.random() < 0.1:
            return f"unequip {rng.randrange(len(ship.equipped)) + 1}"
        return "engage"
    if scene is Scene.REWARD:
        if not run.offer or rng.random() < 0.3:
            return "ammo"
        return f"take {rng.randrange(len(run.offer)) + 1}"
    if scene is Scene.BOSS_REWARD:
        return f"take {rng.randrange(len(run.upgrade_offer)) + 1}"
    if scene is Scene.DOCK:
        commands = game.commands()
        if Verb.REPAIR.value in commands:
            return rng.choice((Verb.REPAIR.value, Verb.RESUPPLY.value))
        if Verb.DISCARD.usage in commands and rng.random() < 0.7:
            return f"discard {rng.randrange(len(ship.items)) + 1}"
        return Verb.SKIP.value
    return rng.choice(("", "", "continue"))
