"""Seeded random command scripts: what students type when they write tests, at any length.

Mostly valid commands, the errors of errors.txt in realistic proportion, every board size and
loadout over many seeds, long games restarted when they end, now and then a toggle or an abort,
and the layouts of script files (comments, blank lines, spaces, commands sharing a line or spread
over two). The generator follows the game on a session of its own and plays as test writers do,
so that `at fuzz` reaches the rules the public tests reach; a defect puts one syntax or type
error into the script. A `Lean` weighs its choices by the oracle's rules they lead to
(`CHOICE_RULES`, `BOOST`), so that `at fuzz --toward` draws toward the rules a suite reaches
least; with no lean the scripts are the plain generator's, draw for draw. Used by `at fuzz` and
by `at new NAME --random N`. How it plays: docs/how-to/contributing-tests.md; how it leans:
"Leaning toward what the tests leave out" in docs/how-to/fuzz.md.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from model import turn
from model.actions import Action, FireWeapon, MoveTo, PassTurn, UseSpecial
from model.enemy import Enemy
from model.game import Game
from model.geometry import Position
from model.session import MENU_SIZES, Session, Stage
from model.tables import SPAWN_KIND_RANGE, PowerKind
from oracle.calls import Call
from oracle.declarations import (
    ABORT,
    FIRE,
    MOVE,
    PASS,
    PLAY,
    ROW,
    SETUP_BACK,
    SETUP_NEXT,
    SETUP_SELECT,
    SPECIAL,
    THRESHOLD,
    TOGGLE_DEBUG_MODE,
    TOGGLE_RNG_OUT,
    call_text,
)
from oracle.typecheck import check

ROWS = ROW.items
TURNS = (MOVE.name, PASS.name, FIRE.name, SPECIAL.name)
TURN_WEIGHTS = (4, 3, 3, 1)  # about as often as in the acceptance tests
NO_SPAWNS = (1, 1, 1, 1, 1)
KEEP_UNAFFORDABLE = 0.2  # how often a turn the Starfighter cannot afford is kept, not a pass
BOOST = 2.0  # the most a lean multiplies how often the generator makes a mistake or a toggle
KINDS = 5  # the enemy kinds, in the order of play's thresholds
# Each choice of the generator with the rules (a name, or a prefix ending in `.`) it leads to.
CHOICE_RULES: dict[str, tuple[str, ...]] = {
    "turn.move": ("starfighter.move",),
    "turn.pass": ("starfighter.pass",),
    "turn.fire": ("starfighter.fire",),
    "turn.special": ("special.",),
    "weapon.1": ("weapon.standard",),
    "weapon.2": ("weapon.spread",),
    "weapon.3": ("weapon.snipe",),
    "weapon.4": ("weapon.rocket", "projectile.accelerate"),
    "weapon.5": ("weapon.splitter",),
    "power.1": ("special.recall",),
    "power.2": ("special.repair",),
    "power.3": ("special.overcharge",),
    "power.4": ("special.drones",),
    "power.5": ("special.orbital_strike",),
    "kind.1": ("grunt.",),
    "kind.2": ("fighter.",),
    "kind.3": ("carrier.",),
    "kind.4": ("interceptor.",),
    "kind.5": ("pylon.",),
    "toggle.debug": ("notice.debug",),
    "toggle.rng": ("notice.rng", "view.rng"),
    ABORT.name: ("notice.abort",),
    "unaffordable": ("error.move_resources", "error.fire_resources", "error.special_resources"),
    "mistake.abort": ("error.abort_only",),
    "mistake.setup": ("error.setup_only", "error.select_only"),
    "mistake.turn": ("error.game_only",),
    "mistake.thresholds": ("error.thresholds",),
    "mistake.play": ("error.already_in_game", "error.already_in_setup"),
    "mistake.move_there": ("error.already_there",),
    "mistake.move_too_far": ("error.move_range",),
    "mistake.move_off_board": ("error.outside_board",),
    "mistake.select_missing": ("error.out_of_range",),
}
DEFECTS: dict[str, tuple[str, ...]] = {
    "type": ("jump", "Pass", "move(K,3)", "move(A,31)", "setup_select(9)", "setup_next(0)",
             "play(4,10,1,1,1,1,1)", "play(10,30,1,1,1,1,102)", "move(A)", "move(3,A)"),
    "syntax": ("move(A,8", "pass)", "fire(1)", "move(A,,8)", "move(A 8)", "pass #", "play(10,30",
               "1pass", "move(A,-)", "special()", "abort(A)"),
}  # fmt: skip


@dataclass(frozen=True)
class Mix:
    """How often, per command, the generator strays from the plain valid command."""

    wrong: float = 0.1  # a command the current state rejects (errors.txt)
    toggle: float = 0.03  # toggle_debug_mode or toggle_RNG_out
    abort: float = 0.005  # leave the setup or the game
    layout: float = 0.05  # a comment or blank line, spaces, a shared line, a split command
    aim: float = 0.5  # a turn that hunts the nearest enemy ahead (a move onto its row, or a fire)
    planned: float = 0.5  # a game set up as the tests do: an option chosen in each menu, then next
    debug: float = 0.8  # the script opens with toggle_debug_mode, as 96 of the 106 public tests do


@dataclass(frozen=True)
class Lean:
    """The weight of each choice of `CHOICE_RULES` (1 where not given): how much more often the
    generator makes it than the plain generator does."""

    weights: Mapping[str, float] = field(default_factory=dict)

    def of(self, choice: str) -> float:
        """The weight of one choice."""
        return self.weights.get(choice, 1.0)


def leaning(rules: Mapping[str, float]) -> Lean:
    """The lean toward rules of these weights: each choice weighs as its heaviest rule (1 when
    none of its rules is given)."""

    def weight(pattern: str) -> float:
        if pattern.endswith("."):
            return max((w for name, w in rules.items() if name.startswith(pattern)), default=1.0)
        return rules.get(pattern, 1.0)

    return Lean({c: max(weight(p) for p in patterns) for c, patterns in CHOICE_RULES.items()})


class Player:
    """Chooses each next command from the state of its own session, and plays it there."""

    def __init__(self, rng: random.Random, mix: Mix, lean: Lean = Lean()) -> None:
        self.rng = rng
        self.mix = mix
        self.lean = lean
        self.session = Session()
        self.opening = rng.random() < mix.debug
        self.plan: dict[Stage, int] | None = None  # the options a planned setup selects

    def next_call(self) -> Call:
        """The next command, already played on the session."""
        call = Call(TOGGLE_DEBUG_MODE.name) if self.opening else self._choose()
        self.opening = False
        check(call).command.apply(self.session)
        return call

    def _choose(self) -> Call:
        roll = self.rng.random()
        toggles = {"toggle.debug": TOGGLE_DEBUG_MODE.name, "toggle.rng": TOGGLE_RNG_OUT.name}
        mistakes = self._mistakes()
        toggle = self.mix.toggle * self._boost(toggles)
        if roll < toggle:
            return Call(toggles[self._pick(list(toggles))])
        if roll < toggle + self.mix.wrong * self._boost(mistakes):
            return mistakes[self._pick(list(mistakes))]()
        if self.session.stage is Stage.NOT_STARTED:
            self.plan = self._loadout() if self.rng.random() < self.mix.planned else None
            return self._new_game(self._thresholds())
        if self.rng.random() < self.mix.abort * self.lean.of(ABORT.name):
            return Call(ABORT.name)
        if self.session.stage is Stage.IN_GAME:
            return self._turn()
        return self._setup(self.session.stage)

    def _boost(self, choices: Mapping[str, object]) -> float:
        """How much more often than the plain generator a kind of stray is made: the mean weight
        of its choices, at most BOOST."""
        weights = [self.lean.of(choice) for choice in choices]
        return min(BOOST, sum(weights) / len(weights))

    def _pick(self, choices: Sequence[str]) -> str:
        """One of these choices by its weight; as `random.choice` does when they weigh the same,
        so that the plain generator's draws are unchanged."""
        weights = [self.lean.of(choice) for choice in choices]
        if len(set(weights)) == 1:
            return self.rng.choice(choices)
        return self.rng.choices(choices, weights)[0]

    def _option(self, stage: Stage) -> int:
        """An option of a setup menu by its weight (`weapon.N`, `power.N`), any as likely else."""
        size = MENU_SIZES[stage]
        choices = [f"{stage.name.lower()}.{option}" for option in range(1, size + 1)]
        if len({self.lean.of(choice) for choice in choices}) == 1:
            return self.rng.randint(1, size)
        return choices.index(self._pick(choices)) + 1

    def _new_game(self, thresholds: tuple[int, ...]) -> Call:
        """`play` on a board of any size."""
        return Call(PLAY.name, (self.rng.randint(5, 10), self.rng.randint(10, 30), *thresholds))

    def _thresholds(self) -> tuple[int, ...]:
        """No spawns in half the games, as in most acceptance tests; else five non-decreasing."""
        if self.rng.random() < 0.5:
            return NO_SPAWNS
        kinds = [self.lean.of(f"kind.{kind}") for kind in range(1, KINDS + 1)]
        if len(set(kinds)) > 1:
            return self._leaning_thresholds(kinds)
        return tuple(sorted(self.rng.randint(THRESHOLD.low, THRESHOLD.high) for _ in range(5)))

    def _leaning_thresholds(self, kinds: list[float]) -> tuple[int, ...]:
        """Five thresholds that spawn some enemy at a random rate, each kind's share of the
        spawns about its weight."""
        shares = [weight * self.rng.uniform(0.5, 1.5) for weight in kinds]
        spawning = self.rng.randint(20, SPAWN_KIND_RANGE)
        total, thresholds = 0.0, []
        for share in shares:
            total += share
            thresholds.append(THRESHOLD.low + round(spawning * total / sum(shares)))
        return tuple(min(threshold, THRESHOLD.high) for threshold in thresholds)

    def _decreasing(self) -> tuple[int, ...]:
        """Five thresholds with at least one decrease."""
        low = self.rng.randint(THRESHOLD.low, THRESHOLD.high - 1)
        values = sorted(self.rng.randint(THRESHOLD.low, THRESHOLD.high) for _ in range(3))
        at = self.rng.randint(0, 3)
        values[at:at] = [self.rng.randint(low + 1, THRESHOLD.high), low]
        return tuple(values)

    def _loadout(self) -> dict[Stage, int]:
        """An option of every menu, each as likely."""
        return {stage: self._option(stage) for stage in MENU_SIZES}

    def _setup(self, stage: Stage) -> Call:
        """The planned option, else now and then any; on mostly a state at a time, at times back."""
        if self.plan is not None:
            wanted = self.plan.get(stage)
            if wanted is not None and wanted != self.session.selection[stage]:
                return Call(SETUP_SELECT.name, (wanted,))
            return Call(SETUP_NEXT.name, (1,))
        if stage in MENU_SIZES and self.rng.random() < 0.6:
            return Call(SETUP_SELECT.name, (self._option(stage),))
        name = SETUP_BACK.name if self.rng.random() < 0.1 else SETUP_NEXT.name
        return Call(name, (self._steps(),))

    def _steps(self) -> int:
        return 1 if self.rng.random() < 0.7 else self.rng.randint(1, 5)

    def _turn(self) -> Call:
        """A turn: often the power when it would tell or a hunt, else any; one the Starfighter
        cannot afford becomes a pass, most of the time."""
        call = self._intended() or self._any_turn()
        kept = min(1.0, KEEP_UNAFFORDABLE * self.lean.of("unaffordable"))
        if turn.check(self._game(), _action(call)) is not None and self.rng.random() < 1 - kept:
            return Call(PASS.name)
        return call

    def _any_turn(self) -> Call:
        """A turn as often as in the acceptance tests, a move within reach."""
        leaned = zip(TURNS, TURN_WEIGHTS, strict=True)
        weights = [weight * self.lean.of(f"turn.{name}") for name, weight in leaned]
        name = self.rng.choices(TURNS, weights)[0]
        return self._reachable_move() if name == MOVE.name else Call(name)

    def _intended(self) -> Call | None:
        """At `aim`, the power if it would tell now; at `aim` again, a hunt; else None."""
        if self._telling() and self.rng.random() < self.mix.aim:
            return Call(SPECIAL.name)
        return self._aimed() if self.rng.random() < self.mix.aim else None

    def _aimed(self) -> Call | None:
        """A fire at an enemy ahead on the Starfighter's row, else a move onto the nearest one's
        row, as the tests hunt (kills, drops, foci); None when no enemy is ahead."""
        ship = self._game().starfighter.position
        enemies = self._game().enemies.values()
        ahead = [enemy.position for enemy in enemies if enemy.position.column > ship.column]
        if not ahead:
            return None
        target = min(ahead, key=ship.distance)
        return (
            Call(FIRE.name) if target.row == ship.row else _move(Position(target.row, ship.column))
        )

    def _telling(self) -> bool:
        """Whether the power would now meet what it acts on: an enemy on the spawn for Recall,
        enemies for Orbital Strike, projectiles for Deploy Drones."""
        game = self._game()
        ship = game.starfighter
        kind = ship.loadout.power.kind
        if kind is PowerKind.RECALL:
            return ship.position != ship.spawn and isinstance(game.occupant(ship.spawn), Enemy)
        if kind is PowerKind.ORBITAL_STRIKE:
            return bool(game.enemies)
        return kind is PowerKind.DEPLOY_DRONES and bool(game.projectiles)

    def _reachable_move(self) -> Call:
        """A move to a cell within the Starfighter's Move (it may lack the energy); else a pass."""
        ship, board = self._game().starfighter, self._game().board
        reach = ship.stats.move
        for _ in range(10):
            rows = self.rng.randint(-reach, reach)
            columns = self.rng.randint(abs(rows) - reach, reach - abs(rows))
            target = ship.position.shifted(rows, columns)
            if target != ship.position and board.contains(target):
                return _move(target)
        return Call(PASS.name)

    def _mistakes(self) -> dict[str, Callable[[], Call]]:
        """Ways to get an error in the current state (errors.txt), by their choice's name."""
        stage = self.session.stage
        if stage is Stage.NOT_STARTED:
            return {"mistake.abort": lambda: Call(ABORT.name),
                    "mistake.setup": self._setup_anywhere, "mistake.turn": self._blind_turn,
                    "mistake.thresholds": lambda: self._new_game(self._decreasing())}  # fmt: skip
        if stage is Stage.IN_GAME:
            return {"mistake.play": self._play_again, "mistake.setup": self._setup_anywhere,
                    "mistake.move_there": self._move_there,
                    "mistake.move_too_far": self._move_too_far,
                    "mistake.move_off_board": self._move_off_board}  # fmt: skip
        mistakes = {"mistake.play": self._play_again, "mistake.turn": self._blind_turn}
        if MENU_SIZES.get(stage, 0) < 5:
            mistakes["mistake.select_missing"] = self._select_missing
        return mistakes

    def _play_again(self) -> Call:
        """`play` while a setup or a game is on."""
        return self._new_game(self._thresholds())

    def _select_missing(self) -> Call:
        """An option this setup state does not offer (any option in the summary)."""
        size = MENU_SIZES.get(self.session.stage, 0)
        return Call(SETUP_SELECT.name, (self.rng.randint(size + 1, 5),))

    def _setup_anywhere(self) -> Call:
        name = self.rng.choice((SETUP_SELECT.name, SETUP_NEXT.name, SETUP_BACK.name))
        return Call(name, (self.rng.randint(1, 5),))

    def _blind_turn(self) -> Call:
        name = self.rng.choice(TURNS)
        if name == MOVE.name:
            return _move(Position(self.rng.randint(1, len(ROWS)), self.rng.randint(1, 30)))
        return Call(name)

    def _move_there(self) -> Call:
        return _move(self._game().starfighter.position)

    def _move_too_far(self) -> Call:
        """A cell of the board beyond the Starfighter's Move, if one is found."""
        ship, board = self._game().starfighter, self._game().board
        for _ in range(10):
            target = Position(self.rng.randint(1, board.rows), self.rng.randint(1, board.columns))
            if ship.position.distance(target) > ship.stats.move:
                return _move(target)
        return self._move_there()

    def _move_off_board(self) -> Call:
        """A cell a move can name (A..J, 1..30) that this board does not have, if it is smaller."""
        board = self._game().board
        if board.rows == len(ROWS) and board.columns == 30:
            return self._move_there()
        row = self.rng.randint(board.rows + 1, len(ROWS)) if board.rows < len(ROWS) else 1
        column = self.rng.randint(board.columns + 1, 30) if row == 1 else 1
        return _move(Position(row, column))

    def _game(self) -> Game:
        game = self.session.game
        assert game is not None
        return game


def _move(target: Position) -> Call:
    return Call(MOVE.name, (ROWS[target.row - 1], target.column))


def _action(call: Call) -> Action:
    """The model's action for a turn command."""
    if call.name == MOVE.name:
        row, column = call.arguments
        return MoveTo(Position(ROWS.index(str(row)) + 1, int(column)))
    simple: dict[str, Action] = {
        PASS.name: PassTurn(),
        FIRE.name: FireWeapon(),
        SPECIAL.name: UseSpecial(),
    }
    return simple[call.name]


def script_lines(
    seed: int, commands: int, mix: Mix = Mix(), defect: str | None = None, lean: Lean = Lean()
) -> Iterator[str]:
    """The lines of a script of `commands` generated commands (plus the defect, if asked for),
    its choices leaning as told (default: the plain generator's)."""
    rng = random.Random(seed)
    player = Player(rng, mix, lean)
    texts = (call_text(call.name, call.arguments) for call in iter(player.next_call, None))
    limited: Iterator[str] = itertools.islice(texts, commands)
    if defect is not None:
        at = rng.randint(0, commands)
        limited = itertools.chain(
            itertools.islice(limited, at), [rng.choice(DEFECTS[defect])], limited
        )
    yield f"-- generated: seed {seed}, {commands} commands"
    yield from _laid_out(limited, rng, mix.layout)


def script(seed: int, commands: int, mix: Mix = Mix(), defect: str | None = None) -> str:
    """A whole generated script, each line ended by a line feed."""
    return "".join(line + "\n" for line in script_lines(seed, commands, mix, defect))


def _laid_out(texts: Iterator[str], rng: random.Random, rate: float) -> Iterator[str]:
    """The script lines of these commands: one a line, or at `rate` laid out as people do."""
    for text in texts:
        if rng.random() < rate:
            yield from rng.choice(LAYOUTS)(text, texts, rng)
        else:
            yield text


Layout = Callable[[str, Iterator[str], random.Random], list[str]]

LAYOUTS: tuple[Layout, ...] = (
    lambda text, rest, rng: [rng.choice(("-- next", "--", "  -- a comment")), text],
    lambda text, rest, rng: [rng.choice(("", "  ", "\t")), text],
    lambda text, rest, rng: [rng.choice(("  ", "\t", " \t ")) + text + rng.choice(("", " ", "\t"))],
    lambda text, rest, rng: [text.replace("(", " ( ").replace(",", " , ")],
    lambda text, rest, rng: [text + rng.choice((" ", "  ", "\t")) + next(rest, "")],
    lambda text, rest, rng: text.replace("(", "(\n  ", 1).split("\n"),
    lambda text, rest, rng: text.replace("(", "\n(", 1).split("\n"),
)
