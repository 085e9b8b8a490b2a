"""`at run --log DIR` keeps every test's outputs for a diff tool, in ETF_Test.py's layout, and
`at run --tolerant` passes outputs that differ only in white space, giving the exact verdict too."""

import shlex
import shutil
import sys
from pathlib import Path

import pytest

from acceptance.cli.main import main

ROOT = Path(__file__).resolve().parents[3]
PROGRAM = """\
import sys
from oracle.runner import run_script
with open(sys.argv[2], encoding="utf-8", newline="\\n") as script:
    sys.stdout.write(run_script(script.read()){change})
"""
CHANGES = {
    "right": "",
    "wrong": '.replace("Welcome", "welcome")',
    "spaced": '.replace(", ", ",  ").replace("\\n", "\\n\\n")',
}


def program(tmp_path: Path, name: str) -> str:
    """The --exe command of a fake program: the oracle, changed."""
    path = tmp_path / f"{name}.py"
    path.write_text(PROGRAM.format(change=CHANGES[name]), encoding="utf-8")
    return shlex.join([sys.executable, str(path)])


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    """The folder tests/acceptance/instructor with at001 and at002 and their expected files."""
    folder = tmp_path / "tests" / "acceptance" / "instructor"
    folder.mkdir(parents=True)
    for name in ("at001", "at002"):
        shutil.copy(ROOT / "at" / f"{name}.txt", folder)
        shutil.copy(ROOT / "expected" / f"{name}.expected.txt", folder)
    return folder


def test_the_log_keeps_each_test_s_actual_and_expected_output(
    tmp_path: Path, suite: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "log"
    code = main(["run", str(suite), "--exe", program(tmp_path, "wrong"), "--log", str(log)])
    assert code == 1
    for name in ("at001", "at002"):
        expected = (suite / f"{name}.expected.txt").read_bytes()
        assert (log / "instructor" / f"{name}.expected.txt").read_bytes() == expected
        actual = expected.decode().replace("Welcome", "welcome").encode()
        assert (log / "instructor" / f"{name}.actual.txt").read_bytes() == actual
    assert capsys.readouterr().out.splitlines()[-1] == "0 passed, 2 failed"


def test_the_log_never_writes_over_a_test_s_own_expected_file(
    tmp_path: Path, suite: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = (suite / "at001.expected.txt").read_bytes()
    code = main(
        ["run", str(suite), "--exe", program(tmp_path, "wrong"), "--log", str(suite.parent)]
    )
    assert code == 2
    assert capsys.readouterr().err.startswith("at: the log would write over the test's own ")
    assert (suite / "at001.expected.txt").read_bytes() == before


@pytest.mark.parametrize(
    ("name", "tolerant", "closing"),
    [
        ("spaced", True, "2 passed, 0 failed with white space tolerated; graded byte for byte: "),
        ("spaced", False, "0 passed, 2 failed"),
        ("wrong", True, "0 passed, 2 failed with white space tolerated; graded byte for byte: "),
        ("right", True, "2 passed, 0 failed with white space tolerated; graded byte for byte: "),
    ],
)
def test_tolerance_forgives_white_space_only_and_gives_the_exact_verdict(
    tmp_path: Path,
    suite: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    tolerant: bool,
    closing: str,
) -> None:
    args = [
        "run",
        str(suite),
        "--exe",
        program(tmp_path, name),
        *(["--tolerant"] if tolerant else []),
    ]
    code = main(args)
    exact = "2 passed, 0 failed" if name == "right" else "0 passed, 2 failed"
    assert capsys.readouterr().out.splitlines()[-1] == closing + (exact if tolerant else "")
    assert code == (0 if closing.startswith("2 passed") else 1)
