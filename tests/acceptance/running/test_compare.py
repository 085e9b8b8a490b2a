"""Byte-exact comparison: the first difference, the command in force, the block diff, invisibles."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acceptance.running.compare import (
    MAX_BLOCK_LINES,
    DiffLine,
    Side,
    compare,
    split_lines,
    tolerant_equal,
    visible,
)
from acceptance.running.places import INITIAL_STATE

OUTPUT = (
    "  state:not started, normal, ok\n"
    "  Welcome to Space Defender Version 2.\n"
    "->play(10,30,1,1,1,1,1)\n"
    "  state:weapon setup, normal, ok\n"
    "  Weapon Selected:Standard\n"
    "->pass\n"
    "  state:in game(1.0), normal, ok\n"
    "  score:0\n"
)


def changed(line: int, new: str, text: str = OUTPUT) -> bytes:
    """The output with its 1-based line `line` replaced by `new` (which brings its own ending)."""
    lines = split_lines(text)
    lines[line - 1] = new
    return "".join(lines).encode()


def test_identical_outputs_have_no_mismatch() -> None:
    assert compare(OUTPUT.encode(), OUTPUT.encode()) is None


def test_trailing_space_is_located_at_its_line_column_and_command() -> None:
    mismatch = compare(OUTPUT.encode(), changed(5, "  Weapon Selected:Standard \n"))
    assert mismatch is not None
    assert (mismatch.line, mismatch.column, mismatch.place) == (5, 27, "->play(10,30,1,1,1,1,1)")


def test_block_diff_covers_only_the_command_in_force() -> None:
    mismatch = compare(OUTPUT.encode(), changed(5, "  Weapon Selected:Spread\n"))
    assert mismatch is not None
    assert mismatch.diff == (
        DiffLine(Side.BOTH, 3, "->play(10,30,1,1,1,1,1)\n"),
        DiffLine(Side.BOTH, 4, "  state:weapon setup, normal, ok\n"),
        DiffLine(Side.EXPECTED, 5, "  Weapon Selected:Standard\n"),
        DiffLine(Side.ACTUAL, 5, "  Weapon Selected:Spread\n"),
    )


def test_difference_before_any_command_is_in_the_initial_state() -> None:
    mismatch = compare(OUTPUT.encode(), changed(2, "  welcome\n"))
    assert mismatch is not None
    assert (mismatch.line, mismatch.place) == (2, INITIAL_STATE)


def test_differing_command_lines_are_their_own_block() -> None:
    mismatch = compare(OUTPUT.encode(), changed(6, "->pass(1)\n"))
    assert mismatch is not None
    assert (mismatch.line, mismatch.place) == (6, "->pass")
    assert [line.number for line in mismatch.diff] == [6, 6, 7, 8]


def test_extra_line_at_the_end_of_a_block_stays_in_that_block() -> None:
    actual = OUTPUT.replace("Standard\n", "Standard\n  extra\n")
    mismatch = compare(OUTPUT.encode(), actual.encode())
    assert mismatch is not None
    assert (mismatch.line, mismatch.place) == (6, "->play(10,30,1,1,1,1,1)")
    assert DiffLine(Side.ACTUAL, 6, "  extra\n") in mismatch.diff


def test_line_left_out_before_the_next_command_is_the_only_difference() -> None:
    actual = OUTPUT.replace("  Weapon Selected:Standard\n", "")
    mismatch = compare(OUTPUT.encode(), actual.encode())
    assert mismatch is not None
    assert (mismatch.line, mismatch.place) == (5, "->play(10,30,1,1,1,1,1)")
    assert [line for line in mismatch.diff if line.side is not Side.BOTH] == [
        DiffLine(Side.EXPECTED, 5, "  Weapon Selected:Standard\n")
    ]


def test_output_that_stops_early_is_located_where_it_stops() -> None:
    mismatch = compare(OUTPUT.encode(), OUTPUT[: OUTPUT.index("->pass")].encode())
    assert mismatch is not None
    assert (mismatch.line, mismatch.place) == (6, "->play(10,30,1,1,1,1,1)")
    assert [line.side for line in mismatch.diff][-3:] == [Side.EXPECTED] * 3


def test_missing_final_newline_and_crlf_are_differences() -> None:
    no_newline = compare(OUTPUT.encode(), OUTPUT.removesuffix("\n").encode())
    crlf = compare(OUTPUT.encode(), OUTPUT.replace("\n", "\r\n").encode())
    assert no_newline is not None and (no_newline.line, no_newline.place) == (8, "->pass")
    assert crlf is not None and (crlf.line, crlf.column) == (1, 32)


def test_invalid_utf8_is_shown_not_lost() -> None:
    mismatch = compare(OUTPUT.encode(), OUTPUT.encode().replace(b"score", b"sc\xffre"))
    assert mismatch is not None
    assert DiffLine(Side.ACTUAL, 8, "  sc\\xffre:0\n") in mismatch.diff


def test_visible_marks_trailing_spaces_tabs_cr_and_missing_newline() -> None:
    assert visible("  a b  \n") == "  a b··"
    assert visible("a\tb\r\n") == "a→b␍"
    assert visible("a  \r\n") == "a··␍"
    assert visible("end") == "end∅"


def test_runaway_output_gives_a_bounded_diff() -> None:
    mismatch = compare(OUTPUT.encode(), (OUTPUT + "  again\n" * 100_000).encode())
    assert mismatch is not None and mismatch.line == 9
    assert len(mismatch.diff) == MAX_BLOCK_LINES


OUTPUTS = st.text(alphabet="->  _a\t\r\n", max_size=60).map(str.encode) | st.binary(max_size=60)


@given(OUTPUTS, OUTPUTS)
def test_any_two_outputs_compare_to_a_place_inside_them(expected: bytes, actual: bytes) -> None:
    mismatch = compare(expected, actual)
    assert (mismatch is None) == (expected == actual)
    if mismatch is not None:
        longest = max(expected.count(b"\n"), actual.count(b"\n")) + 1
        assert 1 <= mismatch.line <= longest + 1 and mismatch.column >= 1
        shown = [visible(line.text) for line in mismatch.diff]
        assert not any("\t" in line or "\r" in line or line.endswith(" ") for line in shown)


@pytest.mark.parametrize(
    ("expected", "actual", "same"),
    [
        (b"a b\nc\n", b"a  b \n\n\nc", True),
        (b"a b\r\nc\r\n", b"a b\nc\n", True),
        (b"a\tb\n", b" a b\n", True),
        (b"a b\n", b"ab\n", False),
        (b"a\nb\n", b"a b\n", False),
        (b"a\n", b"a\nb\n", False),
        (b"", b"\n \n", True),
    ],
)
def test_tolerance_drops_blank_lines_and_compares_each_line_s_words(
    expected: bytes, actual: bytes, same: bool
) -> None:
    assert tolerant_equal(expected, actual) is same


WORD_LINES = st.lists(st.lists(st.text("ab->:[]", min_size=1, max_size=4), min_size=1, max_size=4))


@given(WORD_LINES, st.integers(1, 3), st.integers(0, 2))
def test_tolerance_forgives_any_spacing_and_blank_lines_but_no_word(
    lines: list[list[str]], spaces: int, blanks: int
) -> None:
    exact = "".join(" ".join(words) + "\n" for words in lines).encode()
    spaced = "".join((" " * spaces).join(words) + " \n" + "\n" * blanks for words in lines)
    assert tolerant_equal(exact, spaced.encode())
    assert not tolerant_equal(exact, spaced.replace("a", "c").encode()) or b"a" not in exact
