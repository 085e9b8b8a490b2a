"""The runtime knows the listing's lines: a direct-mode command or an error names them."""

from games.star_lanes import tables
from tests.listings import line_numbers, needs_listing


@needs_listing("star_lanes")
def test_the_line_numbers_are_the_original_listings() -> None:
    assert tables.LISTING_LINES == line_numbers("star_lanes")
    assert tables.SEED_LINE not in tables.LISTING_LINES  # a seeded run's line goes between
