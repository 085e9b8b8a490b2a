"""The pure core: script lines in, the oracle's output out, chunk by chunk."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.session import Session
from model.view import render
from oracle.calls import ScriptError
from oracle.parser import chunks, parse_chunk
from oracle.typecheck import ScriptTypeError, Step, check_calls

if TYPE_CHECKING:
    from oracle.window import Window

# Gives the script's lines (without their "\n") anew on each call: a script is read once to
# validate it whole, and again to run it when it is too big to keep.
Source = Callable[[], Iterable[str]]
# A script's lines end at line feeds only, in a file as in a text: a CR is a blank.
LINE_FEED = "\n"

# Up to this many commands, the steps found while validating are kept to run; a bigger script is
# parsed again, a chunk at a time, so memory stays bounded. Equal calls share a step, so a usual
# script costs a reference per command; at worst, every call distinct, about 600 bytes (120 MB).
KEEP_COMMANDS = 200_000  # pragma: no mutate (memory against speed: the output is the same)


@dataclass(frozen=True)
class Script:
    """A validated script: its number of commands and, when small enough, its steps."""

    source: Source
    count: int
    kept: list[list[Step]] | None

    def steps(self) -> Iterator[list[Step]]:
        """The steps, a chunk at a time."""
        if self.kept is not None:
            yield from self.kept
            return
        for chunk in chunks(self.source()):
            yield check_calls(parse_chunk(chunk))


def text_source(text: str) -> Source:
    """A script's text read as `oracle -b` reads a file: its lines, split at line feeds."""
    return lambda: text.split(LINE_FEED)


def run_script(text: str) -> str:
    """Exactly what `oracle -b` prints for this script text."""
    return "".join(run(text_source(text)))


def run(source: Source, window: Window | None = None) -> Iterator[str]:
    """The output in pieces: the error report alone, or the trace (or its window) chunk by chunk.

    The first piece comes only after the whole script is validated.
    """
    try:
        script = validate(source)
    except ScriptError as error:
        yield error.report()
        return
    if window is None:
        yield from trace(script)
    else:
        yield from window_trace(script, window)


def validate(source: Source) -> Script:
    """Parse and type-check the whole script before anything runs."""
    count = 0
    errors: list[str] = []
    kept: list[list[Step]] | None = []
    for chunk in chunks(source()):
        calls = parse_chunk(chunk)
        count += len(calls)
        try:
            steps = check_calls(calls)
        except ScriptTypeError as error:
            errors.extend(error.lines)
            continue
        if kept is not None and count <= KEEP_COMMANDS:
            kept.append(steps)
        else:
            kept = None
    if errors:
        raise ScriptTypeError(errors)
    return Script(source, count, kept)


def trace(script: Script) -> Iterator[str]:
    """The initial state, then each command's echo and resulting state, a chunk at a time."""
    session = Session()
    yield state(session)
    for steps in script.steps():
        yield "".join(run_step(step, session) for step in steps)


def window_trace(script: Script, window: Window) -> Iterator[str]:
    """Only the results of the commands in the window; an empty window [k, k) is the state before
    command k. Commands after the window are not run."""
    first, stop = window.bounds(script.count)
    session = Session()
    if stop == 1:
        yield state(session)
        return
    index = 0
    for steps in script.steps():
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
