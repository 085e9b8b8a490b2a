"""`-w start end` and `-l`: parsing the window, its bounds, and the output it keeps."""

import pytest

from model.session import Session
from model.view import render
from oracle.calls import SYNTAX_HEADING
from oracle.runner import run, run_script, text_source
from oracle.window import Window, WindowError

SCRIPT = "play(10,30,1,1,1,1,1)\nsetup_next(5)\ntoggle_debug_mode\npass\nabort\n"


def entries(script: str) -> list[str]:
    """The batch output split into the initial state and one `->` entry per command."""
    initial, *rest = run_script(script).split("\n->")
    return [initial + "\n"] + ["->" + entry + "\n" for entry in rest[:-1]] + ["->" + rest[-1]]


def windowed(window: Window, script: str = SCRIPT) -> str:
    return "".join(run(text_source(script), window))


def state_after(count: int) -> str:
    """The state block after the first `count` commands of SCRIPT."""
    if count == 0:
        return render(Session()) + "\n"
    return entries(SCRIPT)[count].split("\n", 1)[1]


@pytest.mark.parametrize(
    ("start", "end", "window"),
    [("1", "3", Window(1, 3)), ("-2", "_", Window(-2)), ("-3", "-1", Window(-3, -1)),
     ("0", "0", Window(0, 0)), ("2", "2", Window(2, 2)), ("+2", "3", Window(2, 3))],
)  # fmt: skip
def test_valid_windows(start: str, end: str, window: Window) -> None:
    assert Window.parse(start, end) == window


@pytest.mark.parametrize(
    ("start", "end", "message"),
    [
        ("a", "3", "Error: the start of window is not a valid integer"),
        ("", "3", "Error: the start of window is not a valid integer"),
        ("1.5", "3", "Error: the start of window is not a valid integer"),
        ("_", "3", "Error: the start of window is not a valid integer"),
        ("X1", "3", "Error: the start of window is not a valid integer"),
        ("1", "x", "Error: the end of window is neither a valid integer nor '_'"),
        ("1", "--1", "Error: the end of window is neither a valid integer nor '_'"),
        ("3", "1", "Error: a window [start, end) should be such that start <= end"),
        ("-1", "-2", "Error: a window [start, end) should be such that start <= end"),
        ("2", "-1", "Error: a window [start, end) should be such that start <= end"),
        (
            "-1",
            "2",
            "Error: when the start of a window is non-positive, its end must be a non-positive"
            " number",
        ),
        (
            "0",
            "1",
            "Error: when the start of a window is non-positive, its end must be a non-positive"
            " number",
        ),
    ],
)
def test_invalid_windows(start: str, end: str, message: str) -> None:
    with pytest.raises(WindowError) as caught:
        Window.parse(start, end)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("window", "bounds"),
    [(Window(1, 3), (1, 3)), (Window(-1), (5, 6)), (Window(-5, 0), (1, 6)), (Window(0, 0), (6, 6)),
     (Window(-9, -7), (1, 1)), (Window(4, 99), (4, 6)), (Window(1, 1), (1, 1))],
)  # fmt: skip
def test_bounds_count_non_positive_numbers_from_the_end_and_stay_in_the_script(
    window: Window, bounds: tuple[int, int]
) -> None:
    assert window.bounds(5) == bounds


def test_a_window_keeps_the_results_of_commands_start_to_end_minus_one() -> None:
    assert windowed(Window(2, 4)) == "".join(entries(SCRIPT)[2:4])


def test_negative_windows_count_from_the_end() -> None:
    assert windowed(Window(-2, 0)) == "".join(entries(SCRIPT)[4:6])
    assert windowed(Window(-3, -1)) == "".join(entries(SCRIPT)[3:5])


def test_the_last_command_window_is_what_dash_l_prints() -> None:
    assert windowed(Window(-1)) == entries(SCRIPT)[5]


def test_window_one_one_is_the_initial_state() -> None:
    assert windowed(Window(1, 1)) == state_after(0)


def test_window_zero_zero_is_the_final_state() -> None:
    assert windowed(Window(0, 0)) == state_after(5)


def test_an_empty_window_k_k_is_the_state_before_command_k() -> None:
    assert windowed(Window(3, 3)) == state_after(2)


def test_windows_of_an_empty_script_show_the_initial_state() -> None:
    assert windowed(Window(-1), "") == state_after(0)
    assert windowed(Window(0, 0), "-- nothing") == state_after(0)


def test_a_window_spanning_chunks() -> None:
    script = "play(10,30,1,1,1,1,1)\nsetup_next(5)\n" + "pass\n" * 300
    assert windowed(Window(150, 160), script) == "".join(entries(script)[150:160])
    assert windowed(Window(2, 300), script) == "".join(entries(script)[2:300])
    assert windowed(Window(-1), script) == entries(script)[-1]


def test_a_script_with_errors_prints_its_error_whatever_the_window() -> None:
    assert windowed(Window(1, 2), "pass(") == f"{SYNTAX_HEADING}\nparse error (Line 1, Column 6)\n"


def test_a_window_of_commands_written_on_one_line() -> None:
    script = "play(10,30,1,1,1,1,1) setup_next(5) toggle_debug_mode\npass\n"
    assert windowed(Window(1, 3), script) == "".join(entries(script)[1:3])
    assert windowed(Window(2, 4), script) == "".join(entries(script)[2:4])


def test_only_blanks_tabs_and_carriage_returns_make_a_blank_line() -> None:
    for blank in (" ", "\t", "\r", " \t\r "):
        assert (
            run_script(f"{blank}\npass(") == f"{SYNTAX_HEADING}\nparse error (Line 2, Column 6)\n"
        )
    for other in ("\f", "\v", "\u00a0"):
        assert run_script(f"{other}\n").startswith(f"{SYNTAX_HEADING}\nparse error (Line 1")
