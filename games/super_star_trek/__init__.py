"""Super Star Trek (1978): a byte-exact clone of the BASIC listing as PC-BASIC runs it."""

from games.super_star_trek.program import transcript

__all__ = ["transcript"]
