"""Star Canine v0.3.2: a deterministic text roguelike, three acts to Planet K9."""

from __future__ import annotations

from games.star_canine.session import json_transcript, text_transcript


def transcript(inputs: str, seed: int | None = None) -> str:
    """The whole text of a game played with these input lines (what `star-canine -b` prints)."""
    return text_transcript(inputs, seed)


__all__ = ["json_transcript", "transcript"]
