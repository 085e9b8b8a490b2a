"""Super Star Trek (1978): a byte-exact clone of the BASIC listing as PC-BASIC runs it."""

from games.basic.console import Console, InputExhausted
from games.basic.errors import BasicError
from games.basic.rnd import Rnd

from games.super_star_trek.bridge import ConsoleBridge
from games.super_star_trek.flow import run_program


def transcript(inputs: str, seed: int | None = None) -> str:
    """The whole transcript of the program run with these typed lines (and RANDOMIZE seed)."""
    lines = inputs.replace("\r\n", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    feed = iter(lines)
    console = Console(lambda: next(feed, None))

    def new_rnd() -> Rnd:
        rnd = Rnd()
        if seed is not None:
            rnd.randomize(seed)
        return rnd

    try:
        run_program(ConsoleBridge(console), new_rnd)
    except InputExhausted:
        pass
    except BasicError as error:
        console.write(f"{error}\xff\n")
    return console.text()
