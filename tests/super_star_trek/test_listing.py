"""The runtime knows the listing's lines: a direct-mode command or an error names them."""

from games.super_star_trek import tables
from tests.listings import line_numbers, needs_listing


@needs_listing("super_star_trek")
def test_the_line_numbers_are_the_original_listings() -> None:
    assert tables.LISTING_LINES == line_numbers("super_star_trek")
