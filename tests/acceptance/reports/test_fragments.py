"""A difference's fragment in report.html never cuts inside a number or a word: `120/120` printed
as `80/80`, not `120/12` as `80/8`. Spaces show as spaces; only those ending a line or two or
more in a row are marked `·`, and white space alone is said in words; the page explains the
marks it shows."""

import string

from hypothesis import given
from hypothesis import strategies as st

from acceptance.reports.class_report import context, hunk_text, marked, with_legend
from acceptance.reports.slips import edit
from acceptance.running.compare import compare, first_hunk

HEALTH = "    [1,G]->health:{0}/{0}, energy:50/50, Regen:1/3, Armour:1, location:[A,2]\n"
PIECES = st.sampled_from(["health", "energy", "Grunt", "id", "->", "[", "]", ",", ":", "/", " "])
LINES = st.lists(st.one_of(PIECES, st.integers(-200, 2000).map(str)), max_size=12).map("".join)


def said(expected: str, actual: str) -> str:
    """What the page says of the first difference between two outputs."""
    mismatch = compare(expected.encode(), actual.encode())
    assert mismatch is not None
    return hunk_text(first_hunk(mismatch.diff))


def splits(text: str, at: int) -> bool:
    """Whether cutting a text at `at` would split a word or a number (letters or digits on both
    sides)."""
    return 0 < at < len(text) and text[at - 1].isalnum() and text[at].isalnum()


@given(st.integers(0, 999), st.integers(0, 999))
def test_a_changed_number_is_shown_whole(before: int, after: int) -> None:
    if before != after:
        assert said(HEALTH.format(before), HEALTH.format(after)) == (
            f"“{before}/{before}” printed as “{after}/{after}” after “[1,G]->health:”"
        )


@given(LINES, LINES)
def test_an_edit_is_cut_between_words_and_keeps_both_lines(expected: str, actual: str) -> None:
    made = edit(expected, actual)
    assert made.before + made.removed + made.after == expected
    assert made.before + made.added + made.after == actual
    for text, middle in ((expected, made.removed), (actual, made.added)):
        start = len(made.before)
        assert not splits(text, start) and not splits(text, start + len(middle))


def test_decimals_and_negative_numbers_are_whole_too() -> None:
    assert said("x: 1.5\n", "x: 2.5\n") == "“1.5” printed as “2.5” after “x:”"
    assert said("x: -3 y\n", "x: 3 y\n") == "“-3” printed as “3” after “x:”"


def test_a_word_changed_at_its_end_is_shown_whole() -> None:
    assert said("A Grunt(id:1) spawns\n", "A Grunt(id:1) spawned\n") == (
        "“spawns” printed as “spawned” after “A Grunt(id:1)”"
    )


def test_spaces_inside_a_fragment_are_spaces() -> None:
    assert said("A Grunt moves left\n", "A Grunt moved right\n") == (
        "“moves left” printed as “moved right” after “A Grunt”"
    )


def test_only_spaces_ending_a_line_or_in_a_row_are_marked() -> None:
    assert marked("a b  c \r\n") == "a b··c·␍"
    assert marked("a\tb\n") == "a→b"
    assert said("ok done\n", "ok done  now\n") == "“··now” added after “ok done”"
    assert said("state: ok\n", "state: OK \n") == "“ok” printed as “OK·” after “state:”"


def test_white_space_alone_is_said_in_words() -> None:
    assert said("state: ok\n", "state: ok \n") == "a space added after “state: ok”"
    assert said("->move(1)\n", "->move   (1)\n") == "3 spaces added after “->move”"
    assert said("a b\n", "a\tb\n") == "a space printed as a tab after “a”"
    assert said("a\n", "a") == "a newline left out after “a”"
    assert said("a\n", "a\r\n") == "a carriage return added after “a”"


def test_the_words_before_a_long_line_are_cut_between_words() -> None:
    word = "[1,G]->health:120/120,energy:50/50,regen:1/3,armour:1,vision:13"
    shown = context(f"x {word}")
    kept = shown.removeprefix("after “…").removesuffix("”")
    assert word.endswith(kept) and len(kept) <= 40
    assert not splits(word, len(word) - len(kept))


def test_the_legend_explains_the_marks_shown_and_only_those() -> None:
    assert with_legend("<p>no marks</p>") == "<p>no marks</p>"
    legend = with_legend("<p>“OK·” and a→b</p>")
    assert legend.startswith('<p class="legend">Marks: <b>·</b> a space ending its line')
    assert "<b>→</b> tab" in legend and "␍" not in legend


def test_a_long_number_changed_at_its_start_is_shown_whole() -> None:
    expected = f"value:{string.digits} and more\n"
    assert said(expected, expected.replace("0123", "9123")) == (
        "“0123456789” printed as “9123456789” after “value:”"
    )
