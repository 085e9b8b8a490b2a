"""The players' arrays keep the listing's bounds: P$(5), B(5), D1(5), S(5,4)."""

import pytest

from games.basic.errors import BasicError
from games.basic.single import Single
from games.star_lanes.players import Roster, subscript


def test_a_fifth_players_holdings_are_out_of_range() -> None:
    roster = Roster.blank()
    assert roster.shares(1, 4, line=800) == 0
    with pytest.raises(BasicError) as raised:
        roster.shares(1, 5, line=800)
    assert (raised.value.message, raised.value.line) == ("Subscript out of range", 800)


def test_a_sixth_players_name_is_out_of_range_but_a_fifth_is_not() -> None:
    roster = Roster.blank()
    roster.set_name(5, "EVE", line=160)
    with pytest.raises(BasicError) as raised:
        roster.set_name(6, "FAY", line=160)
    assert (raised.value.message, raised.value.line) == ("Subscript out of range", 160)


def test_a_negative_player_is_an_illegal_function_call() -> None:
    with pytest.raises(BasicError) as raised:
        Roster.blank().name(-1, line=180)
    assert (raised.value.message, raised.value.line) == ("Illegal function call", 180)


def test_slot_0_exists_with_no_name_and_no_cash() -> None:
    roster = Roster.blank()
    roster.reset()
    assert roster.name(0, line=180) == "" and roster.money(0, line=800) == 0
    assert roster.money(1, line=800) == 6000


@pytest.mark.parametrize("value", [32768, -32769, 1e30])
def test_a_subscript_beyond_integers_overflows(value: float) -> None:
    with pytest.raises(BasicError) as raised:
        subscript(Single(value), line=180)
    assert (raised.value.message, raised.value.line) == ("Overflow", 180)


def test_a_new_game_keeps_names_and_slot_0() -> None:
    roster = Roster.blank()
    roster.names[3] = "OLD"
    roster.cash[0] = Single(42)
    roster.holdings[2][0] = Single(7)
    roster.reset()
    assert (roster.names[3], roster.cash[0], roster.holdings[2][0]) == ("OLD", 42, 7)
