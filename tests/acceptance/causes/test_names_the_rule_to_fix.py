"""The cause names the rule a student must fix (acceptance.running.cause), for each kind of miss
a real student's output showed: scripts written here, the oracle's output, and a program's output
made from it with one slip."""

from __future__ import annotations

from acceptance.game_oracles.registry import SPACE_DEFENDER_2
from acceptance.running.cause import Cause, Kind, script_cause
from acceptance.running.compare import compare

GRUNTS = "play(5,10,101,101,101,101,101)\ntoggle_debug_mode\nsetup_next(5)\n"  # a Grunt a turn
RECALL = GRUNTS + "move(E,1)\npass\npass\npass\npass\nspecial\n"  # onto a projectile at [C,1]
RAMMED = GRUNTS + "move(A,1)\npass\npass\npass\npass\n"  # a Grunt rams the Starfighter at [A,1]
COLLISION = (
    "      The Starfighter collides with enemy projectile(id:-9) at location [C,1], taking 14"
)


def oracle(script: str) -> str:
    """The oracle's output of a script."""
    return SPACE_DEFENDER_2.clone(script, None)


def cause_of(script: str, actual: str) -> Cause:
    """The cause of a program's output of a script."""
    mismatch = compare(oracle(script).encode(), actual.encode())
    assert mismatch is not None
    found = script_cause(SPACE_DEFENDER_2, script, None, mismatch)
    assert found is not None
    return found


def last_block(script: str, old: str, new: str) -> Cause:
    """The cause where a program prints the oracle's output with `old` made `new` in its last
    command's block."""
    before, echo, last = oracle(script).rpartition("\n->")
    assert old in last
    return cause_of(script, before + echo + last.replace(old, new, 1))


def test_a_stage_the_command_leaves_as_it_was_is_the_stages_rule() -> None:
    found = last_block(
        "play(10,30,1,1,1,1,1)\ntoggle_debug_mode\n", "state:weapon setup", "state:armour setup"
    )
    assert (found.rule, found.kind, found.spec) == ("state.stage", Kind.DIFFERENT, "spec 6.6 Setup")
    assert found.why.endswith(
        "The stage stays as it is, weapon setup; yours moved to armour setup."
    )
    assert found.yours == "  state:armour setup, debug, ok\n"


def test_a_collision_left_out_of_a_specials_way_is_the_specials_rule() -> None:
    found = last_block(RECALL, COLLISION, "")
    assert (found.rule, found.kind, found.spec) == (
        "special.recall",
        Kind.MISSING,
        "spec 6.8 Specials",
    )
    assert found.text.startswith(COLLISION)
    assert "model.specials:recall" in found.source and "model.collision:_struck" in found.source
    assert found.told()[-1] == "yours: none"


def test_a_collision_left_out_of_an_enemys_normal_move_is_the_collisions_rule() -> None:
    ramming = (
        "      The Grunt collides with Starfighter(id:0) at location [A,1], trading 140 damage.\n"
    )
    found = last_block(RAMMED, ramming, "")
    assert (found.rule, found.kind) == ("collision.enemy.starfighter", Kind.MISSING)


def test_a_board_cell_is_told_by_this_turns_encounter_there_before_who_placed_it() -> None:
    found = last_block(RAMMED, "    A X  _", "    A _  _")
    assert (found.rule, found.kind) == ("collision.enemy.starfighter", Kind.DIFFERENT)
    assert "The Grunt collides with Starfighter(id:0) at location [A,1]" in found.text
    assert found.why.endswith("After it the oracle's board shows “X” at [A,1]; yours “_”.")


def test_a_board_cell_in_normal_mode_is_told_by_the_turns_log_as_debug_mode_shows_it() -> None:
    script = RAMMED.replace("toggle_debug_mode\n", "")
    found = last_block(script, "    A X  _", "    A _  _")
    assert (found.rule, found.kind) == ("collision.enemy.starfighter", Kind.DIFFERENT)
    assert found.text.startswith("    A X  _")  # the oracle's row: its log is not shown
    assert "in debug mode: The Grunt collides with Starfighter(id:0) at location [A,1]" in found.why


def test_a_part_of_the_view_left_out_whole_is_its_view_rule() -> None:
    script = "play(10,30,1,1,1,1,1)\nsetup_next(5)\n"
    output = oracle(script)
    start = output.index("  Starfighter:\n")
    end = output.index("      score:")
    found = cause_of(script, output[:start] + output[end:])
    assert (found.rule, found.kind, found.line) == ("view.starfighter", Kind.MISSING, 23)


def test_extra_lines_are_matched_within_their_own_block() -> None:
    """A second game that keeps the first's turn and log: its Starfighter's pass is the first
    game's line, yet the cause is the new game's turn counter."""
    script = GRUNTS + "pass\nabort\nplay(5,10,101,101,101,101,101)\nsetup_next(5)\n"
    passing = "    The Starfighter(id:0) passes at location [C,1], doubling regen rate.\n"
    assert passing in oracle(script)
    before, echo, last = oracle(script).rpartition("\n->")
    kept = last.replace("in game(0.0)", "in game(1.0)").replace(
        "  Starfighter Action:\n", "  Starfighter Action:\n" + passing
    )
    found = cause_of(script, before + echo + kept)
    assert (found.rule, found.kind) == ("state.turn", Kind.DIFFERENT)


def test_a_line_in_other_words_is_told_as_its_text_with_both_texts() -> None:
    teleport = "teleporting to: [C,1]"
    found = last_block(RECALL, teleport, "teleporting to [C,1]")
    assert (found.rule, found.kind) == ("special.recall", Kind.WORDING)
    told = found.told()
    assert told[0] == "special.recall: the text differs"
    assert told[2].endswith(f"uses special, {teleport}")
    assert told[3] == "yours: The Starfighter(id:0) uses special, teleporting to [C,1]"


def test_two_lines_printed_as_one_are_told_as_their_text() -> None:
    found = last_block(RECALL, "[C,1]\n" + COLLISION, "[C,1]" + COLLISION.strip())
    assert (found.rule, found.kind) == ("special.recall", Kind.WORDING)
    assert found.yours is not None and found.yours.strip().endswith("taking 14 damage.")


def test_a_number_told_otherwise_is_no_difference_of_words() -> None:
    found = last_block(RECALL, "taking 14 damage", "taking 15 damage")
    assert (found.rule, found.kind) == ("collision.armour", Kind.DIFFERENT)


def test_a_difference_in_white_space_only_is_flagged_in_the_json() -> None:
    found = last_block(
        RECALL, teleport_line := "teleporting to: [C,1]\n", "teleporting to: [C,1] \n"
    )
    assert teleport_line
    assert found.as_json()["white_space"] == "a trailing space"
    assert found.told()[0] == "special.recall: white space only (a trailing space)"


def test_the_cause_names_the_clones_functions_only_when_verbose() -> None:
    found = last_block(RECALL, COLLISION, "")
    assert not any("model." in line for line in found.told())
    assert found.told(verbose=True)[-1].startswith("source: model.specials:recall")


def test_an_older_record_of_a_cause_comes_back_without_flag_or_line_of_yours() -> None:
    found = last_block(RECALL, COLLISION, "")
    older = {
        key: value for key, value in found.as_json().items() if key not in ("white_space", "yours")
    }
    assert Cause.from_json(older) == found
    assert Cause.from_json(found.as_json()) == found
