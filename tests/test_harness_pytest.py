"""The pytest acceptance suite in a scratch project: readable failures, byte-exact --force-regen."""

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("at001", "at002")
BROKEN_LINE = 30


@pytest.fixture
def project(pytester: pytest.Pytester) -> Path:
    """A scratch project: the suite's test file, two scripts, at001's expected file made wrong."""
    for folder in ("tests", "at", "expected"):
        (pytester.path / folder).mkdir()
    shutil.copy(
        ROOT / "tests" / "test_acceptance.py",
        pytester.path / "tests" / "test_scratch_acceptance.py",
    )
    for name in NAMES:
        shutil.copy(ROOT / "at" / f"{name}.txt", pytester.path / "at")
    lines = (ROOT / "expected" / "at001.expected.txt").read_bytes().split(b"\n")
    lines[BROKEN_LINE - 1] += b" "
    (pytester.path / "expected" / "at001.expected.txt").write_bytes(b"\n".join(lines))
    return pytester.path


def expected_bytes(folder: Path, name: str) -> bytes:
    """The bytes of one expected file."""
    return (folder / "expected" / f"{name}.expected.txt").read_bytes()


def test_failures_read_like_at_and_force_regen_restores_the_exact_bytes(
    pytester: pytest.Pytester, project: Path
) -> None:
    first = pytester.runpytest("tests")
    first.assert_outcomes(failed=2)
    first.stdout.fnmatch_lines(
        [
            f"at001: failed at line {BROKEN_LINE}, column *, in ->setup_next(5)",
            "    marks: · trailing space",
            "File not found*created:",
        ]
    )
    assert expected_bytes(project, "at002") == expected_bytes(ROOT, "at002")

    pytester.runpytest("tests", "--force-regen").assert_outcomes(failed=1, passed=1)
    assert [expected_bytes(project, name) for name in NAMES] == [
        expected_bytes(ROOT, name) for name in NAMES
    ]

    pytester.runpytest("tests").assert_outcomes(passed=2)
