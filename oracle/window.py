"""The `-w start end` window: which command results a run logs."""

from __future__ import annotations

from dataclasses import dataclass

TO_THE_END = "_"


class WindowError(ValueError):
    """A window given on the command line that is not valid; the message is the oracle's."""


@dataclass(frozen=True)
class Window:
    """Commands start to end-1, counted from 1; non-positive numbers count from the end
    (-1 is the last command, 0 just past it); no end means to the end."""

    start: int
    end: int | None = None

    @classmethod
    def parse(cls, start: str, end: str) -> Window:
        """The window of two command-line words, or WindowError with the oracle's message."""
        first = _integer(start)
        if first is None:
            raise WindowError("Error: the start of window is not a valid integer")
        if end == TO_THE_END:
            return cls(first)
        last = _integer(end)
        if last is None:
            raise WindowError("Error: the end of window is neither a valid integer nor '_'")
        if first <= 0 < last:
            raise WindowError(
                "Error: when the start of a window is non-positive, its end must be a non-positive"
                " number"
            )
        if first > last:
            raise WindowError("Error: a window [start, end) should be such that start <= end")
        return cls(first, last)

    def bounds(self, count: int) -> tuple[int, int]:
        """[first, stop) as positions 1 .. count+1 in a script of `count` commands."""
        stop = count + 1 if self.end is None else self._position(self.end, count)
        return self._position(self.start, count), stop

    @staticmethod
    def _position(number: int, count: int) -> int:
        position = number if number > 0 else count + 1 + number
        return min(max(position, 1), count + 1)


def _integer(word: str) -> int | None:
    """The word as an integer (optional sign, ASCII digits only), or None."""
    digits = word[1:] if word[:1] in "+-" else word
    return int(word) if digits.isascii() and digits.isdigit() else None
