"""The cause of a difference (acceptance.running.cause): for planted bugs of each kind, run as a
student's program, the oracle line that best explains the failing test, with its rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import model.collision
import model.enemies.grunt
import model.spawning
import model.turn
from acceptance.game_oracles.registry import GAMES, SPACE_DEFENDER_2
from acceptance.game_oracles.tellers import LABELS, shown, silent, space_defender_2
from acceptance.game_oracles.told import Role, Telling, Told
from acceptance.running.cases import Case
from acceptance.running.cause import (
    Block,
    Cause,
    Kind,
    cause_of,
    code_digest,
    explainer_digest,
    find_cause,
    origin,
)
from acceptance.running.compare import DiffLine, Mismatch, Side, compare
from model.actions import Action, PassTurn
from model.game import Game
from model.tables import Error
from tests.planted_bugs import Plant, no_combine, planted_output

ROOT = Path(__file__).resolve().parents[3]


def planted(name: str, plant: Plant) -> tuple[Case, Mismatch]:
    """Public test `name` played by the clone with a bug planted: its case and first difference."""
    script = ROOT / "at" / f"{name}.txt"
    expected = ROOT / "expected" / f"{name}.expected.txt"
    actual = planted_output(name, plant)
    mismatch = compare(expected.read_bytes(), actual.encode())
    assert mismatch is not None
    return Case(name, script, expected), mismatch


def cause(name: str, plant: Plant) -> tuple[Cause, Mismatch]:
    """The cause of the planted bug's first difference in public test `name`."""
    case, mismatch = planted(name, plant)
    found = cause_of(case, mismatch)
    assert found is not None
    return found, mismatch


def test_a_missing_collision_is_the_cause_where_the_listing_differs_first() -> None:
    found, mismatch = cause("at207", no_combine)
    assert mismatch.line == 140  # the projectile listing: an enemy projectile still listed
    assert found.line == 154 and found.kind is Kind.MISSING
    assert found.rule == "collision.projectile.combine"
    assert found.spec == "spec 6.13 A Turn of the Game"
    assert "combining damage" in found.text
    assert "model.collision:_projectile_meets" in found.source


def test_a_wrong_damage_is_the_collision_told_differently() -> None:
    def one_more_damage(patch: pytest.MonkeyPatch) -> None:
        patch.setattr(model.collision, "max", lambda *values: values[0] + 1, raising=False)

    found, _ = cause("at010", one_more_damage)
    assert found.rule == "collision.armour" and found.kind is Kind.DIFFERENT
    assert "taking 14 damage" in found.text
    assert found.source[0] == "model.collision:_struck"


def test_a_wrong_spawn_is_the_spawn_told_differently() -> None:
    def reversed_kinds(patch: pytest.MonkeyPatch) -> None:
        patch.setattr(model.spawning, "SPAWN_ORDER", model.spawning.SPAWN_ORDER[::-1])

    found, _ = cause("at008", reversed_kinds)
    assert found.rule == "spawn.natural" and found.kind is Kind.DIFFERENT
    assert "model.spawning:natural_spawn" in found.source


def test_a_wrong_move_is_the_move_told_differently() -> None:
    def slow_grunts(patch: pytest.MonkeyPatch) -> None:
        patch.setattr(model.enemies.grunt, "GRUNT_MOVE_UNSEEN", 1)

    found, mismatch = cause("at010", slow_grunts)
    assert found.rule == "grunt.move.unseen" and found.kind is Kind.DIFFERENT
    assert found.line > mismatch.line  # the listing of the Grunt differs first
    assert found.source[0] == "model.enemies.grunt:act"


def test_an_error_the_oracle_does_not_give_is_the_cause_at_the_state_line() -> None:
    def no_passing(patch: pytest.MonkeyPatch) -> None:
        check = model.turn.check

        def refuse_pass(game: Game, action: Action) -> Error | None:
            return Error.MOVE_RESOURCES if isinstance(action, PassTurn) else check(game, action)

        patch.setattr(model.turn, "check", refuse_pass)

    found, mismatch = cause("at001", no_passing)
    assert (found.line, found.text) == (mismatch.line, "  state:in game(1.0), debug, ok")
    assert (found.rule, found.kind) == ("error.move_resources", Kind.EXTRA)
    assert found.spec == "errors.txt: move 5"
    assert found.why.startswith("Yours gives the error “Not enough resources to move.”")
    assert found.source[0] == "model.turn:check"


def edited(name: str, old: str, new: str) -> tuple[Case, Mismatch]:
    """Public test `name` as a program printing the oracle's output with the first `old` made
    `new`: its case and first difference."""
    expected = ROOT / "expected" / f"{name}.expected.txt"
    text = expected.read_text(encoding="utf-8")
    assert old in text
    mismatch = compare(expected.read_bytes(), text.replace(old, new, 1).encode())
    assert mismatch is not None
    return Case(name, ROOT / "at" / f"{name}.txt", expected), mismatch


def test_a_turn_counter_told_differently_is_the_counters_rule_with_the_function_that_wrote_it() -> (
    None
):
    case, mismatch = edited("at001", "state:in game(1.0), debug", "state:in game(2.0), debug")
    found = cause_of(case, mismatch)
    assert found is not None and found.line == mismatch.line
    assert (found.rule, found.kind) == ("state.turn", Kind.DIFFERENT)
    assert found.spec == "messages.txt: COMMON STATE MESSAGE"
    assert "model.game:Game.begin_turn" in found.source
    assert not any(where.startswith("model.view:") for where in found.source)


def test_a_count_of_commands_since_the_turn_told_differently_is_that_counters_rule() -> None:
    case, mismatch = edited("at001", "state:in game(0.1), debug", "state:in game(0.-1), debug")
    found = cause_of(case, mismatch)
    assert found is not None and found.rule == "state.since_turn"
    assert "model.session:Session._count_in_game" in found.source


def test_a_stage_the_program_does_not_reach_is_the_stages_rule() -> None:
    case, mismatch = edited("at003", "state:weapon setup, normal", "state:not started, normal")
    found = cause_of(case, mismatch)
    assert found is not None and (found.rule, found.spec) == ("state.stage", "spec 6.6 Setup")
    assert "model.session:Session.play" in found.source


def test_a_state_line_the_program_does_not_print_is_no_difference_of_its_fields() -> None:
    case, mismatch = edited("at003", "  state:weapon setup, normal, ok", "x" * 40)
    found = cause_of(case, mismatch)
    assert found is not None and found.rule != "state.stage"


def test_a_part_selected_in_setup_is_the_selections_rule_with_the_loadout() -> None:
    case, mismatch = edited("at003", "Weapon Selected:Spread", "Weapon Selected:Snipe")
    found = cause_of(case, mismatch)
    assert found is not None and (found.rule, found.kind) == ("setup.selected", Kind.DIFFERENT)
    assert "model.session:Session.loadout" in found.source


def test_the_starfighters_attributes_at_launch_are_the_launchs_rule_with_the_loadout() -> None:
    case, mismatch = edited("at001", "Regen:1/3, Armour:1,", "Regen:1/3, Armour:2,")
    found = cause_of(case, mismatch)
    assert found is not None and found.rule == "game.launch"
    assert found.why.startswith("Armour: 1, as game.launch leaves it; yours shows 2.")
    assert "model.session:Session.loadout" in found.source


def test_an_enemys_normal_action_names_the_preemptive_action_that_let_it_act() -> None:
    def grunts_stop_at_preempt(patch: pytest.MonkeyPatch) -> None:
        patch.setattr(model.enemies.grunt, "preempt", lambda game, enemy, action: True)

    found, _ = cause("at010", grunts_stop_at_preempt)
    assert found.rule.startswith("grunt.") and found.kind is Kind.MISSING
    assert "model.enemies.grunt:preempt" in found.source


def test_the_cause_as_json_has_every_field_of_the_contract() -> None:
    found, _ = cause("at207", no_combine)
    assert set(found.as_json()) == {
        *("line", "text", "rule", "spec", "why", "source", "kind", "white_space", "yours")
    }
    assert found.as_json()["kind"] == "missing"
    assert found.as_json()["source"][0] == "model.collision:_projectile_meets"


def told(line: int, text: str, rule: str, role: Role, about: tuple[str, ...] = ()) -> Told:
    """A made-up oracle line."""
    return Told(line, text, rule, "spec 1", f"why {rule}", (f"m:{rule}",), role, about)


def diff(*lines: tuple[Side, int, str]) -> tuple[DiffLine, ...]:
    """A block diff of made-up lines."""
    return tuple(DiffLine(side, number, text + "\n") for side, number, text in lines)


ORACLE = [
    told(1, "->go", "echo", Role.RENDERING),
    told(2, "  [7,G]->health:5", "listed", Role.LISTING, ("7",)),
    told(3, "  Log:", "heading", Role.SECTION),
    told(4, "    G(id:7) moves", "move", Role.EVENT, ("7",)),
]


def ids(text: str) -> tuple[str, ...]:
    """The ids a made-up line names."""
    return ("7",) if "7" in text else ("9",) if "9" in text else ()


def test_an_events_origin_is_the_first_other_event_about_its_entity() -> None:
    later = told(6, "    G(id:7) shoots", "shoot", Role.EVENT, ("7",))
    block = Block([], {}, Telling([*ORACLE, later], ids), 1)
    assert origin(block, later) == ("m:move",)
    assert origin(block, ORACLE[3]) == ()


def test_an_extra_event_is_explained_by_the_oracles_event_about_its_entity() -> None:
    mismatch = Mismatch(
        5,
        1,
        "->go",
        diff(
            (Side.BOTH, 1, "->go"),
            (Side.BOTH, 2, "  [7,G]->health:5"),
            (Side.BOTH, 3, "  Log:"),
            (Side.BOTH, 4, "    G(id:7) moves"),
            (Side.ACTUAL, 5, "    G(id:7) shoots twice and more"),
        ),
    )
    found = find_cause(Telling(ORACLE, ids), mismatch)
    assert found is not None and (found.line, found.kind) == (4, Kind.EXTRA)


def test_an_entity_only_yours_lists_is_explained_by_its_history() -> None:
    oracle = [
        told(1, "->go", "echo", Role.RENDERING),
        told(2, "    B(id:9) is destroyed", "destroy", Role.EVENT, ("9",)),
        told(3, "->go", "echo", Role.RENDERING),
        told(4, "  [7,G]->health:5", "listed", Role.LISTING, ("7",)),
    ]
    mismatch = Mismatch(
        4,
        1,
        "->go",
        diff(
            (Side.BOTH, 3, "->go"),
            (Side.ACTUAL, 4, "  [9,B]->health:1"),
            (Side.BOTH, 4, "  [7,G]->health:5"),
        ),
    )
    found = find_cause(Telling(oracle, ids), mismatch)
    assert found is not None and (found.line, found.rule, found.kind) == (2, "destroy", Kind.EXTRA)


def test_a_block_diff_of_one_line_has_its_cause_there() -> None:
    """An output that ends just before a one-line block: the diff is the oracle's line alone."""
    oracle = [*ORACLE, told(5, "->end", "echo", Role.RENDERING)]
    mismatch = Mismatch(5, 1, "->end", diff((Side.EXPECTED, 5, "->end")))
    found = find_cause(Telling(oracle, ids), mismatch)
    assert found is not None and (found.line, found.rule, found.kind) == (5, "echo", Kind.MISSING)


def test_an_extra_line_naming_no_entity_is_explained_by_the_event_most_like_it() -> None:
    """After a section's heading, the oracle's earlier event most like the program's extra line
    is the one it tells otherwise; a line like none of them is the section's next event."""
    oracle = [
        told(1, "->go", "echo", Role.RENDERING),
        told(2, "  Log:", "heading", Role.SECTION),
        told(3, "    the wind turns north", "wind", Role.EVENT),
        told(4, "    a comet passes", "comet", Role.EVENT),
        told(5, "  Sky:", "heading", Role.SECTION),
        told(6, "    clear", "sky", Role.EVENT),
    ]
    both = [(Side.BOTH, number, line.text) for number, line in enumerate(oracle, 1)]

    def extra(text: str) -> Cause | None:
        lines = diff(*both[:5], (Side.ACTUAL, 6, text), both[5])
        return find_cause(Telling(oracle, ids), Mismatch(6, 1, "->go", lines))

    alike, unlike = extra("    the wind turns south"), extra("    ##########")
    assert alike is not None and (alike.line, alike.rule, alike.kind) == (3, "wind", Kind.EXTRA)
    assert unlike is not None and (unlike.line, unlike.rule) == (6, "sky")


def test_an_expected_block_that_is_not_the_oracles_text_has_no_cause() -> None:
    mismatch = Mismatch(2, 1, "->go", diff((Side.BOTH, 1, "->go"), (Side.EXPECTED, 2, "other")))
    assert find_cause(Telling(ORACLE, ids), mismatch) is None


def test_a_game_that_cannot_explain_has_no_cause(tmp_path: Path) -> None:
    script = tmp_path / "t.txt"
    script.write_text("1\n")
    case = Case("t", script, None, GAMES["star_lanes"])
    mismatch = Mismatch(1, 1, "input line 1", diff((Side.EXPECTED, 1, "a")))
    assert cause_of(case, mismatch) is None
    assert SPACE_DEFENDER_2.tell is not None


def test_star_canine_names_the_event_its_program_tells_differently() -> None:
    game = GAMES["star_canine"]
    script = next((ROOT / "at" / "star_canine").glob("*.txt"))
    case = Case(script.stem, script, None, game, 1)
    expected = game.clone(script.read_text(), 1)
    volley = next(line for line in expected.split("\n") if line.strip().startswith("Volley:"))
    actual = expected.replace(volley, volley.replace("damage", "dmg"), 1)
    mismatch = compare(expected.encode(), actual.encode())
    assert mismatch is not None
    found = cause_of(case, mismatch)
    assert found is not None
    # A word of the line changed, every number the same: the text differs.
    assert (found.rule, found.kind, found.text) == ("combat.volley", Kind.WORDING, volley)
    assert found.spec == "spec 4.3 Attack Resolution Rule"
    # A number of it changed: the line is told differently.
    numbered = re.sub(r"\d+", lambda number: str(int(number.group()) + 1), volley, count=1)
    mismatch = compare(expected.encode(), expected.replace(volley, numbered, 1).encode())
    assert mismatch is not None
    found = cause_of(case, mismatch)
    assert found is not None and (found.rule, found.kind) == ("combat.volley", Kind.DIFFERENT)


def test_a_difference_at_the_next_commands_echo_is_explained_through_its_block() -> None:
    expected = (ROOT / "expected" / "extra005.expected.txt").read_bytes()
    actual = b"\n".join(expected.split(b"\n")[:5] + [b"x" * 80] * 30)
    mismatch = compare(expected, actual)
    assert mismatch is not None and mismatch.line == 6
    found = cause_of(Case("extra005", ROOT / "at" / "extra005.txt", None), mismatch)
    assert found is not None and (found.line, found.rule) == (6, "echo.command")


def test_a_cause_comes_back_from_its_json() -> None:
    found, _ = cause("at207", no_combine)
    assert Cause.from_json(found.as_json()) == found


def test_the_digest_of_the_code_that_finds_causes_changes_with_any_of_its_modules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "explainer_of_a_test"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "inner" / "rules.py").write_text("RULE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    names = ("explainer_of_a_test", "acceptance.running.cause")
    before = code_digest(names)
    assert code_digest(names) == before != explainer_digest()
    (package / "inner" / "rules.py").write_text("RULE = 2\n")
    assert code_digest(names) != before


def test_every_label_of_a_written_field_is_written_by_a_rule_and_shown_by_the_oracle() -> None:
    """The labels of a listed entity's fields, by the attribute a rule changes (LABELS): each is
    written by a rule of the public tests (its attribute is one the rules change), and each names
    a value the oracle's lines show (a listing's `label:value` or a field of the state line)."""
    labels = {label for group in LABELS.values() for label in group}
    written: set[str] = set()
    lines: list[str] = []
    for script in sorted((ROOT / "at").glob("at*.txt")):
        expected = (ROOT / "expected" / f"{script.stem}.expected.txt").read_text().splitlines()
        lines += expected
        telling = space_defender_2(script.read_text(), None, len(expected))
        written |= {field.label for told in telling.lines for field in told.changed}
        if labels <= written:
            break
    assert labels <= written
    assert {
        label for label in labels if any(shown(line, label) is not None for line in lines)
    } == labels


def test_an_empty_spawn_section_is_told_as_the_event_of_the_rule_that_left_it_empty() -> None:
    section = told(9, "  Natural Enemy Spawn:", "heading", Role.SECTION)
    assert silent(section) == Told(
        9,
        "  Natural Enemy Spawn:",
        "spawn.natural",
        "spec 6.13.7 Phase 7: Enemy Spawn",
        "Nothing is logged under Natural Enemy Spawn this turn: spawn.natural decided so.",
        ("model.spawning:natural_spawn", "model.rng:Generator.__init__"),
        Role.EVENT,
    )
    assert silent(told(3, "  Log:", "heading", Role.SECTION)) is None
