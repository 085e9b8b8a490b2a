"""The program as PC-BASIC runs it: the listing seeded, its missions on a console, then the
interpreter's direct mode for whatever is typed after it ends or stops on an error."""

from games.basic import program
from games.basic.console import Console
from games.basic.rnd import Rnd
from games.super_star_trek.bridge import ConsoleBridge
from games.super_star_trek.flow import run_program
from games.super_star_trek.tables import LISTING_LINES


def new_generator(seed: int | None) -> Rnd:
    """The generator after line 260: CLEAR (power-on state), then RANDOMIZE seed if any."""
    rnd = Rnd()
    if seed is not None:
        rnd.randomize(seed)
    return rnd


def game(seed: int | None) -> program.Game:
    """The listing with this seed, as a game of the runtime."""

    def play(console: Console) -> None:
        run_program(ConsoleBridge(console), lambda: new_generator(seed))

    return play


def transcript(inputs: str, seed: int | None = None) -> str:
    """The whole transcript of the program run with these typed lines (and RANDOMIZE seed)."""
    lines = inputs.replace("\r\n", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return program.transcript(game(seed), lines, LISTING_LINES)


def play_live(seed: int | None) -> None:
    """Play at the terminal: the screen as it comes, typed lines from standard input; the
    command ends with the program (no direct mode for a player)."""
    program.run(game(seed), program.terminal_console())
