"""Where a write comes from: the frames of model/ on the call stack, the rule among them.

The recorder (`provenance.recorder`) asks, at each write, for the innermost function with a
matching row of the rule table (`provenance.rules`); the stack from it inward, then outward to
the phase, is the line's `source`. The calls of model/ a command has begun (`Calls`) say what a
value written was made from (docs/explanation/provenance.md).
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterator, Mapping
from inspect import CO_GENERATOR
from operator import attrgetter
from types import CodeType, FrameType, FunctionType
from typing import Any

from model import turn
from provenance.rule import Rule
from provenance.rules import BY_CODE

# The frames of these modules write what a rule decided; they are never a rule's frame.
WRITERS = ("model.log", "provenance.stack", "provenance.recorder", "provenance.traced")
# Tables about code objects are keyed by the object's id: a code object's hash is computed anew
# at each lookup (a microsecond on 3.13), and they are looked up at every call and every write.
# Each code object keyed is kept in CODES, so no other object takes its id meanwhile.
CODES: dict[int, CodeType] = {}
PHASES = tuple(phase.__code__ for phase in turn.PHASES)
PHASE_CODES = {id(code): number for number, code in enumerate(PHASES, 1)}
STOP = turn.play.__code__
UNEXPLAINED = Rule("unexplained", "", "")
WHERE: dict[int, str] = {}  # by id(code)
KEEP, PASS, LEAVE = "keep", "pass", "leave"
KINDS: dict[int, str] = {}  # by id(code)
FUNCTIONS: dict[str, list[FunctionType]] = {}  # the functions each module of model/ defines
Path = tuple[FrameType, ...]
F_CODE = attrgetter("f_code")
PATHS: dict[FrameType, Path] = {}  # the model_path of each frame of the command running
SOURCES: dict[tuple[Path, int, int, int], tuple[Rule, tuple[str, ...]]] = {}  # `source`'s, as well
PHASE_TITLES = {
    1: "phase 1: friendly projectiles act",
    2: "phase 2: enemy projectiles act",
    3: "phase 3: Starfighter acts",
    4: "phase 4: enemy vision update",
    5: "phase 5: enemies act",
    6: "phase 6: enemy vision update",
    7: "phase 7: enemy spawn",
}


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


def source(
    frames: Path, index: int, rule: Rule = UNEXPLAINED, calls: Calls | None = None
) -> tuple[str, ...]:
    """The rule's function first, then the frames it called on the way and the functions they
    called before (what the values written came from, as `calls` kept them), then its callers,
    then the functions the rule names beside its own (`Rule.also`)."""
    if not frames:
        return ()
    at = max(index, 0)
    # Without a rule (a command's own bookkeeping), all its frames have made the value.
    maker = frames[at] if index >= 0 else frames[-1]
    made = calls.made(maker) if calls is not None else {}
    # The same frames write many fields and entities: `made` only grows, so its length says
    # whether anything changed since. The rule is kept with its answer (its id is the key).
    key = (frames, index, id(rule), len(made))
    kept = SOURCES.get(key)
    if kept is not None:
        return kept[1]
    names = list(
        map(WHERE.__getitem__, map(id, map(F_CODE, frames)))
    )  # no comprehension: a call less
    found = tuple(
        dict.fromkeys((names[at], *reversed(names[:at]), *made, *names[at + 1 :], *rule.also_where))
    )
    SOURCES[key] = (rule, found)
    return found


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
