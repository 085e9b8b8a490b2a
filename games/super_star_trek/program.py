"""The program as PC-BASIC runs it: the listing seeded, its missions on a console."""

from games.basic.console import Console, InputExhausted
from games.basic.errors import BasicError
from games.basic.rnd import Rnd

from games.super_star_trek.bridge import ConsoleBridge
from games.super_star_trek.flow import run_program


def new_generator(seed: int | None) -> Rnd:
    """The generator after line 260: CLEAR (power-on state), then RANDOMIZE seed if any."""
    rnd = Rnd()
    if seed is not None:
        rnd.randomize(seed)
    return rnd


def play(console: Console, seed: int | None) -> None:
    """Run the listing on a console until it ends (input running out or an error stops it)."""
    run_program(ConsoleBridge(console), lambda: new_generator(seed))


def transcript(inputs: str, seed: int | None = None) -> str:
    """The whole transcript of the program run with these typed lines (and RANDOMIZE seed)."""
    lines = inputs.replace("\r\n", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    feed = iter(lines)
    console = Console(lambda: next(feed, None))
    try:
        play(console, seed)
    except InputExhausted:
        pass
    except BasicError as error:
        console.write(f"{error}\xff\n")
    return console.text()
