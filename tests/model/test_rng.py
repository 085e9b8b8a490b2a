"""The oracle's generator (rng.md): Park-Miller from seed 900, its first two calls zeroed."""

from model.rng import Generator


def test_first_two_calls_return_low() -> None:
    generator = Generator()
    assert generator.choose(1, 10) == 1
    assert generator.choose(1, 100) == 1


def test_third_and_fourth_calls_use_items_three_and_four() -> None:
    generator = Generator()
    generator.choose(1, 10)
    generator.choose(1, 100)
    assert generator.choose(1, 10) == 96185740 % 10 + 1
    assert generator.choose(1, 100) == 1686029636 % 100 + 1 == 37


def test_sequence_follows_the_published_items() -> None:
    items = [96185740, 1686029636, 1053370087, 135866341, 730476426, 2100765530]
    generator = Generator()
    generator.choose(0, 2**31)
    generator.choose(0, 2**31)
    assert [generator.choose(0, 2**31) for _ in items] == items
