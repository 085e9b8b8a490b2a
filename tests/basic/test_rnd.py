"""RANDOMIZE and RND as PC-BASIC measured them for seeds of every size and sign."""

from games.basic.rnd import PERIOD, POWER_ON, Rnd, seed_constant
from games.basic.single import Single
from tests.basic.facts import load


def _draws(seed: int) -> str:
    """What the facts program prints: RANDOMIZE seed, five RND(1), RND(0), reseeds, then
    positive arguments below and above 1 (which step as 1 does) and RND(0)."""
    generator = Rnd()
    generator.randomize(seed)
    first = [generator.rnd() for _ in range(5)] + [generator.rnd(0)]
    second = [generator.rnd(-3), generator.rnd(), generator.rnd(Single(-0.5))]
    third = [generator.rnd(Single(0.5)), generator.rnd(2), generator.rnd(0)]
    overflow = "Overflow\n" if seed_constant(seed).overflow else ""
    return overflow + _line(first) + _line(second) + _line(third)


def _line(values: list[Single]) -> str:
    """The values as x * 2**24, printed as integers one after the other."""
    return "".join(f" {int(value * PERIOD)} " for value in values) + "\n"


def test_every_measured_seed_gives_pc_basic_draws() -> None:
    cases = load("rnd")["cases"]
    wrong = []
    for seed, printed in cases:
        got = _draws(int(seed))
        if got != printed:
            wrong.append(f"{seed}: {got!r} != {printed!r}")
    assert len(cases) >= 30
    assert not wrong, f"{len(wrong)} of {len(cases)} wrong, first: {wrong[:3]}"


def test_power_on_draws_step_the_generator_from_its_start() -> None:
    generator = Rnd()
    assert generator.rnd() == Single((POWER_ON * 214013 + 2531011) % PERIOD / PERIOD)
    assert generator.rnd(0) == generator.rnd(0)


def test_seeds_beyond_the_double_range_overflow_when_the_listing_loads() -> None:
    assert seed_constant(10**39).overflow
    assert not seed_constant(10**15).overflow
