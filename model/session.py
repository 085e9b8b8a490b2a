"""One run of the oracle: the stage it is in, setup selections, flags, the generator, the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

from model import turn
from model.actions import Action, FireWeapon, MoveTo, PassTurn, UseSpecial
from model.game import Game
from model.geometry import Position
from model.rng import Generator
from model.starfighter import Loadout
from model.tables import (
    ARMOURS,
    ENGINES,
    EXITED_GAME,
    EXITED_SETUP,
    IN_DEBUG,
    NOT_IN_DEBUG,
    POWERS,
    RNG_OFF,
    RNG_ON,
    WEAPONS,
    WELCOME,
    Error,
    Keyed,
)


class Stage(Keyed):
    """The states of the program, named as the state line prints them."""

    NOT_STARTED = "not started"
    WEAPON = "weapon setup"
    ARMOUR = "armour setup"
    ENGINE = "engine setup"
    POWER = "power setup"
    SUMMARY = "setup summary"
    IN_GAME = "in game"


SETUP_STAGES: tuple[Stage, ...] = (
    Stage.WEAPON,
    Stage.ARMOUR,
    Stage.ENGINE,
    Stage.POWER,
    Stage.SUMMARY,
)

# How many options each selecting setup stage offers.
MENU_SIZES: dict[Stage, int] = {
    Stage.WEAPON: len(WEAPONS),
    Stage.ARMOUR: len(ARMOURS),
    Stage.ENGINE: len(ENGINES),
    Stage.POWER: len(POWERS),
}


@dataclass(frozen=True)
class BoardSetting:
    """What `play` asked for: the board size and the five spawn thresholds."""

    rows: int
    columns: int
    thresholds: tuple[int, int, int, int, int]


@dataclass
class Session:
    """Everything one program run remembers; each command is one method call, named in the
    command table (oracle/declarations.py)."""

    stage: Stage = Stage.NOT_STARTED
    debug: bool = False
    rng_out: bool = False
    selection: dict[Stage, int] = field(default_factory=lambda: dict.fromkeys(MENU_SIZES, 1))
    generator: Generator = field(default_factory=Generator)
    setting: BoardSetting | None = None
    game: Game | None = None
    error: Error | None = None
    notice: str | None = WELCOME

    @property
    def loadout(self) -> Loadout:
        """The equipment currently selected in setup."""
        return Loadout(
            WEAPONS[self.selection[Stage.WEAPON] - 1],
            ARMOURS[self.selection[Stage.ARMOUR] - 1],
            ENGINES[self.selection[Stage.ENGINE] - 1],
            POWERS[self.selection[Stage.POWER] - 1],
        )

    def play(
        self,
        rows: int,
        columns: int,
        g_threshold: int,
        f_threshold: int,
        c_threshold: int,
        i_threshold: int,
        p_threshold: int,
    ) -> None:
        """Enter the setup stage for a board of this size and these spawn thresholds."""
        thresholds = (g_threshold, f_threshold, c_threshold, i_threshold, p_threshold)
        if self.stage in SETUP_STAGES:
            return self._fail(Error.ALREADY_IN_SETUP)
        if self.stage is Stage.IN_GAME:
            return self._fail(Error.ALREADY_IN_GAME)
        if any(a > b for a, b in pairwise(thresholds)):
            return self._fail(Error.THRESHOLDS)
        self.setting = BoardSetting(rows, columns, thresholds)
        self._enter(Stage.WEAPON)

    def setup_select(self, value: int) -> None:
        """Select option `value` of the current setup menu."""
        if self.stage not in MENU_SIZES:
            return self._fail(Error.SELECT_ONLY)
        if value > MENU_SIZES[self.stage]:
            return self._fail(Error.OUT_OF_RANGE)
        self.selection[self.stage] = value
        self._enter(self.stage)

    def setup_next(self, steps: int) -> None:
        """Go forward `steps` setup states; past the summary, the game starts."""
        self._setup_step(steps)

    def setup_back(self, steps: int) -> None:
        """Go back `steps` setup states; before the weapon state, back to not started."""
        self._setup_step(-steps)

    def toggle_debug_mode(self) -> None:
        """Flip debug mode; allowed in every state."""
        self.debug = not self.debug
        self._note(IN_DEBUG if self.debug else NOT_IN_DEBUG)

    def toggle_rng_out(self) -> None:
        """Flip the RNG Usage section; allowed in every state."""
        self.rng_out = not self.rng_out
        self._note(RNG_ON if self.rng_out else RNG_OFF)

    def abort(self) -> None:
        """Leave the setup stage or the game."""
        if self.stage is Stage.NOT_STARTED:
            return self._fail(Error.ABORT_ONLY)
        leaving_game = self.stage is Stage.IN_GAME
        self.stage = Stage.NOT_STARTED
        self._note(EXITED_GAME if leaving_game else EXITED_SETUP)
        self.game = None

    def move(self, row: int, column: int) -> None:
        """Move the Starfighter to [row, column] (row 1 is A): a turn."""
        self._turn(MoveTo(Position(row, column)))

    def pass_turn(self) -> None:
        """Let a turn go by, regenerating twice."""
        self._turn(PassTurn())

    def fire(self) -> None:
        """Fire the selected weapon: a turn."""
        self._turn(FireWeapon())

    def special(self) -> None:
        """Use the selected power: a turn."""
        self._turn(UseSpecial())

    def _turn(self, action: Action) -> None:
        if self.stage is not Stage.IN_GAME or self.game is None:
            return self._fail(Error.GAME_ONLY)
        error = turn.check(self.game, action)
        if error is not None:
            return self._fail(error)
        self.error = self.notice = None
        turn.play(self.game, action)
        if self.game.over:
            self.stage = Stage.NOT_STARTED

    def _setup_step(self, steps: int) -> None:
        if self.stage not in SETUP_STAGES:
            return self._fail(Error.SETUP_ONLY)
        index = SETUP_STAGES.index(self.stage) + steps
        if index < 0:
            self.stage = Stage.NOT_STARTED
            self._note(WELCOME)
        elif index >= len(SETUP_STAGES):
            self._start_game()
        else:
            self._enter(SETUP_STAGES[index])

    def _start_game(self) -> None:
        assert self.setting is not None
        setting = self.setting
        self.game = Game(
            setting.rows, setting.columns, setting.thresholds, self.loadout, self.generator
        )
        self._enter(Stage.IN_GAME)

    def _enter(self, stage: Stage) -> None:
        """Arrive in `stage`; its own display (menu, summary, game) is what is shown."""
        self.stage = stage
        self.error = self.notice = None

    def _note(self, notice: str) -> None:
        self._count_in_game()
        self.error = None
        self.notice = notice

    def _fail(self, error: Error) -> None:
        self._count_in_game()
        self.error = error
        self.notice = None

    def _count_in_game(self) -> None:
        """Every command in game that is not a turn counts in the second state number."""
        if self.stage is Stage.IN_GAME and self.game is not None:
            self.game.since_turn += 1
