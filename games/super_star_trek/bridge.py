"""The Bridge on a BASIC console: events rendered by the view, questions asked with INPUT."""

from games.basic.answers import NUMBER
from games.basic.console import Console
from games.basic.single import Single

from games.super_star_trek.events import Event, Prompt
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
        return self.console.input_string(prompt.value)

    def ask_number(self, prompt: Prompt) -> Single:
        """INPUT "prompt";X."""
        return self.console.input_number(prompt.value)

    def ask_pair(self, prompt: Prompt) -> tuple[Single, Single]:
        """INPUT "prompt";X,Y."""
        first, second = self.console.input(prompt.value, NUMBER * 2)
        assert isinstance(first, Single) and isinstance(second, Single)
        return first, second
