"""From a difference to its cause: the oracle line that best explains why a program's output
differs, with its rule, so that a failing test names the rule the program must fix, not only
where its text first differs.

The oracle's block where the outputs first differ is read with its explanations (`told`) against
the program's (`paired`), in order of preference: the first event the program lacks or tells
differently, a differing field of the state line, a differing listing line, else the first
differing line. The order and its reasons: docs/explanation/causes.md.

The API: `cause_of(case, mismatch)`, `script_cause(game, script, seed, mismatch)` for a script
that is no file, `find_cause(telling, mismatch)` (the pure core), `Cause` and `groups(pairs)`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from hashlib import sha256
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from acceptance.game_oracles.registry import Game
from acceptance.game_oracles.told import Role, Telling, Told
from acceptance.running.cases import Case
from acceptance.running.compare import DiffLine, Mismatch, Side, first_hunk, white_space
from acceptance.running.paired import (
    Block,
    Kind,
    Stretch,
    actor,
    changed_outcome,
    counterpart,
    elsewhere,
    extras,
    in_words,
    leads,
    left_out,
    likest,
    misplaced,
    most_like,
    next_event,
    run_of,
    status,
    stretches,
)

# The code a cause depends on besides the two outputs: the cause finder, the games' tellers and
# what they explain the oracle's lines with (a package: every module under it).
EXPLAINERS = (
    "acceptance.running.cause",
    "acceptance.running.paired",
    "acceptance.game_oracles.told",
    "acceptance.game_oracles.tellers",
    "oracle.why",
    "provenance",
    "model",
    "games.star_canine",
)
SHOWN = 10  # the tests a summary line names before it counts the rest
VIEW_PREFIXES = ("model.view:", "oracle.")  # the source of how a line is drawn, not of a rule


@dataclass(frozen=True)
class Cause:
    """The oracle line that best explains a difference, with its rule, and how yours differs."""

    line: int
    text: str
    rule: str
    spec: str
    why: str
    source: tuple[str, ...]
    kind: Kind
    white_space: str = ""  # what the difference is where it is in white space only, else ''
    yours: str | None = None  # the program's line that stands for the oracle's, if it has one

    @property
    def named(self) -> str:
        """The rule and its spec section: what a report names."""
        return f"{self.rule} ({self.spec})" if self.spec else self.rule

    def as_json(self) -> dict[str, Any]:
        """The cause as `at run --json` gives it."""
        return {
            "line": self.line,
            "text": self.text,
            "rule": self.rule,
            "spec": self.spec,
            "why": self.why,
            "source": list(self.source),
            "kind": self.kind.value,
            "white_space": self.white_space,
            "yours": self.yours,
        }

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> Cause:
        """A cause from its `as_json()` (as a grading store keeps it; an older record has no
        white space flag and no line of yours)."""
        yours = record.get("yours")
        return cls(
            int(record["line"]),
            str(record["text"]),
            str(record["rule"]),
            str(record["spec"]),
            str(record["why"]),
            tuple(map(str, record["source"])),
            Kind(record["kind"]),
            str(record.get("white_space", "")),
            None if yours is None else str(yours),
        )

    def told(self, verbose: bool = False) -> list[str]:
        """The cause for a person, in the course's words: the rule and how yours stands to it,
        what the spec says (its section and the rule's statement), the oracle's line and what
        yours printed there; the clone's functions behind the rule (`source`) only if verbose."""
        kind = f"white space only ({self.white_space})" if self.white_space else self.kind.words
        said = f"{self.spec}: {self.why}" if self.spec else self.why
        lines = [
            f"{self.rule}: {kind}",
            said,
            f"the oracle's line {self.line}: {self.text.strip()}",
        ]
        if self.yours is not None:
            lines.append(f"yours: {self.yours.strip()}")
        elif self.kind is Kind.MISSING:
            lines.append("yours: none")
        verbose = verbose and bool(self.source)
        return lines + (["source: " + ", ".join(self.source)] if verbose else [])


def from_line(
    told: Told, kind: Kind, more: tuple[str, ...] = (), yours: str | None = None
) -> Cause:
    """A cause that is an oracle line as it is told (its source, then `more`), with the
    program's line that stands for it, if any."""
    source = tuple(dict.fromkeys(told.source + more))
    return Cause(told.line, told.text, told.rule, told.spec, told.why, source, kind, yours=yours)


def find_cause(telling: Telling, mismatch: Mismatch) -> Cause | None:
    """The cause of a mismatch from the oracle's lines through its block, explained; None where
    the expected block is not the text the oracle tells (an expected file of another oracle)."""
    lines = {line.line: line for line in telling.lines}
    first = mismatch.diff[0].number if mismatch.diff else mismatch.line
    block = Block(list(stretches(mismatch.diff)), lines, telling, first)
    for stretch in block.stretches:
        for line in stretch.expected:
            known = lines.get(line.number)
            if known is None or known.text != line.text.rstrip("\r\n"):
                return None
    outcome = changed_outcome(block)
    told = outcome_cause(block, outcome) if outcome is not None else None
    # In a block where the oracle logs no event (a game starting), the program's events are
    # leftovers: the line that tells how the command went says more.
    played = bool(block.events(block.end, block.first))
    cause = (
        (refused(block, outcome) if outcome is not None else None)
        or (first_event(block) if played else told)
        or (told if played else first_event(block))
        or listing_cause(block)
        or first_line(block, mismatch)
    )
    if cause is None:
        return None
    spaces = white_space(first_hunk(mismatch.diff))
    if not spaces and cause.kind in (Kind.DIFFERENT, Kind.MISSING) and in_words(block):
        cause = replace(cause, kind=Kind.WORDING, yours=cause.yours or run_of(block, cause.line))
    if outcome is None or cause.line == outcome.line:
        return replace(cause, white_space=spaces)
    source = tuple(dict.fromkeys(cause.source + outcome.source))
    return replace(cause, source=source, white_space=spaces)


def refused(block: Block, outcome: Told) -> Cause | None:
    """Where the program refuses a command the oracle does not (its block has an error line the
    oracle's lacks): the error's rule, at the oracle's line that tells how the command went."""
    for stretch in block.stretches:
        for extra in extras(stretch):
            error = block.telling.refusal(extra.text)
            if error is not None:
                why = f"Yours gives the error “{error.text.strip()}” ({error.rule}); the oracle"
                return Cause(
                    outcome.line,
                    outcome.text,
                    error.rule,
                    error.spec,
                    f"{why} does not: {outcome.why}",
                    tuple(dict.fromkeys(error.source + outcome.source)),
                    Kind.EXTRA,
                    yours=extra.text,
                )
    return None


def first_event(block: Block) -> Cause | None:
    """The first event of the block that the program lacks, tells differently, or has an extra
    line beside (an extra line before the first line it tells otherwise comes first)."""
    for stretch in block.stretches:
        extra = extras(stretch)
        if extra and extra[0] is stretch.actual[0] and leads(stretch):
            cause = extra_cause(block, stretch, extra)
            if cause is not None:
                return cause
        for line in stretch.expected:
            kind = status(stretch, line)
            if kind is not None and block.lines[line.number].role is Role.EVENT:
                return event_cause(block, stretch, line, kind)
        cause = extra_cause(block, stretch, extra) if extra else None
        if cause is not None:
            return cause
    return None


def event_cause(block: Block, stretch: Stretch, line: DiffLine, kind: Kind) -> Cause:
    """The cause of an event the program lacks or tells differently: the event, or the action
    it belongs to where that action owns its collisions (a special, a preemptive action) and the
    program tells the action itself as the oracle does."""
    event = block.lines[line.number]
    if kind is Kind.DIFFERENT:
        return from_line(event, kind, origin(block, event), counterpart(stretch, line))
    moved = elsewhere(block, event)
    if moved is not None:
        return from_line(event, Kind.DIFFERENT, origin(block, event), moved)
    action = actor(block, event)
    if action is None or not action.owner or block.status(action.line) is not None:
        return from_line(event, kind)
    why = f"{action.why} Yours leaves out what happens on the way: {event.why}"
    source = tuple(dict.fromkeys(action.source + event.source))
    return Cause(event.line, event.text, action.rule, action.spec, why, source, kind)


def extra_cause(block: Block, stretch: Stretch, extra: list[DiffLine]) -> Cause | None:
    """The cause of a stretch's extra event lines: the oracle's line the program prints elsewhere in
    the block (missing at its own place), else the oracle's event that explains the first one."""
    before = block.lines.get(stretch.after)
    if before is None or before.role not in (Role.EVENT, Role.SECTION):
        return None
    moved = misplaced(block, extra[0].text)
    if moved is not None:
        return from_line(moved, Kind.MISSING)
    explained = extra_event(block, extra[0].text, stretch.after)
    return from_line(explained, Kind.EXTRA, yours=extra[0].text) if explained else None


def origin(block: Block, event: Told) -> tuple[str, ...]:
    """The source of how an event's entity came to be (the oracle's first event about it, where
    that is another line): an entity told differently may have been made wrong."""
    if not event.about:
        return ()
    first = next((line for line in block.events(event.line) if event.about[0] in line.about), None)
    return first.source if first is not None and first is not event else ()


def extra_event(block: Block, text: str, after: int) -> Told | None:
    """The oracle's event that best explains an extra event line of the program after line
    `after`: the last one of this block about the entity it names, else the event it follows,
    else (for a line naming no entity) the event of this block most like it, else the next event
    of its section, else the rule that left its section empty."""
    named = block.telling.about(text)
    if named:
        events = [line for line in block.events(after, block.first) if named[0] in line.about]
        if events:
            return events[-1]
    before = block.lines[after]
    if before.role is Role.EVENT:
        return before
    return (
        (None if named else most_like(block.events(after, block.first), text))
        or next_event(block.lines, after)
        or block.telling.silent(before)
    )


def outcome_cause(block: Block, outcome: Told) -> Cause | None:
    """Where the program's line that tells how the command went shows a field (the stage, a
    turn counter) otherwise than the oracle's: the rule of that field, with the functions that
    wrote it this command; a field the command left as it was, its own rule."""
    for stretch in block.stretches:
        for line in stretch.expected:
            if line.number != outcome.line:
                continue
            theirs = likest(stretch, line)
            fields = [block.telling.field(theirs, field.label) for field in outcome.changed]
            shown = any(field is not None for field in fields)
            return (written(block, outcome, theirs) if shown else None) or kept(
                block, outcome, theirs
            )
    return None


def kept(block: Block, outcome: Told, theirs: str) -> Cause | None:
    """The first field of the line that tells how the command went that the command left as it
    was and the program's line shows otherwise: that field's rule."""
    value = block.telling.field
    for label, rule in block.telling.fields:
        shown, mine = value(outcome.text, label), value(theirs, label)
        if shown is None or mine is None or shown == mine:
            continue
        why = f"The {label} stays as it is, {shown}; yours moved to {mine}."
        spec, statement = block.telling.rule_of(rule)
        return Cause(
            outcome.line,
            outcome.text,
            rule,
            spec,
            f"{statement} {why}",
            outcome.source,
            Kind.DIFFERENT,
            yours=theirs,
        )
    return None


def listing_cause(block: Block) -> Cause | None:
    """For the first listing line that differs: a part of the view the program leaves out whole,
    its view rule; for a board row, this turn's event at a cell it shows otherwise; else the rule
    that wrote the differing field this turn, else the last of the oracle's events about its
    entity; for an entity only the program lists, the oracle's last event about it."""
    for stretch in block.stretches:
        for line in stretch.expected:
            listed = block.lines[line.number]
            kind = status(stretch, line)
            if kind is None or listed.role is not Role.LISTING:
                continue
            if kind is Kind.MISSING and left_out(block, stretch, listed):
                return from_line(listed, Kind.MISSING)
            theirs = counterpart(stretch, line)
            cause = (
                cell_event(block, listed, theirs)
                or written(block, listed, theirs)
                or history(block, listed.about)
            )
            if cause is not None:
                return cause
        for extra in extras(stretch):
            cause = history(block, block.telling.about(extra.text), Kind.EXTRA)
            if cause is not None:
                return cause
    return None


def cell_event(block: Block, row: Told, theirs: str) -> Cause | None:
    """For a board row the program shows otherwise (a row of its alike): the first of this turn's
    events logged at a cell that differs (in normal mode, as debug mode would log them), an
    encounter of two entities before any other (what stands in a cell after a collision is that
    collision's doing, not its placement's)."""
    telling = block.telling
    if not theirs:
        return None
    cells = [
        cell
        for cell in telling.cells(row.text)
        if telling.field(row.text, cell) != telling.field(theirs, cell)
    ]
    shows_log = any(
        line.role is Role.SECTION and block.first <= line.line <= row.line
        for line in block.lines.values()
    )
    logged = block.events(row.line, block.first) if shows_log else telling.unseen(row.line)
    for cell in cells:
        events = [line for line in logged if cell in telling.at(line.text)]
        met = [event for event in events if len(event.about) > 1]
        chosen = (met or events)[:1]
        if chosen:
            event = chosen[0]
            shown, mine = telling.field(row.text, cell), telling.field(theirs, cell)
            after = f"After it the oracle's board shows “{shown}” at {cell}; yours “{mine}”."
            if shows_log:
                return replace(from_line(event, Kind.DIFFERENT), why=f"{event.why} {after}")
            why = (
                f"{event.why} In this turn (its log, in debug mode: {event.text.strip()}). {after}"
            )
            return Cause(
                row.line,
                row.text,
                event.rule,
                event.spec,
                why,
                event.source,
                Kind.DIFFERENT,
                "",
                theirs,
            )
    return None


def written(block: Block, listed: Told, theirs: str) -> Cause | None:
    """The rule that wrote a field the program's line shows otherwise (this turn, or for a board
    cell, where it placed what stands there), its source ending with the functions that print
    the field's value."""
    value = block.telling.field
    for field in listed.changed:
        label = field.label
        shown = value(listed.text, label)
        if shown is None or (theirs and shown == value(theirs, label)):
            continue
        kept = (path for path in listed.source if not path.startswith(VIEW_PREFIXES))
        source = tuple(dict.fromkeys((*kept, *field.printed_by)))
        mine = value(theirs, label) if theirs else None
        yours = f"yours shows {mine}" if mine is not None else "yours shows none"
        return Cause(
            listed.line,
            listed.text,
            field.rule,
            field.spec,
            f"{label}: {shown}, as {field.rule} leaves it; {yours}.",
            source,
            Kind.DIFFERENT,
            yours=theirs or None,
        )
    return None


def history(block: Block, about: tuple[str, ...], kind: Kind = Kind.DIFFERENT) -> Cause | None:
    """The last of the oracle's events about an entity, through the block (its turn's log comes
    after its listing): its history."""
    if not about:
        return None
    events = [line for line in block.events(block.end) if about[0] in line.about]
    return from_line(events[-1], kind) if events else None


def first_line(block: Block, mismatch: Mismatch) -> Cause | None:
    """The oracle's line where the outputs first differ (the last one, past the oracle's end)."""
    told = block.lines.get(mismatch.line) or block.lines.get(max(block.lines, default=0))
    if told is None:
        return None
    found = next(
        (
            (stretch, line)
            for stretch in block.stretches
            for line in stretch.expected
            if line.number == told.line
        ),
        None,
    )
    if found is None:
        return from_line(told, Kind.EXTRA)
    stretch, line = found
    kind = status(stretch, line) or Kind.DIFFERENT
    return from_line(told, kind, yours=counterpart(stretch, line) or None)


def cause_of(case: Case, mismatch: Mismatch) -> Cause | None:
    """The cause of a case's mismatch, where its game can explain its oracle's lines."""
    if case.game.tell is None:
        return None
    try:
        script = case.script.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return script_cause(case.game, script, case.seed, mismatch)


def script_cause(game: Game, script: str, seed: int | None, mismatch: Mismatch) -> Cause | None:
    """The cause of a mismatch of the output of a game's script, where the game can explain its
    oracle's lines."""
    if game.tell is None:
        return None
    shown = [line.number for line in mismatch.diff if line.side is not Side.ACTUAL]
    try:
        telling = game.tell(script, seed, max([mismatch.line, *shown]))
    except Exception:  # the oracle failing on a test's script is its test's report, not a cause
        return None
    return find_cause(telling, mismatch)


@dataclass(frozen=True)
class RuleGroup:
    """One rule that explains failing tests: the rule, its spec section, and the tests."""

    rule: str
    spec: str
    tests: tuple[str, ...]

    @property
    def line(self) -> str:
        """The group as a run's summary gives it: `rule (spec): 8 tests: at152, at200, ...`
        (the first SHOWN tests named)."""
        named = f"{self.rule} ({self.spec})" if self.spec else self.rule
        count = f"{len(self.tests)} test{'' if len(self.tests) == 1 else 's'}"
        more = [f"and {len(self.tests) - SHOWN} more"] if len(self.tests) > SHOWN else []
        return f"{named}: {count}: {', '.join([*self.tests[:SHOWN], *more])}"


def groups(causes: Iterable[tuple[str, Cause]]) -> list[RuleGroup]:
    """Tests (or any names) grouped by the rule of their cause, the most tests first, then by
    rule; each group's names keep their order."""
    found: dict[tuple[str, str], list[str]] = {}
    for name, cause in causes:
        found.setdefault((cause.rule, cause.spec), []).append(name)
    ordered = sorted(found.items(), key=lambda item: (-len(item[1]), item[0]))
    return [RuleGroup(rule, spec, tuple(names)) for (rule, spec), names in ordered]


@cache
def explainer_digest() -> str:
    """A digest of the code that finds causes (EXPLAINERS), once per process: a cause kept from
    before (a grading store keeps them) was found with this code, and is found again where the
    digest differs."""
    return code_digest(EXPLAINERS)


def code_digest(names: tuple[str, ...]) -> str:
    """A digest of the modules `names` (a package: every module under it), each file's name
    and bytes."""
    hashed = sha256()
    for name in names:
        for path in module_files(name):
            hashed.update(f"{name}:{path.name}\0".encode())
            hashed.update(path.read_bytes())
    return hashed.hexdigest()


def module_files(name: str) -> list[Path]:
    """The source files of a module, or of every module of a package, in a stable order."""
    spec = find_spec(name)
    if spec is None:
        return []
    if spec.submodule_search_locations:
        return sorted(
            path
            for folder in spec.submodule_search_locations
            for path in Path(folder).rglob("*.py")
        )
    return [Path(spec.origin)] if spec.origin else []
