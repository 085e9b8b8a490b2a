"""Places in outputs: a Space Defender 2 trace is cut at its `->command` lines, a transcript of
typed lines at the lines that echo them, and a difference is named by the block that holds it."""

from acceptance.running.compare import compare
from acceptance.running.places import BEFORE_INPUT, COMMANDS, Places, echo_marks, places_of
from tests.acceptance.game_oracles import echo_game

TRANSCRIPT = echo_game.transcript("HELLO\n\nMAP\n", seed=3)
INPUTS = ["HELLO", "", "MAP"]


def echo_places(inputs: list[str]) -> Places:
    return places_of(echo_game.game(), "".join(line + "\n" for line in inputs))


def test_each_typed_line_is_found_where_it_is_echoed_an_empty_one_at_its_prompt() -> None:
    lines = TRANSCRIPT.splitlines(keepends=True)
    assert echo_marks(INPUTS)(lines) == {
        1: "input line 1 ('HELLO')",
        3: "input line 2 ('')",
        5: "input line 3 ('MAP')",
    }


def test_a_typed_line_never_echoed_is_skipped_and_the_next_ones_still_found() -> None:
    lines = ["WELCOME\n", "PRESS A KEY\n", "NAME? ALICE\n", "HI ALICE\n"]
    assert echo_marks(["K", "ALICE"])(lines) == {2: "input line 2 ('ALICE')"}


def test_a_typed_lines_trailing_spaces_are_part_of_its_echo() -> None:
    lines = ["NAME? GO\n", "NAME? GO \n"]
    assert echo_marks(["GO \r"])(lines) == {1: "input line 1 ('GO ')"}


def test_a_difference_is_named_by_the_typed_line_in_force() -> None:
    wrong = TRANSCRIPT.replace("MAP SCORES", "MAP  SCORES")
    mismatch = compare(TRANSCRIPT.encode(), wrong.encode(), echo_places(INPUTS))
    assert mismatch is not None
    assert (mismatch.line, mismatch.column, mismatch.place) == (7, 5, "input line 3 ('MAP')")
    assert mismatch.block == "output"
    assert [line.number for line in mismatch.diff] == [6, 7, 7, 8]


def test_a_difference_before_any_echo_is_before_any_input() -> None:
    mismatch = compare(TRANSCRIPT.encode(), b"ECHO  GAME\n", echo_places(INPUTS))
    assert mismatch is not None and mismatch.place == BEFORE_INPUT


def test_space_defender_2_is_cut_at_its_commands() -> None:
    assert places_of(echo_game.game(), "") != COMMANDS
    assert COMMANDS.marks(["  state\n", "->pass\n", "  ok\n"]) == {1: "->pass"}
