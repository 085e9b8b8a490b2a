"""PRINT on the console (zones, TAB, SPC, the 80-column margin, numbers that do not fit, control
characters, POS) as PC-BASIC printed measured random PRINT statements."""

import re

import pytest

from games.basic import program
from games.basic.console import COMMA, Console, PrintItem, Spc, Tab
from games.basic.functions import CHR
from games.basic.keys import Keystrokes
from games.basic.single import sng
from tests.basic.facts import load

ITEM = re.compile(
    r'"(?P<text>[^"]*)"|STRING\$\((?P<count>\d+),"(?P<char>.)"\)|TAB\((?P<tab>\d+)\)'
    r"|SPC\((?P<spc>\d+)\)|CHR\$\((?P<chr>\d+)\)|(?P<pos>POS\(0\))|(?P<number>[-0-9.E+]+)"
    r"|(?P<separator>[;, ])"
)
DOUBLE_DIGITS = 8  # an integer constant of 8 digits is a double: PRINT shows its digits


def _item(match: re.Match[str], console: Console) -> PrintItem | None:
    """The console item of one parsed piece (None for the `;` and juxtaposition)."""
    if match["text"] is not None:
        return match["text"]
    if match["count"] is not None:
        return match["char"] * int(match["count"])
    if match["tab"] is not None:
        return Tab(int(match["tab"]))
    if match["spc"] is not None:
        return Spc(int(match["spc"]))
    if match["chr"] is not None:
        return CHR(int(match["chr"]))
    if match["pos"] is not None:
        return console.pos
    if match["number"] is not None:
        number = match["number"]
        return f" {number} " if len(number) >= DOUBLE_DIGITS else sng(number)
    return COMMA if match["separator"] == "," else None


def print_statement(console: Console, scenario: str) -> None:
    """Run `PRINT scenario`: items one at a time (POS sees the cursor), then the ending."""
    last = None
    for match in ITEM.finditer(scenario):
        item = _item(match, console)
        if item is not None:
            console.print(item, end="")
        last = match
    if last is None or last["separator"] not in (";", ","):
        if last is None or last["tab"] is None and last["spc"] is None:
            console.print()


def test_every_measured_print_statement_prints_as_pc_basic() -> None:
    facts = load("console")

    def run(console: Console) -> None:
        for scenario in facts["scenarios"]:
            print_statement(console, scenario)

    assert len(facts["scenarios"]) >= 100
    got = program.transcript(run, [], [])
    expected = facts["transcript"]
    assert got.split("\n") == expected.split("\n")


def test_print_refuses_an_item_it_cannot_show_naming_its_type() -> None:
    console = Console(Keystrokes(""))
    with pytest.raises(TypeError, match="^PRINT cannot show float$"):
        console.print(1.5)  # type: ignore[arg-type]
