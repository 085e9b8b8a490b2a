"""Random complete games for fuzzing and differential checks: a player that reads the clone's
screen and answers each prompt, mostly sensibly (hunting Klingons with the computer's help,
raising shields, docking), sometimes oddly (courses and warps out of range, junk text, empty
answers, lowercase commands), and stops typing when the program has ended."""

import random
import re
from dataclasses import dataclass, field
from enum import Enum

from games.basic.console import Console, InputExhausted
from games.basic.errors import BasicError

from games.super_star_trek import tables
from games.super_star_trek.program import play

INPUT_LIMIT = 600  # after this many lines the player resigns and declines a new mission
JUNK = ("", "abc", "1,2", "1E3", "-0", " 7 ", '"3"', "9E9", ".", "--1", "&H10", "2.5.1", "?")
ODD_COMMANDS = ("nav", "NAVIGATE", "SRSX", "L", "", "HELP", '"LRS"', " PHA", "XX", "DA M")
SEED_RANGES = ((0, 100), (-32768, 32767), (-(10**9), 10**9))


class Style(Enum):
    """How a random player plays a whole game."""

    HUNTER = "hunter"  # seeks Klingons and fights them with care
    RECKLESS = "reckless"  # fights with the shields down
    WANDERER = "wanderer"  # roams the galaxy until time runs out
    CHAOS = "chaos"  # any command with any arguments


@dataclass
class Screen:
    """What the player has read on the screen so far."""

    sector: tuple[int, int] = (1, 1)
    quadrant: tuple[int, int] = (1, 1)
    energy: float = 3000.0
    shields: float = 0.0
    torpedoes: int = 10
    klingons: list[tuple[int, int]] = field(default_factory=list)
    starbase: tuple[int, int] | None = None
    red: bool = False
    scanned_here: bool = False
    around: dict[tuple[int, int], int] = field(default_factory=dict)
    warp_damaged: bool = False


_STATUS = re.compile(
    r"^((?: (?:...)){8})\s+(STARDATE|CONDITION|QUADRANT|SECTOR|PHOTON|TOTAL|SHIELDS|KLINGONS)"
)
_PAIR = re.compile(r"(-?\d+) , (-?\d+)")


def read_scan(screen: Screen, text: str) -> None:
    """Update what the player knows from new text on the screen."""
    rows = [line for line in text.split("\n") if _STATUS.match(line)]
    if len(rows) >= 8:
        grid = rows[-8:]
        screen.klingons = []
        screen.starbase = None
        for row_number, line in enumerate(grid, start=1):
            for col in range(8):
                symbol = line[1 + 4 * col : 4 + 4 * col]
                if symbol == tables.KLINGON_SYMBOL:
                    screen.klingons.append((row_number, col + 1))
                elif symbol == tables.STARBASE_SYMBOL:
                    screen.starbase = (row_number, col + 1)
                elif symbol == tables.ENTERPRISE_SYMBOL:
                    screen.sector = (row_number, col + 1)
        _read_status(screen, grid)
    if "NOW ENTERING" in text or "MISSION BEGINS" in text:
        screen.scanned_here = False
        screen.red = "CONDITION RED" in text
    if "WARP ENGINES ARE DAMAGED" in text or "WARP FACTOR (0-0.2)" in text:
        screen.warp_damaged = True
    if "WARP ENGINES REPAIR COMPLETED" in text:
        screen.warp_damaged = False
    _read_long_range(screen, text)


def _read_status(screen: Screen, grid: list[str]) -> None:
    """The status column beside the short range scan."""
    status = {line[41:].split()[0]: line[41:] for line in grid if len(line) > 41}
    screen.red = "*RED*" in status.get("CONDITION", "")
    quadrant = _PAIR.search(status.get("QUADRANT", ""))
    if quadrant:
        screen.quadrant = (int(quadrant[1]), int(quadrant[2]))
    for key, name in (("TOTAL", "energy"), ("SHIELDS", "shields")):
        numbers = re.findall(r"-?\d+", status.get(key, ""))
        if numbers:
            setattr(screen, name, float(numbers[-1]))
    torpedoes = re.findall(r"\d+", status.get("PHOTON", ""))
    if torpedoes:
        screen.torpedoes = int(torpedoes[-1])


def _read_long_range(screen: Screen, text: str) -> None:
    """The codes of a long range scan: Klingons, starbases and stars of the quadrants around."""
    match = re.search(r"LONG RANGE SCAN FOR QUADRANT (\d+) , (\d+) \n((?:.*\n){6})", text)
    if not match:
        return
    centre = (int(match[1]), int(match[2]))
    cells = [line for line in match[3].split("\n") if line.startswith(":")]
    for row_offset, line in enumerate(cells):
        for col_offset, code in enumerate(re.findall(r": (\S+) ", line)):
            if code.isdigit():
                place = (centre[0] + row_offset - 1, centre[1] + col_offset - 1)
                screen.around[place] = int(code)
    screen.scanned_here = True


def course_between(start: tuple[float, float], end: tuple[float, float]) -> float:
    """The course (1 to 9) from one point (row, column) to another, as the computer gives it."""
    across = end[1] - start[1]
    up = start[0] - end[0]
    if across == 0 and up == 0:
        return 1.0
    if across < 0:
        base, steep = (3.0, True) if up > 0 else (5.0, False)
    elif up < 0:
        base, steep = 7.0, True
    else:
        base, steep = (1.0 if across > 0 or up != 0 else 5.0), False
    a, x = abs(up), abs(across)
    if steep:
        return base + (x / a if a >= x else ((x - a) + x) / x)
    return base + (a / x if a <= x else ((a - x) + a) / a)


class Player:
    """A random player: answers each prompt from the screen it has read."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.style = rng.choice(list(Style))
        self.junk_rate = rng.choice((0.0, 0.02, 0.05, 0.12))
        self.replays_left = rng.choice((0, 0, 0, 1))
        self.typed = 0
        self.read = 0
        self.screen = Screen()
        self.queue: list[str] = []
        self.resign_after = rng.randrange(30, INPUT_LIMIT)

    def answer(self, output: str) -> str:
        """The next line to type, given everything on the screen so far."""
        new = output[self.read :]
        self.read = len(output)
        read_scan(self.screen, new)
        prompt = output[output.rfind("\n") + 1 :]
        self.typed += 1
        return self._answer(prompt)

    def _answer(self, prompt: str) -> str:
        rng = self.rng
        if prompt.startswith("LET HIM STEP FORWARD"):
            if self.replays_left and self.typed < INPUT_LIMIT // 2:
                self.replays_left -= 1
                self.queue.clear()
                self.screen = Screen()
                return "AYE"
            return rng.choice(("NAY", "NO", "", "aye", "N"))
        if prompt.startswith(tables.COMMAND_PROMPT):
            if self.typed > self.resign_after:
                return "XXX"
            if rng.random() < self.junk_rate:
                return rng.choice(ODD_COMMANDS + JUNK)
            if not self.queue:
                self.queue = self._plan()
            return self.queue.pop(0)
        if rng.random() < self.junk_rate:
            return rng.choice(JUNK)
        if self.queue and not prompt.startswith("?"):
            return self.queue.pop(0)
        return self._argument(prompt)

    def _argument(self, prompt: str) -> str:
        """A random but plausible answer to a question of a command."""
        rng = self.rng
        if prompt.startswith(("COURSE", "PHOTON TORPEDO COURSE")):
            return rng.choice((_number(rng.uniform(1, 9)), str(rng.randint(0, 10)), "9"))
        if prompt.startswith("WARP FACTOR"):
            return rng.choice(
                ("1", "0.5", "8", "9", "-1", "0", "0.2", "0.1", _number(rng.uniform(0, 8)))
            )
        if prompt.startswith("NUMBER OF UNITS TO FIRE"):
            return rng.choice(
                ("0", "-5", str(int(self.screen.energy)), _number(rng.uniform(1, 1500)), "99999")
            )
        if prompt.startswith("NUMBER OF UNITS TO SHIELDS"):
            total = self.screen.energy
            return rng.choice(
                ("-1", "0", str(int(total)), str(int(total) + 100), _number(rng.uniform(0, total)))
            )
        if "COORDINATES" in prompt:
            return f"{rng.randint(0, 9)},{rng.randint(0, 9)}" if rng.random() < 0.9 else "1"
        if prompt.startswith("COMPUTER ACTIVE"):
            return rng.choice(
                (
                    "0",
                    "1",
                    "2",
                    "3",
                    "4",
                    "5",
                    "6",
                    "-1",
                    "2.5",
                    "300" if rng.random() < 0.05 else "5",
                )
            )
        if "(Y/N)" in prompt:
            return rng.choice(("Y", "N", "y", "YES", ""))
        return rng.choice(JUNK)

    def _plan(self) -> list[str]:
        """The next command (with the answers it will need when they are known now)."""
        rng, screen = self.rng, self.screen
        if self.style is Style.CHAOS or rng.random() < 0.1:
            return [rng.choice(tables.COMMANDS[:-1])]
        if screen.red and screen.klingons:
            return self._fight()
        if rng.random() < 0.08:
            return rng.choice(
                (["DAM"], ["COM", "0", "N"], ["COM", "1"], ["COM", "5"], ["SRS"], ["COM", "4"])
            )
        if screen.energy < 600 and screen.starbase is not None:
            return self._approach(screen.starbase)
        if not screen.scanned_here and self.style is not Style.RECKLESS:
            return ["LRS"]
        return self._travel()

    def _fight(self) -> list[str]:
        rng, screen = self.rng, self.screen
        if self.style is Style.HUNTER and screen.shields < screen.energy * 0.3:
            return ["SHE", str(int(screen.energy * rng.uniform(0.3, 0.6)))]
        if self.style is Style.WANDERER:
            return self._travel()
        target = rng.choice(screen.klingons)
        if screen.torpedoes > 0 and rng.random() < 0.7:
            course = course_between(screen.sector, target)
            return ["TOR", _number(course)]
        energy = max(1, int((screen.energy - screen.shields) * rng.uniform(0.1, 0.5)))
        return ["PHA", str(energy)]

    def _approach(self, target: tuple[int, int]) -> list[str]:
        """Move next to a sector of the quadrant (to dock at a starbase)."""
        rows = target[0] - self.screen.sector[0]
        cols = target[1] - self.screen.sector[1]
        steps = max(abs(rows), abs(cols)) - 1
        if steps <= 0:
            return ["SRS"]
        course = course_between(self.screen.sector, target)
        return ["NAV", _number(course), _number(steps / 8)]

    def _travel(self) -> list[str]:
        """Head for a neighbouring quadrant with Klingons, else anywhere inside the galaxy."""
        rng, screen = self.rng, self.screen
        here = screen.quadrant
        targets = [
            place
            for place, code in screen.around.items()
            if code >= 100
            and place != here
            and max(abs(place[0] - here[0]), abs(place[1] - here[1])) == 1
        ]
        if targets and self.style is not Style.WANDERER:
            target = rng.choice(targets)
        else:
            target = (
                min(8, max(1, here[0] + rng.randint(-1, 1))),
                min(8, max(1, here[1] + rng.randint(-1, 1))),
            )
            if target == here:
                target = (min(8, here[0] + 1) if here[0] < 8 else 7, here[1])
        course = course_between(here, target)
        warp = "0.2" if screen.warp_damaged else rng.choice(("1", "1", "1", "2"))
        return ["NAV", _number(course), warp]


def _number(value: float) -> str:
    """A number as a player would type it."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text or "0"


def random_seed(rng: random.Random) -> int | None:
    """A seed for RANDOMIZE, or None (the power-on sequence) one time in ten."""
    if rng.random() < 0.1:
        return None
    low, high = rng.choice(SEED_RANGES)
    return rng.randint(low, high)


def random_inputs(rng: random.Random) -> tuple[int | None, list[str]]:
    """A seed and the lines of one random complete game, played through the clone."""
    seed = random_seed(rng)
    player = Player(rng)
    typed: list[str] = []
    console = Console(lambda: _next_line(player, console, typed))
    try:
        play(console, seed)
    except (InputExhausted, BasicError):
        pass
    return seed, typed


def _next_line(player: Player, console: Console, typed: list[str]) -> str | None:
    """The player's answer to the prompt on the console, remembered."""
    if len(typed) >= INPUT_LIMIT + 20:
        return None
    line = player.answer(console.text())
    typed.append(line)
    return line
