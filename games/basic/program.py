"""Running a game written on the runtime as PC-BASIC runs its listing, start to transcript.

The game is a function of the console. A hard error (BasicError, named `in LINE` by
`errors.at_line`; STOP is `Break`) stops it: the message is printed on a new line with
PC-BASIC's `\\xff` mark (none after the Break of a Ctrl-C typed at an INPUT).
After an error or the program's end, the remaining input lines go to the direct mode
(`direct`); when the input runs out the run is over, and a closing `Ok\\xff` line at the very end
is not part of the transcript. Soft errors (Overflow, Division by zero) are printed on the
console during the run.
"""

import sys
from collections.abc import Callable, Iterable

from games.basic.console import Console
from games.basic.direct import ERROR_MARK, OK_PROMPT, direct_mode
from games.basic.editor import Break, InputExhausted
from games.basic.errors import BREAK_MESSAGE, BasicError, soft_errors_to
from games.basic.keys import Keystrokes, TerminalKeys

Game = Callable[[Console], None]
CLOSING = OK_PROMPT + "\n"


def batch_console(lines: list[str]) -> Console:
    """A console whose keyboard types the given lines, each followed by Enter."""
    return Console(Keystrokes.of_lines(lines))


def terminal_console() -> Console:
    """A console for a player at the terminal: it reads stdin, prints to stdout at once."""

    def show(text: str) -> None:
        sys.stdout.write(text.encode("latin-1").decode("cp437"))
        sys.stdout.flush()

    return Console(TerminalKeys(sys.stdin), live=show)


def run(game: Game, console: Console, listing_lines: Iterable[int] | None = None) -> None:
    """Run the game until it ends, stops on an error, or waits for input that never comes;
    then, given the listing's line numbers, answer the remaining input lines in direct mode
    (without them, as for a player at the terminal, the run ends with the program)."""
    resumable = True  # the listing ended at its END: CONT could go on
    with soft_errors_to(console.soft_error):
        try:
            game(console)
        except InputExhausted:
            return
        except BasicError as error:
            console.start_line()
            console.write_line(f"{error}{'' if isinstance(error, Break) else ERROR_MARK}")
            resumable = error.message == BREAK_MESSAGE
    if listing_lines is None:
        return
    try:
        direct_mode(console, listing_lines, resumable)
    except InputExhausted:
        pass


def transcript(game: Game, lines: list[str], listing_lines: Iterable[int]) -> str:
    """The transcript of the game played with these typed lines, as PC-BASIC's output file."""
    return console_transcript(game, batch_console(lines), listing_lines)


def console_transcript(game: Game, console: Console, listing_lines: Iterable[int]) -> str:
    """The transcript of the game run on this (batch) console, as PC-BASIC's output file."""
    run(game, console, listing_lines)
    text = console.transcript()
    return text[: -len(CLOSING)] if text.endswith(CLOSING) else text
