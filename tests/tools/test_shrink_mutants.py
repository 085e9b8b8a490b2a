"""tools/planted/shrink_mutants.py: a planted mutant's longest failing public test shrunk by
`at shrink` as a student's program, small enough and soon enough; failing tests of planted bugs
shrunk further once simpler arguments make commands needless; and several mutants planted at
once."""

import subprocess
import sys
from pathlib import Path

import pytest

from acceptance.fuzzing.shrunk_case import shrink_case
from acceptance.running.cases import Case, make_case
from acceptance.running.outcome import Output, Producer, Status
from oracle.runner import run_script
from tools.planted.mutants import ROOT, Mutant, mutant_named, mutated_code, target
from tools.planted.shrink_mutants import longest_failing, shrink
from tools.planted.why_mutants import public_suite

MOVE = "model.geometry:vertical_then_horizontal:9"  # the Starfighter moves otherwise
GROW = "model.enemies.grunt:preempt:1"  # a Grunt's preemptive growth


@pytest.mark.slow
def test_a_mutants_longest_failing_test_shrinks_to_a_few_commands(tmp_path: Path) -> None:
    mutant = mutant_named(MOVE)
    test = longest_failing(mutant, public_suite())
    assert test is not None
    shrunk = shrink(mutant, test, tmp_path)
    assert shrunk is not None and shrunk.met and shrunk.rule == "starfighter.move"
    assert shrunk.commands[1] <= max(6, shrunk.commands[0] // 2)
    assert shrunk.lines[1] < shrunk.lines[0]


def in_process(mutant: Mutant) -> Producer:
    """The mutant as a program run in-process: its code swapped in for each run only, so the
    oracle beside it stays the oracle."""
    function, mutated = target(mutant), mutated_code(mutant)
    original = function.__code__

    def run(case: Case) -> Output:
        function.__code__ = mutated
        try:
            return Output(Status.OK, run_script(case.script.read_text()).encode())
        finally:
            function.__code__ = original

    return run


@pytest.mark.parametrize(
    ("mutant", "test", "most"),
    [
        (GROW, "at028", 16),  # 33 commands: 22 before simpler arguments let more go
        ("model.scoring:Focus.full:2", "at550", 12),  # 17 commands: 15 before
    ],
)
def test_commands_needless_once_the_arguments_are_simpler_are_dropped(
    tmp_path: Path, mutant: str, test: str, most: int
) -> None:
    shrunk = shrink_case(
        make_case(ROOT / "at" / f"{test}.txt"), in_process(mutant_named(mutant)), tmp_path, 1
    )
    assert len(shrunk.finding.shrunk) <= most < len(shrunk.units)


def planted(names: str, test: str) -> str:
    """What the oracle with the named mutants planted prints for a public test."""
    script = str(ROOT / "at" / f"{test}.txt")
    command = [sys.executable, "-m", "tools.planted", names, "-b", script]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT).stdout


def test_several_mutants_are_planted_at_once() -> None:
    both = f"{MOVE}+{GROW}"
    for alone, test in ((MOVE, "at101"), (GROW, "at553")):
        assert planted(both, test) == planted(alone, test) != planted("none", test)
