"""The PRINT statements of the console and cursor facts, run on the clone's console: string
expressions of literals, STRING$ and CHR$ joined by `+`, TAB, SPC, POS(0), CSRLIN and numbers,
separated by `;`, `,` or a space (juxtaposition)."""

import re

from games.basic.console import COMMA, SEMICOLON, Console, PrintItem, Spc, Tab
from games.basic.functions import CHR
from games.basic.screen import BOTTOM, WIDTH
from games.basic.single import sng

ATOM = r'"[^"]*"|STRING\$\(\d+,"."\)|CHR\$\(\d+\)'
ITEM = re.compile(
    rf"(?P<text>(?:{ATOM})(?:\+(?:{ATOM}))*)|TAB\((?P<tab>\d+)\)|SPC\((?P<spc>\d+)\)"
    r"|(?P<pos>POS\(0\))|(?P<row>CSRLIN)|(?P<number>[-0-9.E+]+)|(?P<separator>[;, ])"
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


def csrlin(console: Console) -> int:
    """CSRLIN: the cursor row; in the overflow state at column 80, the next one (not past 24)."""
    screen = console.screen
    pending = screen.overflow and screen.column == WIDTH and screen.row < BOTTOM
    return screen.row + 1 if pending else screen.row


def _item(match: re.Match[str], console: Console) -> PrintItem | None:
    """The console item of one parsed piece (None for `;` and juxtaposition)."""
    if match["text"] is not None:
        return _text(match["text"])
    if match["tab"] is not None:
        return Tab(int(match["tab"]))
    if match["spc"] is not None:
        return Spc(int(match["spc"]))
    if match["pos"] is not None:
        return console.pos
    if match["row"] is not None:
        return csrlin(console)
    if match["number"] is not None:
        number = match["number"]
        return f" {number} " if len(number) >= DOUBLE_DIGITS else sng(number)
    return COMMA if match["separator"] == "," else None


def print_statement(console: Console, statement: str) -> None:
    """Run `PRINT statement`: items one at a time (POS and CSRLIN see the cursor), then the
    new line, unless it ends in `;`, `,`, TAB or SPC."""
    last = None
    for match in ITEM.finditer(statement):
        item = _item(match, console)
        if item is not None:
            console.print(item, SEMICOLON)
        last = match
    if last is None or last["separator"] not in (";", ","):
        if last is None or last["tab"] is None and last["spc"] is None:
            console.print()
