"""`oracle -i`: prompt, per-line errors, `man`, `quit`, no echo of typed commands (etf.md), and
piped input echoed as a terminal would have shown it."""

import io

import pytest

from model.session import Session
from model.view import render
from oracle.calls import SYNTAX_HEADING
from oracle.cli import main
from oracle.declarations import DECLARATIONS
from oracle.interactive import interact, manual, respond
from oracle.runner import run_script
from oracle.typecheck import TYPE_HEADING

INITIAL = render(Session()) + "\n"


def transcript(typed: str) -> tuple[int, str]:
    stdout = io.StringIO()
    status = interact(io.StringIO(typed), stdout)
    return status, stdout.getvalue()


def test_initial_state_then_prompt_and_quit() -> None:
    assert transcript("quit\n") == (0, INITIAL + "->")


def test_quit_may_be_surrounded_by_blanks() -> None:
    assert transcript("  quit \r\nabort\n") == (0, INITIAL + "->")


def test_end_of_input_ends_the_session_on_a_new_line() -> None:
    assert transcript("") == (0, INITIAL + "->\n")


def test_a_command_prints_its_state_without_echo() -> None:
    session = Session()
    session.abort()
    assert transcript("abort\nquit\n") == (0, INITIAL + "->" + render(session) + "\n->")


def test_a_typed_session_reads_like_the_batch_trace_without_echoes() -> None:
    script = [
        "play(5,10,1,1,1,1,1)",
        "setup_select(3)",
        "setup_next(5)",
        "toggle_debug_mode",
        "fire",
        "pass",
    ]
    _, out = transcript("\n".join(script) + "\nquit\n")
    batch = run_script("\n".join(script))
    for command in script:
        batch = batch.replace(f"->{command}\n", "->", 1)
    assert out == batch + "->"


def test_piped_input_is_echoed_so_each_answer_keeps_its_own_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = ["play(5,10,1,1,1,1,1)", "setup_next(5)", "toggle_debug_mode", "pass"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join([*script, "quit"])))
    assert main(["-i"]) == 0
    assert capsys.readouterr().out == run_script("\n".join(script)) + "->quit\n"


def test_input_from_a_terminal_is_not_echoed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = io.StringIO("abort\nquit\n")
    monkeypatch.setattr(terminal, "isatty", lambda: True)
    monkeypatch.setattr("sys.stdin", terminal)
    assert main(["-i"]) == 0
    assert capsys.readouterr().out == transcript("abort\nquit\n")[1]


def test_a_syntax_error_is_reported_for_the_line_and_the_session_goes_on() -> None:
    status, out = transcript("pass\n  move(A 8)\nquit\n")
    assert status == 0
    assert f"->{SYNTAX_HEADING}\nparse error (Line 1, Column 10)\n->" in out


def test_a_type_error_is_reported_and_nothing_runs() -> None:
    session = Session()
    assert (
        respond("play(10,30,1,1,1,1,1) fly", session)
        == f"{TYPE_HEADING}\nError: unknown event name fly\n"
    )
    assert render(session) == render(Session())


def test_too_many_arguments_in_interactive_mode() -> None:
    assert (
        respond("pass(1)", Session()) == f'{SYNTAX_HEADING}\nToo many arguments passed for "pass"\n'
    )


def test_blank_and_comment_lines_print_nothing() -> None:
    assert transcript("\n-- note\n   \nquit\n") == (0, INITIAL + "->->->->")


def test_later_commands_on_one_line_are_echoed() -> None:
    session = Session()
    out = respond("toggle_debug_mode toggle_debug_mode", session)
    first, second = Session(), Session()
    first.toggle_debug_mode()
    second.toggle_debug_mode()
    second.toggle_debug_mode()
    assert out == render(first) + "\n->toggle_debug_mode\n" + render(second) + "\n"


def test_the_session_carries_over_from_line_to_line() -> None:
    session = Session()
    respond("play(10,30,1,1,1,1,1)", session)
    assert respond("setup_next(5)", session).startswith("  state:in game(0.0), normal, ok\n")


def test_man_lists_every_declared_command_and_quit() -> None:
    status, out = transcript("man\nquit\n")
    assert status == 0
    text = manual()
    assert out == INITIAL + "->" + text + "->"
    for declaration in DECLARATIONS.values():
        assert f"\n  {declaration}\n" in text
    assert "quit" in text and "man" in text


def test_dash_i_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("toggle_debug_mode\nquit\n"))
    assert main(["-i"]) == 0
    out = capsys.readouterr().out
    echoed = "->toggle_debug_mode\n  state:not started, debug, ok\n  In debug mode.\n->quit\n"
    assert out == INITIAL + echoed
