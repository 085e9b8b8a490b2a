"""Gradescope: `at grade --gradescope FILE` writes the results.json of Gradescope's autograder
specification (checked here field by field, type by type, for an exact, a failing and a
crashing submission; a wrong output's test tells its cause), and `at gradescope` writes the
autograder bundle, whose run_autograder is run in a folder laid out as Gradescope lays out
/autograder, and whose setup.sh is run by its #! line with stand-ins for what it installs
with."""

import json
import os
import shutil
import stat
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

from acceptance.cli.main import main
from acceptance.gradescope.bundle import copy_project
from tests.classroom import (
    CRASH,
    EXACT,
    ROOT,
    SPACE_CLASS,
    TEMPLATE,
    TRAILING_SPACE,
    Kind,
    copy_suite,
    lay_out_autograder,
    make_class,
)

TESTS = ["at001", "at002", "at003"]
POINTS = "at001 5\nat003 0.5\n"  # at002 counts 1: 6.5 points in all
VISIBILITIES = {"hidden", "after_due_date", "after_published", "visible"}
# The fields of results.json in Gradescope's autograder specification, with their types.
TOP = {
    "score": (int, float),
    "execution_time": (int, float),
    "output": str,
    "output_format": str,
    "visibility": str,
    "stdout_visibility": str,
    "extra_data": dict,
    "tests": list,
    "leaderboard": list,
}
TEST = {
    "score": (int, float),
    "max_score": (int, float),
    "status": str,
    "name": str,
    "name_format": str,
    "number": str,
    "output": str,
    "output_format": str,
    "tags": list,
    "visibility": str,
    "extra_data": dict,
}
CLASS = {
    "exact": Kind(1, EXACT),
    "failing": Kind(1, TRAILING_SPACE % 3),
    "crashing": Kind(1, CRASH),
}
SPAWNED = Kind(1, SPACE_CLASS["spawned"].body)  # a wrong rule: a Grunt "spawned"


def valid(results: dict[str, Any]) -> dict[str, Any]:
    """results.json checked against the specification's fields and types; it back."""
    assert set(results) <= set(TOP) and "score" in results
    assert all(isinstance(results[key], TOP[key]) for key in results)
    assert results.get("visibility", "visible") in VISIBILITIES
    assert results.get("stdout_visibility", "visible") in VISIBILITIES
    for test in results["tests"]:
        assert set(test) <= set(TEST) and {"score", "max_score", "name"} <= set(test)
        assert all(isinstance(test[key], TEST[key]) for key in test)
        assert test["status"] in {"passed", "failed"} and test["visibility"] in VISIBILITIES
        assert 0 <= test["score"] <= test["max_score"]
        assert all(isinstance(tag, str) for tag in test["tags"])
    assert results["score"] == sum(test["score"] for test in results["tests"])
    return results


@pytest.fixture
def classroom(tmp_path: Path) -> tuple[Path, list[Path]]:
    """The suite of three tests with its points file, and the three submissions."""
    copy_suite(tmp_path / "suite", [ROOT / "at" / f"{name}.txt" for name in TESTS])
    (tmp_path / "points.txt").write_text(POINTS)
    return tmp_path, make_class(tmp_path / "class", CLASS)


def gradescope(folder: Path, pupil: Path, *options: str) -> dict[str, Any]:
    """`at grade --gradescope` of one submission; its results.json."""
    results = folder / pupil.name / "results.json"
    command = [
        "grade",
        "--no-sandbox",
        "--exe",
        TEMPLATE,
        "--tests",
        str(folder / "suite"),
        "--gradescope",
    ]
    command += [str(results), "--out", str(folder / pupil.name), "--timeout", "5"]
    assert main([*command, *options, "--points", str(folder / "points.txt"), str(pupil)]) == 0
    return valid(json.loads(results.read_text()))


def test_an_exact_submission_gets_every_point(classroom: tuple[Path, list[Path]]) -> None:
    folder, (exact, _, _) = classroom
    results = gradescope(folder, exact)
    assert results["score"] == 6.5 and results["visibility"] == "visible"
    assert [(test["name"], test["score"], test["max_score"]) for test in results["tests"]] == [
        ("at001", 5, 5),
        ("at002", 1, 1),
        ("at003", 0.5, 0.5),
    ]
    assert {test["status"] for test in results["tests"]} == {"passed"}
    assert [test["number"] for test in results["tests"]] == ["1", "2", "3"]
    assert results["output"] == (
        "3 of 3 tests passed (0 wrong output, 0 errors): 6.5 of 6.5 points\n"
        "isolation: none (--no-sandbox: the runs were not isolated)"
    )


def test_a_failing_submission_gets_its_diff_in_each_failed_test(
    classroom: tuple[Path, list[Path]],
) -> None:
    folder, (_, failing, _) = classroom
    results = gradescope(folder, failing, "--visibility", "after_due_date")
    assert results["score"] == 0 and results["visibility"] == "after_due_date"
    first = results["tests"][0]
    assert first["status"] == "failed" and first["visibility"] == "after_due_date"
    assert first["output"].startswith("at001: failed at line 3, column 24, in ->play(")
    assert "\n    +->play(10,30,1,1,1,1,1)⟦·⟧\n" in first["output"]
    assert "marks: ⟦…⟧ what differs in a changed line, · trailing space" in first["output"]


def test_a_crashing_submission_gets_its_reason_and_error_output(
    classroom: tuple[Path, list[Path]],
) -> None:
    folder, (_, _, crashing) = classroom
    results = gradescope(folder, crashing)
    assert results["score"] == 0 and results["extra_data"]["errors"] == 3
    output = results["tests"][1]["output"]
    assert output.startswith("at002: crashed (exit status 1) at line 6")
    assert output.endswith(
        "error output:\n    Traceback (most recent call last):\n"
        "    ZeroDivisionError: division by zero"
    )
    assert results["tests"][1]["tags"] == ["crashed"]


def test_gradescope_needs_one_submission(
    classroom: tuple[Path, list[Path]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, pupils = classroom
    command = ["grade", "--no-sandbox", "--exe", TEMPLATE, "--gradescope", str(folder / "r.json")]
    command += ["--tests", str(folder / "suite")]
    assert main([*command, "--out", str(folder / "out"), *map(str, pupils)]) == 2
    assert capsys.readouterr().err == "at: --gradescope writes one submission's results, not 3's\n"


def test_the_bundle_grades_a_submission_laid_out_as_gradescope_does(
    classroom: tuple[Path, list[Path]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, (_, failing, _) = classroom
    bundle = folder / "bundle"
    command = ["gradescope", "--no-sandbox", "--exe", TEMPLATE, "--tests", str(folder / "suite")]
    command += ["--points", str(folder / "points.txt"), "--timeout", "5", "--out", str(bundle)]
    assert main(command) == 0
    assert capsys.readouterr().out == (
        f"wrote the autograder of 3 tests in {bundle}: upload {bundle}/autograder.zip\n"
    )
    subprocess.run(["bash", "-n", str(bundle / "setup.sh")], check=True)
    with zipfile.ZipFile(bundle / "autograder.zip") as archive:
        assert {"setup.sh", "run_autograder", "points.txt"} <= set(archive.namelist())
    autograder = lay_out_autograder(bundle / "autograder.zip", folder / "autograder")
    shutil.copytree(failing, autograder / "submission")
    environment = {**os.environ, "AUTOGRADER": str(autograder)}
    subprocess.run(
        [str(autograder / "run_autograder")], env=environment, check=True, capture_output=True
    )
    results = valid(json.loads((autograder / "results" / "results.json").read_text()))
    assert [test["name"] for test in results["tests"]] == TESTS
    assert [test["max_score"] for test in results["tests"]] == [5, 1, 0.5]
    assert results["score"] == 0 and results["tests"][2]["output"].startswith("at003: failed")


def test_the_bundles_copy_of_the_project_leaves_out_compiled_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "source"
    (source / "game" / "__pycache__").mkdir(parents=True)
    (source / "pyproject.toml").write_text(
        '[tool.setuptools.packages.find]\ninclude = ["game", "game.*"]\n'
    )
    (source / "README.md").write_text("a game\n")
    (source / "game" / "__init__.py").write_text("")
    (source / "game" / "stale.pyc").write_bytes(b"")
    (source / "game" / "__pycache__" / "__init__.cpython-311.pyc").write_bytes(b"")
    monkeypatch.setattr("acceptance.gradescope.bundle.source_root", lambda: source)
    copy_project(tmp_path / "copy")
    copied = {
        path.relative_to(tmp_path / "copy").as_posix() for path in (tmp_path / "copy").rglob("*")
    }
    assert copied == {"pyproject.toml", "README.md", "game", "game/__init__.py"}


def test_a_bundle_sandboxes_its_runs_unless_told_not_to(
    classroom: tuple[Path, list[Path]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, _ = classroom
    command = ["gradescope", "--exe", TEMPLATE, "--tests", str(folder / "suite")]
    assert main([*command, "--out", str(folder / "sandboxed")]) == 0
    assert main([*command, "--no-sandbox", "--out", str(folder / "open")]) == 0
    assert "bubblewrap" in (folder / "sandboxed" / "setup.sh").read_text()
    assert "--no-sandbox" not in (folder / "sandboxed" / "run_autograder").read_text()
    assert " --no-sandbox " in (folder / "open" / "run_autograder").read_text()


def stand_ins(folder: Path) -> Path:
    """A folder of stand-ins for what setup.sh runs, each writing its call to $LOG and failing
    (status 100) where $FAIL names it and its first word: apt-get, whose `install python3.11`
    makes a python3.11 stand-in, and python3, whose `-m venv FOLDER` makes FOLDER/bin/pip one
    too and whose --version (not logged) is $PYTHON3 (default 3.12.3), or its name's for
    python3.11; the folder to put first on the PATH."""
    record = '#!/bin/sh\necho "$0 $*" >> "$LOG"\n[ "$(basename "$0") $1" != "$FAIL" ] || exit 100\n'
    version = (
        '#!/bin/sh\nif [ "$1" = --version ]; then\n  v=$(basename "$0"); v=${v#python}\n'
        '  [ "$v" != 3 ] || v=${PYTHON3:-3.12.3}\n  echo "Python $v"\n  exit 0\nfi\n'
    )
    venv = 'mkdir -p "$3/bin" && cp "$(dirname "$0")/../pip" "$3/bin/pip"\n'
    eleven = (
        'case " $* " in *" python3.11 "*)'
        ' cp "$(dirname "$0")/python3" "$(dirname "$0")/python3.11";; esac\n'
    )
    (folder / "bin").mkdir(parents=True)
    python = version + record.removeprefix("#!/bin/sh\n") + venv
    for path, text in {
        "pip": record,
        "bin/apt-get": record + eleven,
        "bin/python3": python,
    }.items():
        (folder / path).write_text(text)
        (folder / path).chmod(0o755)
    return folder / "bin"


def bare_path(folder: Path, commands: Path) -> str:
    """A PATH of the stand-ins and the few tools setup.sh and they use, and nothing else: no
    Python of the machine's is found in place of a stand-in."""
    folder.mkdir()
    for tool in ("bash", "basename", "dirname", "cp", "mkdir"):
        found = shutil.which(tool)
        assert found is not None
        (folder / tool).symlink_to(found)
    return f"{commands}:{folder}"


def unpacked_bundle(folder: Path) -> Path:
    """The bundle of the classroom's suite written and unpacked as Gradescope does: its source."""
    bundle, source = folder / "bundle", folder / "autograder" / "source"
    command = ["gradescope", "--exe", TEMPLATE, "--tests", str(folder / "suite")]
    assert main([*command, "--out", str(bundle)]) == 0
    with zipfile.ZipFile(bundle / "autograder.zip") as archive:
        archive.extractall(source)
        mode = stat.S_IMODE(archive.getinfo("setup.sh").external_attr >> 16)
    assert mode == 0o755
    (source / "setup.sh").chmod(mode)
    return source


@pytest.mark.parametrize("installable", [True, False])
def test_setup_installs_python_3_11_where_python3_is_3_10_and_says_when_it_cannot(
    classroom: tuple[Path, list[Path]], installable: bool
) -> None:
    """Gradescope's Ubuntu 22.04 image: python3 is 3.10, too old; python3.11 is installed from
    apt and the project's environment made with it; where apt cannot, setup.sh says so."""
    folder, _ = classroom
    source = unpacked_bundle(folder)
    commands, log = stand_ins(folder / "stand-ins"), folder / "calls.txt"
    environment = {"PATH": bare_path(folder / "tools", commands), "LOG": str(log)}
    environment |= {"AUTOGRADER": str(source.parent), "PYTHON3": "3.10.12"}
    if not installable:
        made = 'cp "$(dirname "$0")/python3" "$(dirname "$0")/python3.11"'
        apt = commands / "apt-get"
        apt.write_text(apt.read_text().replace(made, "exit 100"))  # no python3.11 in its archive
    done = subprocess.run(
        [str(source / "setup.sh")], env=environment, capture_output=True, text=True
    )
    calls = log.read_text().splitlines()
    assert f"{commands}/apt-get install -y -q python3.11 python3.11-venv" in calls
    assert "python3 is Python 3.10.12; installing python3.11" in done.stderr
    if installable:
        assert done.returncode == 0
        assert calls[-2:] == [
            f"{commands}/python3.11 -m venv {source}/venv",
            f"{source}/venv/bin/pip install --quiet {source}/project",
        ]
    else:
        assert done.returncode == 1
        assert done.stderr.splitlines()[-1] == (
            "setup.sh: no Python 3.11 or newer here, and apt-get could not install python3.11:"
            " use Gradescope's Ubuntu 22.04 or 24.04 base image"
        )
        assert not any("-m venv" in call for call in calls)


def test_the_bundles_setup_installs_python_bubblewrap_and_the_project_where_the_run_finds_it(
    classroom: tuple[Path, list[Path]], capsys: pytest.CaptureFixture[str]
) -> None:
    """Gradescope runs setup.sh once, by its #! line: apt-get and python3 are stand-ins here."""
    folder, _ = classroom
    source = unpacked_bundle(folder)
    commands, log = stand_ins(folder / "stand-ins"), folder / "calls.txt"
    environment = {**os.environ, "PATH": f"{commands}:{os.environ['PATH']}", "LOG": str(log)}
    environment["AUTOGRADER"] = str(source.parent)
    subprocess.run([str(source / "setup.sh")], env=environment, check=True, capture_output=True)
    update, install = "update -q", "install -y -q python3 python3-venv bubblewrap"
    apt = [f"{commands}/apt-get {update}", f"{commands}/apt-get {install}"]
    assert log.read_text().splitlines() == [
        *apt,
        f"{commands}/python3 -m venv {source}/venv",
        f"{source}/venv/bin/pip install --quiet {source}/project",
    ]
    assert (source / "project" / "pyproject.toml").is_file()
    assert '\n"$SOURCE/venv/bin/at" grade ' in (source / "run_autograder").read_text()
    log.unlink()
    failing = {**environment, "FAIL": "apt-get install"}
    stopped = subprocess.run([str(source / "setup.sh")], env=failing, capture_output=True)
    assert stopped.returncode == 100
    assert log.read_text().splitlines() == apt  # a failed step stops the set-up


def test_a_wrong_rule_gets_its_cause_in_the_failed_tests_output(tmp_path: Path) -> None:
    copy_suite(tmp_path / "suite", [ROOT / "at" / "at008.txt"])
    (tmp_path / "points.txt").write_text("")
    (pupil,) = make_class(tmp_path / "class", {"spawned": SPAWNED})
    (test,) = gradescope(tmp_path, pupil)["tests"]
    assert test["status"] == "failed"
    assert test["output"].startswith("at008: failed at line ")
    # `spawned` for `spawns`, the game the same: the text of the spawn's line differs.
    assert ": spawn.natural (the text differs)\n" in test["output"]
    assert "    the cause:\n        spawn.natural: the text differs\n" in test["output"]
    assert "        spec 6.13.7 Phase 7: Enemy Spawn: Phase 7 draws row " in test["output"]
    assert "        the oracle's line " in test["output"]
    assert "        yours: A Grunt(id:1) spawned at location " in test["output"]


def test_results_json_is_utf_8_indented_one_field_a_line_ending_with_a_line_feed(
    classroom: tuple[Path, list[Path]],
) -> None:
    """What an instructor opens to see what Gradescope was given: one field a line, the diff's
    marks of spaces as they are, not escaped."""
    folder, (_, failing, _) = classroom
    gradescope(folder, failing)
    text = (folder / failing.name / "results.json").read_text(encoding="utf-8")
    assert not text.isascii()
    assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"
