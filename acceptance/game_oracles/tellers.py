"""The oracle's lines of each game that explains them, as the cause finder reads them (`Told`):
Space Defender 2's from `oracle -why`, Star Canine's from its own explanations.

Imported on first use (`acceptance.game_oracles.registry`): it loads Space Defender 2's oracle;
Star Canine's teller loads its game when first asked (a Space Defender 2 grading never does).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial

from acceptance.game_oracles.script_commands import commands_of
from acceptance.game_oracles.told import FieldWritten, Role, Telling, Told, labelled
from oracle.runner import text_source
from oracle.why import Explained, explained_through
from provenance.model_rules import WHOLE_ACTIONS
from provenance.rules import ERROR_RULES, RULES, STATE_FIELDS

ID = re.compile(r"\(id:(-?\d+)\)|^ *\[(-?\d+),")  # an event names `(id:N)`, a listing `[N,`
LISTINGS = frozenset({"view.starfighter", "score.total", "view.enemy", "view.projectile"})
ROWS = frozenset({"view.board.row", "view.fog"})  # a board row lists what stands in its cells
CELL = re.compile(r"\[[A-Z],(\d+)\]")  # a cell's position, as the board's cells are named
FIRST_CELL, CELL_WIDTH = 6, 3  # where a row shows its first cell, and each next one
# The fields of model/ a listing line (or the state line) shows, with the labels it shows them by.
LABELS = {
    "health": ("health",),
    "total_health": ("health",),
    "energy": ("energy",),
    "position": ("location",),
    "speed": ("move",),
    "damage": ("damage",),
    "armour": ("Armour",),
    "regen": ("Regen",),
    "seen_by_starfighter": ("seen_by_Starfighter",),
    "can_see_starfighter": ("can_see_Starfighter",),
    "score": ("score",),
    "stats": ("health", "energy", "Regen", "Armour", "Vision", "Move", "Move Cost"),
    "loadout": ("Projectile Pattern", "Projectile Damage", "Projectile Cost", "Power"),
    "stage": ("stage",),
    "debug": ("mode",),
    "turn": ("turn",),
    "since_turn": ("since_turn",),
}
# The functions of model/ that print a field's value: a position printed otherwise is their miss.
PRINTED_BY = {"position": ("model.geometry:Position.__str__",)}
# The sections of the log a rule may leave empty, each turn, with that rule: a program that logs a
# line there where the oracle logs none missed it (Phase 7 drew no enemy to spawn).
SILENT_SECTIONS = {"Natural Enemy Spawn:": "spawn.natural"}
# The state line's fields by their labels: `state:in game(3.1), debug, ok`.
STATE_LINE = re.compile(
    r"\s*state:(?P<stage>[^(,]*)(?:\((?P<turn>[^.)]*)\.(?P<since_turn>[^)]*)\))?, (?P<mode>\w+),"
)
STATE_LABELS = frozenset({"stage", "mode", "turn", "since_turn"})
# The state line's fields by label, each with its rule, in the order the line shows them.
FIELDS = tuple((LABELS[attribute][0], rule) for attribute, rule in STATE_FIELDS.items())
ROW = re.compile(r" {4}([A-Z]) ")  # a board row, by its letter
ECHO, DEBUG = "echo.command", "toggle_debug_mode"  # a command's echo; the command that shows logs
LAST = 1 << 30  # a line number past any output: every line told
AT = re.compile(r"at location (\[[A-Z],-?\d+\])")  # the cell an event happened at
# Each error text of errors.txt, with its rule.
REFUSALS = {error.value: rule for error, rule in ERROR_RULES.items()}
# Star Canine's lines that are no event of its rules.


def role_of(line: Explained) -> Role:
    """What a Space Defender 2 line does, by its rule and the phase it was printed in."""
    rule = line.reason.rule
    if line.reason.phase.startswith("phase") or rule.startswith("error.") or rule == "script.error":
        return Role.EVENT
    if rule == "view.log":
        return Role.SECTION
    if rule == "view.state":
        return Role.OUTCOME
    if rule in LISTINGS and (line.reason.entity is not None or rule == "score.total"):
        return Role.LISTING
    if rule in ROWS:
        return Role.LISTING
    return Role.RENDERING


def named(text: str) -> tuple[str, ...]:
    """The entities a Space Defender 2 line names, by id, in order."""
    return tuple(dict.fromkeys(event or listed for event, listed in ID.findall(text)))


def about(line: Explained) -> tuple[str, ...]:
    """The entities a Space Defender 2 line is about, by id: its own, then those it names."""
    entity = line.reason.entity
    own = () if entity is None else (str(entity["id"]),)
    return tuple(dict.fromkeys(own + named(line.text)))


def written(line: Explained) -> tuple[FieldWritten, ...]:
    """The fields of a listed entity written this turn, each with its rule, as the line labels
    them; for a board row, each occupied cell with the rule that placed what stands there."""
    if line.reason.rule in ROWS:
        return tuple(
            FieldWritten(cell["position"], cell["rule"], RULES[cell["rule"]].spec)
            for cell in line.reason.cells
        )
    return tuple(
        FieldWritten(
            label,
            change["rule"],
            RULES[change["rule"]].spec,
            PRINTED_BY.get(change["attribute"], ()),
        )
        for change in line.reason.changes
        for label in LABELS.get(change["attribute"], ())
    )


def space_defender_2(text: str, seed: int | None, number: int) -> Telling:
    """Space Defender 2's lines through the block of line `number`, as `-why-json` tells them."""
    told: list[Told] = []
    for line in explained_through(text_source(text), number):
        reason = line.reason
        role = role_of(line)
        rule = RULES[reason.rule]
        told.append(
            Told(
                line.line,
                line.text,
                reason.rule,
                rule.spec,
                reason.why or rule.why,
                reason.source,
                role,
                about(line),
                written(line) if role in (Role.LISTING, Role.OUTCOME) else (),
                reason.rule in WHOLE_ACTIONS,
            )
        )
    unseen = logged(text, seed, told)
    quiet = partial(silent, lines=told)
    return Telling(told, named, shown, refusal, quiet, FIELDS, rule_of, cells, at, unseen)


def logged(text: str, seed: int | None, told: list[Told]) -> Callable[[int], list[Told]]:
    """The events of the turn whose block holds a line, as debug mode logs them: the script
    through that block's command, debug mode toggled just before it (a toggle changes no
    rule's outcome), told again."""

    def events(number: int) -> list[Told]:
        commands = commands_of(text)
        count = sum(line.rule == ECHO and line.line <= number for line in told)
        if commands is None or not 0 < count <= len(commands):
            return []
        shown = [*commands[: count - 1], DEBUG, commands[count - 1]]
        again = space_defender_2("\n".join(shown) + "\n", seed, LAST)
        start = max(line.line for line in again.lines if line.rule == ECHO)
        return [line for line in again.lines if line.line > start and line.role is Role.EVENT]

    return events


def rule_of(name: str) -> tuple[str, str]:
    """A rule's spec section and statement."""
    rule = RULES[name]
    return rule.spec, rule.why


def cells(text: str) -> tuple[str, ...]:
    """The cells a board row shows, by label, left to right (none for another line)."""
    row = ROW.match(text)
    if row is None:
        return ()
    count = (len(text.rstrip("\r\n")) - FIRST_CELL + CELL_WIDTH - 1) // CELL_WIDTH
    return tuple(f"[{row.group(1)},{column}]" for column in range(1, count + 1))


def at(text: str) -> tuple[str, ...]:
    """The cells an event line says it happened at (`at location [A,5]`)."""
    return tuple(AT.findall(text))


def silent(section: Told, lines: Sequence[Told] = ()) -> Told | None:
    """The rule that left a section of the log empty this turn, told at the section's line; its
    source, the rule's functions and those it ran through where it logged earlier (`lines`, the
    oracle's: the draws of an earlier spawn)."""
    title = section.text.strip()
    name = SILENT_SECTIONS.get(title)
    if name is None:
        return None
    rule = RULES[name]
    why = f"Nothing is logged under {title.removesuffix(':')} this turn: {name} decided so."
    ran = (
        path
        for line in lines
        if line.rule == name and line.line < section.line
        for path in line.source
    )
    source = tuple(dict.fromkeys(path for path in (rule.where, *rule.also_where, *ran) if path))
    return Told(section.line, section.text, name, rule.spec, why, source, Role.EVENT)


def refusal(text: str) -> Told | None:
    """The error rule of a Space Defender 2 line that gives an error of errors.txt."""
    rule = REFUSALS.get(text.strip())
    if rule is None:
        return None
    return Told(0, text, rule.name, rule.spec, "", (rule.where,), Role.EVENT)


def shown(text: str, label: str) -> str | None:
    """What a Space Defender 2 line shows for a label: a field of the state line (its stage,
    mode or a turn counter), a board row's symbol in a cell (`[A,28]`), else a listing's
    `label:value`."""
    if label in STATE_LABELS:
        state = STATE_LINE.match(text)
        return state.group(label) if state else None
    cell = CELL.fullmatch(label)
    if cell is None:
        return labelled(text, label)
    index = FIRST_CELL + CELL_WIDTH * (int(cell.group(1)) - 1)
    return text[index : index + 1] if index < len(text) else None


def star_canine(text: str, seed: int | None, number: int) -> Telling:
    """Star Canine's lines, each with its event's rule (no source: its rules record none); its
    scene and typed lines are rendering."""
    from games.star_canine import why as star_canine_why

    rendering = {star_canine_why.SCENE.name, star_canine_why.TYPED.name}
    lines = [
        Told(
            index,
            line,
            reason.rule.name,
            reason.rule.spec,
            reason.rule.why,
            (),
            Role.RENDERING if reason.rule.name in rendering else Role.EVENT,
        )
        for index, (line, reason) in enumerate(star_canine_why.explained(text, seed), 1)
    ]
    return Telling(lines)
