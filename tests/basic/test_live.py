"""Live checks against PC-BASIC itself: the runtime and the driver agree with it today.

Skipped, with the reason, when PC-BASIC or the reference listings are absent. The example games
go through the driver's cache (the first run takes PC-BASIC about half a minute a game).
"""

from pathlib import Path

import pytest

from acceptance.game_oracles import pcbasic
from games.basic import program
from games.basic.console import COMMA, SEMICOLON, Console
from games.basic.errors import SUBSCRIPT_OUT_OF_RANGE, BasicError, at_line
from games.basic.functions import cint
from games.basic.single import Single


def _installed() -> bool:
    """Whether the pcbasic of this environment is there."""
    try:
        pcbasic.pcbasic_executable()
    except pcbasic.PcBasicError:
        return False
    return True


needs_pcbasic = pytest.mark.skipif(not _installed(), reason="pcbasic is not installed")

LISTING = (
    b"5 DIM A(3)\r"
    b'10 PRINT "PRICE";100*1.05;: INPUT "HOW MANY";N\r'
    b"20 PRINT N*7.98, N/3: A(N)=1: GOTO 10\r"
)


def _listing(console: Console) -> None:
    """The runtime's version of LISTING."""
    while True:
        console.print("PRICE", 100 * Single(1.05), SEMICOLON)
        number = console.input_number("HOW MANY")
        console.print(number * 7.98, COMMA, number / 3)
        with at_line(20):
            if not 0 <= cint(number) <= 3:
                raise BasicError(SUBSCRIPT_OUT_OF_RANGE)


@needs_pcbasic
def test_a_small_listing_runs_in_pc_basic_as_in_the_runtime() -> None:
    lines = ["2", "x", "1.5", "7", "5E", "Y", "10 HELLO", "10", "10"]
    typed = b"".join(line.encode() + b"\r" for line in lines)
    expected = pcbasic.run(LISTING, typed, use_cache=False)
    assert program.transcript(_listing, lines, [5, 10, 20]) == expected


@pytest.mark.parametrize("game", list(pcbasic.SEED_LINES))
@needs_pcbasic
def test_the_driver_reproduces_the_reference_example(game: str) -> None:
    listing = pcbasic.default_listing(game)
    examples = listing.parent / "examples"
    if not listing.is_file() or not (examples / "default.transcript.txt").is_file():
        pytest.skip(f"the reference listing or example of {game} is absent ({listing.parent})")
    seed_text = (examples / "default.seed").read_text().strip()
    seed = None if seed_text == "none" else int(seed_text)
    inputs = _lines(examples / "default.inputs.txt")
    expected = (examples / "default.transcript.txt").read_bytes().decode("latin-1")
    assert pcbasic.transcript(game, inputs, seed) == expected


def _lines(path: Path) -> list[str]:
    """The typed lines of an inputs file."""
    return path.read_text(encoding="utf-8").removesuffix("\n").split("\n")
