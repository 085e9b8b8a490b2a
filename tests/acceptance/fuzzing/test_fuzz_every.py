"""`at fuzz --every`: a program that misses two rules shows both in one search, one shrunk test
kept per cause, the scripts of a cause already kept counted as its hits, in text and JSON."""

import json
import shlex
import sys
from pathlib import Path

import pytest

from acceptance.cli.main import main
from tests.planted_bugs import altered_oracle

# Two bugs of two causes: a script with a move changes the welcome (notice.welcome); one with no
# move that toggles debug mode shows the mode in capitals (state.mode).
TWO_CAUSES = altered_oracle(
    'if "move(" in text:\n'
    '    output = output.replace("Welcome", "welcome")\n'
    'elif "toggle_debug_mode" in text:\n'
    '    output = output.replace(", debug,", ", DEBUG,")\n'
)
FUZZ = ["fuzz", "--every", "--seed", "3", "--budget", "8"]


@pytest.fixture
def exe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The program, in an empty scratch project that is the cwd."""
    (tmp_path / "at").mkdir()
    (tmp_path / "expected").mkdir()
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "two_causes.py"
    path.write_text(TWO_CAUSES, encoding="utf-8")
    return shlex.join([sys.executable, str(path)])


@pytest.mark.slow
def test_every_keeps_one_shrunk_test_per_cause_and_counts_the_hits(
    capsys: pytest.CaptureFixture[str], exe: str
) -> None:
    assert main([*FUZZ, "--exe", exe]) == 1
    lines = capsys.readouterr().out.splitlines()
    causes = lines.index("causes found, most hits first:")
    rules = [line.split(":")[0].strip() for line in lines[causes + 1 : -1]]
    hits = [int(line.split(": ")[1].split()[0]) for line in lines[causes + 1 : -1]]
    assert sorted(rules) == ["notice.welcome", "state.mode"] and hits == sorted(hits, reverse=True)
    assert lines[-1] == "2 causes in 8 scripts (seed 3)" and sum(hits) <= 8
    assert len(list(Path("at").glob("fuzz_3_*.txt"))) == 2


@pytest.mark.slow
def test_every_json_gives_each_cause_its_script_expected_output_and_hits(
    capsys: pytest.CaptureFixture[str], exe: str
) -> None:
    assert main([*FUZZ, "--json", "--exe", exe]) == 1
    found = json.loads(capsys.readouterr().out)["findings"]
    assert sorted(finding["cause"]["rule"] for finding in found) == ["notice.welcome", "state.mode"]
    for finding in found:
        assert Path(finding["script"]).is_file() and Path(finding["expected"]).is_file()
        assert finding["hits"] >= 1 and len(finding["commands"]) == 1


def test_json_without_every_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], exe: str
) -> None:
    assert main(["fuzz", "--json", "--exe", exe]) == 2
    assert capsys.readouterr().err == "at: --json gives the findings of --every: give --every\n"


def test_every_is_said_in_the_first_line(capsys: pytest.CaptureFixture[str], exe: str) -> None:
    assert main(["fuzz", "--every", "--seed", "3", "--budget", "1", "--exe", exe]) in (0, 1)
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(f"fuzzing {exe} against ")
    assert first.endswith(", seed 3, 1 script, every cause")
