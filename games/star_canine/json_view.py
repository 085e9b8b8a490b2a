"""The JSON view: after each typed line, one object with the whole state, for programs that play."""

from __future__ import annotations

import json
from typing import Any

from games.star_canine.enemy import EnemyKind
from games.star_canine.game import Game, Scene, Step
from games.star_canine.log_text import event_line
from games.star_canine.tables import Range


def json_line(game: Game, step: Step | None) -> str:
    """The state after a step (None: before the first line) as one line of JSON."""
    return json.dumps(state(game, step), ensure_ascii=False)


def state(game: Game, step: Step | None) -> dict[str, Any]:
    """Scene, place, ship, items, enemy, upgrades, offers, valid commands, and what happened."""
    run, ship = game.run, game.run.ship
    stage = run.stage
    shield, armor = game.defences()
    return {
        "scene": run.scene.value,
        "seed": game.seed,
        "run": run.number,
        "act": stage.act.number if stage else None,
        "stage": stage.number if stage else None,
        "stage_kind": stage.rule.kind.value if stage else None,
        "narrative": (
            run.narrative.value if run.scene is Scene.NARRATIVE and run.narrative else None
        ),
        "ship": {
            "hull": ship.hull,
            "max_hull": ship.max_hull,
            "shield": shield,
            "armor": armor,
            "ammo": ship.ammo,
            "slots": ship.max_slots,
            "slots_used": len(ship.equipped),
        },
        "inventory": [item.kind.id for item in ship.listing()],
        "equipped": [item.kind.id for item in ship.equipped_items()],
        "enemy": _enemy(game),
        "outcome": run.combat.outcome.value if run.combat and run.combat.outcome else None,
        "boss_upgrades": {key: value.value for key, value in run.states.items()},
        "offers": _offers(game),
        "dock": _dock(game),
        "victories": run.victories,
        "draws": run.draws,
        "commands": game.commands(),
        "log": [event_line(event).strip() for event in step.events] if step else [],
        "error": step.error if step else None,
    }


def _enemy(game: Game) -> dict[str, Any] | None:
    run = game.run
    enemy: EnemyKind | None = run.enemy
    if enemy is None:
        return None
    ranges = [at.value for at in Range]
    now = {"hull": enemy.hull, "shield": enemy.shield, "armor": enemy.armor}
    uses: dict[Range, int | None] = dict(enemy.uses)
    if run.combat is not None:
        foe = run.combat.foe
        now = {"hull": foe.hull, "shield": foe.shield, "armor": foe.armor}
        uses = run.combat.enemy_uses
    return {
        "name": enemy.name,
        "type": enemy.type.value,
        "difficulty": enemy.difficulty,
        **now,
        "damage": dict(zip(ranges, (enemy.damage.get(at) for at in Range), strict=True)),
        "uses_left": dict(zip(ranges, (uses.get(at) for at in Range), strict=True)),
    }


def _offers(game: Game) -> list[Any]:
    run = game.run
    if run.scene is Scene.REWARD:
        return [kind.id for kind in run.offer]
    if run.scene is Scene.BOSS_REWARD:
        return [upgrade.key for upgrade in run.upgrade_offer]
    return []


def _dock(game: Game) -> dict[str, Any] | None:
    visit = game.run.dock
    if game.run.scene is not Scene.DOCK or visit is None:
        return None
    return {"due": visit.due, "paid": visit.paid, "paid_at_dock": visit.paid_at_dock}
