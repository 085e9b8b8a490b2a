"""Properties of generated scripts (oracle/generate.py): the oracle never raises and always gives
the same text, however it is run; the game keeps its invariants after every command."""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oracle.runner
from model.enemy import Enemy
from model.game import Game
from model.projectile import Projectile
from model.session import Session, Stage
from model.tables import PowerKind
from model.view import render
from oracle.calls import SYNTAX_HEADING
from oracle.cli import main
from oracle.generate import Mix, Player, script
from oracle.parser import chunks
from oracle.runner import run, run_script, text_source
from oracle.typecheck import TYPE_HEADING
from oracle.window import Window

SEEDS = st.integers(min_value=0, max_value=2**32)
TURNS = {"move", "pass", "fire", "special"}
INVARIANT_COMMANDS = 400
STATE_LINE = re.compile(
    r"state:(?P<stage>[a-z ]+)(\((?P<turn>\d+)\.(?P<since>\d+)\))?,"
    r" (?P<mode>normal|debug), (?P<status>ok|error)"
)
ENTITY_LINE = re.compile(r"\[-?\d+,(?P<symbol>.)\]->.*location:\[(?P<row>[A-J]),(?P<column>\d+)\]")
BOARD_ROW = re.compile(r"    [A-J] ")


def entries(output: str) -> list[str]:
    """The trace split into the initial state and one `->` entry per command."""
    initial, *rest = output.split("\n->")
    pieces = [initial + "\n"] + ["->" + entry + "\n" for entry in rest]
    pieces[-1] = pieces[-1][:-1]
    return pieces


@settings(max_examples=25, deadline=None)
@given(SEEDS, st.integers(min_value=0, max_value=300))
def test_a_generated_script_runs_the_same_every_time(seed: int, commands: int) -> None:
    text = script(seed, commands)
    output = run_script(text)
    assert output == run_script(text)
    assert output.startswith("  state:not started, normal, ok\n") and output.endswith("\n")
    assert len(entries(output)) == commands + 1


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.sampled_from(["syntax", "type"]), st.integers(min_value=0, max_value=120))
def test_a_script_with_a_defect_gives_only_its_error_report(
    seed: int, defect: str, commands: int
) -> None:
    lines = run_script(script(seed, commands, defect=defect)).splitlines()
    if defect == "syntax":
        assert lines[0] == SYNTAX_HEADING and len(lines) == 2
        assert re.fullmatch(
            r'parse error \(Line \d+, Column \d+\)|Too many arguments passed for "\w+"', lines[1]
        )
    else:
        assert lines[0] == TYPE_HEADING and len(lines) == 2
        assert re.fullmatch(
            r"Error: unknown event name \w+|\w+(\(.*\))? does not conform to declaration .+",
            lines[1],
        )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_batch_to_the_terminal_and_to_a_file_give_the_same_text(
    seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, output = tmp_path / "script.txt", tmp_path / "out.txt"
    source.write_text(script(seed, 400))
    assert main(["-b", str(source)]) == 0
    printed = capsys.readouterr().out
    assert main(["-b", str(source), str(output)]) == 0
    assert output.read_text() == printed == run_script(source.read_text())


@settings(max_examples=10, deadline=None)
@given(SEEDS, st.sampled_from([1, 7, 100_000]))
def test_a_script_run_in_chunks_of_any_size_equals_it_run_whole(seed: int, size: int) -> None:
    text = script(seed, 250)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(oracle.runner, "chunks", functools.partial(chunks, size=size))
        patch.setattr(oracle.runner, "KEEP_COMMANDS", 0)
        pieces = list(run(text_source(text)))
    assert "".join(pieces) == run_script(text)


WINDOWS = st.one_of(
    st.tuples(st.integers(1, 130), st.integers(1, 130)).map(lambda ends: Window(*sorted(ends))),
    st.tuples(st.integers(-130, 0), st.integers(-130, 0)).map(lambda ends: Window(*sorted(ends))),
    st.integers(-130, 130).map(Window),
)


@settings(max_examples=20, deadline=None)
@given(SEEDS, WINDOWS)
def test_a_window_is_a_slice_of_the_whole_trace(seed: int, window: Window) -> None:
    text = script(seed, 120)
    whole = entries(run_script(text))
    first, stop = window.bounds(120)
    expected = "".join(whole[first:stop]) if first < stop else _state_of(whole[first - 1])
    assert "".join(run(text_source(text), window)) == expected


def _state_of(entry: str) -> str:
    """The state block of a trace entry, without its `->` line."""
    return entry if entry.startswith("  state:") else entry.split("\n", 1)[1]


@dataclass(frozen=True)
class Before:
    """What the invariants compare with: the state line and the game before a command."""

    state: re.Match[str]
    game: Game | None
    score: int


@settings(max_examples=12, deadline=None)
@given(SEEDS)
def test_invariants_hold_after_every_command(seed: int) -> None:
    player = Player(random.Random(seed), Mix(toggle=0.05))
    seen: dict[int, Enemy | Projectile] = {}
    for _ in range(INVARIANT_COMMANDS):
        before = _before(player.session)
        name = player.next_call().name
        session = player.session
        after = _state_line(session)
        _check_counters(before, name, session, after)
        game = session.game
        if game is None:
            continue
        if game is not before.game:
            seen = {}
        _check_resources(game)
        _check_entities(game, seen)
        if game is before.game:
            assert game.starfighter.focus.score() >= before.score
        if _shows_board(session):
            _check_board_against_sections(session)


def _state_line(session: Session) -> re.Match[str]:
    match = STATE_LINE.fullmatch(render(session).split("\n")[0].strip())
    assert match is not None
    return match


def _before(session: Session) -> Before:
    game = session.game
    score = game.starfighter.focus.score() if game is not None else 0
    return Before(_state_line(session), game, score)


def _check_counters(before: Before, name: str, session: Session, after: re.Match[str]) -> None:
    """messages.txt: a turn counts up the first number and resets the second; any other command
    in game, errors included, counts up the second; a new game starts at 0.0."""
    assert (after["status"] == "error") == (session.error is not None)
    assert after["stage"] == session.stage.value
    if after["stage"] != Stage.IN_GAME.value:
        return
    turn, since = int(after["turn"]), int(after["since"])
    if before.state["stage"] != Stage.IN_GAME.value:
        assert (turn, since) == (0, 0)
    elif name in TURNS and session.error is None:
        assert (turn, since) == (int(before.state["turn"]) + 1, 0)
    else:
        assert (turn, since) == (int(before.state["turn"]), int(before.state["since"]) + 1)


def _shows_board(session: Session) -> bool:
    """Whether the state block is the game (in game, or the game just over)."""
    return (
        session.error is None
        and session.notice is None
        and session.stage in (Stage.IN_GAME, Stage.NOT_STARTED)
    )


def _check_resources(game: Game) -> None:
    """Health and energy in 0..total; above it only by Repair (health) or Overcharge (energy)."""
    ship = game.starfighter
    power = ship.loadout.power.kind
    assert 0 <= ship.health and (ship.health <= ship.stats.health or power is PowerKind.REPAIR)
    assert 0 <= ship.energy and (ship.energy <= ship.stats.energy or power is PowerKind.OVERCHARGE)
    assert ship.destroyed == (ship.health == 0)
    for enemy in game.enemies.values():
        assert 0 < enemy.health <= enemy.total_health
    for projectile in game.projectiles.values():
        assert projectile.damage > 0


def _check_entities(game: Game, seen: dict[int, Enemy | Projectile]) -> None:
    """Ids: enemies count up from 1, projectiles down from -1, never reused in a game; every
    entity on the board is at its own cell."""
    entities: list[tuple[int, Enemy | Projectile]] = [
        *game.enemies.items(),
        *game.projectiles.items(),
    ]
    for entity_id, entity in entities:
        assert entity_id == entity.id and seen.setdefault(entity_id, entity) is entity
        assert game.board.contains(entity.position) and game.cells[entity.position] is entity
    assert all(enemy_id > 0 for enemy_id in game.enemies)
    assert all(projectile_id < 0 for projectile_id in game.projectiles)
    occupants = [id(entity) for entity in game.cells.values()]
    assert len(occupants) == len(set(occupants)) == len(game.enemies) + len(game.projectiles) + 1


def _check_board_against_sections(session: Session) -> None:
    """In debug mode every symbol on the board is an entity listed above it, and vice versa (the
    destroyed Starfighter, X on the board, is listed as [0,S]); in normal mode the board is the
    same but for fog beyond the Starfighter's vision."""
    debug = render(replace(session, debug=True)).split("\n")
    listed = {
        (m["row"], int(m["column"]), m["symbol"]) for m in map(ENTITY_LINE.search, debug) if m
    }
    board = _board(debug)
    shown = {
        (row, column, "S" if symbol == "X" else symbol) for (row, column), symbol in board.items()
    }
    assert shown - {(row, column, "_") for row, column in board} == listed
    game = session.game
    assert game is not None
    ship = game.starfighter
    for (row, column), symbol in _board(render(replace(session, debug=False)).split("\n")).items():
        distance = abs("ABCDEFGHIJ".index(row) + 1 - ship.position.row) + abs(
            column - ship.position.column
        )
        assert symbol == ("?" if distance > ship.stats.vision else board[row, column])


def _board(lines: list[str]) -> dict[tuple[str, int], str]:
    """The board's cells by row letter and column: the rows after the column header."""
    header = next(i for i, line in enumerate(lines) if line.split()[:2] == ["1", "2"])
    cells: dict[tuple[str, int], str] = {}
    for line in lines[header + 1 :]:
        if not BOARD_ROW.match(line):
            break
        cells.update({(line[4], column): symbol for column, symbol in enumerate(line[6::3], 1)})
    return cells
