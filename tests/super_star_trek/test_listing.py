"""The runtime knows the listing's lines (a direct-mode command or an error names them), and the
tables' texts are the ones the listing prints."""

from games.super_star_trek import tables
from tests.listings import is_the_listings, line_numbers, needs_listing, texts


@needs_listing("super_star_trek")
def test_the_line_numbers_are_the_original_listings() -> None:
    assert tables.LISTING_LINES == line_numbers("super_star_trek")


@needs_listing("super_star_trek")
def test_every_text_of_the_tables_is_printed_by_the_original_listing() -> None:
    assert [
        name for name, text in texts(tables) if not is_the_listings(text, "super_star_trek")
    ] == []
    assert len(list(texts(tables))) > 100
