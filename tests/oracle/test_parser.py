"""The script grammar (etf.md, the trace format), its syntax errors and chunking."""

from collections.abc import Callable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from oracle.calls import SYNTAX_HEADING, Call, ScriptError, ScriptSyntaxError, TooManyArguments
from oracle.parser import Chunk, blank_comment, chunks, load_parsing, parse, parse_chunk, pieces


def syntax_error(text: str) -> tuple[int, int]:
    with pytest.raises(ScriptSyntaxError) as caught:
        parse(text)
    return caught.value.line, caught.value.column


def test_commands_with_and_without_arguments() -> None:
    assert parse("pass\nmove(A,8)\nplay(10,30,1,1,1,1,1)") == [
        Call("pass"),
        Call("move", ("A", 8)),
        Call("play", (10, 30, 1, 1, 1, 1, 1)),
    ]


def test_arguments_are_plain_integers_and_strings() -> None:
    (call,) = parse("move(B, 007)")
    assert call.arguments == ("B", 7)
    assert [type(argument) for argument in call.arguments] == [str, int]


def test_negative_integers() -> None:
    assert parse("setup_next(-3)") == [Call("setup_next", (-3,))]


def test_several_commands_on_a_line_with_or_without_spaces() -> None:
    assert parse("pass fire\tspecial") == [Call("pass"), Call("fire"), Call("special")]
    assert parse("move(A,8)pass") == [Call("move", ("A", 8)), Call("pass")]


def test_one_command_over_several_lines() -> None:
    assert parse("play(\n10,\n  30 ,1,1\n,1,1,1\n)") == [Call("play", (10, 30, 1, 1, 1, 1, 1))]


def test_blanks_tabs_and_carriage_returns_between_tokens_are_ignored() -> None:
    assert parse("  move \t( C\r\n , 3 )\r\n") == [Call("move", ("C", 3))]


def test_identifiers_start_with_a_letter_and_may_hold_digits_and_underscores() -> None:
    assert parse("toggle_RNG_out x1_y") == [Call("toggle_RNG_out"), Call("x1_y")]


def test_an_empty_script_has_no_calls() -> None:
    assert parse("") == []
    assert parse("\n \n") == []


def test_unknown_names_parse_with_any_number_of_arguments() -> None:
    assert parse("foo(1, 2, 3, A)") == [Call("foo", (1, 2, 3, "A"))]


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("move(A,8", (1, 9)),
        ("pass\nmove(A 8)", (2, 8)),
        ("pass()", (1, 6)),
        ("move(A,,8)", (1, 8)),
        ("setup_next(- 3)", (1, 12)),
        ("1pass", (1, 1)),
        ("_pass", (1, 1)),
        ("pass -- not a comment line", (1, 6)),
        ("pass\n\n   fire)", (3, 8)),
        ("play(10,\n30", (2, 3)),
        ("move(A,8)é", (1, 10)),
        ("\tmove(A;8)", (1, 8)),
    ],
)
def test_a_syntax_error_is_located_at_the_offending_token(
    text: str, position: tuple[int, int]
) -> None:
    assert syntax_error(text) == position


def test_a_missing_token_at_the_end_is_located_just_after_the_last_token() -> None:
    assert syntax_error("pass\nmove(A,8\n\n") == (2, 9)


def test_syntax_error_report() -> None:
    error = ScriptSyntaxError(4, 2)
    assert error.report() == f"{SYNTAX_HEADING}\nparse error (Line 4, Column 2)\n"
    assert SYNTAX_HEADING == "Syntax Error: specification of command executions cannot be parsed"


def test_lines_are_counted_from_the_first_line_given() -> None:
    with pytest.raises(ScriptSyntaxError) as caught:
        parse("pass\n)", first_line=101)
    assert (caught.value.line, caught.value.column) == (102, 1)


@pytest.mark.parametrize(
    "text", ["pass(1)", "abort(A)", "move(A, 1, 2)", "setup_next(1,2)", "pass fire(3) move(A"]
)
def test_too_many_arguments_for_a_declared_command(text: str) -> None:
    with pytest.raises(TooManyArguments) as caught:
        parse(text)
    name = text.split("(")[0].split()[-1]
    assert caught.value.report() == f'{SYNTAX_HEADING}\nToo many arguments passed for "{name}"\n'


@pytest.mark.parametrize("text", ["pass(1)#", "pass(1),", "pass(1)(2)", "pass(1)\n)"])
def test_too_many_arguments_right_before_a_syntax_error_is_the_first_error(text: str) -> None:
    with pytest.raises(TooManyArguments):
        parse(text)


def test_a_syntax_error_before_too_many_arguments_is_the_first_error() -> None:
    assert syntax_error("move(A 8) pass(1)") == (1, 8)


def test_the_first_too_many_arguments_is_reported() -> None:
    with pytest.raises(TooManyArguments) as caught:
        parse("fire(1) pass(2)")
    assert caught.value.name == "fire"


@pytest.mark.parametrize(
    "line", ["", "   ", "\t\r", "--", "-- a comment", "   --indented", "\t-- tab"]
)
def test_comment_and_blank_lines_are_blanked(line: str) -> None:
    assert blank_comment(line) == ""


@pytest.mark.parametrize(
    "line", ["pass", "pass -- trailing", "- - no", "  pass", "X", "XX--", "\f", "\f--", "\v"]
)
def test_other_lines_are_kept(line: str) -> None:
    """Only spaces, tabs and carriage returns are blank: a form feed is a syntax error."""
    assert blank_comment(line) == line


def test_chunks_hold_about_size_lines_and_start_with_their_line_number() -> None:
    assert list(chunks(["-- c", "pass", "", "fire", "fire"], size=2)) == [
        Chunk(1, "-- c\npass\n"),
        Chunk(4, "fire\nfire"),
    ]


def test_comment_lines_are_dropped_but_counted() -> None:
    assert parse("-- move(\npass\n  -- )\nfire") == [Call("pass"), Call("fire")]
    assert syntax_error("-- a\n\n--b\n)") == (4, 1)


def test_a_chunk_is_not_cut_inside_parentheses_nor_before_a_line_opening_one() -> None:
    lines = ["play(10,", "30,1,1,1,1,1)", "move", "(A,8)", "pass", "-- (", "fire"]
    assert [chunk.first_line for chunk in chunks(lines, size=1)] == [1, 3, 5, 7]


def test_parsing_chunk_by_chunk_gives_the_calls_of_the_whole() -> None:
    lines = ["-- header"] + [
        f"move(A,{n % 30 + 1}) pass" if n % 3 else "play(\n10,30,\n1,1,1,1,1)" for n in range(400)
    ]
    lines = "\n".join(lines).split("\n")
    whole = parse("\n".join(lines))
    pieces = [call for chunk in chunks(lines) for call in parse(chunk.text, chunk.first_line)]
    assert pieces == whole
    assert len(list(chunks(lines))) > 3


def test_a_syntax_error_in_a_later_chunk_has_its_line_in_the_file() -> None:
    lines = ["pass"] * 250 + ["move(A 8)"]
    with pytest.raises(ScriptSyntaxError) as caught:
        for chunk in chunks(lines):
            parse(chunk.text, chunk.first_line)
    assert (caught.value.line, caught.value.column) == (251, 8)


def test_a_number_too_long_for_an_int_is_a_syntax_error_at_its_start() -> None:
    assert parse("setup_next(" + "0" * 4299 + "3)") == [Call("setup_next", (3,))]
    assert syntax_error("pass setup_next(" + "9" * 4301 + ")") == (1, 17)


def test_pieces_hold_whole_commands_cut_only_between_blank_separated_words() -> None:
    assert list(pieces("pass  move( A ,\n8)\n(x) fire\tmove(A,8)pass")) == [
        "pass",
        "move( A , 8) (x)",
        "fire",
        "move(A,8)pass",
    ]


def test_a_form_feed_is_not_a_blank_between_pieces() -> None:
    assert list(pieces("pass\x0cfire pass")) == ["pass\x0cfire", "pass"]


def outcome(parser: Callable[[str], list[Call]], text: str) -> list[Call] | tuple[type, str]:
    """The calls a parser finds, or the kind and message (with its place) of its error."""
    try:
        return parser(text)
    except ScriptError as error:
        return type(error), str(error)


TOKENS = ["pass", "fire", "move", "play", "setup_next", "A", "K", "0", "5", "-1", "-", "(", ")",
          ",", "--", " ", "\t", "\r", "\n", "\x0c", "\x00", "é", "#"]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=30).map("".join), st.integers(1, 500))
@example("pass --", 1)  # a piece `--` is code, not a comment line
def test_parsing_a_chunk_from_its_cached_pieces_is_exactly_parsing_it(
    text: str, first_line: int
) -> None:
    expected = outcome(lambda t: parse(t, first_line), text)
    assert outcome(lambda t: parse_chunk(Chunk(first_line, t)), text) == expected
    assert outcome(lambda t: parse_chunk(Chunk(first_line, t)), text) == expected


def test_the_last_piece_keeps_its_words_blank_separated() -> None:
    assert list(pieces("pass move( A , 8)")) == ["pass", "move( A , 8)"]


def test_a_chunk_is_not_cut_inside_parentheses_open_over_three_lines() -> None:
    assert [chunk.first_line for chunk in chunks(["move(", "A,", "8)", "pass"], size=1)] == [1, 4]


def test_a_chunk_is_not_cut_before_a_line_opening_a_parenthesis_after_blanks() -> None:
    assert [chunk.first_line for chunk in chunks(["move", " \t(A,8)", "pass"], size=1)] == [1, 3]


def test_a_command_longer_than_a_cached_piece_parses_as_in_the_whole_script() -> None:
    text = "pass setup_next(" + "0" * 300 + "3) fire"
    assert (
        parse_chunk(Chunk(1, text))
        == parse(text)
        == [
            Call("pass"),
            Call("setup_next", (3,)),
            Call("fire"),
        ]
    )


def test_loading_the_parser_ahead_changes_no_parse() -> None:
    load_parsing()
    assert parse("abort pass") == [Call("abort"), Call("pass")]
