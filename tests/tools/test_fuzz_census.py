"""tools/planted/fuzz_census.py: every planted mutant measured in-process against the public suite
and the first scripts of `at fuzz --seed 29`, plain and --toward at/, found as `at fuzz` finds
and shrinks it."""

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from acceptance.game_oracles.registry import space_defender_2, space_defender_2_lines
from acceptance.running.cases import make_case
from acceptance.running.outcome import Status
from tools.planted.fuzz_census import (
    MISSES,
    Census,
    Found,
    body_of,
    main,
    misses_explained,
    mutated_body,
    percentile,
    run,
    summary,
    swapped,
    timed,
    verdict,
)
from tools.planted.fuzz_power import AT, FUZZ_SEED, PUBLIC_SUITE, environment
from tools.planted.mutants import ROOT, Mutant, mutant_named, mutants, target

pytestmark = pytest.mark.slow  # `at fuzz` against planted bugs

# Loadout stats computed with + for -: the first script of both generators shows it.
LOADOUT = "model.session:Session.loadout:2"
# The row step chosen with >= for >: at equal rows the range is empty whatever the step.
EQUIVALENT = "model.geometry:vertical_then_horizontal:0"
# The default `times: int = 1` of Starfighter.regenerated made 2: a default, not the code.
DEFAULT = "model.starfighter:Starfighter.regenerated:0"
SCRIPTS = 20


@pytest.fixture(scope="module")
def measured() -> dict[str, Census]:
    """The two mutants measured on the first 20 scripts, each in a forked worker."""
    results = run([LOADOUT, EQUIVALENT], SCRIPTS, 1, lambda result: None)
    return {result.mutant.name: result for result in results}


def test_a_mutant_of_a_public_output_is_found_by_all_three(measured: dict[str, Census]) -> None:
    result = measured[LOADOUT]
    assert result.public and not result.missed
    assert result.plain is not None and result.toward is not None
    assert (result.plain.number, result.plain.shrunk) == (1, 3)
    assert (result.toward.number, result.toward.shrunk) == (1, 3)


def test_an_equivalent_mutant_is_found_by_none(measured: dict[str, Census]) -> None:
    result = measured[EQUIVALENT]
    assert (result.public, result.plain, result.toward) == (False, None, None)
    assert result.missed and EQUIVALENT in misses_explained()


def test_the_finding_is_the_script_at_fuzz_keeps(
    measured: dict[str, Census], tmp_path: Path
) -> None:
    """`at fuzz --toward at/` with the mutant as a program run by `at` keeps the same script."""
    program = f"{sys.executable} -m tools.planted {LOADOUT}"
    command = [str(AT), "fuzz", "--exe", program, "--budget", "1"]
    command += ["--seed", str(FUZZ_SEED), "--toward", str(PUBLIC_SUITE), "--out", str(tmp_path)]
    fuzzed = subprocess.run(command, capture_output=True, text=True, env=environment(), cwd=ROOT)
    assert fuzzed.returncode == 1 and "script 1 differs" in fuzzed.stdout
    kept = (tmp_path / "at" / f"fuzz_{FUZZ_SEED}_1.txt").read_text().splitlines()
    toward = measured[LOADOUT].toward
    assert toward is not None and tuple(kept) == toward.script


def test_the_oracle_is_itself_again_after_a_mutants_runs(measured: dict[str, Census]) -> None:
    """The mutant changes at001's output; after its runs, the oracle prints it as expected."""
    function = target(mutant_named(LOADOUT))
    assert body_of(function).code.co_code != mutated_body(mutant_named(LOADOUT)).code.co_code
    at001 = make_case(ROOT / "at" / "at001.txt")
    assert at001.expected is not None
    assert space_defender_2(at001.script.read_text(), None) == at001.expected.read_text()


def test_a_mutant_of_a_default_value_swaps_the_default_in() -> None:
    function = target(mutant_named(DEFAULT))
    assert function.__defaults__ == (1,) and mutated_body(mutant_named(DEFAULT)).defaults == (2,)
    with pytest.raises(RuntimeError), swapped(function, mutated_body(mutant_named(DEFAULT))):
        assert function.__defaults__ == (2,)
        raise RuntimeError
    assert function.__defaults__ == (1,)


def test_a_program_that_runs_too_long_is_timed_out_and_the_next_run_is_not() -> None:
    case = make_case(ROOT / "at" / "at001.txt")

    def forever(text: str, seed: int | None) -> str:
        while True:
            time.sleep(0.001)

    started = time.monotonic()
    assert timed(forever, 0.2)(case).status is Status.TIMED_OUT
    assert time.monotonic() - started < 5
    output = timed(lambda text, seed: "fine", 0.2)(case)
    time.sleep(0.3)  # past the limit: no stray timer interrupts this thread
    assert (output.status, output.stdout) == (Status.OK, b"fine")


def test_after_a_timed_out_run_the_oracle_still_explains_a_script() -> None:
    """The interrupt of a run that overran leaves nothing pending: on Python 3.11 a flag left
    set made `-why`'s trace hook spin for ever at the next function's entry."""
    case = make_case(ROOT / "at" / "at001.txt")

    def forever(text: str, seed: int | None) -> str:
        while True:
            time.sleep(0.001)

    assert timed(forever, 0.2)(case).status is Status.TIMED_OUT
    explained: list[int] = []
    script = (ROOT / "at" / "at001.txt").read_text()
    worker = threading.Thread(
        target=lambda: explained.append(len(space_defender_2_lines(script, None))), daemon=True
    )
    worker.start()
    worker.join(20)
    assert explained and explained[0] > 0


def census(public: bool, plain: int | None, toward: int | None, module: str) -> Census:
    def found(number: int | None) -> Found | None:
        return None if number is None else Found(number, ("fire",) * number)

    return Census(Mutant(module, "f", 0, 1, "Add -> Sub"), public, found(plain), found(toward))


def test_the_summary_counts_each_kind_and_takes_medians_and_percentiles() -> None:
    results = [
        census(True, 1, 2, "model.turn"),
        census(True, None, 4, "model.turn"),
        census(False, None, None, "model.rng"),
    ]
    lines = summary(results)
    assert lines[1].split() == ["model.rng", "1", "0", "0", "0", "0", "0", "1"]
    assert lines[2].split() == ["model.turn", "2", "2", "1", "2", "1", "0", "0"]
    assert lines[3].split() == ["all", "3", "2", "1", "2", "1", "0", "1"]
    assert "plain: first differing script median 1, 90th percentile 1;" in lines[4]
    assert "toward: first differing script median 3, 90th percentile 4;" in lines[5]
    assert percentile([float(n) for n in range(1, 11)], 90) == "9"
    assert percentile([], 90) == "-"


def test_a_generators_miss_is_a_problem_until_it_is_explained() -> None:
    miss = census(False, None, None, "model.turn")
    assert verdict([miss], {}) == [
        f"unexplained miss (plain and toward and the public suite): {miss.mutant}"
    ]
    assert verdict([miss], {miss.mutant.name: "equivalent: why"}) == []
    toward_only = census(True, None, 1, "model.turn")
    assert verdict([toward_only], {}) == [f"unexplained miss (plain): {toward_only.mutant}"]
    both = census(True, 1, 1, "model.turn")
    assert verdict([both], {both.mutant.name: "not equivalent: why"}) == [
        f"explained, yet both generators find it: {both.mutant}"
    ]


def test_each_explained_miss_is_a_mutant_said_equivalent_or_not() -> None:
    names = {mutant.name for mutant in mutants()}
    explained = misses_explained(MISSES)
    assert explained and explained.keys() <= names
    assert all(why.startswith(("equivalent: ", "not equivalent: ")) for why in explained.values())


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["model.nowhere:f:0"], "no rule module 'model.nowhere'"),
        (["--scripts", "0"], "not a positive whole number: '0'"),
    ],
)
def test_a_bad_mutant_or_option_is_a_usage_error(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2 and said in capsys.readouterr().err
