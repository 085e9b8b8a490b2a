"""Where PRINT leaves the cursor and what INPUT reads back from the row, as PC-BASIC showed it:
controls that move the cursor (CHR$(28) right, CHR$(29) left, CHR$(11) home, CHR$(12) CLS,
CHR$(13) and CHR$(10) new lines, CHR$(30) and CHR$(31) up and down), strings whose width is not
their length (a bell takes no column, a backspace takes one back) at the 80-column margin, text
that fills whole rows, and the row (CSRLIN) and column (POS) after all of it."""

import re

from games.basic import program
from games.basic.console import COMMA, Console, PrintItem, Spc, Tab
from games.basic.functions import CHR
from games.basic.keys import Keystrokes
from games.basic.screen import BOTTOM, WIDTH
from games.basic.single import sng
from tests.basic.facts import load

ATOM = r'"[^"]*"|STRING\$\(\d+,"."\)|CHR\$\(\d+\)'
ITEM = re.compile(
    rf"(?P<text>(?:{ATOM})(?:\+(?:{ATOM}))*)|TAB\((?P<tab>\d+)\)|SPC\((?P<spc>\d+)\)"
    r"|(?P<pos>POS\(0\))|(?P<row>CSRLIN)|(?P<number>[-0-9.E+]+)|(?P<separator>[;,])"
)
PART = re.compile(
    r'"(?P<text>[^"]*)"|STRING\$\((?P<count>\d+),"(?P<char>.)"\)|CHR\$\((?P<chr>\d+)\)'
)
DOUBLE_DIGITS = 8  # an integer constant of 8 digits is a double: PRINT shows its digits


def _text(expression: str) -> str:
    """The value of a string expression of literals, STRING$ and CHR$ joined by `+`."""
    value = ""
    for part in PART.finditer(expression):
        if part["text"] is not None:
            value += part["text"]
        elif part["count"] is not None:
            value += part["char"] * int(part["count"])
        else:
            value += CHR(int(part["chr"]))
    return value


def _csrlin(console: Console) -> int:
    """CSRLIN: the cursor row; in the overflow state at column 80, the next one (not past 24)."""
    screen = console.screen
    pending = screen.overflow and screen.column == WIDTH and screen.row < BOTTOM
    return screen.row + 1 if pending else screen.row


def _item(match: re.Match[str], console: Console) -> PrintItem | None:
    """The console item of one parsed piece (None for the `;`)."""
    if match["text"] is not None:
        return _text(match["text"])
    if match["tab"] is not None:
        return Tab(int(match["tab"]))
    if match["spc"] is not None:
        return Spc(int(match["spc"]))
    if match["pos"] is not None:
        return console.pos
    if match["row"] is not None:
        return _csrlin(console)
    if match["number"] is not None:
        number = match["number"]
        return f" {number} " if len(number) >= DOUBLE_DIGITS else sng(number)
    return COMMA if match["separator"] == "," else None


def print_statement(console: Console, statement: str) -> None:
    """Run `PRINT statement`: items one at a time (POS and CSRLIN see the cursor), the end."""
    last = None
    for match in ITEM.finditer(statement):
        item = _item(match, console)
        if item is not None:
            console.print(item, end="")
        last = match
    if last is None or last["separator"] is None:
        if last is None or last["tab"] is None and last["spc"] is None:
            console.print()


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
            console.print("[", text, "]", _csrlin(console), end="")
            console.print(console.pos)

    keys = Keystrokes("".join(keys + "\r" for _, keys in reads))
    got = program.console_transcript(run, Console(keys), [])
    assert len(reads) >= 10
    assert got.split("\n") == facts["reads transcript"].split("\n")
