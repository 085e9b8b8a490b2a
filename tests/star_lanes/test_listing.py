"""The runtime knows the listing's lines (a direct-mode command or an error names them), and the
tables' texts are the ones the listing prints."""

from games.star_lanes import tables
from tests.listings import is_the_listings, line_numbers, needs_listing, texts


@needs_listing("star_lanes")
def test_the_line_numbers_are_the_original_listings() -> None:
    assert tables.LISTING_LINES == line_numbers("star_lanes")
    assert tables.SEED_LINE not in tables.LISTING_LINES  # a seeded run's line goes between


@needs_listing("star_lanes")
def test_every_text_of_the_tables_is_printed_by_the_original_listing() -> None:
    assert [name for name, text in texts(tables) if not is_the_listings(text, "star_lanes")] == []
    assert len(list(texts(tables))) > 100
