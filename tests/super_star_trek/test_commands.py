"""The command prompt (lines 2060-2260): only the first three letters count; anything else
lists the commands; XXX resigns."""

import pytest

from games.super_star_trek import transcript
from games.super_star_trek.events import LongRangeScan, Notice
from games.super_star_trek.flow import obey
from games.super_star_trek.steps import Ending, MissionOver, Step
from tests.super_star_trek.helpers import RecordingBridge, ScriptedRnd, make_mission


@pytest.mark.parametrize("order", ["LRS", "LRSCAN", "LRS 5"])
def test_the_first_three_letters_name_the_command(order: str) -> None:
    bridge = RecordingBridge()
    assert obey(make_mission(ScriptedRnd()), order, bridge) is Step.PROMPT
    assert isinstance(bridge.events[0], LongRangeScan)


@pytest.mark.parametrize("order", ["lrs", "LR", "", " LRS", "HELP"])
def test_anything_else_lists_the_commands(order: str) -> None:
    bridge = RecordingBridge()
    assert obey(make_mission(ScriptedRnd()), order, bridge) is Step.PROMPT
    assert bridge.events == [Notice.COMMAND_HELP]


def test_srs_scans_again() -> None:
    assert obey(make_mission(ScriptedRnd()), "SRS", RecordingBridge()) is Step.SCAN


def test_xxx_resigns() -> None:
    with pytest.raises(MissionOver) as over:
        obey(make_mission(ScriptedRnd()), "XXXX", RecordingBridge())
    assert over.value.ending is Ending.RESIGNED


def test_a_break_typed_at_an_input_stops_the_program_in_its_line() -> None:
    lines = {"": "2060", "NAV\n": "2300", "NAV\n1\n": "2360", "COM\n4\n1,1\n": "8200"}
    for typed, line in lines.items():
        text = transcript(typed + "\x03\n", 3)
        assert f"? \x0e\nBreak in {line}" in text
