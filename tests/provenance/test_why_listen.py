"""The recorder hears the calls of model/ through `sys.monitoring` from Python 3.12 (a trace hook
before), and explains every line the same whichever back end heard them."""

import json
import sys
from pathlib import Path

import pytest

from model.geometry import Board, Position, line
from oracle.generate import script_lines
from oracle.why import json_lines
from provenance import listen
from provenance.recorder import Recorder

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = ("at010", "at163", "extra005")


def explained(lines: list[str]) -> str:
    """The `-why-json` output of a script."""
    return "".join(json_lines(lambda: lines))


def test_the_recorder_listens_through_sys_monitoring_from_python_3_12() -> None:
    monitored = sys.version_info >= (3, 12)
    assert type(listen.LISTENER).__name__ == ("Monitored" if monitored else "TraceHook")


@pytest.mark.parametrize("name", [*PUBLIC, "generated"])
def test_the_chosen_back_end_explains_a_script_as_the_trace_hook_does(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Byte for byte: the calls each line's `source` names come from the back end."""
    if name == "generated":
        lines = list(script_lines(38, 600))
    else:
        lines = (ROOT / "at" / f"{name}.txt").read_text().split("\n")
    chosen = explained(lines)
    monkeypatch.setattr(listen, "LISTENER", listen.TraceHook())
    assert chosen == explained(lines)


def test_the_monitoring_back_end_hears_the_functions_of_model_alone() -> None:
    """Events are switched on for model/'s code objects only (its log, which writes what a rule
    decided, left out): the rest of the code keeps its fast path, and is not heard."""
    if sys.version_info < (3, 12):
        pytest.skip("sys.monitoring is new in Python 3.12; before it the trace hook hears all")
    else:
        listener = listen.LISTENER
        assert isinstance(listener, listen.Monitored)
        Recorder()  # watches model/'s functions
        files = {Path(code.co_filename).relative_to(ROOT) for code in listener.watched.values()}
        assert Path("model/geometry.py") in files and Path("model/log.py") not in files
        assert all(file.parts[0] == "model" for file in files)
        heard: list[str] = []
        listener.start(lambda frame, event, argument: heard.append(frame.f_code.co_qualname))
        try:
            json.dumps(Board(5, 10).describe(Position(1, 2)))
            list(line(Position(1, 1), 0, 1, 2))  # started once, resumed twice
        finally:
            listener.stop()
        assert heard == ["Board.describe", "Board.contains", "Position.__str__", *["line"] * 3]
