"""Overflow and Division by zero print their message where the cursor is and the program goes on
with the largest single (as PC-BASIC 2.0.8 printed this measured listing):

    10 PRINT "A";: X=1E+38*10: PRINT "B"
    20 PRINT "C"; 1E+38*10; "D"
    30 PRINT "E";1/0;"F"
    40 PRINT STRING$(78,"G");: X=1/0
    50 PRINT "H"; -1/0: X=0/0: PRINT X
"""

from games.basic import program
from games.basic.console import SEMICOLON, Console
from games.basic.single import Single

MEASURED = (
    "AOverflow\nB\nCOverflow\n 1.701412E+38 D\nEDivision by zero\n 1.701412E+38 F\n"
    + "G" * 78
    + "Division by zero\nHDivision by zero\n-1.701412E+38 \nDivision by zero\n 1.701412E+38 \n"
)


def _listing(console: Console) -> None:
    """The measured listing; a PRINT is split where its value raises the soft error."""
    big, zero, one = Single(1e38), Single(0), Single(1)
    console.print("A", SEMICOLON)
    _ = big * 10  # 10 X=1E+38*10
    console.print("B")
    console.print("C", SEMICOLON)
    console.print(big * 10, "D")
    console.print("E", SEMICOLON)
    console.print(one / zero, "F")
    console.print("G" * 78, SEMICOLON)
    _ = one / zero  # 40 X=1/0
    console.print("H", SEMICOLON)
    console.print(-one / zero)
    console.print(zero / zero)


def test_soft_errors_print_at_the_cursor_and_go_on_with_the_largest_value() -> None:
    assert program.transcript(_listing, [], [10, 20, 30, 40, 50]) == MEASURED
