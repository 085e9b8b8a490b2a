"""PRINT on the console (zones, TAB, SPC, the 80-column margin, numbers that do not fit, control
characters, POS) as PC-BASIC printed measured random PRINT statements."""

import pytest

from games.basic import program
from games.basic.console import SEMICOLON, Console
from games.basic.keys import Keystrokes
from tests.basic.facts import load
from tests.basic.printing import print_statement


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


def test_a_semicolon_prints_nothing_and_only_a_last_one_keeps_the_line() -> None:
    def run(console: Console) -> None:
        console.print("A", SEMICOLON, "B")
        console.print("C", SEMICOLON)
        console.print("D")

    assert program.transcript(run, [], []) == "AB\nCD\n"
