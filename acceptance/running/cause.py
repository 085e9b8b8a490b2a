"""From a difference to its cause: the oracle line that best explains why a program's output
differs, with its rule, so that a failing test names what the program missed, not only where its
text first differs.

The oracle's block where the outputs first differ is read with its explanations (`told`), against
the program's. In order of preference:

1. the first event of the block (a line of the turn's log, an error) that the program's block
   lacks or tells differently, or that explains an extra event line of the program's (the
   oracle's event about the entity it names, or the one it follows);
2. for the line that tells how the command went (Space Defender 2's state line), where a field
   of it differs (the stage, the mode, a turn counter): that field's rule, with the functions
   that wrote it;
3. for a listing line that differs (a projectile, an enemy, the score), the rule that wrote the
   field that differs, else the last of the oracle's events about that entity, in this block or
   the ones before: its history;
4. else the first differing line itself.

Before these, where the program refuses a command the oracle plays (its block has an error the
oracle's lacks), the cause is that error's rule, at the oracle's line that tells how the command
went.

Where the oracle's line that tells how the command went (Space Defender 2's state line) differs
too, the cause's source gains that line's: the functions that decided whether the turn is played.

The API: `cause_of(case, mismatch)` (None where the game cannot explain its lines, or the
expected output is not its oracle's), `script_cause(game, script, seed, mismatch)` for a script
that is no file, `find_cause(telling, mismatch)`, the pure core, `Cause` (`named`, `as_json()`,
`told()`, `from_json()`), and `groups(pairs)`, causes grouped by rule (`Group.line`: a summary's line).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from enum import Enum
from functools import cache, lru_cache
from hashlib import sha256
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from acceptance.games.registry import Game
from acceptance.games.told import Role, Telling, Told
from acceptance.running.cases import Case
from acceptance.running.compare import DiffLine, Mismatch, Side

# The code a cause depends on besides the two outputs: the cause finder, the games' tellers and
# what they explain the oracle's lines with (a package: every module under it).
EXPLAINERS = (
    "acceptance.running.cause",
    "acceptance.games.told",
    "acceptance.games.tellers",
    "oracle.why",
    "provenance",
    "model",
    "games.star_canine",
)
SHOWN = 10  # the tests a summary line names before it counts the rest
SIMILAR = 0.75  # how alike two lines must be (difflib's ratio) to be one line told differently
NEAR = 8  # how many places apart, in a changed stretch, two lines may be and still pair
VIEW_PREFIXES = ("model.view:", "oracle.")  # the source of how a line is drawn, not of a rule


class Kind(Enum):
    """How the program's output stands to the cause's line."""

    MISSING = "missing"
    DIFFERENT = "different"
    EXTRA = "extra"

    @property
    def words(self) -> str:
        """The kind for a person."""
        return KIND_WORDS[self]


KIND_WORDS = {
    Kind.MISSING: "missing in yours",
    Kind.DIFFERENT: "told differently",
    Kind.EXTRA: "yours has an extra line",
}


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
        }

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> Cause:
        """A cause from its `as_json()` (as a grading store keeps it)."""
        return cls(
            int(record["line"]),
            str(record["text"]),
            str(record["rule"]),
            str(record["spec"]),
            str(record["why"]),
            tuple(map(str, record["source"])),
            Kind(record["kind"]),
        )

    def told(self, verbose: bool = False) -> list[str]:
        """The cause for a person: the line, how yours differs, the rule, why, and if `verbose`
        the source (the clone's own functions, which mean nothing to a student)."""
        lines = [
            f"oracle line {self.line}: {self.text}",
            f"{self.kind.words} | {self.named}",
            self.why,
        ]
        return lines + (["source: " + ", ".join(self.source)] if verbose and self.source else [])


@dataclass(frozen=True)
class Run:
    """A stretch of a block diff: expected lines and the program's that stand in their place
    (either may be empty), after the expected line numbered `after` (0: at the block's start)."""

    expected: tuple[DiffLine, ...]
    actual: tuple[DiffLine, ...]
    after: int


def runs(diff: Sequence[DiffLine]) -> Iterator[Run]:
    """The diff's lines as runs: each common line alone, each changed stretch as one."""
    expected: list[DiffLine] = []
    actual: list[DiffLine] = []
    after = 0
    for line in [*diff, DiffLine(Side.BOTH, 0, "")]:
        if line.side is not Side.BOTH:
            (expected if line.side is Side.EXPECTED else actual).append(line)
            continue
        if expected or actual:
            yield Run(tuple(expected), tuple(actual), after)
            after = expected[-1].number if expected else after
            expected, actual = [], []
        if line.number:
            yield Run((line,), (line,), line.number)
            after = line.number


@lru_cache(maxsize=1 << 14)
def similar(left: str, right: str) -> bool:
    """Whether two lines are one line told differently rather than two lines (the cheap upper
    bounds first: a long changed stretch pairs many lines; cached, as each pass asks again)."""
    matcher = SequenceMatcher(None, left, right, autojunk=False)
    return (
        matcher.real_quick_ratio() >= SIMILAR
        and matcher.quick_ratio() >= SIMILAR
        and matcher.ratio() >= SIMILAR
    )


def near(lines: tuple[DiffLine, ...], index: int) -> tuple[DiffLine, ...]:
    """The lines of the other side of a run that may pair with the line at `index` of this one:
    those within NEAR places of it (a long changed stretch is not paired every line to every
    line)."""
    return lines[max(0, index - NEAR) : index + NEAR + 1]


def status(run: Run, line: DiffLine) -> Kind | None:
    """How the program's block stands to one expected line of a run: None where it is the same."""
    if run.actual == run.expected:
        return None
    others = near(run.actual, run.expected.index(line))
    if any(similar(line.text, other.text) for other in others):
        return Kind.DIFFERENT
    return Kind.MISSING


def extras(run: Run) -> list[DiffLine]:
    """The program's lines of a run that stand for none of the oracle's."""
    if run.actual == run.expected:
        return []
    return [
        line
        for index, line in enumerate(run.actual)
        if not any(similar(line.text, other.text) for other in near(run.expected, index))
    ]


def from_line(told: Told, kind: Kind, more: tuple[str, ...] = ()) -> Cause:
    """A cause that is an oracle line as it is told (its source, then `more`)."""
    source = tuple(dict.fromkeys(told.source + more))
    return Cause(told.line, told.text, told.rule, told.spec, told.why, source, kind)


@dataclass(frozen=True)
class Block:
    """The block where two outputs first differ: its runs, the oracle's lines told, and how the
    game reads the entities a line is about."""

    runs: list[Run]
    lines: dict[int, Told]
    telling: Telling
    first: int  # the number of the block's first line

    def events(self, upto: int, since: int = 0) -> list[Told]:
        """The oracle's events from line `since` through line `upto`."""
        return [
            line
            for line in self.telling.lines
            if since <= line.line <= upto and line.role is Role.EVENT
        ]


def find_cause(telling: Telling, mismatch: Mismatch) -> Cause | None:
    """The cause of a mismatch from the oracle's lines through its block, explained; None where
    the expected block is not the text the oracle tells (an expected file of another oracle)."""
    lines = {line.line: line for line in telling.lines}
    first = mismatch.diff[0].number if mismatch.diff else mismatch.line
    block = Block(list(runs(mismatch.diff)), lines, telling, first)
    for run in block.runs:
        for line in run.expected:
            known = lines.get(line.number)
            if known is None or known.text != line.text.rstrip("\r\n"):
                return None
    outcome = changed_outcome(block)
    cause = (
        (refused(block, outcome) if outcome is not None else None)
        or first_event(block)
        or (outcome_cause(block, outcome) if outcome is not None else None)
        or listing_cause(block)
        or first_line(block, mismatch)
    )
    if cause is None or outcome is None or cause.line == outcome.line:
        return cause
    return replace(cause, source=tuple(dict.fromkeys(cause.source + outcome.source)))


def changed_outcome(block: Block) -> Told | None:
    """The oracle's line that tells how the command went, where the program's tells otherwise."""
    return next(
        (
            block.lines[line.number]
            for run in block.runs
            for line in run.expected
            if block.lines[line.number].role is Role.OUTCOME and status(run, line) is not None
        ),
        None,
    )


def refused(block: Block, outcome: Told) -> Cause | None:
    """Where the program refuses a command the oracle does not (its block has an error line the
    oracle's lacks): the error's rule, at the oracle's line that tells how the command went."""
    for run in block.runs:
        for extra in extras(run):
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
                )
    return None


def first_event(block: Block) -> Cause | None:
    """The first event of the block that the program lacks, tells differently, or has an extra
    line beside."""
    for run in block.runs:
        for line in run.expected:
            kind = status(run, line)
            event = block.lines[line.number]
            if kind is not None and event.role is Role.EVENT:
                return from_line(
                    event, kind, origin(block, event) if kind is Kind.DIFFERENT else ()
                )
        extra = extras(run)
        before = block.lines.get(run.after)
        if extra and before is not None and before.role in (Role.EVENT, Role.SECTION):
            explained = extra_event(block, extra[0].text, run.after)
            if explained is not None:
                return from_line(explained, Kind.EXTRA)
    return None


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
    else the oracle's event most like it, else the next event of its section, else the rule
    that left its section empty."""
    named = block.telling.about(text)
    if named:
        events = [line for line in block.events(after, block.first) if named[0] in line.about]
        if events:
            return events[-1]
    before = block.lines[after]
    if before.role is Role.EVENT:
        return before
    return (
        most_like(block.events(after), text)
        or next_event(block.lines, after)
        or block.telling.silent(before)
    )


def most_like(events: list[Told], text: str) -> Told | None:
    """The event most like a line, if any is alike enough to be of the same rule."""
    scored = [
        (SequenceMatcher(None, event.text, text, autojunk=False).ratio(), -event.line, event)
        for event in events
    ]
    best = max(scored, default=None, key=lambda item: item[:2])
    return best[2] if best is not None and best[0] >= SIMILAR else None


def next_event(lines: dict[int, Told], after: int) -> Told | None:
    """The oracle's first event after line `after`, within its section."""
    number = after + 1
    while number in lines and lines[number].role is not Role.SECTION:
        if lines[number].role is Role.EVENT:
            return lines[number]
        number += 1
    return None


def outcome_cause(block: Block, outcome: Told) -> Cause | None:
    """Where the program's line that tells how the command went shows a field (the stage, a
    turn counter) otherwise than the oracle's: the rule of that field, with the functions that
    wrote it this command."""
    for run in block.runs:
        for line in run.expected:
            if line.number != outcome.line:
                continue
            theirs = likest(run, line)
            fields = [block.telling.field(theirs, field.label) for field in outcome.changed]
            return written(block, outcome, theirs) if any(f is not None for f in fields) else None
    return None


def likest(run: Run, line: DiffLine) -> str:
    """The program's line of a run most like an expected line, however unlike (empty where the
    program has none there): the program's own line of a part every block has."""
    others = near(run.actual, run.expected.index(line))
    if not others:
        return ""
    return max(others, key=lambda other: SequenceMatcher(None, line.text, other.text).ratio()).text


def counterpart(run: Run, line: DiffLine) -> str:
    """The program's line that stands for an expected line of a run, told differently (empty
    where none is alike)."""
    others = near(run.actual, run.expected.index(line))
    return next((other.text for other in others if similar(line.text, other.text)), "")


def listing_cause(block: Block) -> Cause | None:
    """For the first listing line that differs: the rule that wrote the differing field this
    turn, else the last of the oracle's events about its entity; for an entity only the program
    lists, the oracle's last event about it."""
    for run in block.runs:
        for line in run.expected:
            listed = block.lines[line.number]
            if status(run, line) is None or listed.role is not Role.LISTING:
                continue
            cause = written(block, listed, counterpart(run, line)) or history(block, listed.about)
            if cause is not None:
                return cause
        for extra in extras(run):
            cause = history(block, block.telling.about(extra.text), Kind.EXTRA)
            if cause is not None:
                return cause
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
        return Cause(
            listed.line,
            listed.text,
            field.rule,
            field.spec,
            f"{label}: written by {field.rule}. {listed.why}",
            source,
            Kind.DIFFERENT,
        )
    return None


def history(block: Block, about: tuple[str, ...], kind: Kind = Kind.DIFFERENT) -> Cause | None:
    """The last of the oracle's events about an entity, through the block (its turn's log comes
    after its listing): its history."""
    if not about:
        return None
    end = max((line.number for run in block.runs for line in run.expected), default=block.first)
    events = [line for line in block.events(end) if about[0] in line.about]
    return from_line(events[-1], kind) if events else None


def first_line(block: Block, mismatch: Mismatch) -> Cause | None:
    """The oracle's line where the outputs first differ (the last one, past the oracle's end)."""
    told = block.lines.get(mismatch.line) or block.lines.get(max(block.lines, default=0))
    if told is None:
        return None
    kind = next(
        (
            status(run, line) or Kind.DIFFERENT
            for run in block.runs
            for line in run.expected
            if line.number == told.line
        ),
        Kind.EXTRA,
    )
    return from_line(told, kind)


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
class Group:
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


def groups(causes: Iterable[tuple[str, Cause]]) -> list[Group]:
    """Tests (or any names) grouped by the rule of their cause, the most tests first, then by
    rule; each group's names keep their order."""
    found: dict[tuple[str, str], list[str]] = {}
    for name, cause in causes:
        found.setdefault((cause.rule, cause.spec), []).append(name)
    ordered = sorted(found.items(), key=lambda item: (-len(item[1]), item[0]))
    return [Group(rule, spec, tuple(names)) for (rule, spec), names in ordered]


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
