"""Energy: stranded when S+E <= 10, or E <= 10 unless shield control is exactly 0 (line 1990);
a move costs N+10, the shields giving what the engines lack (lines 3910-3980)."""

import pytest

from games.basic.single import sng
from games.super_star_trek.enterprise import Enterprise, spend_maneuver_energy, stranded


@pytest.mark.parametrize(
    ("energy", "shields", "shield_control", "result"),
    [
        ("5", "0", "0", True),
        ("5", "5", "0", True),
        ("5", "6", "0", False),
        ("5", "100", "-1", True),
        ("5", "100", ".5", True),
        ("11", "0", "-1", False),
    ],
)
def test_stranded(energy: str, shields: str, shield_control: str, result: bool) -> None:
    ship = Enterprise((1, 1), (1, 1), sng(energy), sng(shields))
    ship.damage[6] = sng(shield_control)
    assert stranded(ship) is result


def test_a_move_costs_its_sectors_and_ten() -> None:
    ship = Enterprise((1, 1), (1, 1), sng("100"))
    assert not spend_maneuver_energy(ship, 8)
    assert ship.energy == 82


def test_shields_cover_what_the_engines_lack() -> None:
    ship = Enterprise((1, 1), (1, 1), sng("10"), sng("50"))
    assert spend_maneuver_energy(ship, 16)
    assert ship.energy == 0 and ship.shields == 34


def test_shields_never_go_below_zero() -> None:
    ship = Enterprise((1, 1), (1, 1), sng("10"), sng("5"))
    assert spend_maneuver_energy(ship, 16)
    assert ship.energy == 0 and ship.shields == 0
