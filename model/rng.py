"""The oracle's random generator, exactly as rng.md describes it."""

from __future__ import annotations

from model.tables import RNG_MODULUS, RNG_MULTIPLIER, RNG_SEED, RNG_ZEROED_CALLS


class Generator:
    """Park-Miller sequence behind the students' wrapper: its first calls return `low`."""

    def __init__(self, seed: int = RNG_SEED) -> None:
        self._item = seed * RNG_MULTIPLIER % RNG_MODULUS
        self._calls = 0

    def choose(self, low: int, high: int) -> int:
        """A number in low..high, then one step forward (the wrapper's `rchoose`)."""
        self._calls += 1
        value = 0 if self._calls <= RNG_ZEROED_CALLS else self._item
        self._item = self._item * RNG_MULTIPLIER % RNG_MODULUS
        return value % (high - low + 1) + low
