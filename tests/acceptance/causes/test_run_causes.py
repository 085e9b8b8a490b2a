"""The causes `at run` gives a failing test (its headline, `-v`, `--json`, `--junit`, the closing
summary), for a planted bug run as a student's program: projectiles of one side that meet do not
combine."""

import json
import shlex
import shutil
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from acceptance.cli.main import main

ROOT = Path(__file__).resolve().parents[3]
NO_COMBINE = """\
import sys
import model.collision as collision
from model.projectile import Projectile
from oracle.runner import run_script

meets = collision._projectile_meets


def no_combine(game, projectile, occupant):
    if isinstance(occupant, Projectile) and occupant.friendly == projectile.friendly:
        return
    meets(game, projectile, occupant)


collision._projectile_meets = no_combine
with open(sys.argv[2], encoding="utf-8", newline="\\n") as script:
    sys.stdout.write(run_script(script.read()))
"""
FAILING = ("at207", "at208", "at214")
RULE = "collision.projectile.combine"
SPEC = "spec 6.13 A Turn of the Game"


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    """Copies of three tests the bug fails and one it passes, with their expected files."""
    folder = tmp_path / "suite"
    folder.mkdir()
    for name in ("at001", *FAILING):
        shutil.copy(ROOT / "at" / f"{name}.txt", folder)
        shutil.copy(ROOT / "expected" / f"{name}.expected.txt", folder)
    return folder


@pytest.fixture
def exe(tmp_path: Path) -> str:
    """The planted bug as an --exe program."""
    path = tmp_path / "no_combine.py"
    path.write_text(NO_COMBINE, encoding="utf-8")
    return shlex.join([sys.executable, str(path)])


def at(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """Run `at` in-process: its exit status and what it printed."""
    code = main(list(args))
    return code, capsys.readouterr().out


def test_each_failing_test_names_its_causes_rule_after_the_place(
    capsys: pytest.CaptureFixture[str], suite: Path, exe: str
) -> None:
    code, out = at(capsys, "run", "--exe", exe, str(suite))
    lines = out.splitlines()
    assert code == 1 and lines[-1] == "1 passed, 3 failed"
    assert [line.split(":")[0] for line in lines[:3]] == list(FAILING)
    assert all(line.endswith(f": {RULE} (missing in yours)") for line in lines[:3])


def test_a_run_of_many_tests_ends_with_the_causes_most_tests_first(
    capsys: pytest.CaptureFixture[str], suite: Path, exe: str
) -> None:
    _, out = at(capsys, "run", "--exe", exe, str(suite))
    assert out.splitlines()[-3:-1] == [
        "causes, most tests first:",
        f"    {RULE} ({SPEC}): 3 tests: at207, at208, at214",
    ]


def test_json_gives_each_failing_test_its_cause(
    capsys: pytest.CaptureFixture[str], suite: Path, exe: str
) -> None:
    _, out = at(capsys, "run", "--json", "--exe", exe, str(suite))
    run = json.loads(out)
    causes = {test["name"]: test["cause"] for test in run["tests"]}
    assert causes["at001"] is None
    at207 = causes["at207"]
    assert at207["line"] == 154 and at207["kind"] == "missing"
    assert (at207["rule"], at207["spec"]) == (RULE, SPEC)
    assert "combining damage" in at207["text"] and at207["why"]
    assert at207["source"][0] == "model.collision:_projectile_meets"
    assert all(causes[name]["rule"] == RULE for name in FAILING)
    assert run["causes"] == [{"rule": RULE, "spec": SPEC, "tests": list(FAILING)}]


def test_junit_carries_the_cause_in_the_failure(
    capsys: pytest.CaptureFixture[str], suite: Path, exe: str, tmp_path: Path
) -> None:
    report = tmp_path / "junit.xml"
    at(capsys, "run", "--junit", str(report), "--exe", exe, str(suite))
    failures = ElementTree.parse(report).getroot().findall("testcase/failure")
    assert len(failures) == 3
    assert all(RULE in failure.get("message", "") for failure in failures)
    assert all("the cause:" in (failure.text or "") for failure in failures)


def test_diff_shows_the_cause_beside_the_diff_in_the_courses_words(
    capsys: pytest.CaptureFixture[str], suite: Path, exe: str
) -> None:
    _, out = at(capsys, "run", "-v", "--exe", exe, str(suite / "at207.txt"))
    lines = out.splitlines()
    cause = lines.index("    the cause:")
    assert lines[cause + 1] == f"        {RULE}: missing in yours"
    assert lines[cause + 2].startswith(f"        {SPEC}: Two projectiles of the same side meet")
    assert lines[cause + 3].startswith("        the oracle's line 154:")
    assert lines[cause + 4] == "        yours: none"
    assert not any("source:" in line or "model." in line for line in lines)
    assert "    why the oracle printed it:" not in lines


def test_explain_shows_the_sources_and_why_the_oracle_printed_the_differing_line(
    capsys: pytest.CaptureFixture[str], suite: Path, exe: str
) -> None:
    _, out = at(capsys, "run", "--explain", "--exe", exe, str(suite / "at207.txt"))
    lines = out.splitlines()
    cause = lines.index("    the cause:")
    assert lines[cause + 5].startswith("        source: model.collision:_projectile_meets")
    why = lines.index("    why the oracle printed it:")  # line 140 differs; the cause is 154
    assert why > cause and lines[why + 1].startswith("        oracle line 140:")
