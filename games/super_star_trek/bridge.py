"""The Bridge on a BASIC console: events rendered by the view, questions asked with INPUT (a
Break typed at one stops the program in the INPUT's listing line)."""

from games.basic.answers import NUMBER, TEXT
from games.basic.console import Console
from games.basic.errors import at_line
from games.basic.single import Single
from games.super_star_trek.events import Event, Prompt
from games.super_star_trek.tables import INPUT_LINES
from games.super_star_trek.view import render


class ConsoleBridge:
    """Reports and questions of the rules, on the interpreter's console."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def report(self, event: Event) -> None:
        """Print an event's text."""
        self.console.write(render(event))

    def ask_text(self, prompt: Prompt) -> str:
        """INPUT "prompt";A$."""
        return str(self._input(prompt, TEXT)[0])

    def ask_number(self, prompt: Prompt) -> Single:
        """INPUT "prompt";X."""
        (number,) = self._input(prompt, NUMBER)
        assert isinstance(number, Single)
        return number

    def ask_pair(self, prompt: Prompt) -> tuple[Single, Single]:
        """INPUT "prompt";X,Y."""
        first, second = self._input(prompt, NUMBER * 2)
        assert isinstance(first, Single) and isinstance(second, Single)
        return first, second

    def _input(self, prompt: Prompt, kinds: str) -> list[Single | str]:
        """The INPUT statement of this prompt, at its listing line."""
        with at_line(INPUT_LINES[prompt.value]):
            return self.console.input(prompt.value, kinds)
