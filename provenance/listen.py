"""How the recorder hears of the calls of model/ while a command runs: one interface, a back end
per Python, chosen once (`LISTENER`).

Python 3.11 has one way, a trace hook (`sys.settrace`): it hears every call of every function,
and while one is set every instruction of the process takes the interpreter's slow tracing path,
which makes an explained run three times slower before the hook does anything. Python 3.12 and
newer have `sys.monitoring`: the start and the resumption of a function are events switched on
for the code objects of model/ alone, and the rest of the code keeps its fast path.

Both back ends call the same hook (`frame, "call", None`, as a trace hook is called) in the same
order, so the recorder, and every explanation, is the same on either.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from types import CodeType, FrameType
from typing import Protocol

Hook = Callable[[FrameType, str, object], None]
"""What hears a call: the frame called, the event ("call"), its argument (None)."""


class Pause(Protocol):
    """A block in which the hook hears nothing."""

    def __enter__(self) -> None: ...

    def __exit__(self, *exception: object) -> None: ...


class Listener(Protocol):
    """What the recorder asks of a back end."""

    @property
    def paused(self) -> Callable[[], Pause]:
        """`with LISTENER.paused():` hears nothing inside the block (the recorder's own calls)."""

    def watch(self, codes: Callable[[], Iterable[CodeType]]) -> None:
        """Before a recorded run: the code objects whose calls the hook must hear (`codes` is
        called only by a back end that needs them)."""

    def start(self, hook: Hook) -> None:
        """From now on each call of a watched function (and each resumption of a generator)
        reaches `hook`, until `stop`."""

    def stop(self) -> None:
        """No call reaches the hook any more."""


class Untraced:
    """The trace hook stopped inside the block and put back after it. A class with slots, not a
    generator: it runs at every noted write."""

    __slots__ = ("hook",)

    def __enter__(self) -> None:
        self.hook = sys.gettrace()
        sys.settrace(None)

    def __exit__(self, *exception: object) -> None:
        sys.settrace(self.hook)


class TraceHook:
    """Python 3.11: the hook is the trace hook, and hears every call (it passes by those outside
    model/ itself)."""

    paused = Untraced

    def watch(self, codes: Callable[[], Iterable[CodeType]]) -> None:
        """Nothing to do: a trace hook hears every function."""

    def start(self, hook: Hook) -> None:
        """The hook is the trace hook (it is called at every call and every resumption)."""
        sys.settrace(hook)

    def stop(self) -> None:
        """No trace hook."""
        sys.settrace(None)


class Switch:
    """Whether the monitoring callback passes calls on: off while the recorder works."""

    __slots__ = ("on",)

    def __init__(self) -> None:
        self.on = False


SWITCH = Switch()


class Unheard:
    """The monitoring callback switched off inside the block and back after it (a flag: cheaper
    than registering the callback again at every noted write)."""

    __slots__ = ("was",)

    def __enter__(self) -> None:
        self.was = SWITCH.on
        SWITCH.on = False

    def __exit__(self, *exception: object) -> None:
        SWITCH.on = self.was


if sys.version_info >= (3, 12):
    from sys import monitoring

    EVENTS = (monitoring.events.PY_START, monitoring.events.PY_RESUME)
    TOOL_NAME = "provenance"
    TOOLS = (3, 4, 5, 2, 1, 0)  # 3 and 4 are no tool's; then the optimizer's, profiler's, ...

    class Monitored:
        """Python 3.12 and newer: `sys.monitoring` events on the code objects of model/ alone.

        A code object, once watched, stays so for the process (switching its events off and on
        again at every run would re-instrument it each time); outside a recorded command no
        callback is registered, so the other runs of the process pay nothing but the check of
        an instrumented function's start that finds no callback.
        """

        paused = Unheard

        def __init__(self, tool: int) -> None:
            self.tool = tool
            self.watched: dict[int, CodeType] = {}  # by id: a code object's hash is slow

        def watch(self, codes: Callable[[], Iterable[CodeType]]) -> None:
            """Switch the events on for the code objects not watched yet (a new module's, or a
            planted mutant's)."""
            events = EVENTS[0] | EVENTS[1]
            for code in codes():
                if id(code) not in self.watched:
                    monitoring.set_local_events(self.tool, code, events)
                    self.watched[id(code)] = code

        def start(self, hook: Hook) -> None:
            """Register a callback that hands the hook the frame of each watched function started
            or resumed (the frame that called the callback), unless paused."""
            getframe, switch = sys._getframe, SWITCH

            def heard(code: CodeType, offset: int) -> None:
                if switch.on:
                    hook(getframe(1), "call", None)

            for event in EVENTS:
                monitoring.register_callback(self.tool, event, heard)
            switch.on = True

        def stop(self) -> None:
            """No callback: the watched functions run on, calling nothing."""
            SWITCH.on = False
            for event in EVENTS:
                monitoring.register_callback(self.tool, event, None)

    def monitored() -> Listener:
        """The monitoring back end on a free tool id, or the trace hook if all six are taken."""
        for tool in TOOLS:
            if monitoring.get_tool(tool) is None:
                monitoring.use_tool_id(tool, TOOL_NAME)
                return Monitored(tool)
        return TraceHook()


def chosen() -> Listener:
    """The back end of this Python: `sys.monitoring` from 3.12, the trace hook before."""
    if sys.version_info >= (3, 12):
        return monitored()
    return TraceHook()


LISTENER = chosen()
