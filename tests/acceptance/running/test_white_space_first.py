"""A difference in white space only is named as such first in `at run`'s report (headline,
cause and the summary of causes), the rule of its line given as context, not as the fault."""

import shlex
import sys
from pathlib import Path

import pytest

from acceptance.cli.main import main

ROOT = Path(__file__).resolve().parents[3]
# Our oracle with a trailing space on its first state line.
SPACEY = """\
import sys
from oracle.runner import run_script
with open(sys.argv[2], encoding="utf-8", newline="\\n") as script:
    out = run_script(script.read())
sys.stdout.write(out.replace("normal, ok\\n", "normal, ok \\n", 1))
"""


@pytest.fixture
def spacey(tmp_path: Path) -> str:
    """The --exe command of the oracle with a trailing space."""
    (tmp_path / "spacey.py").write_text(SPACEY)
    return shlex.join([sys.executable, str(tmp_path / "spacey.py")])


def test_a_trailing_space_is_named_first_with_its_lines_rule_as_context(
    capsys: pytest.CaptureFixture[str], spacey: str
) -> None:
    scripts = [str(ROOT / "at" / name) for name in ("at001.txt", "at002.txt")]
    assert main(["run", "--exe", spacey, *scripts]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "at001: failed at line 1, column 32, in (initial state): white space only"
        " (a trailing space), in a line of view.state"
    )
    assert lines[-3:] == [
        "causes, most tests first:",
        "    white space only (a trailing space): 2 tests: at001, at002",
        "0 passed, 2 failed",
    ]


def test_the_cause_of_a_trailing_space_says_the_words_are_right(
    capsys: pytest.CaptureFixture[str], spacey: str
) -> None:
    assert main(["run", "-v", "--exe", spacey, str(ROOT / "at" / "at001.txt")]) == 1
    out = capsys.readouterr().out
    assert (
        "    the cause: white space only (a trailing space), the words are the oracle's\n"
        "        in a line of view.state (messages.txt: COMMON STATE MESSAGE)\n"
    ) in out
    assert "told differently" not in out
