"""A failure reads the same in every view (`at run`, report.html, Gradescope): its difference
aligned (a line left out is the only removed line, a number changed is one removed and one added
line with the number marked), its cause told once in the course's words (no module of the clone,
the oracle's differing line at most twice), plain text where it is not a terminal, coloured on a
terminal unless NO_COLOR says otherwise."""

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from tests.classroom import PROGRAM, ROOT, Kind
from tests.failure_views import CLONE_MODULE, TEST, Views, changed_lines, graded_class

EXPECTED = (ROOT / "expected" / f"{TEST}.expected.txt").read_text(encoding="utf-8").splitlines()
LEFT_OUT, CHANGED = 23, 27  # `  In debug mode.`; the Starfighter's `health:70/70` line
KINDS = {
    "dropper": Kind(1, f"sed '{LEFT_OUT}d' \"$E\"\n"),
    "changer": Kind(1, f"sed '{CHANGED}s/70\\/70/80\\/80/' \"$E\"\n"),
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the class is graded."""
    return tmp_path_factory.mktemp("everywhere")


@pytest.fixture(scope="module")
def views(folder: Path) -> dict[str, Views]:
    """Each kind's failure in each view."""
    return graded_class(folder, KINDS)


def test_a_line_left_out_is_the_only_removed_line_in_every_view(views: dict[str, Views]) -> None:
    for name, text in views["dropper"].each().items():
        assert changed_lines(text) == ([EXPECTED[LEFT_OUT - 1]], []), name
        assert "@@ -21,3 +21,2 @@ ->toggle_debug_mode" in text, name


def test_a_number_changed_is_one_line_each_side_its_number_marked_in_every_view(
    views: dict[str, Views],
) -> None:
    line = EXPECTED[CHANGED - 1]
    removed = line.replace("health:70/70", "health:⟦70⟧/⟦70⟧")
    added = line.replace("health:70/70", "health:⟦80⟧/⟦80⟧")
    for name, text in views["changer"].each().items():
        assert changed_lines(text) == ([removed], [added]), name
        assert "marks: ⟦…⟧ what differs in a changed line" in text, name


def test_no_view_names_a_module_of_the_clone_nor_repeats_the_cause(
    views: dict[str, Views],
) -> None:
    for kind, number in (("dropper", LEFT_OUT), ("changer", CHANGED)):
        for name, text in views[kind].each().items():
            assert CLONE_MODULE.search(text) is None, (kind, name)
            assert text.count(EXPECTED[number - 1]) <= 2, (kind, name)
            assert text.count("    the cause:") == 1, (kind, name)
            assert "why the oracle printed it" not in text, (kind, name)


def test_a_view_that_is_no_terminal_is_plain_text(views: dict[str, Views]) -> None:
    assert not any("\x1b" in text for view in views.values() for text in view.each().values())


def on_a_terminal(folder: Path, environment: dict[str, str]) -> str:
    """What `at run` prints on a pseudo-terminal, run as a program in `folder`."""
    program = folder / "class" / "changer00" / PROGRAM
    command = [str(Path(sys.executable).with_name("at")), "run", "--exe", str(program)]
    reader, writer = pty.openpty()
    with subprocess.Popen(
        [*command, str(folder / "suite" / f"{TEST}.txt")],
        stdout=writer,
        stderr=subprocess.DEVNULL,
        cwd=folder,
        env={**os.environ, **environment},
    ) as process:
        os.close(writer)
        printed = b""
        while chunk := read(reader):
            printed += chunk
        process.wait()
    os.close(reader)
    return printed.decode("utf-8")


def read(descriptor: int) -> bytes:
    """What a pseudo-terminal gives next; nothing once its writer has closed."""
    try:
        return os.read(descriptor, 1 << 16)
    except OSError:  # EIO: the program has ended
        return b""


def test_a_terminal_gets_the_changed_words_in_colour_unless_no_color(
    views: dict[str, Views], folder: Path
) -> None:
    environment = {"TERM": "xterm", "NO_COLOR": ""}
    coloured = on_a_terminal(folder, environment)
    assert "health:\x1b[7m80\x1b[27m/\x1b[7m80\x1b[27m" in coloured
    assert "⟦" not in coloured
    plain = on_a_terminal(folder, {**environment, "NO_COLOR": "1"})
    assert "\x1b" not in plain and "health:⟦80⟧/⟦80⟧" in plain
