"""Random complete games for fuzzing and differential checks: a player that reads the clone's
screen and answers each prompt. Each game has a style: a hunter seeks the Klingons with the
long range scans and fights them with shields up (and sometimes wins), a reckless one fights
with shields down, a spender empties the engines into the phasers, a wanderer roams until time
runs out, and chaos types any command with any arguments. Every style sometimes mistypes
(junk text, empty answers, out-of-range courses and warps, lowercase commands), and typing
stops when the program has ended."""

import random
import re
from dataclasses import dataclass, field
from enum import Enum

from games.basic import program
from games.basic.console import Console
from games.basic.editor import ENTER, InputExhausted
from games.basic.keys import typed
from games.super_star_trek import tables
from games.super_star_trek.program import game

INPUT_LIMIT = 200  # past this many lines the player resigns and declines a new mission
JUNK = ("", "abc", "1,2", "1E3", "-0", " 7 ", '"3"', "9E9", ".", "--1", "&H10", "2.5.1", "?")
ODD_COMMANDS = ("nav", "NAVIGATE", "SRSX", "L", "", "HELP", '"LRS"', " PHA", "XX", "DA M", "Q")
SEED_RANGES = ((0, 100), (-32768, 32767), (-(10**9), 10**9))
Place = tuple[int, int]
_PLACES = {(row, col) for row in range(1, 9) for col in range(1, 9)}


class Style(Enum):
    """How a random player plays a whole game."""

    HUNTER = "hunter"
    RECKLESS = "reckless"
    SPENDER = "spender"
    WANDERER = "wanderer"
    CHAOS = "chaos"


@dataclass
class Screen:
    """What the player has read on the screen so far."""

    sector: Place = (1, 1)
    quadrant: Place = (1, 1)
    energy: float = 3000.0
    shields: float = 0.0
    torpedoes: int = 10
    klingons: list[Place] = field(default_factory=list)
    stars: list[Place] = field(default_factory=list)
    starbase: Place | None = None
    red: bool = False
    scanned_here: bool = False
    galaxy: dict[Place, int] = field(default_factory=dict)
    damaged: set[str] = field(default_factory=set)
    directions: list[str] = field(default_factory=list)


_ROW = re.compile(r"^((?: (?:<\*>|\+K\+|>!<| \* |   )){8})")
_QUADRANT = re.compile(r"QUADRANT +(\d+) , (\d+)")
_SECTOR = re.compile(r"SECTOR +(\d+) , (\d+)")
_LRS = re.compile(r"LONG RANGE SCAN FOR QUADRANT (\d+) , (\d+) \n((?:.*\n){6})")


def read(screen: Screen, text: str) -> None:
    """Update what the player knows from new text on the screen."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if line == tables.SRS_RULE and index + 9 < len(lines) and lines[index + 9] == line:
            _read_short_range(screen, lines[index + 1 : index + 9])
        if line.startswith(("NOW ENTERING", "YOUR MISSION BEGINS")):
            screen.scanned_here = False
            screen.klingons, screen.starbase = [], None
        if line.startswith("DEVICE             STATE OF REPAIR"):
            screen.damaged = _read_devices(lines[index + 1 : index + 9])
        if line.endswith(" DAMAGED") or line.endswith("DAMAGED BY THE HIT'"):
            screen.damaged |= {name for name in tables.DEVICE_NAMES if name in line}
        if line.endswith("REPAIR COMPLETED."):
            screen.damaged -= {name for name in tables.DEVICE_NAMES if name in line}
        _read_energy(screen, line)
    for match in _LRS.finditer(text):
        _read_long_range(screen, (int(match[1]), int(match[2])), match[3])


def _read_short_range(screen: Screen, rows: list[str]) -> None:
    """The sectors and status beside them."""
    screen.klingons, screen.stars, screen.starbase = [], [], None
    for row, line in enumerate(rows, start=1):
        for col in range(1, 9):
            symbol = line[4 * col - 3 : 4 * col]
            if symbol == tables.KLINGON_SYMBOL:
                screen.klingons.append((row, col))
            elif symbol == tables.STAR_SYMBOL:
                screen.stars.append((row, col))
            elif symbol == tables.STARBASE_SYMBOL:
                screen.starbase = (row, col)
    status = " ".join(line[33:] for line in rows)
    screen.red = "*RED*" in status
    quadrant, sector = _QUADRANT.search(status), _SECTOR.search(status)
    if quadrant and sector:
        screen.quadrant = (int(quadrant[1]), int(quadrant[2]))
        screen.sector = (int(sector[1]), int(sector[2]))
    numbers = {name: re.search(name + r" +(-?\d+)", status) for name in ("ENERGY", "SHIELDS")}
    if numbers["ENERGY"] and numbers["SHIELDS"]:
        screen.shields = float(numbers["SHIELDS"][1])
        screen.energy = float(numbers["ENERGY"][1]) - screen.shields
    torpedoes = re.search(r"TORPEDOES +(\d+)", status)
    if torpedoes:
        screen.torpedoes = int(torpedoes[1])
    if quadrant:
        screen.galaxy[screen.quadrant] = 100 * len(screen.klingons) + 10 * (
            screen.starbase is not None
        )


def _read_energy(screen: Screen, line: str) -> None:
    """Energy, shields and the computer's directions mentioned on a line."""
    if line.startswith("SCIENCE OFFICER SPOCK"):
        screen.klingons = []
    for pattern, what in _MENTIONS:
        match = pattern.match(line)
        if match is None:
            continue
        value = float(match[1])
        if what == "energy":
            screen.energy = value
        elif what == "set":
            screen.energy += screen.shields - value
            screen.shields = value
        elif what == "shields":
            screen.shields = value
        else:
            screen.directions.append(match[1])


_NUMBER = r"(-?\d*\.?\d+(?:E[-+]\d+)?)"
_MENTIONS = (
    (re.compile(r"ENERGY AVAILABLE = ?" + _NUMBER + " UNITS$"), "energy"),
    (re.compile(r"  'SHIELDS NOW AT " + _NUMBER), "set"),
    (re.compile(r"      <SHIELDS DOWN TO " + _NUMBER), "shields"),
    (re.compile(r"DIRECTION = ?" + _NUMBER), "direction"),
)


def _read_devices(rows: list[str]) -> set[str]:
    """The devices whose state of repair is negative."""
    return {row[:25].strip() for row in rows if row[25:].startswith("-")}


def _read_long_range(screen: Screen, centre: Place, text: str) -> None:
    """The codes of the quadrants around: Klingons, starbases and stars."""
    cells = [line for line in text.split("\n") if line.startswith(":")]
    for row_offset, line in enumerate(cells):
        for col_offset, code in enumerate(re.findall(r": (\S+) ", line)):
            if code.isdigit():
                screen.galaxy[(centre[0] + row_offset - 1, centre[1] + col_offset - 1)] = int(code)
    screen.scanned_here = True


def course_between(start: Place, end: Place) -> float:
    """The course (1 to 9) from one point (row, column) to another, as the computer gives it."""
    across, up = end[1] - start[1], start[0] - end[0]
    if across == 0 and up == 0:
        return 1.0
    if across < 0:
        base, steep = (3.0, True) if up > 0 else (5.0, False)
    elif up < 0:
        base, steep = 7.0, True
    else:
        base, steep = 1.0, False
    rise, run = abs(up), abs(across)
    if steep:
        return base + (run / rise if rise >= run else (2 * run - rise) / run)
    return base + (rise / run if rise <= run else (2 * rise - run) / rise)


def _number(value: float) -> str:
    """A number as a player would type it."""
    return f"{value:.3f}".rstrip("0").rstrip(".") or "0"


def _steps(start: Place, end: Place) -> int:
    """Moves on the grid between two places (the longer side)."""
    return max(abs(start[0] - end[0]), abs(start[1] - end[1]))


class Player:
    """A random player: answers each prompt from the screen it has read."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.style = rng.choice(list(Style))
        self.junk_rate = rng.choice((0.0, 0.01, 0.03, 0.08))
        self.replays_left = rng.choice((0, 0, 0, 1))
        self.resign_after = rng.choice((INPUT_LIMIT, INPUT_LIMIT, rng.randrange(10, INPUT_LIMIT)))
        self.typed = 0
        self.read = 0
        self.screen = Screen()
        self.queue: list[str] = []

    def answer(self, output: str) -> str:
        """The next line to type, given everything on the screen so far."""
        read(self.screen, output[self.read :])
        self.read = len(output)
        prompt = output[output.rfind("\n") + 1 :]
        self.typed += 1
        return self._answer(prompt)

    def _answer(self, prompt: str) -> str:
        rng = self.rng
        if prompt.startswith("LET HIM STEP FORWARD"):
            return self._volunteer()
        if prompt.startswith(tables.COMMAND_PROMPT):
            self.queue.clear()
            if self.typed > self.resign_after:
                return rng.choice(("XXX", "XXXX"))
            if rng.random() < self.junk_rate:
                return rng.choice(ODD_COMMANDS + JUNK)
            self.queue = self._plan()
            return self.queue.pop(0)
        if rng.random() < self.junk_rate:
            return rng.choice(JUNK)
        if self.queue and prompt != "? ":
            return self.queue.pop(0)
        return self._argument(prompt)

    def _volunteer(self) -> str:
        if self.replays_left and self.typed < INPUT_LIMIT // 2:
            self.replays_left -= 1
            self.screen = Screen()
            return self.rng.choice(("AYE", '"AYE"', " AYE"))
        return self.rng.choice(("NAY", "NO", "", "aye", "N", "AYES"))

    def _argument(self, prompt: str) -> str:
        """A random answer to a question of a command, often sensible."""
        rng, energy = self.rng, self.screen.energy
        choices: tuple[str, ...] = ("0", "1", "Y", "N")
        if prompt.startswith(("COURSE", "PHOTON TORPEDO COURSE")):
            choices = (_number(rng.uniform(1, 9)), str(rng.randint(0, 10)), "9", "8.999", "1")
        elif prompt.startswith(("WARP FACTOR", "? ")):
            choices = ("1", "0.5", "8", "9", "-1", "0", "0.2", "0.05", _number(rng.uniform(0, 8)))
        elif prompt.startswith("NUMBER OF UNITS TO FIRE"):
            choices = ("0", "-5", str(int(energy)), _number(rng.uniform(1, energy)), "99999")
        elif prompt.startswith("NUMBER OF UNITS TO SHIELDS"):
            total = energy + self.screen.shields
            choices = ("-1", "0", str(int(total) + 1), _number(rng.uniform(0, total)))
        elif "COORDINATES" in prompt:
            choices = (f"{rng.randint(0, 9)},{rng.randint(0, 9)}", "1", "1.5,2.25", "3,3")
        elif prompt.startswith("COMPUTER ACTIVE"):
            choices = ("0", "1", "2", "3", "4", "5", "6", "-1", "2.5", "4.6")
            if rng.random() < 0.02:
                choices = ("255", "300", "40000", "1E10")
        elif "(Y/N)" in prompt:
            choices = ("Y", "N", "y", "YES", "")
        return rng.choice(choices)

    def _plan(self) -> list[str]:
        """The next command, with the answers it will need when they are known now."""
        rng, screen = self.rng, self.screen
        if self.style is Style.CHAOS or rng.random() < 0.07:
            return [rng.choice(tables.COMMANDS[:-1])]
        if rng.random() < 0.04:
            return rng.choice(
                (["DAM"], ["COM", "0", "N"], ["COM", "1"], ["COM", "5"], ["COM", "3"], ["SRS"])
            )
        if screen.klingons and self.style is not Style.WANDERER:
            screen.directions = screen.directions[-3:]
            return self._fight()
        if self._needs_a_starbase():
            return self._go_docking()
        if not screen.scanned_here and "LONG RANGE SENSORS" not in screen.damaged:
            return ["LRS"]
        return self._travel()

    def _fight(self) -> list[str]:
        rng, screen = self.rng, self.screen
        target = min(screen.klingons, key=lambda place: _steps(place, screen.sector))
        if self.style is Style.SPENDER:
            if screen.shields > 0:
                return ["SHE", "0"]
            return ["PHA", str(max(1, int(screen.energy) - rng.randint(1, 9)))]
        wanted = min(600.0, (screen.energy + screen.shields) * 0.4)
        if self.style is Style.HUNTER and screen.shields < wanted * 0.7:
            return ["SHE", str(int(wanted))]
        if screen.torpedoes > 0 and "PHOTON TUBES" not in screen.damaged and rng.random() < 0.8:
            if "SHORT RANGE SENSORS" not in screen.damaged:
                return ["TOR", _number(course_between(screen.sector, target))]
            if screen.directions:
                return ["TOR", screen.directions.pop(0)]
            if "LIBRARY-COMPUTER" not in screen.damaged:
                return ["COM", "2"]
        if "PHASER CONTROL" in screen.damaged or screen.energy < 300:
            return self._go_docking()
        return ["PHA", str(int(min(screen.energy - 200, rng.uniform(200, 900))))]

    def _needs_a_starbase(self) -> bool:
        screen = self.screen
        low = screen.energy + screen.shields < 1500 or screen.torpedoes < 3
        return self.style is Style.HUNTER and (low or len(screen.damaged) > 2)

    def _go_docking(self) -> list[str]:
        screen = self.screen
        if screen.starbase is not None:
            steps = _steps(screen.sector, screen.starbase)
            if steps <= 1:
                return ["DAM", "Y"]
            course = course_between(screen.sector, screen.starbase)
            return ["NAV", _number(course), _number((steps - 1) / 8)]
        bases = [place for place, code in screen.galaxy.items() if code // 10 % 10]
        if bases:
            return self._head_for(min(bases, key=lambda place: _steps(place, screen.quadrant)))
        return self._travel()

    def _travel(self) -> list[str]:
        """Head for the nearest quadrant known to hold Klingons, else where a long range scan
        would show the most unexplored quadrants."""
        rng, screen = self.rng, self.screen
        here = screen.quadrant
        known = [place for place, code in screen.galaxy.items() if code >= 100 and place != here]
        if self.style is Style.WANDERER:
            course = _number(rng.uniform(1, 9))
            return ["NAV", course, rng.choice(("1", "2", "3", "8", "0.5", "0.75", "0.05"))]
        if known:
            return self._head_for(min(known, key=lambda place: (_steps(place, here), rng.random())))
        return self._head_for(max(_PLACES, key=lambda place: self._worth_exploring(place)))

    def _worth_exploring(self, place: Place) -> float:
        """How many unexplored quadrants a scan from there would show, less the way there."""
        unexplored = sum(
            1
            for row in range(place[0] - 1, place[0] + 2)
            for col in range(place[1] - 1, place[1] + 2)
            if (row, col) in _PLACES and (row, col) not in self.screen.galaxy
        )
        return unexplored - 1.5 * _steps(place, self.screen.quadrant) + self.rng.random()

    def _head_for(self, target: Place) -> list[str]:
        """Navigate toward a quadrant; warp 1 per quadrant, or within this one to dock."""
        screen = self.screen
        if target == screen.quadrant:
            return ["SRS"]
        course = _number(course_between(screen.quadrant, target))
        steps = _steps(screen.quadrant, target)
        warp = "0.2" if "WARP ENGINES" in screen.damaged else str(min(steps, 8))
        return ["NAV", course, warp]


def random_seed(rng: random.Random) -> int | None:
    """A seed for RANDOMIZE, or None (the power-on sequence) one time in ten."""
    if rng.random() < 0.1:
        return None
    low, high = rng.choice(SEED_RANGES)
    return rng.randint(low, high)


def random_inputs(rng: random.Random) -> tuple[int | None, list[str]]:
    """A seed and the lines of one random complete game, played through the clone."""
    seed = random_seed(rng)
    keys = PlayerKeys(Player(rng))
    console = Console(keys)
    keys.console = console
    program.run(game(seed), console)
    return seed, keys.lines


@dataclass
class PlayerKeys:
    """The keyboard of the clone's console, typing the player's answer to each prompt."""

    player: Player
    console: Console | None = None
    lines: list[str] = field(default_factory=list)
    pending: str = ""

    def read_key(self) -> str:
        """The next key of the answer to the prompt on the screen; the input runs out past any
        sane game."""
        if not self.pending:
            if len(self.lines) >= 2 * INPUT_LIMIT or self.console is None:
                raise InputExhausted
            line = self.player.answer(self.console.transcript())
            self.lines.append(line)
            self.pending = typed(line) + ENTER
        key, self.pending = self.pending[0], self.pending[1:]
        return key
