"""`oracle -why` and `-why-json`: the trace of `-b`, each line with the rule that made it.

The text of every line is what `model.view.lines` gives; the explanations come from a recorded
run (`provenance.traced`) of the same script, so `-b` itself is untouched.
"""

from __future__ import annotations

import json
from _json import make_encoder
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import islice
from typing import Any

from model.session import Session
from model.view import INDENT, lines
from oracle.calls import ScriptError
from oracle.runner import Source, text_source, validate
from provenance.recorder import RECORDER, Recorder
from provenance.rules import RULES
from provenance.state import Reason, state_reasons
from provenance.traced import recorded_session

CHUNK = 1000  # pragma: no mutate (lines written at a time: speed only)
BLOCKS = 50  # pragma: no mutate (the blocks of `-why-json` written at a time: speed only)
ECHO = Reason("echo.command", "", ("oracle.runner:run_step",), "command")
REPORT = Reason("script.error", "", ("oracle.runner:validate",), "script")
STRING = json.encoder.encode_basestring
# What `json.JSONEncoder(ensure_ascii=False).encode` calls, made once: `encode` makes it anew at
# each call (its own check of circular references left out: a reason is plain, acyclic data).
CHUNKS = make_encoder(
    None, json.JSONEncoder().default, STRING, None, ": ", ", ", False, False, True
)


@dataclass(slots=True)
class Explained:
    """One output line of `oracle -b` with its provenance (not frozen: one is made for every
    line, and a frozen dataclass takes four times as long to make)."""

    line: int
    text: str
    command: str | None
    reason: Reason

    def record(self) -> dict[str, Any]:
        """The line as a JSON object: the fields of `-why-json`."""
        head = {"line": self.line, "text": self.text, "command": self.command}
        return head | reason_fields(self.reason)

    def json(self) -> str:
        """`record()` as one JSON line; the explanation's part is encoded once per reason."""
        return _json_line(self.line, self.text, _command(self.command), self.reason)


def _command(command: str | None) -> str:
    """A line's command as JSON."""
    return "null" if command is None else STRING(command)


def _json_line(line: int, text: str, command: str, reason: Reason) -> str:
    """One line of `-why-json`, its command already encoded."""
    return f'{{"line": {line}, "text": {STRING(text)}, "command": {command}, {_members(reason)}}}\n'


def reason_fields(reason: Reason) -> dict[str, Any]:
    """The fields of a line's explanation, after its number, text and command."""
    rule = RULES[reason.rule]
    record: dict[str, Any] = {
        "phase": reason.phase,
        "rule": reason.rule,
        "spec": rule.spec,
        "why": reason.why or rule.why,
        "source": list(reason.source),
    }
    if reason.entity is not None:
        record["entity"] = reason.entity
    if reason.numbers:
        record["numbers"] = reason.numbers
    if reason.cells:
        record["cells"] = list(reason.cells)
    if reason.changes:
        record["changes"] = list(reason.changes)
    return record


def rules_of(reason: Reason) -> tuple[str, ...]:
    """The rules behind a line, each once: its own, then those that placed its cells or changed
    what it shows (what `at cover` counts)."""
    cells = [name for cell in reason.cells for name in (cell["rule"], *cell["changes"])]
    return tuple(dict.fromkeys([reason.rule, *cells, *(c["rule"] for c in reason.changes)]))


_ENCODED: dict[int, tuple[Reason, str]] = {}
EXTRAS = ("entity", "numbers", "cells", "changes")  # the fields a reason has only where they apply


def _members(reason: Reason) -> str:
    """`reason_fields` as JSON without the braces, kept with the reason (which keeps its id from
    being reused): view lines share theirs. The cache tunes speed only, so its lines are not
    mutated."""
    kept = _ENCODED.get(id(reason))  # pragma: no mutate
    if kept is not None:  # pragma: no mutate
        return kept[1]
    if len(_ENCODED) > 1 << 12:  # pragma: no mutate
        _ENCODED.clear()  # pragma: no mutate
    text = _head(reason.phase, reason.rule, reason.why, reason.source)
    for name in EXTRAS:
        value = getattr(reason, name)
        if value:
            text += f', "{name}": {_encode(value)}'
    _ENCODED[id(reason)] = (reason, text)  # pragma: no mutate
    return text


def _encode(value: object) -> str:
    """A value as JSON, as `json.dumps(value, ensure_ascii=False)` writes it."""
    return "".join(CHUNKS(value, 0))


@lru_cache(maxsize=1 << 14)
def _head(phase: str, name: str, why: str, source: tuple[str, ...]) -> str:
    """The fields every reason has, as JSON without the braces: a line shares them with lines of
    other states (the same rule, sentence and source), so they are encoded once."""
    rule = RULES[name]
    fields = {"phase": phase, "rule": name, "spec": rule.spec, "why": why or rule.why}
    return _encode(fields | {"source": list(source)})[1:-1]


@dataclass(frozen=True)
class Block:
    """Lines the oracle prints together: an echo alone, the report of a bad script, or a state
    block, whose reasons are read from the recorded session until the next block is made."""

    first: int
    command: str | None
    texts: list[str]
    reasons: Callable[[], list[Reason]]

    def explained(self) -> list[Explained]:
        """The block's lines with their reasons (read now, before the next command runs)."""
        reasons = self._reasons()
        return [
            Explained(self.first + index, text, self.command, reason)
            for index, (text, reason) in enumerate(zip(self.texts, reasons, strict=True))
        ]

    def json(self) -> str:
        """The block's lines as `-why-json` writes them, as `explained` would give them (the
        command encoded once)."""
        reasons, command, first = self._reasons(), _command(self.command), self.first
        return "".join(
            _json_line(first + index, text, command, reason)
            for index, (text, reason) in enumerate(zip(self.texts, reasons, strict=True))
        )

    def _reasons(self) -> list[Reason]:
        """The reasons of the block's lines, one per line."""
        reasons = self.reasons()
        if len(reasons) != len(self.texts):
            raise AssertionError(f"{len(self.texts)} lines but {len(reasons)} explanations")
        return reasons


def explained(source: Source) -> Iterator[Explained]:
    """Every line `oracle -b` prints for this script, explained, in order."""
    for block in blocks(source):
        yield from block.explained()


def explain_line(source: Source, number: int) -> Explained | None:
    """Line `number` (from 1) of `oracle -b` explained; only its block is, and the run stops
    there. None past the end of the output."""
    for block in blocks(source):
        if number < block.first + len(block.texts):
            return block.explained()[number - block.first]
    return None


def explained_through(source: Source, number: int) -> list[Explained]:
    """Every line of `oracle -b` explained, from the first through the block that holds line
    `number` (all of them where the output is shorter); the run stops there."""
    lines: list[Explained] = []
    for block in blocks(source):
        lines.extend(block.explained())
        if number < block.first + len(block.texts):
            break
    return lines


def explanation(text: str, number: int) -> list[str]:
    """Line `number` of the output of this script text, then why, as `-why` writes it."""
    line = explain_line(text_source(text), number)
    if line is None:
        return [f"the oracle's output has no line {number}"]
    return told(line)


def told(line: Explained) -> list[str]:
    """An explained line for a person: the line, then its `-why` comment lines."""
    return [f"oracle line {line.line}: {line.text}", *comment(line.record())]


def blocks(source: Source) -> Iterator[Block]:
    """The output's blocks in order, from a recorded run of the script."""
    recorder = Recorder()
    token = RECORDER.set(recorder)
    try:
        yield from _blocks(source, recorder)
    finally:
        RECORDER.reset(token)


def _blocks(source: Source, recorder: Recorder) -> Iterator[Block]:
    """The initial state, then for each command its echo and its state block."""
    try:
        script = validate(source)
    except ScriptError as error:
        texts = error.report().removesuffix("\n").split("\n")
        yield Block(1, None, texts, lambda: [REPORT] * len(texts))
        return
    session = recorded_session(recorder)
    block = _state(1, None, session, recorder)
    yield block
    following = block.first + len(block.texts)
    for steps in script.steps():
        for step in steps:
            command = step.echo.removeprefix("->")
            yield Block(following, command, [step.echo], lambda: [ECHO])
            recorder.run(partial(step.command.apply, session))
            block = _state(following + 1, command, session, recorder)
            yield block
            following = block.first + len(block.texts)


def _state(first: int, command: str | None, session: Session, recorder: Recorder) -> Block:
    """The state block's lines, the view's own text and parts; their reasons on demand."""
    shown = lines(session)
    texts = [INDENT + line.text for line in shown]
    return Block(first, command, texts, lambda: state_reasons(shown, session, recorder))


def json_lines(source: Source) -> Iterator[str]:
    """`-why-json`: one JSON object per output line."""
    return _chunked((block.json() for block in blocks(source)), BLOCKS)


def annotated(source: Source) -> Iterator[str]:
    """`-why`: each output line, then its explanation on lines starting with `#`."""
    return _chunked(
        line.text + "\n" + "".join(f"# {text}\n" for text in comment(line.record()))
        for line in explained(source)
    )


def _chunked(pieces: Iterator[str], size: int = CHUNK) -> Iterator[str]:
    """The pieces joined `size` at a time: the output is flushed per chunk, not per line."""
    while chunk := "".join(islice(pieces, size)):  # pragma: no mutate (speed only)
        yield chunk


def comment(record: dict[str, Any]) -> list[str]:
    """The explanation of one line for a person: phase, rule and spec, why, numbers, source."""
    heading = f"{record['rule']} ({record['spec']})"
    if record["phase"]:
        heading = f"{record['phase']} | {heading}"
    lines = [heading, record["why"]]
    if record.get("numbers"):
        lines.append("numbers: " + ", ".join(f"{k}={v}" for k, v in record["numbers"].items()))
    for cell in record.get("cells", []):
        lines.append(f"{cell['symbol']} at {cell['position']}: {cell['entity']}, {cell['placed']}")
    if record.get("changes"):
        changes = ", ".join(f"{c['attribute']} by {c['rule']}" for c in record["changes"])
        lines.append(f"changed this turn: {changes}")
    lines.append("source: " + ", ".join(record["source"]))
    return lines
