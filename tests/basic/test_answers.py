"""INPUT answers at the edges of the rules, as PC-BASIC 2.0.8 answered them (transcripts
measured with the tiny listings in the docstrings): a quote after a typed line feed, spaces
after a closing quote, an answer cut at 255 characters, Ctrl-Z, trailing non-ASCII blanks, and
the prompt of a string INPUT."""

from games.basic import program
from games.basic.console import Console


def _string(console: Console) -> None:
    """10 INPUT A$: PRINT "[";A$;"]";LEN(A$): GOTO 10"""
    while True:
        text = console.input_string()
        console.print("[", text, "]", len(text))


def _mix(console: Console) -> None:
    """10 INPUT "MIX",A$,B: PRINT "[";A$;"]";B: GOTO 10"""
    while True:
        text, number = console.input("MIX", "sn", question=False)
        console.print("[", text, "]", number)


def _named(console: Console) -> None:
    """10 INPUT "NAME";A$: PRINT A$: GOTO 10"""
    while True:
        console.print(console.input_string("NAME"))


def test_a_quote_after_a_typed_line_feed_does_not_open_a_quoted_answer() -> None:
    got = program.transcript(_string, [' \n"A,B"', "0", ' \n"A"'], [10])
    assert got == '?  \n"A,B"\n?Redo from start\n? 0\n[0] 1 \n?  \n"A"\n["A"] 3 \n? '


def test_spaces_after_a_closing_quote_are_skipped_before_the_comma() -> None:
    got = program.transcript(_mix, ['"ab"  ,5', '"ab" ,5', '"ab"   ', '"a" x,5'], [10])
    assert got == (
        'MIX"ab"  ,5\n[ab] 5 \nMIX"ab" ,5\n[ab] 5 \nMIX"ab"   \n?Redo from start\n'
        'MIX"a" x,5\n?Redo from start\nMIX'
    )


def test_an_answer_cut_at_255_characters_by_a_quote_asks_again() -> None:
    answer = "A" * 254 + '"'
    got = program.transcript(_string, [answer, "0"], [10])
    assert got == f"? {answer}\n?Redo from start\n? 0\n[0] 1 \n? "


def test_the_answers_end_at_the_first_ctrl_z() -> None:
    got = program.transcript(_string, ["A\x1aB\x1aC", "AB\x1a"], [10])
    assert got == "? A\x1aB\x1aC\n[A] 1 \n? AB\x1a\n[AB] 2 \n? "


def test_only_spaces_tabs_and_line_feeds_are_trailing_blanks_of_a_typed_line() -> None:
    """A no-break space typed is the bytes C2 A0: A0 stays, as does the 85 of U+0085."""
    got = program.transcript(_string, ["A\u00a0", "A\u0085"], [10])
    assert got == "? A\xc2\xa0\n[A\xc2\xa0] 3 \n? A\xc2\x85\n[A\xc2\x85] 3 \n? "


def test_a_string_input_shows_its_prompt_and_a_question_mark() -> None:
    assert program.transcript(_named, ["BOB"], [10]) == "NAME? BOB\nBOB\nNAME? "
