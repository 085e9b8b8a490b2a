"""The text view: each scene as the terminal shows it, ending with the commands and the prompt."""

from __future__ import annotations

from games.star_canine import combat, dock
from games.star_canine.enemy import EnemyKind
from games.star_canine.equipment import Equipment
from games.star_canine.game import Game, Narrative, Scene, Step
from games.star_canine.log_text import event_line
from games.star_canine.stages import COURSE
from games.star_canine.tables import (
    BOSS_UPGRADES,
    DOCK_RESUPPLY_AMMO,
    GAME_CLEAR_TEXT,
    GAME_OVER_BOSS_STANDS,
    GAME_OVER_DESTROYED,
    REWARD_AMMO,
    SHIP_NAME,
    SUBTITLE,
    TITLE,
    ItemType,
    Outcome,
    Range,
    UpgradeState,
)

PROMPT = "> "


def step_text(game: Game, step: Step) -> str:
    """What follows a typed line: the refusal and the prompt, or the log and the scene."""
    if step.error is not None:
        return f"{step.error}\n{PROMPT}"
    log = "".join(event_line(event) + "\n" for event in step.events)
    return log + ("\n" + scene_text(game) if not game.ended else "")


def scene_text(game: Game) -> str:
    """The current scene, its commands and the prompt."""
    lines = _SCENES[game.scene](game)
    lines.append(f"Commands: {', '.join(game.commands())}")
    return "\n".join(lines) + "\n" + PROMPT


def _opening(game: Game) -> list[str]:
    return [
        TITLE,
        SUBTITLE,
        f"Seed {game.seed} · Run {game.run.number}",
        "",
        "Three acts to Planet K9. Press Enter (or type continue) to start.",
    ]


def _narrative(game: Game) -> list[str]:
    stage = game.run.stage
    assert stage is not None, "a narrative belongs to a stage"
    act = stage.act
    if game.run.narrative is Narrative.BOSS_ENCOUNTER:
        return [f"=== {act.name} · Boss Encounter ===", "", act.boss_story, ""]
    return [f"=== {act.name} ===", f"Location: {act.location}", "", act.start_story, ""]


def _pre_combat(game: Game) -> list[str]:
    run = game.run
    assert run.enemy is not None, "a pre-combat scene has an enemy"
    firepower = []
    for at in Range:
        damage, ammo = combat.firepower(run.ship, run.states, at)
        firepower.append(f"{at.value} {damage}" + (f" for {ammo} ammo" if ammo else ""))
    return [
        _stage_heading(game, "Combat"),
        *_ship_lines(game),
        _enemy_line(run.enemy),
        "  Attacks: " + ", ".join(_attack(run.enemy, at) for at in Range),
        "Firepower per turn: " + ", ".join(firepower),
        *_inventory(game),
    ]


def _combat_log(game: Game) -> list[str]:
    run = game.run
    assert run.combat is not None, "a combat log has a combat"
    foe = run.combat.foe
    outcome = run.combat.outcome or Outcome.DRAW
    return [
        f"--- Combat over: {outcome.name} ---",
        *_ship_lines(game),
        f"{foe.name}: Hull {foe.hull}, Shield {foe.shield}, Armor {foe.armor}",
    ]


def _reward(game: Game) -> list[str]:
    run = game.run
    assert run.enemy is not None, "a reward follows a combat"
    ammo = run.ship.ammo
    return [
        f"--- Reward: victory over {run.enemy.name} ---",
        *_ship_lines(game),
        "Choose ONE:",
        f"  ammo. Gain +{REWARD_AMMO} Ammo ({ammo} -> {ammo + REWARD_AMMO})",
        *(f"  {n}. {_equipment(kind)}" for n, kind in enumerate(run.offer, 1)),
    ]


def _boss_reward(game: Game) -> list[str]:
    run = game.run
    assert run.enemy is not None, "a boss reward follows a combat"
    return [
        f"--- Boss Upgrade: {run.enemy.name} destroyed ---",
        *_ship_lines(game),
        "Choose ONE Boss Upgrade, owned for the rest of the run; the others are skipped for good.",
        "The hull is then restored to max hull.",
        *(f"  {n}. {u.name}: {u.summary}." for n, u in enumerate(run.upgrade_offer, 1)),
    ]


def _dock(game: Game) -> list[str]:
    run = game.run
    visit = run.dock
    assert visit is not None, "a dock scene has a visit"
    services = (
        f"repair (+{dock.repair_amount(run.ship)} hull) or resupply (+{DOCK_RESUPPLY_AMMO} ammo)"
    )
    items = f"{visit.due} item{'' if visit.due == 1 else 's'}"
    if visit.paid_at_dock:
        payment = f"Paid: {visit.paid} of {items} discarded. Choose ONE: {services}."
    elif dock.can_pay(visit, run.ship):
        payment = f"Payment: discard {items} ({visit.paid} so far), then {services}; or skip."
    else:
        payment = f"Payment: discard {items}, but the ship owns {len(run.ship.items)}: skip."
    return [_stage_heading(game, "Dock"), *_ship_lines(game), payment, *_inventory(game)]


def _game_over(game: Game) -> list[str]:
    run = game.run
    boss_stands = run.combat is not None and run.combat.outcome is Outcome.DRAW
    enemy = run.enemy.name if run.enemy is not None else ""
    why = GAME_OVER_BOSS_STANDS.format(enemy=enemy) if boss_stands else GAME_OVER_DESTROYED
    return ["=== GAME OVER ===", why, "", *_summary(game)]


def _game_clear(game: Game) -> list[str]:
    return ["=== GAME CLEAR ===", GAME_CLEAR_TEXT, "", *_summary(game)]


def _ended(game: Game) -> list[str]:
    return []


def _summary(game: Game) -> list[str]:
    """The final ship and the run's progress (spec 6.2, Game Clear and Game Over scenes)."""
    run = game.run
    stage = run.stage
    if stage is None:
        reached = f"all {len(COURSE)} stages cleared"
    else:
        reached = (
            f"reached {stage.act.name}, stage {stage.number} of {len(stage.act.stages)};"
            f" {run.position} of {len(COURSE)} stages cleared"
        )
    wins = f"{run.victories} victor{'y' if run.victories == 1 else 'ies'}"
    draws = f"{run.draws} draw{'' if run.draws == 1 else 's'}"
    return [
        *_ship_lines(game, every_state=True),
        f"Progress: {reached}; {wins}, {draws}.",
        *_inventory(game),
        f"Continue to start run {run.number + 1}.",
    ]


def _stage_heading(game: Game, kind: str) -> str:
    stage = game.run.stage
    assert stage is not None, "a stage scene has a stage"
    act = stage.act
    return f"--- ACT {act.numeral} · Stage {stage.number} of {len(act.stages)} · {kind} ---"


def _ship_lines(game: Game, every_state: bool = False) -> list[str]:
    """The ship's numbers and its Boss Upgrades: those owned, or every one seen so far."""
    run, ship = game.run, game.run.ship
    shield, armor = game.defences()
    lines = [
        f"{SHIP_NAME}: Hull {ship.hull}/{ship.max_hull}, Shield {shield}, Armor {armor},"
        f" Ammo {ship.ammo}, Slots {len(ship.equipped)}/{ship.max_slots}"
    ]
    shown = [
        (u.name, run.states[u.key])
        for u in BOSS_UPGRADES
        if run.states[u.key] is UpgradeState.OWNED
        or (every_state and run.states[u.key] is not UpgradeState.NOT_SEEN)
    ]
    if shown and every_state:
        states = ", ".join(f"{name} ({state.value.replace('_', ' ')})" for name, state in shown)
        lines.append(f"Boss upgrades: {states}")
    elif shown:
        lines.append(f"Boss upgrades owned: {', '.join(name for name, _ in shown)}")
    return lines


def _enemy_line(enemy: EnemyKind) -> str:
    return (
        f"Enemy: {enemy.name} ({enemy.type.value}, difficulty {enemy.difficulty}):"
        f" Hull {enemy.hull}, Shield {enemy.shield}, Armor {enemy.armor}"
    )


def _attack(enemy: EnemyKind, at: Range) -> str:
    damage, uses = enemy.damage.get(at), enemy.uses.get(at)
    if damage is None:
        return f"{at.value} none"
    limit = "unlimited" if uses is None else f"{uses} use{'' if uses == 1 else 's'}"
    return f"{at.value} {damage} ({limit})"


def _inventory(game: Game) -> list[str]:
    ship = game.run.ship
    listing = ship.listing()
    if not listing:
        return ["Inventory: empty"]
    return ["Inventory (equipped first):"] + [
        f"  {n}. [{'E' if ship.is_equipped(item) else ' '}] {_equipment(item.kind)}"
        for n, item in enumerate(listing, 1)
    ]


def _equipment(kind: Equipment) -> str:
    """An equipment's name and status: what it does in combat."""
    return f"{kind.name}: {', '.join(equipment_status(kind))}"


def equipment_status(kind: Equipment) -> list[str]:
    """The fields that matter for this type (spec 6.2: each item displays its status)."""
    status = [kind.type.value]
    if kind.is_weapon:
        status += [
            f"{at.value} {kind.damage[at]}" for at in Range if kind.damage_at(at) is not None
        ]
        status.append(f"ammo cost {kind.ammo_cost}")
        if kind.uses_per_battle is not None:
            uses = kind.uses_per_battle
            status.append(f"{uses} use{'' if uses == 1 else 's'} per battle")
    elif kind.type is ItemType.SHIELD:
        status.append(f"shield {kind.shield}")
    elif kind.type is ItemType.ARMOR:
        status.append(f"armor {kind.armor}")
    elif kind.type is ItemType.MODULE and kind.target_type is not None:
        status.append(f"{kind.target_type.value} damage x{kind.multiplier}")
    elif kind.type is ItemType.JUNK:
        status.append("no use in combat")
    if kind.disposable:
        status.append("disposable")
    return status


_SCENES = {
    Scene.OPENING: _opening,
    Scene.NARRATIVE: _narrative,
    Scene.PRE_COMBAT: _pre_combat,
    Scene.COMBAT_LOG: _combat_log,
    Scene.REWARD: _reward,
    Scene.BOSS_REWARD: _boss_reward,
    Scene.DOCK: _dock,
    Scene.GAME_OVER: _game_over,
    Scene.GAME_CLEAR: _game_clear,
    Scene.ENDED: _ended,
}
