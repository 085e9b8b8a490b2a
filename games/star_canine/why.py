"""Why Star Canine printed a line: a log line's rule is its event's (the events carry their
numbers), with the spec section and the stage it happened in; the other lines are the scene's.

The text is always the transcript's own (`session.text_transcript`); the game is played again
beside it, a typed line at a time, and each piece of text is paired with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from games.star_canine import events
from games.star_canine.game import Game, Step
from games.star_canine.log_text import event_line
from games.star_canine.session import input_lines, new_game, text_transcript
from games.star_canine.view import PROMPT, scene_text


@dataclass(frozen=True)
class Rule:
    """A rule of the game: its stable name, the spec section, one sentence."""

    name: str
    spec: str
    why: str


RULES: dict[type, Rule] = {
    events.Changed: Rule(
        "ship.stat", "spec 2.5, 4.6, 5.1", "A stat of the ship changed, by its cause."
    ),
    events.FighterBonus: Rule(
        "upgrade.hangar",
        "spec 2.5.1 Reinforced Hangar",
        "FIGHTER attacks gain base damage this combat.",
    ),
    events.Equipped: Rule(
        "equipment.equip",
        "spec 3.1 Inventory vs Slots",
        "An item goes from the inventory into a slot.",
    ),
    events.Unequipped: Rule(
        "equipment.unequip", "spec 3.1 Inventory vs Slots", "An item goes back to the inventory."
    ),
    events.Gained: Rule("reward.item", "spec 4.6 Reward", "A reward item joins the inventory."),
    events.UpgradeTaken: Rule(
        "reward.boss",
        "spec 4.6.2 Boss reward",
        "The boss upgrade chosen is owned for the rest of the run.",
    ),
    events.Discarded: Rule("dock.pay", "spec 5.1 Dock", "The dock is paid with an item."),
    events.DockLeft: Rule("dock.skip", "spec 5.1 Dock", "The dock is left without paying."),
    events.CombatStarted: Rule("combat.start", "spec 4.2 Start of combat", "A combat begins."),
    events.CombatStatus: Rule(
        "combat.status",
        "spec 4.2 Start of combat",
        "Shield and armor recomputed from the equipped items; hull carried over.",
    ),
    events.TurnStarted: Rule(
        "combat.turn", "spec 4.1 Turn Order", "Turns go Long, Mid, Close, Close, Mid, Long."
    ),
    events.WeaponFired: Rule(
        "combat.fire",
        "spec 4.3 Attack Resolution Rule",
        "A weapon fires at this range: base plus bonus, times its multiplier.",
    ),
    events.WeaponHeld: Rule(
        "combat.hold", "spec 4.3 Attack Resolution Rule", "A weapon cannot fire at this range."
    ),
    events.Volley: Rule(
        "combat.volley",
        "spec 4.3 Attack Resolution Rule",
        "The weapons' damage adds up; ammo is spent.",
    ),
    events.NoVolley: Rule(
        "combat.no_volley",
        "spec 4.3 Attack Resolution Rule",
        "No equipped weapon fires at this range.",
    ),
    events.Hit: Rule(
        "combat.hit",
        "spec 4.4 Damage Resolution rule",
        "Damage goes through shield or armor by range, then the hull.",
    ),
    events.EnemyAttack: Rule(
        "enemy.attack", "spec 4.3 Attack Resolution Rule", "The enemy attacks at this range."
    ),
    events.EnemyHolds: Rule(
        "enemy.hold",
        "spec 4.3 Attack Resolution Rule",
        "The enemy has no attack left at this range.",
    ),
    events.Destroyed: Rule("combat.destroyed", "spec 4.5 End of Combat", "A hull reached 0."),
    events.CombatEnded: Rule(
        "combat.end", "spec 4.5 End of Combat", "Victory, defeat or draw after the turn."
    ),
    events.BurnedOut: Rule(
        "combat.burn_out", "spec 4.5.1 Disposable Item Cleanup", "A disposable item is used up."
    ),
    events.Restarted: Rule("game.restart", "spec 6.1 Flow", "A new run begins."),
    events.Quit: Rule("game.quit", "spec 6.1 Flow", "The mission is aborted."),
}
SCENE = Rule(
    "scene", "spec 6.2 Scene Definitions", "The scene the game is in, its commands and its prompt."
)
TYPED = Rule("input.echo", "spec 6.1 Flow", "The line typed at the prompt, echoed after it.")
REFUSED = Rule("input.refused", "spec 6.1 Flow", "The typed line is no command of this scene.")
TABLE: tuple[Rule, ...] = (*RULES.values(), SCENE, TYPED, REFUSED)
"""Every rule a line can have, in the table's order (what `at cover` counts)."""


@dataclass(frozen=True)
class Reason:
    """Why one line was printed: its rule, the stage (scene) and the numbers of its event."""

    rule: Rule
    stage: str
    numbers: tuple[tuple[str, int], ...] = ()

    def told(self) -> list[str]:
        """The reason for a person, as `oracle -why` tells Space Defender 2's."""
        lines = [f"{self.stage} | {self.rule.name} ({self.rule.spec})", self.rule.why]
        if self.numbers:
            lines.append("numbers: " + ", ".join(f"{name}={value}" for name, value in self.numbers))
        return lines


def numbers(event: events.Event) -> tuple[tuple[str, int], ...]:
    """The whole numbers an event carries, by field name."""
    values = ((field.name, getattr(event, field.name)) for field in fields(event))
    return tuple((name, value) for name, value in values if type(value) is int)


def explained(inputs: str, seed: int | None) -> list[tuple[str, Reason]]:
    """Each line of the transcript with its reason."""
    game = new_game(seed)
    pieces = _scene(game)
    for line in input_lines(inputs):
        if game.ended:
            break
        pieces.append((line + "\n", Reason(TYPED, _stage(game))))
        step = game.play(line)
        pieces.extend(_step(game, step))
    text = text_transcript(inputs, seed)
    return _lines(pieces, text)


def _stage(game: Game) -> str:
    """The stage a line belongs to: the game's scene."""
    return f"scene {game.scene.name.lower()}"


def _scene(game: Game) -> list[tuple[str, Reason]]:
    """The scene's text, as the transcript prints it."""
    return [(scene_text(game), Reason(SCENE, _stage(game)))]


def _step(game: Game, step: Step) -> list[tuple[str, Reason]]:
    """What a typed line printed: the refusal, or each event's log line, then the new scene."""
    stage = _stage(game)
    if step.error is not None:
        return [(f"{step.error}\n{PROMPT}", Reason(REFUSED, stage))]
    pieces = [
        (event_line(event) + "\n", Reason(RULES[type(event)], stage, numbers(event)))
        for event in step.events
    ]
    if not game.ended:
        pieces.append(("\n", Reason(SCENE, stage)))
        pieces.extend(_scene(game))
    return pieces


def _lines(pieces: list[tuple[str, Reason]], text: str) -> list[tuple[str, Reason]]:
    """The transcript's lines, each with the reason of the piece that ends it (a prompt line ends
    with the typed line)."""
    if "".join(piece for piece, _ in pieces) != text:
        raise AssertionError("the explained pieces are not the transcript")
    lines: list[tuple[str, Reason]] = []
    current = ""
    for piece, reason in pieces:
        for part in piece.split("\n")[:-1]:
            lines.append((current + part, reason))
            current = ""
        current += piece.split("\n")[-1]
    if current:
        lines.append((current, pieces[-1][1]))
    return lines


def explanation(inputs: str, seed: int | None, number: int) -> list[str]:
    """Line `number` (from 1) of the transcript, then why: what `at run -v` shows."""
    lines = explained(inputs, seed)
    if not 1 <= number <= len(lines):
        return [f"the oracle's output has no line {number}"]
    text, reason = lines[number - 1]
    return [f"oracle line {number}: {text}", *reason.told()]
