"""Star Lanes (Steven Faber, 1977), byte for byte as the original listing runs under PC-BASIC."""

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from games.basic import program
from games.basic.console import Console
from games.basic.editor import ENTER, InputExhausted
from games.basic.keys import typed
from games.basic.rnd import Rnd
from games.star_lanes import tables
from games.star_lanes.game import run
from games.star_lanes.moves import NoRoom


def transcript(inputs: str, seed: int | None = None) -> str:
    """The screen of a game played with these input lines, `seed` as `RANDOMIZE seed` (pure)."""
    return run_to_end(program.batch_console(typed_lines(inputs)), seed)


def typed_lines(inputs: str) -> list[str]:
    """The lines of an input text: LF or CRLF line ends, the last one optional."""
    text = inputs.replace("\r\n", "\n")
    if not text:
        return []
    return text.removesuffix("\n").split("\n")


def play_through(seed: int | None, source: Callable[[Callable[[], str]], Iterable[str]]) -> str:
    """Run the game on lines made on demand by `source(screen)`; returns the transcript.

    Nothing is typed once the program has ended or stopped: the run stops there.
    """
    console: Console
    console = Console(KeysOnDemand(iter(source(lambda: console.transcript()))))
    try:
        program.run(listing(seed), console)
    except NoRoom:
        pass
    return console.transcript()


@dataclass
class KeysOnDemand:
    """The keys of lines made one at a time, when the program waits for the next one."""

    lines: Iterator[str]
    pending: str = ""

    def read_key(self) -> str:
        """The next key, asking for a line when none is pending; InputExhausted after the last."""
        if not self.pending:
            line = next(self.lines, None)
            if line is None:
                raise InputExhausted
            self.pending = typed(line) + ENTER
        key, self.pending = self.pending[0], self.pending[1:]
        return key


def play_live(seed: int | None) -> None:
    """Play at the terminal: the screen as it comes, typed lines from standard input."""
    try:
        program.run(listing(seed), program.terminal_console())
    except NoRoom:
        pass


def run_to_end(console: Console, seed: int | None) -> str:
    """Run the listing, then direct mode on the remaining lines; the transcript of it all.

    When no candidate move can be drawn the original loops for ever without printing or
    reading: the transcript ends there.
    """
    try:
        program.run(listing(seed), console, listing_lines(seed))
    except NoRoom:
        pass
    return console.transcript().removesuffix(program.CLOSING)


def listing(seed: int | None) -> program.Game:
    """The listing run from the start, seeded at line 39 when there is a seed."""

    def play(console: Console) -> None:
        rnd = Rnd()
        if seed is not None:
            rnd.randomize(seed)
        run(console, rnd)

    return play


def listing_lines(seed: int | None) -> tuple[int, ...]:
    """The listing's line numbers, with line 39 when the seed is written there."""
    return tables.LISTING_LINES if seed is None else (*tables.LISTING_LINES, tables.SEED_LINE)
