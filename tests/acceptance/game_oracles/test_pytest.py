"""The pytest acceptance suite in a scratch project: readable failures, byte-exact --force-regen."""

import shutil
from pathlib import Path

import pytest

from acceptance.game_oracles.registry import GAMES
from tests.acceptance.game_oracles import echo_game

ROOT = Path(__file__).resolve().parents[3]
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
            f"at001: failed at line {BROKEN_LINE}, column *, in ->setup_next(5):"
            " white space only (a trailing space)",
            "    @@ -27,7 +27,7 @@ ->setup_next(5)",
            "    marks: ⟦…⟧ what differs in a changed line, · trailing space",
            "File not found*created:",
        ]
    )
    assert expected_bytes(project, "at002") == expected_bytes(ROOT, "at002")

    pytester.runpytest("tests", "--force-regen").assert_outcomes(failed=1, passed=1)
    assert [expected_bytes(project, name) for name in NAMES] == [
        expected_bytes(ROOT, name) for name in NAMES
    ]

    pytester.runpytest("tests").assert_outcomes(passed=2)


SCRATCH_GAMES = """\
import echo_game  # copied beside this conftest
from acceptance.game_oracles.registry import GAMES

GAMES["basic_echo"] = echo_game.game("basic_echo", reference=True, quirk="XYZZY")
GAMES["canine_echo"] = echo_game.game("canine_echo", quirk="XYZZY")
"""


@pytest.fixture
def sister_project(pytester: pytest.Pytester) -> Path:
    """A scratch project with two echo games registered by its conftest, one whose oracle is a
    reference (as a BASIC game's is PC-BASIC) and one whose oracle is its clone; each has a test
    whose expected file is the exact game's transcript, where the clone has a quirk."""
    for folder in ("tests", "at/basic_echo", "at/canine_echo", "expected"):
        (pytester.path / folder).mkdir(parents=True)
    shutil.copy(
        ROOT / "tests" / "test_acceptance.py",
        pytester.path / "tests" / "test_scratch_acceptance.py",
    )
    shutil.copy(
        ROOT / "tests" / "acceptance" / "game_oracles" / "echo_game.py", pytester.path / "tests"
    )
    (pytester.path / "tests" / "conftest.py").write_text(SCRATCH_GAMES)
    for game in ("basic_echo", "canine_echo"):
        (pytester.path / "at" / game / "words.txt").write_text("HELLO\nXYZZY\n")
        (pytester.path / "at" / game / "words.seed").write_text("9\n")
        (pytester.path / "expected" / game).mkdir()
        expected = pytester.path / "expected" / game / "words.expected.txt"
        expected.write_text(echo_game.transcript("HELLO\nXYZZY\n", 9))
    return pytester.path


def test_every_game_has_its_items_and_force_regen_never_writes_a_basic_game_file(
    pytester: pytest.Pytester, sister_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("basic_echo", "canine_echo"):  # the scratch conftest registers them in-process
        monkeypatch.setitem(GAMES, name, echo_game.game(name))
    basic = sister_project / "expected" / "basic_echo" / "words.expected.txt"
    canine = sister_project / "expected" / "canine_echo" / "words.expected.txt"
    before = basic.read_bytes()
    first = pytester.runpytest("tests", "-v")
    first.assert_outcomes(failed=2)
    first.stdout.fnmatch_lines(
        [
            "*test_acceptance?basic_echo/words? FAILED*",
            "*test_acceptance?canine_echo/words? FAILED*",
            "basic_echo/words: failed at line 5, column *, in input line 2 ('XYZZY'):"
            " white space only (spacing)",
        ]
    )
    pytester.runpytest("tests", "--force-regen").assert_outcomes(failed=2)
    assert basic.read_bytes() == before
    assert canine.read_text() == echo_game.transcript("HELLO\nXYZZY\n", 9, quirk="XYZZY")
    pytester.runpytest("tests").assert_outcomes(failed=1, passed=1)
