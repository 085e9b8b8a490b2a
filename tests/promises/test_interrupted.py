"""Ctrl-C keeps what was done: `at run` prints its counts so far, and `at fuzz` stopped while
shrinking keeps the smallest differing script found so far as a test."""

import shlex
import sys
from pathlib import Path

import pytest

import acceptance.fuzzing.fuzz as fuzz
from acceptance.cli.main import main
from acceptance.fuzzing.shrinker import Shrinker, Simpler, Units
from acceptance.processes.execution import clone_output
from acceptance.running.cases import Case
from acceptance.running.outcome import Output
from tests.planted_bugs import altered_oracle

ROOT = Path(__file__).resolve().parents[2]
# Our oracle with one word misspelt: its output differs from the first line of any script.
MISSPELT = altered_oracle('output = output.replace("state", "State")\n')


def test_ctrl_c_during_at_run_prints_the_counts_so_far(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    done: list[Case] = []

    def stopped_at_the_third(case: Case) -> Output:
        if len(done) == 2:
            raise KeyboardInterrupt
        done.append(case)
        return clone_output(case)

    monkeypatch.setattr("acceptance.cli.main.clone_output", stopped_at_the_third)
    scripts = [str(ROOT / "at" / f"at00{number}.txt") for number in range(1, 6)]
    assert main(["run", *scripts]) == 130
    out, err = capsys.readouterr()
    assert out == "stopped after 2 of 5 tests: 2 passed, 0 failed\n"
    assert err == "at: interrupted\n"
    done.clear()
    assert main(["run", "--json", *scripts]) == 130  # the counts leave the JSON output alone
    assert capsys.readouterr() == (
        "",
        "stopped after 2 of 5 tests: 2 passed, 0 failed\nat: interrupted\n",
    )


def test_ctrl_c_while_at_fuzz_shrinks_keeps_the_smallest_script_found_so_far(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    kept: list[Units] = []

    def one_step(units: Units, shrinker: Shrinker, simpler: Simpler | None = None) -> Units:
        found = shrinker.first([units[: len(units) // 2]])
        kept.append(found or units)
        raise KeyboardInterrupt

    monkeypatch.setattr(fuzz, "shrink", one_step)
    (tmp_path / "misspelt.py").write_text(MISSPELT)
    program = shlex.join([sys.executable, str(tmp_path / "misspelt.py")])
    monkeypatch.chdir(tmp_path)
    assert main(["fuzz", "--exe", program, "--seed", "7", "--budget", "1", "-j", "1"]) == 130
    lines = capsys.readouterr().out.splitlines()
    scripts = [
        path for path in (tmp_path / "at").glob("fuzz_7_1*.txt") if ".expected" not in path.name
    ]
    assert len(scripts) == 1
    assert tuple(scripts[0].read_text().splitlines()) == kept[0]
    assert lines[-2].startswith("stopped (Ctrl-C) shrinking a script of ")
    tried = int(lines[-2].split()[6])  # the random script's lines: the kept one is smaller
    assert 0 < len(kept[0]) < tried
    assert lines[-1].startswith("saved at/fuzz_7_1.txt")
