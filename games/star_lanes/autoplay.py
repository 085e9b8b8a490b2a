"""A random player for fuzzing and differential checks: it reads the clone's screen and answers.

Mostly sensible play (2 to 4 players, legal moves, affordable purchases), with the clumsy and odd
answers the original accepts mixed in: odd player counts, instructions, illegal moves, MAP and
STOCK requests, purchases that are too big, negative, fractional or not numbers, another game.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from games.star_lanes import tables

MAX_LINES = 3000
"""A game is cut off after this many answers (a whole game takes a few hundred)."""
MAX_GAMES = 3
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
NUMBER = re.compile(r"-?[0-9.]+(?:E[-+][0-9]+)?")


def weighted(rng: random.Random, choices: dict[str, float]) -> str:
    """One of the keys, drawn with the given weights."""
    return rng.choices(list(choices), list(choices.values()))[0]


@dataclass
class RandomPlayer:
    """Answers each prompt of the screen so far, like a player who sometimes fumbles."""

    rng: random.Random
    games: int = 0
    answers: list[str] = field(default_factory=list)

    def answer(self, screen: str) -> str:
        """The next line to type, given everything printed so far."""
        prompt = last_prompt(screen)
        respond = self.responses().get(prompt, self.amount)
        line = respond(screen)
        self.answers.append(line)
        return line

    def responses(self) -> dict[str, Callable[[str], str]]:
        """The answer maker for each prompt; a purchase is the default."""
        return {
            tables.PLAYER_COUNT_PROMPT: self.player_count,
            tables.INSTRUCTIONS_PROMPT: self.instructions,
            tables.NAME_PROMPT: self.name,
            tables.MOVE_PROMPT: self.move,
            tables.ANOTHER_GAME_PROMPT: self.another_game,
        }

    def player_count(self, screen: str) -> str:
        """Mostly 2, 3 or 4; now and then a count the original does not expect."""
        kind = weighted(self.rng, {"usual": 88, "odd": 8, "junk": 4})
        if kind == "usual":
            return str(self.rng.choice((2, 3, 4)))
        if kind == "odd":
            return self.rng.choice(("1", "5", "0", "2.5", "3.7", "-1", "-2", "6", "4.5", "1E1"))
        return self.rng.choice(("TWO", "", "2,3", " 3", "3 ", "&H3", "+2"))

    def instructions(self, screen: str) -> str:
        """Mostly no; sometimes yes."""
        return weighted(self.rng, {"N": 70, "Y": 10, "NO": 8, "YES": 5, "": 4, "y": 3})

    def name(self, screen: str) -> str:
        """A short name, now and then a long, lowercase, empty or odd one."""
        kind = weighted(self.rng, {"short": 80, "long": 8, "lower": 4, "empty": 3, "odd": 5})
        if kind == "short":
            return "".join(self.rng.choices(LETTERS, k=self.rng.randint(2, 8)))
        if kind == "long":
            return "".join(self.rng.choices(LETTERS + " ", k=self.rng.randint(9, 60))).strip()
        if kind == "lower":
            return "".join(self.rng.choices(LETTERS.lower(), k=self.rng.randint(2, 8)))
        if kind == "empty":
            return ""
        return self.rng.choice(('"AL, BO"', "AL,BO", "O'HARA", "  SPACE  ", "X1", '"Q'))

    def move(self, screen: str) -> str:
        """Mostly a listed move, sometimes a request, a mistake, or a move typed oddly."""
        candidates = listed_moves(screen)
        kind = weighted(
            self.rng, {"legal": 80, "request": 7, "wrong": 9, "variant": 3.9, "empty": 0.1}
        )
        if kind == "legal" and candidates:
            row, column = self.rng.choice(candidates)
            return f"{row}{column}"
        if kind == "request":
            return self.rng.choice(("MAP", "M", "STOCK", "S", "SELL"))
        if kind == "variant" and candidates:
            row, column = self.rng.choice(candidates)
            return self.rng.choice((f"{row} {column}", f"{row}X{column}", f"{row}{column.lower()}"))
        if kind == "empty":
            return ""
        row, column = self.rng.randint(0, 10), self.rng.choice(LETTERS[:14])
        return self.rng.choice((f"{row}{column}", "XYZ", "55", f"{column}{row}", "?"))

    def amount(self, screen: str) -> str:
        """How many shares to buy: mostly none or what the cash allows, now and then odd."""
        cash, price, owned = offer_figures(screen)
        affordable = int(cash // price) if price > 0 and cash > 0 else 0
        kind = weighted(
            self.rng,
            {
                "none": 50,
                "affordable": 25,
                "too many": 5,
                "negative": 5,
                "fraction": 4,
                "request": 4,
                "junk": 4,
                "odd": 3,
            },
        )
        if kind == "affordable":
            return str(self.rng.randint(0, affordable)) if affordable else "0"
        if kind == "too many":
            return str(affordable + self.rng.randint(1, 20))
        if kind == "negative":
            return str(-self.rng.randint(1, max(1, int(owned) + 3)))
        if kind == "fraction":
            return self.rng.choice(("2.5", ".5", "0.25", "-1.5", "1.1", "3.33"))
        if kind == "request":
            return self.rng.choice(("M", "MAP", "S", "STOCK"))
        if kind == "junk":
            return self.rng.choice(("", "ABC", "X", "NONE", "?", "*"))
        if kind == "odd":
            return self.rng.choice(("1E3", "-1E3", "&H10", " 3", "3,4", "1D2", "2E", "-", "1E40"))
        return "0"

    def another_game(self, screen: str) -> str:
        """Mostly no; now and then yes, up to a few games."""
        self.games += 1
        if self.games < MAX_GAMES and self.rng.random() < 0.15:
            return self.rng.choice(("Y", "YES"))
        return self.rng.choice(("N", "N", "N", "NO", "", "n"))


PROMPTS = (
    tables.PLAYER_COUNT_PROMPT,
    tables.INSTRUCTIONS_PROMPT,
    tables.NAME_PROMPT,
    tables.MOVE_PROMPT,
    tables.ANOTHER_GAME_PROMPT,
    tables.OWN,
)


def last_prompt(screen: str) -> str:
    """Which question the screen ends with (a repeated `? ` after a redo counts as the last)."""
    positions = {prompt: screen.rfind(prompt) for prompt in PROMPTS}
    return max(positions, key=lambda prompt: positions[prompt])


def listed_moves(screen: str) -> list[tuple[int, str]]:
    """The candidate moves last listed: (row, column letter) pairs."""
    heading = screen.rfind(tables.LEGAL_MOVES)
    if heading < 0:
        return []
    line = screen[heading:].split("\n")[1]
    return [(int(row), column) for row, column in re.findall(r"(\d) ([A-L]) /", line)]


def offer_figures(screen: str) -> tuple[float, float, float]:
    """The cash, price and holding of the share offer the screen ends with."""
    return (
        figure_after(screen, tables.CASH_LINE),
        figure_after(screen, tables.BUY_PRICE),
        figure_after(screen, tables.OWN),
    )


def figure_after(screen: str, label: str) -> float:
    """The number printed after the last occurrence of a label, or 0."""
    start = screen.rfind(label)
    found = NUMBER.search(screen, start + len(label)) if start >= 0 else None
    return float(found.group()) if found else 0.0


def answers(player: RandomPlayer, screen: Callable[[], str]) -> Iterator[str]:
    """The player's answers, each made when the program asks, up to MAX_LINES."""
    while len(player.answers) < MAX_LINES:
        yield player.answer(screen())


def random_seed(rng: random.Random) -> int | None:
    """Mostly none (power-on) or a 16-bit seed, sometimes a big one (any integer is accepted)."""
    kind = weighted(rng, {"power-on": 30, "small": 60, "big": 10})
    if kind == "power-on":
        return None
    if kind == "small":
        return rng.randint(-32768, 32767)
    return rng.choice((-1, 1)) * rng.randint(32768, 10**12)


def random_inputs(rng: random.Random) -> tuple[int | None, list[str]]:
    """A seed and the input lines of one random game, played through the clone to its end."""
    from games.star_lanes import play_through

    seed = random_seed(rng)
    player = RandomPlayer(rng)
    play_through(seed, lambda screen: answers(player, screen))
    return seed, player.answers
