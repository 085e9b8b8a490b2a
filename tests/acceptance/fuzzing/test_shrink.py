"""Shrinking: the fewest units that still differ, then the simplest form of each, the same result
whatever the parallelism, and never more runs than allowed."""

import pytest

from acceptance.fuzzing.shrinker import Shrinker, Units, ddmin, parts, shortest_prefix, shrink
from acceptance.game_oracles.registry import game_named
from acceptance.game_oracles.script_commands import commands_of, simpler_commands

SCRIPT = tuple(f"u{index}" for index in range(40))


def needs(*wanted: str) -> Shrinker:
    """A shrinker whose difference shows when every wanted unit is in the script, in order."""

    def differs(units: Units) -> bool:
        found = iter(units)
        return all(unit in found for unit in wanted)

    return Shrinker(differs)


def test_parts_cut_units_into_nearly_equal_consecutive_pieces() -> None:
    assert parts(("a", "b", "c", "d", "e"), 2) == [("a", "b", "c"), ("d", "e")]


def test_the_shortest_prefix_ends_at_the_last_unit_the_difference_needs() -> None:
    assert shortest_prefix(SCRIPT, needs("u3", "u17")) == SCRIPT[:18]


def test_ddmin_keeps_only_the_units_the_difference_needs() -> None:
    assert ddmin(SCRIPT, needs("u3", "u17", "u30")) == ("u3", "u17", "u30")


def test_an_empty_script_that_differs_is_the_minimum() -> None:
    assert shrink(SCRIPT, needs()) == ()


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_the_result_is_the_same_whatever_the_parallelism(jobs: int) -> None:
    shrinker = needs("u5", "u6", "u39")
    shrinker.jobs = jobs
    assert shrink(SCRIPT, shrinker) == ("u5", "u6", "u39")


def test_units_are_replaced_by_their_simplest_form_that_still_differs() -> None:
    def differs(units: Units) -> bool:
        return any(unit.startswith("move(") and unit != "move(A,1)" for unit in units)

    simplest = shrink(("pass", "move(J,30)"), Shrinker(differs), simpler_commands)
    assert simplest == ("move(A,2)",)


def test_units_needless_once_a_unit_is_simpler_are_dropped_after_it_is() -> None:
    def differs(units: Units) -> bool:  # a big board needs two setup commands, a small none
        return "play(1)" in units or {"play(9)", "setup", "next"} <= set(units)

    def simpler(unit: str) -> list[str]:
        return ["play(1)"] if unit == "play(9)" else []

    script = ("play(9)", "pass", "setup", "pass", "next", "pass")
    assert shrink(script, Shrinker(differs), simpler) == ("play(1)",)


def test_a_command_and_the_one_it_sets_up_are_dropped_together() -> None:
    def differs(units: Units) -> bool:  # select and next matter together, or not at all
        return {"a", "b", "d"} <= set(units) and ("select" in units) == ("next" in units)

    script = ("a", "select", "next", "b", "d")
    assert ddmin(script, Shrinker(differs)) == script  # each removed alone breaks it
    assert shrink(script, Shrinker(differs)) == ("a", "b", "d")


def test_a_shrinker_stops_at_its_run_limit() -> None:
    shrinker = needs("u3", "u17", "u30")
    shrinker.max_runs = 10
    result = shrink(SCRIPT, shrinker)
    assert shrinker.runs <= 10 and set(result) >= {"u3", "u17", "u30"}


def test_each_candidate_runs_once() -> None:
    seen: list[Units] = []

    def differs(units: Units) -> bool:
        seen.append(units)
        return "u7" in units

    shrink(SCRIPT, Shrinker(differs))
    assert len(seen) == len(set(seen))


def test_a_script_is_shrunk_by_its_commands_written_one_per_line() -> None:
    script = "-- a comment\nplay(10,30,1,1,1,1,1) setup_next(\n 5)\n\npass\n"
    assert commands_of(script) == ["play(10,30,1,1,1,1,1)", "setup_next(5)", "pass"]
    assert game_named("space_defender_2").units(script) == commands_of(script)
    assert commands_of("move(A,\n") is None  # it does not parse: the game's units are its lines
    assert game_named("space_defender_2").units("move(A,\n") == ["move(A,"]


def test_simpler_forms_of_a_command_stay_within_its_declared_types() -> None:
    assert simpler_commands("play(10,30,1,1,1,1,50)") == [
        "play(5,10,1,1,1,1,1)",
        "play(5,30,1,1,1,1,50)",
        "play(7,30,1,1,1,1,50)",
        "play(10,10,1,1,1,1,50)",
        "play(10,20,1,1,1,1,50)",
        "play(10,30,1,1,1,1,1)",
        "play(10,30,1,1,1,1,25)",
    ]
    assert simpler_commands("move(C,1)") == ["move(A,1)", "move(B,1)"]
    assert simpler_commands("pass") == [] and simpler_commands("move(Z,99)") == []
