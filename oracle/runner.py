"""The pure core: script lines in, the oracle's output out, chunk by chunk."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from model.session import Session
from model.view import render
from oracle.parser import ScriptError, chunks, parse
from oracle.typecheck import ScriptTypeError, Step, check_calls
from oracle.window import Window

# Gives the script's lines (without their "\n") anew on each call: a script is read twice,
# once to validate it whole and once to run it.
Source = Callable[[], Iterable[str]]


def run_script(text: str) -> str:
    """Exactly what `oracle -b` prints for this script text."""
    return "".join(run(lambda: text.split("\n")))


def run(source: Source, window: Window | None = None) -> Iterator[str]:
    """The output in pieces: the error report alone, or the trace (or its window) chunk by chunk.

    The first piece comes only after the whole script is validated.
    """
    try:
        count = validate(source)
    except ScriptError as error:
        yield error.report()
        return
    if window is None:
        yield from trace(source)
    else:
        yield from window_trace(source, window, count)


def validate(source: Source) -> int:
    """Parse and type-check the whole script before anything runs; its number of commands."""
    count = 0
    errors: list[str] = []
    for chunk in chunks(source()):
        calls = parse(chunk.text, chunk.first_line)
        count += len(calls)
        try:
            check_calls(calls)
        except ScriptTypeError as error:
            errors.extend(error.lines)
    if errors:
        raise ScriptTypeError(errors)
    return count


def trace(source: Source) -> Iterator[str]:
    """The initial state, then each command's echo and resulting state, a chunk at a time."""
    session = Session()
    yield state(session)
    for steps in _steps(source):
        yield "".join(run_step(step, session) for step in steps)


def window_trace(source: Source, window: Window, count: int) -> Iterator[str]:
    """Only the results of the commands in the window; an empty window [k, k) is the state before
    command k. Commands after the window are not run."""
    first, stop = window.bounds(count)
    session = Session()
    if stop == 1:
        yield state(session)
        return
    index = 0
    for steps in _steps(source):
        pieces: list[str] = []
        for step in steps:
            index += 1
            if first <= index < stop:
                pieces.append(run_step(step, session))
            else:
                step.command.apply(session)
                if index == stop - 1:
                    pieces.append(state(session))
            if index == stop - 1:
                yield "".join(pieces)
                return
        yield "".join(pieces)


def run_step(step: Step, session: Session) -> str:
    """Run one step: its echo line and the resulting state."""
    step.command.apply(session)
    return f"{step.echo}\n{state(session)}"


def state(session: Session) -> str:
    """The state block with its final newline."""
    return render(session) + "\n"


def _steps(source: Source) -> Iterator[list[Step]]:
    """The steps of a validated script, a chunk at a time."""
    for chunk in chunks(source()):
        yield check_calls(parse(chunk.text, chunk.first_line))
