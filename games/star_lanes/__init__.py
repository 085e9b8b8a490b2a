"""Star Lanes (Steven Faber, 1977), byte for byte as the original listing runs under PC-BASIC."""

from collections.abc import Callable, Iterable

from games.basic.console import Console, EndOfInput
from games.basic.errors import BasicError, soft_errors_to
from games.basic.rnd import Rnd
from games.star_lanes.game import run
from games.star_lanes.moves import NoRoom


def transcript(inputs: str, seed: int | None = None) -> str:
    """The screen of a game played with these input lines, `seed` as `RANDOMIZE seed` (pure)."""
    console = Console(typed_lines(inputs))
    run_program(console, seed)
    return console.text()


def typed_lines(inputs: str) -> list[str]:
    """The lines of an input text: LF or CRLF line ends, the last one optional."""
    text = inputs.replace("\r\n", "\n")
    if not text:
        return []
    return text.removesuffix("\n").split("\n")


def play_through(seed: int | None, source: Callable[[Callable[[], str]], Iterable[str]]) -> str:
    """Run the game on lines made on demand by `source(screen)`; returns the transcript."""
    console: Console
    console = Console(iter(source(lambda: console.text())))
    run_program(console, seed)
    return console.text()


def run_program(console: Console, seed: int | None) -> None:
    """Run the listing until it ends, stops with an error, or the input runs out."""
    try:
        with soft_errors_to(console.soft_error):
            play(console, seed)
    except (EndOfInput, NoRoom):
        pass
    except BasicError as error:
        console.error(error)


def play(console: Console, seed: int | None) -> None:
    """The listing run from the start, seeded at line 39 when there is a seed."""
    rnd = Rnd()
    if seed is not None:
        rnd.randomize(seed)
    run(console, rnd)
