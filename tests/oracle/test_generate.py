"""The script generator (oracle/generate.py; on the command line `at new NAME --random N`, whose
tests are in tests/acceptance/cli/test_regen.py): seeded scripts of the length asked, covering
every board and every part; a lean toward rules makes the choices that lead to them more often,
and no lean changes nothing."""

from __future__ import annotations

import pytest

from model.session import MENU_SIZES
from oracle.generate import CHOICE_RULES, leaning, script_lines
from oracle.parser import parse
from provenance.rules import RULES


def script(seed: int, commands: int) -> str:
    return "".join(line + "\n" for line in script_lines(seed, commands))


def test_the_same_seed_gives_the_same_script_and_another_seed_another() -> None:
    assert script(11, 500) == script(11, 500)
    assert script(11, 500) != script(12, 500)


@pytest.mark.parametrize("commands", [0, 1, 37, 1000])
def test_a_script_holds_exactly_the_commands_asked(commands: int) -> None:
    assert len(parse(script(5, commands))) == commands


def test_long_scripts_cover_every_board_size_and_every_option_of_every_menu() -> None:
    calls = parse(script(3, 5000))
    boards = {call.arguments[:2] for call in calls if call.name == "play"}
    assert {rows for rows, _ in boards} == set(range(5, 11))
    assert {columns for _, columns in boards} == set(range(10, 31))
    selected = {call.arguments[0] for call in calls if call.name == "setup_select"}
    assert selected == set(range(1, max(MENU_SIZES.values()) + 1))


def leaned_script(seed: int, commands: int, rules: dict[str, float]) -> str:
    return "".join(line + "\n" for line in script_lines(seed, commands, lean=leaning(rules)))


def test_with_every_rule_weighing_one_the_scripts_are_the_plain_generators() -> None:
    assert leaned_script(7, 2000, {}) == script(7, 2000)
    assert leaned_script(7, 2000, dict.fromkeys(RULES, 1.0)) == script(7, 2000)


def test_every_choice_leads_to_rules_of_the_table() -> None:
    for choice, patterns in CHOICE_RULES.items():
        for pattern in patterns:
            assert any(name == pattern or name.startswith(pattern) for name in RULES), choice


def test_a_lean_toward_a_rule_makes_the_choice_that_leads_to_it_more_often() -> None:
    def toggles(text: str) -> tuple[int, int]:
        return text.count("toggle_RNG_out"), text.count("toggle_debug_mode")

    plain = toggles(script(9, 5000))
    leaned = toggles(leaned_script(9, 5000, {"notice.rng": 10.0}))
    assert leaned[0] > 3 * plain[0]  # toggles twice as often (BOOST), nine in ten of them this one
    assert leaned[0] / leaned[1] > 5 * plain[0] / plain[1]


def test_a_lean_toward_an_enemy_kind_gives_it_the_larger_share_of_the_spawns() -> None:
    calls = parse(leaned_script(4, 3000, {"pylon.fire": 10.0}))
    spawning = [call.arguments[2:] for call in calls if call.name == "play"]
    spawning = [thresholds for thresholds in spawning if thresholds != (1, 1, 1, 1, 1)]
    shares = [(t[4] - t[3], max(t[i + 1] - t[i] for i in range(3))) for t in spawning]
    assert sum(pylon > rest for pylon, rest in shares) > 0.8 * len(shares) > 5
