"""Recording a run: the log, the board and the entities note the rule at work when they change.

Nothing in model/ knows about it. An explained run plays a `RecordedSession`, whose games are
`RecordedGame`s: the same rules, but the turn log, the board placements and the entities' fields
note, when written, the call stack that wrote them. The rule is the innermost function on that
stack with a matching row of the rule table (`provenance.rules`), and the stack from it inward,
then outward to the phase, is the line's `source`. An unexplained run (`oracle -b`) never
creates any of these classes, so it runs exactly as before.
"""

from __future__ import annotations

import inspect
import string
import sys
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from inspect import CO_GENERATOR
from operator import attrgetter
from types import CodeType, FrameType, FunctionType
from typing import Any

from model import tables, turn
from model.actions import MoveTo
from model.enemy import Enemy
from model.game import Entity, Game
from model.geometry import Board, Position
from model.log import Section, TurnLog
from model.projectile import Projectile
from model.scoring import Focus
from model.session import Session
from model.starfighter import Starfighter
from model.tables import Error, Kind
from provenance import listen
from provenance.rule import Rule
from provenance.rules import BY_CODE, ERROR_RULES, RULES, STATE_FIELDS

# The frames of these modules write what a rule decided; they are never a rule's frame.
WRITERS = ("model.log", "provenance.record")
# Tables about code objects are keyed by the object's id: a code object's hash is computed anew
# at each lookup (a microsecond on 3.13), and they are looked up at every call and every write.
# Each code object keyed is kept in CODES, so no other object takes its id meanwhile.
CODES: dict[int, CodeType] = {}
PHASES = tuple(phase.__code__ for phase in turn.PHASES)
PHASE_CODES = {id(code): number for number, code in enumerate(PHASES, 1)}
STOP = turn.play.__code__
CONSTANTS = {name: value for name, value in vars(tables).items() if name.isupper()}
UNEXPLAINED = Rule("unexplained", "", "")
FORMATTER = string.Formatter()
MISSING = object()
WHERE: dict[int, str] = {}  # by id(code)
KEEP, PASS, LEAVE = "keep", "pass", "leave"
SESSION = "session"  # the key of the changes to what the state line shows
# The Starfighter's fields as the game starts: where, its resources, its attributes, its parts.
LAUNCHED = ("position", "health", "energy", "stats", "loadout")
SHOWN = frozenset({"stage", "debug", "error", "notice", "turn", "since_turn"})
KINDS: dict[int, str] = {}  # by id(code)
FUNCTIONS: dict[str, list[FunctionType]] = {}  # the functions each module of model/ defines
Path = tuple[FrameType, ...]
F_CODE = attrgetter("f_code")
PATHS: dict[FrameType, Path] = {}  # the model_path of each frame of the command running
PHASE_TITLES = {
    1: "phase 1: friendly projectiles act",
    2: "phase 2: enemy projectiles act",
    3: "phase 3: Starfighter acts",
    4: "phase 4: enemy vision update",
    5: "phase 5: enemies act",
    6: "phase 6: enemy vision update",
    7: "phase 7: enemy spawn",
}


@dataclass(slots=True)
class Note:
    """What the recorder knows of one write: the rule, its sentence, the path, the numbers.
    (Not frozen, as none of the recorder's records are: one is made at nearly every write, and a
    frozen dataclass takes four times as long to make.)"""

    rule: Rule
    why: str
    source: tuple[str, ...]
    phase: str = ""
    entity: dict[str, Any] | None = None
    numbers: dict[str, int] = field(default_factory=dict)


def where(frame: FrameType) -> str:
    """A frame's function as `module:function`, kept in WHERE, where the busy callers look first
    (a long run asks often)."""
    code = frame.f_code
    CODES[id(code)] = code
    name = WHERE[id(code)] = f"{frame.f_globals.get('__name__', '?')}:{code.co_qualname}"
    return name


def pass_by(code: CodeType) -> None:
    """Frames of `code` are passed by, as the recorder's own are (their calls count to their
    caller's): mutmut's trampolines."""
    CODES[id(code)] = code
    KINDS[id(code)] = PASS


def model_path() -> Path:
    """The frames of model/ on the call stack, innermost first, out to the phase loop (the
    recorder's own frames, this one first, are passed by)."""
    frame: FrameType | None = sys._getframe()
    while frame is not None and frame.f_code is not STOP:
        if (KINDS.get(id(frame.f_code)) or _kind_of(frame)) is KEEP:
            return outward(frame)
        frame = frame.f_back
    return ()


def outward(frame: FrameType) -> Path:
    """`frame` and the frames of model/ that called it, out to the phase loop or to a caller
    outside model/. Kept per frame while a command runs: a running function's callers never
    change, and one writes many times (a generator's do: it is not kept)."""
    path = PATHS.get(frame)
    if path is not None:
        return path
    path = (frame,)
    caller = frame.f_back
    while caller is not None and caller.f_code is not STOP:
        kind = KINDS.get(id(caller.f_code)) or _kind_of(caller)
        if kind is KEEP:
            path = (frame, *outward(caller))
            break
        if kind is LEAVE:
            break
        caller = caller.f_back
    if not frame.f_code.co_flags & CO_GENERATOR:
        PATHS[frame] = path
    return path


def _kind_of(frame: FrameType) -> str:
    """Whether a frame is of model/ (KEEP), passed by, or outside (LEAVE), kept in KINDS, where
    its callers look first.

    Comprehensions, lambdas and generated methods (`<genexpr>`, a dataclass's `__init__`) are
    no function of their own: they are passed by, their calls counted to their caller's.
    """
    code = frame.f_code
    kind = _kind(frame.f_globals.get("__name__", ""))
    if kind is KEEP and "<" in code.co_qualname:
        kind = PASS
    where(frame)  # the calls kept name their functions by code alone
    KINDS[id(code)] = kind
    return kind


def _kind(module: str) -> str:
    """A rule may run in a frame of model/; the writers (the log, the recorder) are passed by."""
    if module in WRITERS:
        return PASS
    return KEEP if module.startswith("model.") else LEAVE


def model_codes() -> Iterator[CodeType]:
    """The code objects whose calls the hook keeps: the functions and methods of the modules of
    model/ imported so far (their current code: a planted mutant replaces a function's code)."""
    for name, module in list(sys.modules.items()):
        if _kind(name) is KEEP:
            functions = FUNCTIONS.get(name)
            if functions is None:
                functions = FUNCTIONS[name] = list(dict.fromkeys(_defined(name, vars(module))))
            for function in functions:
                code = function.__code__
                if "<" not in code.co_qualname:
                    yield code


def _defined(
    module: str, namespace: Mapping[str, Any], seen: set[type] | None = None
) -> Iterator[FunctionType]:
    """The functions among `namespace`'s values (unwrapped from a cache, a property, a static or
    class method) that `module` defines, and those of the classes it defines (each once)."""
    seen = set() if seen is None else seen
    for value in namespace.values():
        if isinstance(value, type):
            if value.__module__ == module and value not in seen:
                seen.add(value)
                yield from _defined(module, vars(value), seen)
            continue
        if isinstance(value, property):
            parts: tuple[object, ...] = (value.fget, value.fset, value.fdel)
        else:
            parts = (getattr(value, "__func__", value),)
        for part in parts:
            part = inspect.unwrap(part) if callable(part) else part
            if isinstance(part, FunctionType) and part.__module__ == module:
                yield part


def find_rule(frames: Path) -> tuple[int, Rule]:
    """The innermost frame with a matching row of the table, and that row."""
    for index, frame in enumerate(frames):
        rows = BY_CODE.get(id(frame.f_code))
        if rows is None:
            continue
        callee: CodeType | None = frames[index - 1].f_code if index else None
        for rule in rows:
            if rule.matches(callee, frame):
                return index, rule
    return -1, UNEXPLAINED


def source(frames: Path, index: int, rule: Rule = UNEXPLAINED) -> tuple[str, ...]:
    """The rule's function first, then the frames it called on the way and the functions they
    called before (what the values written came from), then its callers, then the functions the
    rule names beside its own (`Rule.also`)."""
    if not frames:
        return ()
    at = max(index, 0)
    names = list(
        map(WHERE.__getitem__, map(id, map(F_CODE, frames)))
    )  # no comprehension: a call less
    recorder = RECORDER.get()
    # Without a rule (a command's own bookkeeping), all its frames have made the value.
    maker = frames[at] if index >= 0 else frames[-1]
    made = recorder.calls.made(maker) if recorder is not None else {}
    return tuple(
        dict.fromkeys((names[at], *reversed(names[:at]), *made, *names[at + 1 :], *rule.also_where))
    )


class Calls:
    """The calls of model/ begun while a command runs, in the order they began: where a value
    written may come from. The hook, which `provenance.listen` calls at each call of model/ (and
    each resumption of a generator), keeps them.

    A frame asked about is still running, so every call begun since it began runs inside it;
    of those, its calls are the ones reached from it through model frames alone. Each call keeps
    its root, the index of the first call of that chain: the calls of a frame begun at `began`
    are those after it whose root is at most `began`. In the order they began, they are the
    frame's calls each followed by its own calls (the order a walk of the call tree gives).
    """

    def __init__(self) -> None:
        self.codes: list[int] = []  # each call's function (its code's id), in the order they began
        self.roots: list[int] = []  # each call's root (-1: reached from before the command)
        self.began: dict[FrameType, tuple[int, int]] = {}  # a frame's first call: index, root
        self.kept: dict[FrameType, tuple[int, dict[str, None]]] = {}

    def hook(self) -> Callable[[FrameType, str, object], None]:
        """The hook: on each call of a function of model/, note it with its root. It runs
        on every call of a command, so all it reads is its own variables."""
        codes, roots, began, kinds, kind_of = self.codes, self.roots, self.began, KINDS, _kind_of
        keep, passed, leave, outside = KEEP, PASS, LEAVE, (-1, -1)

        def hook(frame: FrameType, event: str, argument: object) -> None:
            code = id(frame.f_code)
            kind = kinds.get(code) or kind_of(frame)
            if kind is not keep:
                return
            caller = frame.f_back
            while caller is not None:  # an override's calls are its model caller's
                kind = kinds.get(id(caller.f_code)) or kind_of(caller)
                if kind is not passed:
                    break
                caller = caller.f_back
            index = len(codes)
            if caller is None or kind is leave:  # a call of no model frame: a root itself
                root = index
            else:
                root = began.get(caller, outside)[1]
            if frame not in began:  # a generator resumed is the same call
                began[frame] = (index, root)
            codes.append(code)
            roots.append(root)

        return hook

    def made(self, frame: FrameType) -> dict[str, None]:
        """The functions `frame` has called so far, and those they called, once each in the
        order they began, kept and extended as it calls more."""
        first = self.began.get(frame, (-1, -1))[0]
        upto, made = self.kept.get(frame, (first + 1, {}))
        codes, roots = self.codes, self.roots
        for index in range(upto, len(codes)):
            if roots[index] <= first:
                made[WHERE[codes[index]]] = None
        self.kept[frame] = (len(codes), made)
        return made

    def clear(self) -> None:
        self.codes.clear()
        self.roots.clear()
        self.began.clear()
        self.kept.clear()


def phase_of(frames: Path) -> str:
    """The phase of the turn these frames run in, from the phase function on the stack."""
    for frame in frames:
        number = PHASE_CODES.get(id(frame.f_code))
        if number is not None:
            return PHASE_TITLES[number]
    return ""


@cache
def compiled(template: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A template as pieces: literal text, then the dotted path of the field after it (or ())."""
    return tuple(
        (literal, tuple(name.split(".")) if name else ())
        for literal, name, _, _ in FORMATTER.parse(template)
    )


def explain(template: str, variables: dict[str, Any]) -> tuple[str, dict[str, int]]:
    """The template filled in from `variables` and the fixed numbers of model/tables.py, and the
    whole numbers it used by field name (ids left out)."""
    pieces: list[str] = []
    numbers: dict[str, int] = {}
    for literal, path in compiled(template):
        pieces.append(literal)
        if not path:
            continue
        value = variables.get(path[0], CONSTANTS.get(path[0], MISSING))
        for name in path[1:]:
            value = getattr(value, name, MISSING)
        pieces.append("{" + ".".join(path) + "}" if value is MISSING else str(value))
        if type(value) is int and path[-1] != "id":
            numbers[".".join(path)] = value
    return "".join(pieces), numbers


def describe(entity: object) -> dict[str, Any] | None:
    """An entity as the explanations name it: name, id, and location as messages print it."""
    if not isinstance(entity, (Starfighter, Enemy, Projectile)):
        return None
    recorder = RECORDER.get()
    assert recorder is not None and recorder.board is not None  # an entity of a recorded game
    position = recorder.board.describe(entity.position)
    return {"name": entity.name, "id": entity.id, "position": position}


def _note() -> Note:
    """The note of the innermost rule on the stack, the recorder's own frames passed by."""
    frames = model_path()
    index, rule = find_rule(frames)
    if index < 0:
        return Note(rule, "", source(frames, index, rule), phase_of(frames))
    scopes = [frame.f_locals for frame in frames[: index + 1]]  # each read copies them
    variables: dict[str, Any] = {}
    for scope in scopes:  # the rule's own variables last, so they win
        variables.update(scope)
    why, numbers = explain(rule.why, variables)
    entity = next((scope[rule.entity] for scope in scopes if rule.entity in scope), None)
    return Note(rule, why, source(frames, index, rule), phase_of(frames), describe(entity), numbers)


@dataclass(slots=True)
class Change:
    """A field of an entity written this turn, and by which rule."""

    attribute: str
    rule: str
    source: tuple[str, ...]


@dataclass(frozen=True)
class Placement:
    """Who put an entity on its cell: the turn, the rule, the path."""

    turn: int
    rule: Rule
    source: tuple[str, ...]


@dataclass
class Recorder:
    """What one explained run noted: per entity id its changes this turn, its last placement,
    and the note of the last error or notice."""

    changes: dict[int | str, list[Change]] = field(default_factory=dict)
    placed: dict[int, Placement] = field(default_factory=dict)
    origins: dict[int, Placement] = field(default_factory=dict)  # how each entity came to be
    turn: int = 0
    message: Note | None = None
    board: Board | None = None
    session: Session | None = None

    writers: set[tuple[int | str, ...]] = field(default_factory=set)  # this turn's
    session_writers: set[tuple[int | str, ...]] = field(default_factory=set)  # this command's
    calls: Calls = field(default_factory=Calls)
    hook: Callable[[FrameType, str, object], None] = field(init=False)

    def __post_init__(self) -> None:
        self.hook = self.calls.hook()
        listen.LISTENER.watch(model_codes)

    def run(self, command: Callable[[], None]) -> None:
        """Run one command with the calls of its frames kept, its session changes afresh."""
        self.message = None
        self.changes.pop(SESSION, None)
        self.session_writers.clear()
        listen.LISTENER.start(self.hook)
        try:
            command()
        finally:
            listen.LISTENER.stop()
            self.calls.clear()
            PATHS.clear()

    def shows_logs(self) -> bool:
        """Whether the log of the turn beginning will be shown: only debug mode shows the action
        logs, and a turn does not change the mode. Otherwise its lines need no notes."""
        return self.session is None or self.session.debug

    def new_game(self, board: Board) -> None:
        """A new game: its board, and nothing noted yet but the command's changes of the state
        line (its first turn starts as its log is made)."""
        self.placed, self.origins, self.board = {}, {}, board
        self._afresh()

    def new_turn(self, number: int) -> None:
        """A new turn: the entities' changes start afresh (those of the command go on)."""
        self._afresh()
        self.turn = number

    def _afresh(self) -> None:
        """No entity changed yet: only the command's changes of the state line are kept."""
        session = self.changes.get(SESSION)
        self.changes, self.writers = {}, set()
        if session is not None:
            self.changes[SESSION] = session

    def changed(self, key: int | str, attribute: str, rule: Rule | None = None) -> None:
        """Note which rule changed `attribute` of the entity `key` (from its `__setattr__`):
        `rule` where the field has a rule of its own (a counter of the state line), else the
        rule found on the stack.

        The same function writing the same field again for the same caller (a step of a move)
        is the same rule: it is noted once a turn.
        """
        with listen.LISTENER.paused():
            self.write(key, attribute, rule)

    def write(self, key: int | str, attribute: str, rule: Rule | None = None) -> None:
        """`changed`, the hook already paused by the caller."""
        frames = model_path()
        written = (key, attribute, *map(id, map(F_CODE, frames[:2])))
        writers = self.session_writers if key == SESSION else self.writers
        if written in writers:
            return
        writers.add(written)
        index, found = find_rule(frames)
        change = Change(attribute, (rule or found).name, source(frames, index, found))
        self.changes.setdefault(key, []).append(change)

    def place(self, entity: Entity, rule: Rule | None = None) -> None:
        """Note the rule that put `entity` on its cell; the first time, it is its origin."""
        with listen.LISTENER.paused():
            self.put(entity, rule)

    def put(self, entity: Entity, rule: Rule | None = None) -> None:
        """`place`, the hook already paused by the caller."""
        frames = model_path()
        index, found = find_rule(frames)
        placement = Placement(self.turn, rule or found, source(frames, index, found))
        self.placed[entity.id] = placement
        self.origins.setdefault(entity.id, placement)

    def of(self, key: int | str) -> list[Change]:
        """The changes of an entity (or of the `score`) this turn."""
        return self.changes.get(key, [])


RECORDER: ContextVar[Recorder | None] = ContextVar("provenance_recorder", default=None)


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
            self.current.insert(at, _note())


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
