"""What a BASIC game played live shows: its transcript without the echoes of the typed lines,
which the player's terminal shows instead of the program."""

from collections.abc import Iterable


def without_echoes(transcript: str, typed: Iterable[str]) -> str:
    """The transcript with each typed line, echoed after its prompt's `? `, taken out."""
    shown, rest = [], transcript
    for line in typed:
        before, echo, rest = rest.partition(f"? {line}\n")
        assert echo, f"{line!r} is not echoed after a prompt"
        shown.append(before + "? ")
    return "".join(shown) + rest
