"""Interactive play: the same prompts and answers on a terminal, whose own echo shows the typing."""

import io

from games.basic import program
from games.basic.console import Console
from games.basic.keys import TerminalKeys


def _ask(console: Console) -> None:
    """10 INPUT "HOW MANY";N  20 PRINT N*2"""
    while True:
        console.print(console.input_number("HOW MANY") * 2)


def test_the_terminal_shows_prompts_and_output_but_not_the_typed_lines() -> None:
    shown: list[str] = []
    console = Console(TerminalKeys(io.StringIO("x\n3\n")), live=shown.append)
    program.run(_ask, console)
    assert "".join(shown) == "HOW MANY? ?Redo from start\nHOW MANY?  6 \nHOW MANY? "
    assert console.transcript() == "HOW MANY? x\n?Redo from start\nHOW MANY? 3\n 6 \nHOW MANY? "
