"""tools/planted/shrink_mutants.py: a planted mutant's longest failing public test shrunk by
`at shrink` as a student's program, small enough and soon enough; and several mutants planted
at once."""

import subprocess
import sys
from pathlib import Path

from tools.planted.mutants import ROOT, mutant_named
from tools.planted.shrink_mutants import longest_failing, shrink
from tools.planted.why_mutants import public_suite

MOVE = "model.geometry:vertical_then_horizontal:9"  # the Starfighter moves otherwise
GROW = "model.enemies.grunt:preempt:1"  # a Grunt's preemptive growth


def test_a_mutants_longest_failing_test_shrinks_to_a_few_commands(tmp_path: Path) -> None:
    mutant = mutant_named(MOVE)
    test = longest_failing(mutant, public_suite())
    assert test is not None
    shrunk = shrink(mutant, test, tmp_path)
    assert shrunk is not None and shrunk.met and shrunk.rule == "starfighter.move"
    assert shrunk.commands[1] <= max(6, shrunk.commands[0] // 2)
    assert shrunk.lines[1] < shrunk.lines[0]


def planted(names: str, test: str) -> str:
    """What the oracle with the named mutants planted prints for a public test."""
    script = str(ROOT / "at" / f"{test}.txt")
    command = [sys.executable, "-m", "tools.planted", names, "-b", script]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT).stdout


def test_several_mutants_are_planted_at_once() -> None:
    both = f"{MOVE}+{GROW}"
    for alone, test in ((MOVE, "at101"), (GROW, "at553")):
        assert planted(both, test) == planted(alone, test) != planted("none", test)
