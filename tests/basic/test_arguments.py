"""Integer arguments (string positions and counts, TAB, SPC, subscripts, ON, CHR$) round halves
away from zero, as PC-BASIC 2.0.8 printed for this measured listing:

    10 A$="ABCDEFGH"
    20 PRINT LEFT$(A$,2.5);"|";LEFT$(A$,2.4);"|";RIGHT$(A$,1.5);"|";MID$(A$,1.5,2.5);"|";
       MID$(A$,2.49)
    30 PRINT TAB(3.5);"X";TAB(7.4);"Y";SPC(1.5);"Z"
    40 DIM B(3): B(3.4)=7: PRINT B(3)
    50 ON 1.5 GOTO 60,70
    60 PRINT "SIX"
    70 PRINT "SEVEN": PRINT CHR$(65.5); LEFT$(A$,-0.4);"|"
    80 PRINT LEFT$(A$,-0.6)
"""

import pytest

from games.basic import program
from games.basic.console import Console, Spc, Tab
from games.basic.errors import BasicError, at_line
from games.basic.functions import CHR, LEFT, MID, RIGHT, cint
from games.basic.single import sng

MEASURED = "ABC|AB|GH|BCD|BCDEFGH\n   X  Y  Z\n 7 \nSEVEN\nB|\nIllegal function call in 80\xff\n"


def _listing(console: Console) -> None:
    """The measured listing on the runtime."""
    text = "ABCDEFGH"
    console.print(
        LEFT(text, sng("2.5")), "|", LEFT(text, sng("2.4")), "|", RIGHT(text, sng("1.5")), "|",
        MID(text, sng("1.5"), sng("2.5")), "|", MID(text, sng("2.49")),
    )  # fmt: skip
    console.print(Tab(sng("3.5")), "X", Tab(sng("7.4")), "Y", Spc(sng("1.5")), "Z")
    array = [0, 0, 0, 0]
    array[cint(sng("3.4"))] = 7
    console.print(array[3])
    console.print(["SIX", "SEVEN"][cint(sng("1.5")) - 1])
    console.print(CHR(sng("65.5")), LEFT(text, sng("-0.4")), "|")
    with at_line(80):
        console.print(LEFT(text, sng("-0.6")))


def test_integer_arguments_round_halves_away_from_zero() -> None:
    assert program.transcript(_listing, [], [10, 20, 30, 40, 50, 60, 70, 80]) == MEASURED


def test_a_negative_count_that_rounds_below_zero_is_illegal() -> None:
    with pytest.raises(BasicError, match="Illegal function call"):
        LEFT("AB", -1)
