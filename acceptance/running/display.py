"""Showing a run as it goes: a progress bar on a terminal, a line (or report) per failed test."""

import sys
from typing import Any

from acceptance.running.report import explained_report, headline, plural
from acceptance.running.suite import Result


class Display:
    """Shows a run as it goes: a progress bar on a terminal, a line (or report) per failed test."""

    def __init__(self, total: int, diffs: bool, quiet: bool) -> None:
        self.diffs = diffs
        self.quiet = quiet
        self.bar = progress_bar(total) if sys.stderr.isatty() else None
        self.total = total
        self.seen: list[Result] = []

    def __call__(self, result: Result) -> None:
        """Show one finished test."""
        self.seen.append(result)
        if not result.passed and not self.quiet:
            self.write(explained_report(result) if self.diffs else headline(result))
        if self.bar is not None:
            self.bar.update()

    def write(self, text: str) -> None:
        """Print a line to stdout without breaking the progress bar."""
        if self.bar is None:
            print(text)
        else:
            self.bar.write(text, file=sys.stdout)

    def stopped(self) -> str:
        """What a run stopped by Ctrl-C had done: its counts so far."""
        passed = sum(result.passed for result in self.seen)
        done = len(self.seen)
        counts = f"{passed} passed, {done - passed} failed"
        return f"stopped after {done} of {plural(self.total, 'test')}: {counts}"

    def close(self) -> None:
        """Remove the progress bar."""
        if self.bar is not None:
            self.bar.close()


def progress_bar(total: int) -> Any:
    """A progress bar on stderr; tqdm is imported only when there is a terminal to draw on."""
    from tqdm import tqdm

    return tqdm(total=total, unit="test", leave=False, file=sys.stderr)
