"""The games the harness knows, one plain entry each: where a game's tests are, how its oracle and
an external program produce an output, how a report names a place, how fuzzing makes a script.

A game plugs in with one `Game` entry in `GAMES`. Everything a game needs is imported on first
use, so `at` starts without loading any game, and a game whose package is missing fails only its
own tests (as a crash of its oracle), not the harness.
"""

from __future__ import annotations

import importlib
import random
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from acceptance.errors import HarnessError
from acceptance.game_oracles.told import Teller, Telling

if TYPE_CHECKING:
    from oracle.generate import Lean

# A script's text and seed in, the whole output out: what `-b SCRIPT [--seed N]` prints.
Transcript = Callable[[str, int | None], str]
# A random complete script for fuzzing: its seed (None: the game's default) and its lines.
RandomScript = Callable[[random.Random], tuple[int | None, list[str]]]
# A script's text to its units (commands or typed lines), or one unit to its simpler forms.
Split = Callable[[str], list[str]]
# A script's text, its seed and a line number of the oracle's output: why the oracle printed that
# line, a few lines for a person (empty past the end of the output).
Explainer = Callable[[str, int | None, int], list[str]]
# A script's text and seed: each line of the oracle's output with the names of the rules behind it
# (the rule that made it, then those that placed or changed what it shows).
LineRules = Callable[[str, int | None], list[tuple[str, tuple[str, ...]]]]
# Each rule's weight (1 for a rule every test reaches, more for rarer ones): a random-script maker
# whose scripts lean toward the heavier rules.
Toward = Callable[[Mapping[str, float]], RandomScript]

# In-process oracles are run one at a time: they may keep state in their modules.
IN_PROCESS = threading.Lock()
# Generated Space Defender 2 scripts: short ones mostly, as a shrinker likes them; long ones for
# games long enough to kill, collect and use powers.
SCRIPT_LENGTHS = (5, 10, 20, 40, 80, 160)


def input_lines(text: str) -> list[str]:
    """The typed lines of a script file (LF or CRLF, last newline optional)."""
    return text.replace("\r\n", "\n").removesuffix("\n").split("\n") if text else []


def script_text(units: list[str] | tuple[str, ...]) -> str:
    """A script file of these units, one per line."""
    return "".join(unit + "\n" for unit in units)


class Unit(Enum):
    """What a script is made of: the unit a report names and a shrinker removes."""

    COMMAND = "command"
    INPUT_LINE = "input line"


@dataclass(frozen=True)
class Rules:
    """A game's rule table as its `-why` names it: each rule's name and spec section in the
    table's order, and the rule behind each line of the oracle's output for a script."""

    table: Callable[[], list[tuple[str, str]]]
    lines: LineRules


@dataclass(frozen=True)
class Game:
    """One game of the project, as the harness sees it."""

    name: str  # the game's name in --game and in test names
    title: str
    folder: str  # its tests are in at/FOLDER/ and expected/FOLDER/ ("" for the top level)
    unit: Unit
    clone: Transcript  # the project's clone, in-process: what `at run` tests without --exe
    random_script: RandomScript
    reference: Transcript | None = None  # the real oracle when it is not the clone (PC-BASIC)
    takes_seed: bool = True  # an external program gets `--seed N` from NAME.seed
    units: Split = input_lines  # a script's units, as a shrinker removes them
    simpler: Split | None = None  # a unit's simpler forms, simplest first, for a shrinker
    # How a transcript's text becomes the bytes a program prints: latin-1 (one byte per
    # character) for the BASIC games, whose transcripts are PC-BASIC's bytes (its \xff marks).
    encoding: str = "utf-8"
    explain: Explainer | None = None  # the oracle's explanation of one of its lines, if it has one
    rules: Rules | None = None  # the oracle's rule table, if it has one (`at cover`)
    toward: Toward | None = None  # random scripts leaning toward given rules (`at fuzz --toward`)
    tell: Teller | None = None  # the oracle's lines explained, for the cause of a difference

    @property
    def oracle(self) -> Transcript:
        """What expected outputs come from: the reference if there is one, else the clone."""
        return self.reference or self.clone

    def argv(self, program: tuple[str, ...], script: Path, seed: int | None) -> list[str]:
        """The command line of an external program playing a script of this game."""
        seeded = ["--seed", str(seed)] if self.takes_seed and seed is not None else []
        return [*program, "-b", str(script), *seeded]

    def __reduce__(self) -> tuple[Callable[[str], Game], tuple[str]]:
        """A game crosses to another process (a grading's worker) by its name, since it holds
        functions: there it is the same game of the registry."""
        return game_named, (self.name,)


class GameModule(Protocol):
    """What a game package offers the harness: its pure core."""

    def transcript(self, inputs: str, seed: int | None = None) -> str: ...


class Autoplay(Protocol):
    """What a game's autoplay module offers the harness: a random complete game."""

    def random_inputs(self, rng: random.Random) -> tuple[int | None, list[str]]: ...


def package_transcript(package: str) -> Transcript:
    """The `transcript` of a game package, imported on first use."""

    def transcript(text: str, seed: int | None) -> str:
        module = cast(GameModule, importlib.import_module(package))
        with IN_PROCESS:
            return module.transcript(text, seed)

    return transcript


def package_autoplay(package: str) -> RandomScript:
    """The `autoplay.random_inputs` of a game package, imported on first use."""

    def random_inputs(rng: random.Random) -> tuple[int | None, list[str]]:
        module = cast(Autoplay, importlib.import_module(f"{package}.autoplay"))
        return module.random_inputs(rng)

    return random_inputs


def pcbasic_transcript(game: str) -> Transcript:
    """The original BASIC listing of a game run by PC-BASIC: the oracle of the BASIC games."""

    def transcript(text: str, seed: int | None) -> str:
        from acceptance.game_oracles import pcbasic  # here: only the BASIC games' oracles need it

        return pcbasic.transcript(game, input_lines(text), seed, None)

    return transcript


def space_defender_2(text: str, seed: int | None) -> str:
    """What `oracle -b` prints for a script (Space Defender 2 has no seed)."""
    from oracle.runner import run_script  # here: `at --exe` never loads the oracle

    with IN_PROCESS:
        return run_script(text)


def space_defender_2_explain(text: str, seed: int | None, line: int) -> list[str]:
    """Why `oracle -b` printed line `line` of this script's output (`oracle -why`)."""
    from oracle.why import explanation

    with IN_PROCESS:
        return explanation(text, line)


def space_defender_2_table() -> list[tuple[str, str]]:
    """Every rule `oracle -why` names, with its spec section, in the table's order."""
    from provenance.rules import RULES

    return [(rule.name, rule.spec) for rule in RULES.values()]


def space_defender_2_lines(text: str, seed: int | None) -> list[tuple[str, tuple[str, ...]]]:
    """Each line `oracle -b` prints for a script, with the rules `oracle -why` names for it."""
    from oracle.runner import text_source
    from oracle.why import explained, rules_of

    with IN_PROCESS:
        return [(line.text, rules_of(line.reason)) for line in explained(text_source(text))]


def space_defender_2_toward(weights: Mapping[str, float]) -> RandomScript:
    """Generated scripts whose choices lean toward the rules of the given weights."""
    from oracle.generate import leaning

    return partial(space_defender_2_script, lean=leaning(weights))


def teller(name: str) -> Teller:
    """A game's `Teller` of `acceptance.game_oracles.tellers`, imported on first use."""

    def tell(text: str, seed: int | None, line: int) -> Telling:
        from acceptance.game_oracles import tellers  # here: only a failing test's cause needs it

        with IN_PROCESS:
            return cast(Telling, getattr(tellers, name)(text, seed, line))

    return tell


def space_defender_2_commands(text: str) -> list[str]:
    """A script's commands, one per unit (its lines if it does not parse)."""
    from acceptance.game_oracles.script_commands import commands_of

    commands = commands_of(text)
    return input_lines(text) if commands is None else commands


def space_defender_2_simpler(unit: str) -> list[str]:
    """A command's simpler forms: smaller numbers, earlier rows."""
    from acceptance.game_oracles.script_commands import simpler_commands

    return simpler_commands(unit)


def space_defender_2_script(
    rng: random.Random, lean: Lean | None = None
) -> tuple[int | None, list[str]]:
    """A generated Space Defender 2 script (oracle/generate.py) of a random length, its choices
    leaning as told (default: none)."""
    from oracle.generate import Lean, Mix, script_lines

    seed, length = rng.randrange(1 << 32), rng.choice(SCRIPT_LENGTHS)
    return None, list(script_lines(seed, rng.randint(1, length), Mix(), lean=lean or Lean()))


def package_explain(package: str) -> Explainer:
    """The `why.explanation` of a game package, imported on first use."""

    def explanation(text: str, seed: int | None, line: int) -> list[str]:
        module = importlib.import_module(f"{package}.why")
        with IN_PROCESS:
            return cast(list[str], module.explanation(text, seed, line))

    return explanation


def package_rules(package: str) -> Rules:
    """The rule table of a game package's `why` (its `TABLE` and `explained`), imported on first
    use."""

    def table() -> list[tuple[str, str]]:
        module: Any = importlib.import_module(f"{package}.why")
        return [(rule.name, rule.spec) for rule in module.TABLE]

    def lines(text: str, seed: int | None) -> list[tuple[str, tuple[str, ...]]]:
        module: Any = importlib.import_module(f"{package}.why")
        with IN_PROCESS:
            return [(line, (reason.rule.name,)) for line, reason in module.explained(text, seed)]

    return Rules(table, lines)


def sister_game(name: str, title: str, basic: bool, explains: bool = False) -> Game:
    """A sister game's entry: its package in games/, tests in at/NAME/, lines typed as input."""
    package = f"games.{name}"
    return Game(
        name,
        title,
        name,
        Unit.INPUT_LINE,
        package_transcript(package),
        package_autoplay(package),
        pcbasic_transcript(name) if basic else None,
        encoding="latin-1" if basic else "utf-8",
        explain=package_explain(package) if explains else None,
        rules=package_rules(package) if explains else None,
        tell=teller(name) if explains else None,
    )


SPACE_DEFENDER_2 = Game(
    "space_defender_2",
    "Space Defender 2",
    "",
    Unit.COMMAND,
    space_defender_2,
    space_defender_2_script,
    takes_seed=False,
    units=space_defender_2_commands,
    simpler=space_defender_2_simpler,
    explain=space_defender_2_explain,
    rules=Rules(space_defender_2_table, space_defender_2_lines),
    toward=space_defender_2_toward,
    tell=teller("space_defender_2"),
)

GAMES: dict[str, Game] = {
    game.name: game
    for game in (
        SPACE_DEFENDER_2,
        sister_game("star_lanes", "Star Lanes", basic=True),
        sister_game("super_star_trek", "Super Star Trek", basic=True),
        sister_game("star_canine", "Star Canine", basic=False, explains=True),
    )
}


def game_named(name: str) -> Game:
    """The registered game of this name; a one-line error names the known ones."""
    try:
        return GAMES[name]
    except KeyError:
        raise HarnessError(f"no game {name!r}; the games are {', '.join(GAMES)}") from None


def game_of_folder(folder: Path) -> Game:
    """The game a script belongs to by its folder's name: a sister game's, else Space Defender 2."""
    return next(
        (game for game in GAMES.values() if game.folder and game.folder == folder.name),
        SPACE_DEFENDER_2,
    )
