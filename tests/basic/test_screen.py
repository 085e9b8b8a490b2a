"""The screen: text written at once leaves the cursor and row as the same text written one
character at a time (runs of glyphs between controls are only a faster way)."""

import pytest

from games.basic.screen import Screen

TEXTS = [
    "HELLO",
    "A" * 79 + "\nB",
    "A" * 80 + "B\n",
    "A" * 80 + "\n" + "C" * 200,
    "ab\tc\td\r\ne\x1c\x1dX",
    "x" * 75 + "\t\t1\a2\x0b3",
    "\n\n" + "y" * 160 + "\x1e\x1fz",
    "row\x0cclear",
]


@pytest.mark.parametrize("text", TEXTS)
def test_text_at_once_is_text_char_by_char(text: str) -> None:
    at_once, one_by_one = Screen(row=5, column=3), Screen(row=5, column=3)
    at_once.write(text)
    for char in text:
        one_by_one.write(char)
    assert at_once == one_by_one


def test_a_new_screen_prints_from_column_1_of_the_top_row() -> None:
    """Measured: PC-BASIC's first statement `PRINT "A";POS(0)` prints `A 2`, and
    `PRINT STRING$(79,"X");"Y"` fills the first row to column 80, with no wrap before the Y."""
    screen = Screen()
    screen.write("A")
    assert (screen.row, screen.position, screen.text) == (1, 2, "A")
    screen = Screen()
    screen.write("X" * 79 + "Y")
    assert (screen.row, screen.column, screen.overflow, screen.text) == (
        1,
        80,
        True,
        "X" * 79 + "Y",
    )
