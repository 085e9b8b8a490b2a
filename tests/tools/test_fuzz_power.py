"""tools/planted/fuzz_power.py and tools/planted/__main__.py: a planted mutant is a student's
program, and the public suite and `at fuzz` are asked whether they find it."""

import subprocess
import sys

import pytest

from tools.planted.fuzz_power import (
    DEFAULT_SIZE,
    FUZZ_SEED,
    Measure,
    environment,
    fuzz_finds,
    main,
    public_finds,
    sample,
    summary,
)
from tools.planted.mutants import ROOT, Mutant, mutant_named, mutants, swappable

pytestmark = pytest.mark.slow  # `at fuzz` against planted bugs

AT001 = ROOT / "at" / "at001.txt"
# Loadout stats computed with + for -: at001's first game already shows it.
LOADOUT = "model.session:Session.loadout:2"


def planted(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the launcher as `at` runs an --exe program."""
    command = [sys.executable, "-m", "tools.planted", *args]
    return subprocess.run(command, capture_output=True, text=True, env=environment(), cwd="/")


def test_the_launcher_with_no_mutant_prints_the_oracles_exact_output() -> None:
    run = planted("none", "-b", str(AT001))
    expected = (ROOT / "expected" / "at001.expected.txt").read_text()
    assert (run.returncode, run.stdout, run.stderr) == (0, expected, "")


def test_the_launcher_passes_the_oracles_own_usage_errors_through() -> None:
    run = planted("none", "-x")
    assert run.returncode == 2 and run.stderr.startswith("Error: '-x' is not a valid mode")


@pytest.mark.parametrize(
    "name", ["model.nowhere:f:0", "model.session:nothing:0", "model.session:Session.loadout:x", ""]
)
def test_a_mutant_that_does_not_exist_is_a_one_line_error(name: str) -> None:
    run = planted(name, "-b", str(AT001))
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("planted: ") and run.stderr.count("\n") == 1


def test_every_mutant_is_found_again_by_its_name() -> None:
    assert all(mutant_named(mutant.name) == mutant for mutant in mutants())


def test_the_sample_is_fixed_swappable_and_drawn_among_all_mutants() -> None:
    drawn = sample(DEFAULT_SIZE, 29)
    assert drawn == sample(DEFAULT_SIZE, 29) != sample(DEFAULT_SIZE, 30)
    assert len(set(drawn)) == DEFAULT_SIZE >= 50
    assert all(swappable(mutant) for mutant in drawn)


def test_a_mutant_that_changes_a_public_output_is_found_by_both() -> None:
    mutant = mutant_named(LOADOUT)
    assert public_finds(mutant, [AT001])
    seconds, shrunk = fuzz_finds(mutant, 5, FUZZ_SEED)
    assert seconds is not None and seconds < 5
    assert shrunk is not None and 1 <= shrunk <= 5


def result(public: bool, seconds: float | None, module: str = "model.turn") -> Measure:
    mutant = Mutant(module, "f", 0, 1, "Add -> Sub")
    return Measure(mutant, public, seconds, None if seconds is None else 4)


def test_the_summary_counts_each_verdict_and_each_kind() -> None:
    results = [result(True, 1.0), result(True, None, "model.rng"), result(False, 3.0)]
    results.append(result(False, None))
    lines = summary(results)
    assert lines[0] == "planted 4; found by the public suite 2, by at fuzz 2"
    assert lines[1] == "both 1, public suite only 1, at fuzz only 1, neither 1"
    assert lines[2] == "at fuzz: median shrunk script 4 lines, median time to find 2 s"
    assert lines[4].split() == ["model.rng", "1", "1", "0", "0", "1", "0", "0"]
    assert lines[5].split() == ["model.turn", "3", "1", "2", "1", "0", "1", "1"]


def test_bad_options_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--size", "0"])
    assert stopped.value.code == 2
    assert "not a positive whole number: '0'" in capsys.readouterr().err
