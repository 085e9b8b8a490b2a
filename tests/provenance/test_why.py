"""`oracle -why` and `-why-json`: every line of every public expected output explained."""

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType, SimpleNamespace
from typing import Any

import pytest
import yaml
from pytest_regressions.data_regression import DataRegressionFixture

from model import turn
from model.actions import PassTurn
from model.enemy import Enemy
from model.geometry import Position
from model.log import SECTIONS
from model.tables import Kind
from oracle.cli import main
from oracle.runner import run_script, text_source
from oracle.why import Explained, comment, explained, explanation
from provenance import stack, traced
from provenance.model_rules import MODEL_RULES
from provenance.recorder import Note, Recorder, explain, take_note
from provenance.rules import BY_CODE, RULES, index
from provenance.stack import PHASE_TITLES

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "at").glob("*.txt"))
FIELDS = {"line", "text", "command", "phase", "rule", "spec", "why", "source"}
KEPT = Path(__file__).with_suffix("") / (
    "test_the_explanations_of_the_public_outputs_are_the_ones_kept.yml"
)
KEPT_DIGESTS = yaml.safe_load(KEPT.read_text())
# Rules no public test reaches: errors and toggles the public scripts never make, and the report
# of a script that does not parse (the public scripts all do).
NOT_REACHED = {
    "error.abort_only": "no public script aborts before play",
    "error.already_in_game": "no public script plays twice in a game",
    "error.already_in_setup": "no public script plays twice in setup",
    "error.fire_resources": "no public script fires without the energy",
    "error.thresholds": "every public play has non-decreasing thresholds",
    "notice.rng": "no public script toggles the RNG output",
    "view.rng": "no public script toggles the RNG output",
    "script.error": "every public script parses and type-checks",
}


def records(script: Path) -> list[dict[str, object]]:
    return [line.record() for line in explained(text_source(script.read_text()))]


def expected_lines(script: Path) -> list[str]:
    expected = ROOT / "expected" / f"{script.stem}.expected.txt"
    return expected.read_text().removesuffix("\n").split("\n")


def rules_named(line: dict[str, object]) -> Iterator[str]:
    """The line's rule, the rules that placed its cells and those that changed what it shows."""
    yield str(line["rule"])
    for cell in line.get("cells", []):  # type: ignore[attr-defined]
        yield cell["rule"]
        yield from cell["changes"]
    for change in line.get("changes", []):  # type: ignore[attr-defined]
        yield change["rule"]


def digest(lines: list[Explained]) -> str:
    """A digest of explained lines as `-why-json`, `-why` and the harness show them."""
    records = json.dumps([line.record() for line in lines], ensure_ascii=False)
    as_json = "".join(line.json() for line in lines)
    as_comments = "".join("\n".join([line.text, *comment(line.record())]) for line in lines)
    return hashlib.sha256("\0".join((records, as_json, as_comments)).encode()).hexdigest()


def test_the_explanations_of_the_public_outputs_are_the_ones_kept(
    data_regression: DataRegressionFixture,
) -> None:
    """Every explanation of every public output (rule, sentence, spec section, source, numbers,
    cells), and of the scripts reaching the other rules, as one digest a script: a change must
    be meant (`pytest --force-regen`; `oracle -why-json` before and after shows it). First in
    the file: it fails fastest when a text of the rule table changes."""
    digests = {
        script.stem: digest(list(explained(script.read_text().split("\n").copy)))
        for script in SCRIPTS
    }
    digests["unreached rules"] = digest(list(explained(lambda: UNREACHED_SCRIPT)))
    digests["script error"] = digest(list(explained(lambda: ["pass("])))
    data_regression.check(digests)


@pytest.mark.parametrize("script", SCRIPTS, ids=[script.stem for script in SCRIPTS])
def test_every_line_of_the_expected_output_is_explained(script: Path) -> None:
    """Each line has the fields, and a rule of the table; the script's explanations are those
    kept by the test above (checked here too, so a change names its script, and fails fast)."""
    explanations = list(explained(text_source(script.read_text())))
    assert digest(explanations) == KEPT_DIGESTS[script.stem]
    lines = [line.record() for line in explanations]
    assert [json.loads(line.json()) for line in explanations] == lines  # two encodings, one record
    assert [line["text"] for line in lines] == expected_lines(script)
    for number, line in enumerate(lines, 1):
        assert FIELDS <= set(line) and line["line"] == number
        assert all(name in RULES for name in rules_named(line)), line
        assert line["why"] and line["spec"] and line["source"], line
        assert all(":" in where for where in line["source"]), line  # type: ignore[attr-defined]
        assert "{" not in str(line["why"]), line


def test_every_rule_of_the_table_is_reached_by_a_public_test_or_listed_as_not() -> None:
    reached = {name for script in SCRIPTS for line in records(script) for name in rules_named(line)}
    assert sorted(set(RULES) - reached) == sorted(NOT_REACHED)


UNREACHED_SCRIPT = [
    "abort", "toggle_RNG_out", "play(5,10,1,1,1,1,1)", "play(5,10,1,1,1,1,1)",
    "setup_select(5)", "setup_next(5)", "play(5,10,1,1,1,1,1)", "fire", "fire", "fire",
    "abort", "play(5,10,2,1,1,1,1)", "toggle_RNG_out",
]  # fmt: skip


def test_the_rules_not_reached_publicly_are_reached_by_a_script_of_their_own() -> None:
    lines = [line.record() for line in explained(lambda: UNREACHED_SCRIPT)]
    reached = {str(line["rule"]) for line in lines}
    assert set(NOT_REACHED) - {"script.error"} <= reached
    assert {line.reason.rule for line in explained(lambda: ["pass("])} == {"script.error"}


def test_why_json_is_one_object_per_line_of_the_batch_output(tmp_path: Path) -> None:
    script = ROOT / "at" / "at010.txt"
    out = tmp_path / "why.jsonl"
    assert main(["-why-json", str(script), str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    batch = run_script(script.read_text()).removesuffix("\n").split("\n")
    assert [line["text"] for line in lines] == batch
    assert [line["line"] for line in lines] == list(range(1, len(batch) + 1))


def test_why_is_the_batch_output_with_comment_lines(tmp_path: Path) -> None:
    script = ROOT / "at" / "at010.txt"
    out = tmp_path / "why.txt"
    assert main(["-why", str(script), str(out)]) == 0
    text = out.read_text()
    kept = [line for line in text.split("\n") if not line.startswith("#")]
    assert "\n".join(kept) == run_script(script.read_text())
    assert "# phase 5: enemies act | grunt.move.unseen (spec 6.9 Enemies: Grunt)" in text


def test_a_collision_names_armour_and_its_numbers() -> None:
    lines = records(ROOT / "at" / "at010.txt")
    hit = next(line for line in lines if line["rule"] == "collision.armour")
    assert hit["numbers"] == {"projectile.damage": 15, "target.armour": 1, "damage": 14}
    first_two = hit["source"][:2]  # type: ignore[index]
    assert first_two == ["model.collision:_struck", "model.collision:_log"]
    assert hit["phase"] == "phase 3: Starfighter acts"


def test_a_rules_source_names_its_functions_off_the_stack_as_its_line_is_written() -> None:
    """The preemptive action that let an enemy act normally, the negation carried out after its
    line, the seeding behind a spawn's draws (`Rule.also`)."""
    sources = {line.reason.rule: line.reason.source for line in explained_script("at011")}
    assert "model.collision:_negate" in sources["collision.projectile.negate"]
    assert "model.rng:Generator.__init__" in sources["spawn.natural"]
    moves = [line for line in explained_script("at010") if line.reason.rule == "grunt.move.unseen"]
    assert moves and all("model.enemies.grunt:preempt" in line.reason.source for line in moves)


def test_the_state_line_names_the_rule_of_each_field_the_command_wrote() -> None:
    """The stage, the mode and the turn counters each have a rule; a field written again by a
    later command (a setup step) is noted again."""
    script = ["play(5,10,1,1,1,1,1)", "setup_next(1)", "setup_next(1)", "setup_next(3)"]
    script += ["toggle_debug_mode", "pass"]
    states = [line.reason for line in explained(lambda: script) if line.reason.rule == "view.state"]
    changed = [[(c["attribute"], c["rule"]) for c in state.changes] for state in states]
    assert changed == [
        [],
        [("stage", "state.stage")],
        [("stage", "state.stage")],
        [("stage", "state.stage")],
        [("stage", "state.stage"), ("turn", "state.turn"), ("since_turn", "state.since_turn")],
        [("debug", "state.mode"), ("since_turn", "state.since_turn")],
        [("turn", "state.turn"), ("since_turn", "state.since_turn")],
    ]
    assert "model.game:Game.__init__" in states[4].source
    assert "model.game:Game.begin_turn" in states[-1].source


def explained_script(name: str) -> list[Explained]:
    """The explained lines of a public test's output."""
    return list(explained(text_source((ROOT / "at" / f"{name}.txt").read_text())))


def test_the_documentation_lists_every_rule_of_the_table_with_its_spec_and_function() -> None:
    documented = (
        (ROOT / "docs" / "explanation" / "provenance.md").read_text(encoding="utf-8").splitlines()
    )
    rows = [
        f"| `{name}` | {rule.spec} | {f'`{rule.where}`' if rule.where else '—'} |"
        for name, rule in RULES.items()
    ]
    assert [row for row in rows if row not in documented] == []


def test_an_error_names_the_numbers_that_made_it() -> None:
    script = ["play(5,10,1,1,1,1,1)", "setup_select(5)", "setup_next(5)", "fire", "fire", "fire"]
    lines = [line.record() for line in explained(lambda: script)]
    error = next(line for line in lines if line["rule"] == "error.fire_resources")
    assert error["text"] == "  Not enough resources to fire."
    numbers = error["numbers"]
    assert isinstance(numbers, dict) and set(numbers) == {"weapon.cost", "health", "energy"}
    assert numbers["energy"] < numbers["weapon.cost"] == 70
    assert "A shot costs 70 energy." in str(error["why"])
    assert error["source"][0] == "model.turn:check"  # type: ignore[index]


def test_an_echo_line_and_a_script_error_are_explained_by_the_runner() -> None:
    echo = list(explained(lambda: ["toggle_debug_mode"]))[2].record()
    assert echo == {
        "line": 3,
        "text": "->toggle_debug_mode",
        "command": "toggle_debug_mode",
        "phase": "command",
        "rule": "echo.command",
        "spec": "etf.md",
        "why": "The oracle echoes each command of the script after `->`.",
        "source": ["oracle.runner:run_step"],
    }
    report = list(explained(lambda: ["pass("]))[1].record()
    assert report == {
        "line": 2,
        "text": "parse error (Line 1, Column 6)",
        "command": None,
        "phase": "script",
        "rule": "script.error",
        "spec": "space_defender_2.grammar.txt",
        "why": (
            "The script does not parse or type-check: nothing runs, the oracle prints this report."
        ),
        "source": ["oracle.runner:validate"],
    }


def test_one_line_is_explained_as_the_harness_shows_it_under_a_difference() -> None:
    text = "-- a comment line\ntoggle_debug_mode"
    assert explanation(text, 3) == [
        "oracle line 3: ->toggle_debug_mode",
        "command | echo.command (etf.md)",
        "The oracle echoes each command of the script after `->`.",
        "source: oracle.runner:run_step",
    ]
    assert explanation(text, 6) == ["the oracle's output has no line 6"]


def test_the_rows_of_a_function_are_found_by_its_code_every_one_in_table_order() -> None:
    index()
    for code, rows in BY_CODE.items():
        assert rows == tuple(row for row in MODEL_RULES if id(row.code) == code)
    assert any(len(rows) > 1 for rows in BY_CODE.values())
    assert {id(row.code) for row in MODEL_RULES if row.code is not None} == set(BY_CODE)


def test_a_line_written_outside_every_rule_is_noted_as_unexplained() -> None:
    """Here a test's own frame writes: no rule, no source, no phase."""
    assert take_note() == Note(stack.UNEXPLAINED, "", (), "")


class NoteTaken(Exception):
    """Carries the note taken where a phase's log was called."""


def test_a_line_written_in_a_phase_outside_every_rule_names_the_phase_and_its_function() -> None:
    """Phase 7's own function has no rule: a line it writes is unexplained, and keeps where."""

    class Log:
        def enter(self, section: object) -> None:
            raise NoteTaken(take_note())

    with pytest.raises(NoteTaken) as taken:
        turn.enemy_spawn(SimpleNamespace(log=Log()), PassTurn())  # type: ignore[arg-type]
    source = ("model.turn:enemy_spawn",)
    assert taken.value.args[0] == Note(stack.UNEXPLAINED, "", source, PHASE_TITLES[7])


def test_a_rules_sentence_reads_its_own_variables_not_its_callers() -> None:
    """The vision rule's sentence reads the enemy and the ship of `turn.update_vision`, not the
    ones of the function of model/ that called it."""
    notes: list[Note] = []

    def sees(position: object, vision: int) -> None:
        notes.append(take_note())

    enemy = SimpleNamespace(vision=3, update_vision=sees)
    ship = SimpleNamespace(position=Position(1, 1), stats=SimpleNamespace(vision=5))
    game = SimpleNamespace(starfighter=ship, enemies={1: enemy})
    caller: dict[str, Any] = {"__name__": "model.caller", "update_vision": turn.update_vision}
    exec("def phase(game, enemy, ship):\n    update_vision(game, None)\n", caller)
    caller["phase"](
        game, SimpleNamespace(vision=9), SimpleNamespace(stats=SimpleNamespace(vision=8))
    )
    assert [(note.rule.name, note.numbers) for note in notes] == [
        ("vision.update", {"enemy.vision": 3, "ship.stats.vision": 5})
    ]


CALLS = """
def rule(ask):
    step()
    elsewhere(lambda: side())
    (lambda: through())()
    return ask()


def step():
    deeper()


def deeper():
    pass


def side():
    beside()


def beside():
    pass


def through():
    pass


def outer(start, ask):
    start()
    inner()
    return ask()


def inner():
    pass


def walk(ask):
    yield ask()
    yield ask()


def first(steps):
    return next(steps)


def second(steps):
    return next(steps)
"""


def calls_module(**names: Any) -> dict[str, Any]:
    """The functions of CALLS as a module of model/ (the recorder keeps model/'s frames), with
    `names` among its globals."""
    model: dict[str, Any] = {"__name__": "model.calls", **names}
    exec(CALLS, model)
    return model


def test_the_calls_of_a_rule_are_those_reached_from_it_through_model_frames_alone() -> None:
    """`step` and what it calls, and `through` behind a lambda of model/, are the rule's calls;
    `side`, called back by a function outside model/, and what it calls, are not."""
    model = calls_module(elsewhere=lambda callback: callback())
    calls = stack.Calls()

    def ask() -> dict[str, None]:
        return calls.made(sys._getframe(1))

    sys.settrace(calls.hook())
    try:
        made = model["rule"](ask)
    finally:
        sys.settrace(None)
    assert list(made) == ["model.calls:step", "model.calls:deeper", "model.calls:through"]


def test_a_frame_begun_before_the_hook_was_set_has_made_every_call_since() -> None:
    model = calls_module()
    calls = stack.Calls()

    def start() -> None:
        sys.settrace(calls.hook())

    def ask() -> dict[str, None]:
        return calls.made(sys._getframe(1))

    try:
        made = model["outer"](start, ask)
    finally:
        sys.settrace(None)
    assert list(made) == ["model.calls:inner"]


def test_a_generator_resumed_by_another_caller_is_on_that_callers_path() -> None:
    """A function's path outward is kept while it runs; a generator's is not, as each caller
    that resumes it is its caller while it runs."""
    model = calls_module()

    def ask() -> list[str]:
        return [frame.f_code.co_name for frame in stack.outward(sys._getframe(1))]

    steps = model["walk"](ask)
    assert [model["first"](steps), model["second"](steps)] == [
        ["walk", "first"],
        ["walk", "second"],
    ]


def test_a_sentence_keeps_a_field_it_cannot_fill_and_its_escaped_braces() -> None:
    """`explain` fills what it finds (a number is kept by its name), keeps `{name}` for what it
    does not, and reads `{{`/`}}` as braces, text like the rest."""
    ship = SimpleNamespace(energy=7)
    template = "{{ {ship.energy} {ship.missing} {nothing} }} {ship.energy}"
    assert explain(template, {"ship": ship}) == (
        "{ 7 {ship.missing} {nothing} } 7",
        {"ship.energy": 7},
    )


def test_a_command_starts_with_no_message_noted() -> None:
    recorder = Recorder()
    recorder.message = Note(stack.UNEXPLAINED, "", ())
    recorder.run(lambda: None)
    assert recorder.message is None


def test_a_generated_method_of_model_is_passed_by() -> None:
    """A dataclass's `__init__` is made by `dataclasses`, not written in model/: the calls it
    makes (`__post_init__`) are counted to the function that made the entity."""
    frames: list[FrameType] = []

    def profile(frame: FrameType, event: str, argument: object) -> None:
        if event == "call" and frame.f_code is Enemy.__init__.__code__:
            frames.append(frame)

    sys.setprofile(profile)
    try:
        Enemy.spawned(1, Kind.GRUNT, Position(1, 1))
    finally:
        sys.setprofile(None)
    assert [stack._kind_of(frame) for frame in frames] == [stack.PASS]


def test_only_a_turn_that_debug_mode_will_show_records_its_log() -> None:
    """Out of debug mode the action logs are not shown, so a recorded turn takes no notes."""
    recorder = Recorder()
    session = traced.recorded_session(recorder)
    session.debug = False
    hidden = recorder.shows_logs()
    session.debug = True
    assert (hidden, recorder.shows_logs()) == (False, True)


def test_a_recording_log_notes_a_line_written_before_any_section_as_the_first_sections() -> None:
    log = traced.RecordingTurnLog()
    log.actor("a line")
    assert [len(log.notes[section]) for section in SECTIONS] == [1, 0, 0, 0, 0]
    assert [len(log.entries[section]) for section in SECTIONS] == [1, 0, 0, 0, 0]
