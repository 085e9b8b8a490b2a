"""The traced classes an explained run plays: they call the recorder when they are written.

Nothing in model/ knows about them. An explained run plays a `RecordedSession`, whose games are
`RecordedGame`s: the same rules, but the turn log, the board placements and the entities' fields
note, when written, the rule at work (`provenance.recorder`). An unexplained run (`oracle -b`)
never creates any of these classes, so it runs exactly as before
(docs/explanation/provenance.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from model import tables
from model.actions import MoveTo
from model.enemy import Enemy
from model.game import Entity, Game
from model.geometry import Position
from model.log import Section, TurnLog
from model.projectile import Projectile
from model.scoring import Focus
from model.session import Session
from model.starfighter import Starfighter
from model.tables import Error, Kind
from provenance import listen
from provenance.recorder import RECORDER, SESSION, Note, Recorder, explain, take_note
from provenance.rule import Rule
from provenance.rules import ERROR_RULES, RULES, STATE_FIELDS
from provenance.stack import Path, model_path, where

# The Starfighter's fields as the game starts: where, its resources, its attributes, its parts.
LAUNCHED = ("position", "health", "energy", "stats", "loadout")
SHOWN = frozenset({"stage", "debug", "error", "notice", "turn", "since_turn"})


class Noted:
    """An entity whose field writes are noted. The hook is paused here, in the first frame of
    the recorder: each call made while it runs would be one more trace event."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        recorder = RECORDER.get()
        if recorder is not None:
            with listen.LISTENER.paused():
                recorder.write(getattr(self, "id"), name)  # noqa: B009 (an object to mypy)
        super().__setattr__(name, value)


class TracedStarfighter(Noted, Starfighter):
    """A Starfighter whose field writes are noted."""

    __slots__ = ()


class TracedEnemy(Noted, Enemy):
    """An enemy whose field writes are noted."""

    __slots__ = ()


class TracedProjectile(Noted, Projectile):
    """A projectile whose field writes are noted."""

    __slots__ = ()


def _shown(name: str) -> None:
    """Note which function wrote a field the state line shows, with the field's rule where it
    has one (the hook paused by the caller)."""
    recorder = RECORDER.get()
    if recorder is not None:
        state = STATE_FIELDS.get(name)
        recorder.write(SESSION, name, None if state is None else RULES[state])


class TracedFocus(Focus):
    """The Starfighter's focus: a new orbment is a change of the score."""

    def __setattr__(self, name: str, value: object) -> None:
        recorder = RECORDER.get()
        if recorder is not None and name == "cached_score" and value is None:
            recorder.changed("score", "score")
        super().__setattr__(name, value)


class RecordingTurnLog(TurnLog):
    """A turn log that keeps, beside each line, the note of the rule that wrote it (the trace
    hook paused first: the log's own calls are no rule's)."""

    def __init__(self) -> None:
        super().__init__()
        self.notes: dict[Section, list[Note]] = {section: [] for section in self.entries}
        self.current = self.notes[Section.FRIENDLY]

    def enter(self, section: Section) -> None:
        super().enter(section)
        self.current = self.notes[section]

    def actor(self, text: str) -> None:
        self._noted(len(self.current), TurnLog.actor, text)

    def detail(self, text: str) -> None:
        self._noted(len(self.current), TurnLog.detail, text)

    def write(self, depth: int, text: str) -> None:
        self._noted(len(self.current), TurnLog.write, depth, text)

    def actor_at(self, mark: int, text: str) -> None:
        self._noted(mark, TurnLog.actor_at, mark, text)

    def _noted(self, at: int, write: Callable[..., None], *arguments: object) -> None:
        """Write a line through the plain log, and keep the note of the rule that wrote it at the
        same place among the notes; the hook paused meanwhile."""
        with listen.LISTENER.paused():
            write(self, *arguments)
            self.current.insert(at, take_note())


class RecordedGame(Game):
    """A game whose log, placements and entities note the rules that wrote them."""

    recorder: Recorder

    @classmethod
    def adopt(cls, game: Game, recorder: Recorder) -> RecordedGame:
        """Turn a game just started into a recorded one (same state, same rules)."""
        game.__class__ = cls
        assert isinstance(game, RecordedGame)
        game.recorder = recorder
        recorder.new_game(game.board)
        game.log = game.log  # a recording log from now on, its first turn started (__setattr__)
        game.starfighter.__class__ = TracedStarfighter
        game.starfighter.focus.__class__ = TracedFocus
        recorder.place(game.starfighter, RULES["game.launch"])
        for attribute in LAUNCHED:
            recorder.changed(game.starfighter.id, attribute, RULES["game.launch"])
        for counter in ("turn", "since_turn"):
            recorder.changed(SESSION, counter, RULES[STATE_FIELDS[counter]])
        return game

    def __setattr__(self, name: str, value: object) -> None:
        """A new turn's (empty) log is a recording one if debug mode will show it, and the turn's
        changes start afresh; a field the state line shows is noted. (The log is a plain
        attribute: it is read often.)"""
        if name == "log":
            self.recorder.new_turn(self.turn)
            if self.recorder.shows_logs():
                value = RecordingTurnLog()
        elif name in SHOWN:
            with listen.LISTENER.paused():
                _shown(name)
        super().__setattr__(name, value)

    def place(self, entity: Entity) -> None:
        with listen.LISTENER.paused():
            self.recorder.put(entity)
        super().place(entity)

    def add_projectile(self, projectile: Projectile) -> None:
        projectile.__class__ = TracedProjectile
        super().add_projectile(projectile)

    def new_enemy(self, kind: Kind, position: Position) -> Enemy:
        enemy = super().new_enemy(kind, position)
        enemy.__class__ = TracedEnemy
        return enemy


class RecordedSession(Session):
    """A session whose games are recorded and whose errors and notices note who made them."""

    recorder: Recorder

    def __setattr__(self, name: str, value: object) -> None:
        if name in SHOWN:
            with listen.LISTENER.paused():
                _shown(name)
        super().__setattr__(name, value)

    def _start_game(self) -> None:
        """Start the game as a session does, then record it."""
        super()._start_game()
        assert self.game is not None
        self.game = RecordedGame.adopt(self.game, self.recorder)

    def _fail(self, error: Error) -> None:
        """Fail as a session does, noting the error's rule, its numbers and where it was met."""
        super()._fail(error)
        frames = model_path()
        rule = ERROR_RULES[error]
        path = tuple(dict.fromkeys((rule.where, *(where(frame) for frame in frames))))
        with listen.LISTENER.paused():
            why, numbers = explain(rule.why, self._facts(frames))
        self.recorder.message = Note(rule, why, path, numbers=numbers)

    def _facts(self, frames: Path) -> dict[str, Any]:
        """What an error's sentence may name: the command's own variables, the board, the
        Starfighter's resources after this turn's regeneration, the move's distance and price."""
        facts: dict[str, Any] = {}
        for frame in reversed(frames):
            facts.update(frame.f_locals)
        game = self.game
        if game is None:
            return facts
        ship = game.starfighter
        facts["health"], facts["energy"] = ship.regenerated()
        facts |= {"weapon": ship.loadout.weapon, "power": ship.loadout.power}
        facts |= {"move": ship.stats.move, "move_cost": ship.stats.move_cost}
        facts |= {"rows": game.board.rows, "columns": game.board.columns}
        action = facts.get("action")
        if isinstance(action, MoveTo):
            distance = ship.position.distance(action.target)
            facts |= {"distance": distance, "move_price": distance * ship.stats.move_cost}
        return facts

    def _note(self, notice: str) -> None:
        """Note as a session does, noting the notice's rule and the command that made it."""
        super()._note(notice)
        frames = model_path()
        rule = RULES[NOTICES[notice]]
        sentence = notice_why(rule, self)
        self.recorder.message = Note(rule, sentence, tuple(where(frame) for frame in frames))


def notice_why(rule: Rule, session: Session) -> str:
    """A notice's sentence, with debug mode and the RNG output as they are now."""
    on_off = {True: "on", False: "off"}
    return explain(rule.why, {"mode": on_off[session.debug], "rng": on_off[session.rng_out]})[0]


def recorded_session(recorder: Recorder) -> RecordedSession:
    """A new session recording into `recorder`."""
    session = RecordedSession()
    session.recorder = recorder
    recorder.session = session
    return session


NOTICES = {
    tables.WELCOME: "notice.welcome",
    tables.IN_DEBUG: "notice.debug",
    tables.NOT_IN_DEBUG: "notice.debug",
    tables.RNG_ON: "notice.rng",
    tables.RNG_OFF: "notice.rng",
    tables.EXITED_SETUP: "notice.abort",
    tables.EXITED_GAME: "notice.abort",
}
