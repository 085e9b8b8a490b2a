"""The one table of rule names, each with the spec section (or the entry of messages.txt or
errors.txt) it comes from: the model's rules (`provenance.model_rules`), and here the rules of the
session and of the state view. `BY_CODE` is what the recorder looks up on the call stack.
"""

from __future__ import annotations

from collections.abc import Callable
from types import CodeType
from typing import Any

from model import turn
from model.session import Session
from model.tables import Error
from provenance.model_rules import MODEL_RULES
from provenance.rule import Rule

MESSAGES = "messages.txt"
ETF = "etf.md"
S6_4 = "spec 6.4 Looks of Abstract State"
COMMON_STATE = f"{MESSAGES}: COMMON STATE MESSAGE"
SESSION_RULES = (
    Rule("echo.command", ETF, "The oracle echoes each command of the script after `->`."),
    Rule(
        "script.error",
        "space_defender_2.grammar.txt",
        "The script does not parse or type-check: nothing runs, the oracle prints this report.",
    ),
    Rule(
        "view.state",
        COMMON_STATE,
        "The state line: {stage}, {mode} mode, {status}.",
    ),
    Rule(
        "state.stage",
        "spec 6.6 Setup",
        "The program's state: play enters weapon setup, setup next and back step through the five "
        "setup states (before the first: not started, past the summary: in game), abort and a "
        "game over go back to not started.",
    ),
    Rule(
        "state.mode",
        "spec 6.5 Some Commands to Know",
        "Toggle debug mode flips the mode between normal and debug; it starts normal.",
    ),
    Rule(
        "state.turn",
        COMMON_STATE,
        "The first number of `in game(T.S)`: 0 in a new game, one more at each new turn.",
    ),
    Rule(
        "state.since_turn",
        COMMON_STATE,
        "The second number of `in game(T.S)`: 0 in a new game and at each new turn, one more at "
        "each other command in game, an invalid one too.",
    ),
    Rule(
        "notice.welcome",
        f"{MESSAGES}: INITIAL STATE",
        "The welcome message of the not started state (at start, or after backing out of setup).",
    ),
    Rule("notice.debug", f"{MESSAGES}: TOGGLE_DEBUG_MODE", "Debug mode is now {mode}."),
    Rule("notice.rng", "spec 6.16 Debugging Random Number Generator", "RNG output is now {rng}."),
    Rule("notice.abort", f"{MESSAGES}: EXITING/ABORT", "Abort leaves the setup or the game."),
    Rule("view.setup", "spec 6.6 Setup", "The {stage} menu: every option with its attributes."),
    Rule(
        "setup.selected",
        "spec 6.6 Setup",
        "The {equipment} selected: option 1 until a setup select in its state chooses another; the "
        "choice is kept until the program ends.",
    ),
    Rule(
        "view.starfighter",
        S6_4,
        "The Starfighter's status: {health}/{stats.health} health, {energy}/{stats.energy} "
        "energy, at {position}.",
    ),
    Rule(
        "score.total",
        "spec 6.15 Scoring",
        "The score of the Starfighter's focus: {score}, the orbments of the enemies destroyed.",
    ),
    Rule("view.enemy", S6_4, "Debug mode lists every enemy in the game, lowest id first."),
    Rule("view.projectile", S6_4, "Debug mode lists every projectile, in spawn order."),
    Rule("view.log", MESSAGES + ": IN GAME STATE", "Debug mode shows the turn's five action logs."),
    Rule("view.board.header", S6_4, "The board's column numbers, 1 to {columns}."),
    Rule(
        "view.board.row",
        S6_4 + ", spec 6.11 Symbols",
        "Row {row} in debug mode, every cell shown: {cells}.",
    ),
    Rule(
        "view.fog",
        S6_4 + ", spec 6.11 Symbols",
        "Row {row} in normal mode: `?` beyond the Starfighter's vision {vision} (displacement "
        "from {eye}); {cells}.",
    ),
    Rule(
        "view.game_over",
        "spec 6.13.8 How Can A Game be Over?",
        "The Starfighter has 0 health: the game is over and the state goes back to not started.",
    ),
    Rule(
        "view.rng",
        "spec 6.16 Debugging Random Number Generator",
        "The two draws of this turn's natural spawn (phase 7): {drawn}.",
    ),
    Rule(
        "game.launch",
        "spec 6.10 Initial Game State",
        "The game starts with the Starfighter at its spawn, the middle row of column 1, at full "
        "health and energy, its attributes the sum of the parts chosen for it.",
    ),
)

# The fields of the session and the game that the state line shows, each with its rule.
STATE_FIELDS = {
    "stage": "state.stage",
    "debug": "state.mode",
    "turn": "state.turn",
    "since_turn": "state.since_turn",
}

AFTER_REGEN = "After this turn's regeneration the Starfighter would have {health} health and "
ERROR_ENTRIES: dict[Error, tuple[str, Callable[..., Any], str]] = {
    Error.ALREADY_IN_SETUP: ("play 1", Session.play, ""),
    Error.ALREADY_IN_GAME: ("play 2", Session.play, ""),
    Error.THRESHOLDS: ("play 3", Session.play, " The thresholds {thresholds} must not decrease."),
    Error.SETUP_ONLY: ("setup_next 1, setup_back 1", Session._setup_step, ""),
    Error.SELECT_ONLY: ("setup_select 1", Session.setup_select, ""),
    Error.OUT_OF_RANGE: ("setup_select 2", Session.setup_select, ""),
    Error.ABORT_ONLY: ("abort 1", Session.abort, ""),
    Error.GAME_ONLY: ("move 1, pass 1, fire 1, special 1", Session._turn, ""),
    Error.OUTSIDE_BOARD: (
        "move 2", turn.check, " The board has {rows} rows and {columns} columns."
    ),
    Error.ALREADY_THERE: ("move 3", turn.check, ""),
    Error.MOVE_RANGE: (
        "move 4", turn.check, " The target is {distance} cells away; the Starfighter moves {move}."
    ),
    Error.MOVE_RESOURCES: (
        "move 5",
        turn.check,
        " Moving {distance} cells costs {distance} x {move_cost} = {move_price} energy. "
        + AFTER_REGEN
        + "{energy} energy.",
    ),
    Error.FIRE_RESOURCES: (
        "fire 2",
        turn.check,
        " A shot costs {weapon.cost} {weapon.cost_kind.value}. " + AFTER_REGEN + "{energy} energy.",
    ),
    Error.SPECIAL_RESOURCES: (
        "special 2",
        turn.check,
        " The power costs {power.cost} {power.cost_kind.value}. "
        + AFTER_REGEN
        + "{energy} energy.",
    ),
}  # fmt: skip
ERROR_RULES = {
    error: Rule(
        f"error.{error.name.lower()}",
        f"errors.txt: {entry}",
        "The command meets this error first (errors are checked from the highest priority "
        "down); nothing else happens." + detail,
        function,
    )
    for error, (entry, function, detail) in ERROR_ENTRIES.items()
}

RULES: dict[str, Rule] = {
    rule.name: rule for rule in MODEL_RULES + SESSION_RULES + tuple(ERROR_RULES.values())
}
"""Every rule by its name: the table `-why` answers from."""

BY_CODE: dict[int, tuple[Rule, ...]] = {}
"""The rows of each function's code, by the code's id (a code object's hash is computed anew at
each lookup): what the recorder looks up on the call stack."""
INDEXED: list[CodeType] = []
"""The code objects indexed, kept so that no other object takes their ids."""


def index() -> None:
    """(Re)build `BY_CODE`; again after a function's code is replaced (a planted mutant)."""
    BY_CODE.clear()
    INDEXED.clear()
    for rule in MODEL_RULES:
        if rule.code is not None:
            INDEXED.append(rule.code)
            BY_CODE[id(rule.code)] = BY_CODE.get(id(rule.code), ()) + (rule,)


index()
