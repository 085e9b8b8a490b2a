"""Where PRINT leaves the cursor and what INPUT reads back from the row, as PC-BASIC showed it:
controls that move the cursor (CHR$(28) right, CHR$(29) left, CHR$(11) home, CHR$(12) CLS,
CHR$(13) and CHR$(10) new lines, CHR$(30) and CHR$(31) up and down), strings whose width is not
their length (a bell takes no column, a backspace takes one back) at the 80-column margin, text
that fills whole rows, and the row (CSRLIN) and column (POS) after all of it."""

from games.basic import program
from games.basic.console import SEMICOLON, Console
from games.basic.keys import Keystrokes
from tests.basic.facts import load
from tests.basic.printing import csrlin, print_statement


def _printed(statements: list[str]) -> str:
    """The transcript of one PRINT statement per line."""

    def run(console: Console) -> None:
        for statement in statements:
            print_statement(console, statement)

    return program.transcript(run, [], [])


def test_the_cursor_row_and_column_after_print_are_as_pc_basic_shows_them() -> None:
    facts = load("cursor")
    assert len(facts["scenarios"]) >= 100
    assert _printed(facts["scenarios"]).split("\n") == facts["transcript"].split("\n")


def test_cursor_up_and_down_keep_the_column_and_the_pending_wrap_within_rows_1_to_24() -> None:
    facts = load("cursor")
    got = _printed(facts["vertical"])
    assert got.split("\n") == facts["vertical transcript"].split("\n")


def test_input_reads_back_the_printed_row_the_cursor_moved_over() -> None:
    facts = load("cursor")
    reads = facts["reads"]

    def run(console: Console) -> None:
        for statement, _ in reads:
            print_statement(console, statement + ";")
            text = console.input("", "s", question=False)[0]
            console.print("[", text, "]", csrlin(console), SEMICOLON)
            console.print(console.pos)

    keys = Keystrokes("".join(keys + "\r" for _, keys in reads))
    got = program.console_transcript(run, Console(keys), [])
    assert len(reads) >= 10
    assert got.split("\n") == facts["reads transcript"].split("\n")
