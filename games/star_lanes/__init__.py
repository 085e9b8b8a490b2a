"""Star Lanes (Steven Faber, 1977), byte for byte as the original listing runs under PC-BASIC."""

from games.basic.console import BasicError, Console, EndOfInput
from games.basic.rnd import Rnd
from games.star_lanes.game import run
from games.star_lanes.moves import NoRoom


def transcript(inputs: str, seed: int | None = None) -> str:
    """The screen of a game played with these input lines, `seed` as `RANDOMIZE seed` (pure)."""
    console = Console(inputs.splitlines())
    try:
        run(console, Rnd(seed))
    except EndOfInput:
        pass
    except NoRoom:
        pass
    except BasicError as error:
        console.error(error)
    return console.text()
