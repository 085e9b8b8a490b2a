"""States before and around the game through Session and render: each setup transition, each
notice, each error of errors.txt in its priority order, and the state line's counters."""

from collections.abc import Callable

import pytest

from model.session import Session
from model.view import render
from tests.model.builders import put_enemy_projectile

NO_SPAWNS = (1, 1, 1, 1, 1)


def shown(session: Session) -> list[str]:
    """The state block's lines without their two-space indent."""
    lines = render(session).split("\n")
    assert all(line.startswith("  ") for line in lines)
    return [line[2:] for line in lines]


def head(session: Session) -> list[str]:
    """The state line and the line after it."""
    return shown(session)[:2]


def in_setup(*, steps: int = 0) -> Session:
    """A session in the weapon setup state, then `steps` setup states further."""
    session = Session()
    session.play(5, 10, *NO_SPAWNS)
    if steps:
        session.setup_next(steps)
    return session


def in_game() -> Session:
    return in_setup(steps=5)


def test_not_started_is_the_initial_state() -> None:
    assert head(Session()) == [
        "state:not started, normal, ok",
        "Welcome to Space Defender Version 2.",
    ]


def test_play_enters_weapon_setup_and_shows_its_menu() -> None:
    lines = shown(in_setup())
    assert lines[0] == "state:weapon setup, normal, ok"
    assert lines[1] == "1:Standard (A single projectile is fired in front)"
    assert lines[-1] == "Weapon Selected:Standard"
    assert len(lines) == 17


@pytest.mark.parametrize(
    ("steps", "state_line", "last_line"),
    [
        (1, "state:armour setup, normal, ok", "Armour Selected:None"),
        (2, "state:engine setup, normal, ok", "Engine Selected:Standard"),
        (
            3,
            "state:power setup, normal, ok",
            "Power Selected:Recall (50 energy): Teleport back to spawn.",
        ),
        (
            4,
            "state:setup summary, normal, ok",
            "Power Selected:Recall (50 energy): Teleport back to spawn.",
        ),
    ],
)
def test_setup_next_goes_forward_through_the_setup_states(
    steps: int, state_line: str, last_line: str
) -> None:
    lines = shown(in_setup(steps=steps))
    assert (lines[0], lines[-1]) == (state_line, last_line)


def test_the_summary_lists_the_four_selections() -> None:
    assert shown(in_setup(steps=4))[1:] == [
        "Weapon Selected:Standard",
        "Armour Selected:None",
        "Engine Selected:Standard",
        "Power Selected:Recall (50 energy): Teleport back to spawn.",
    ]


@pytest.mark.parametrize("steps", [5, 1])
def test_setup_next_past_the_summary_starts_the_game(steps: int) -> None:
    session = in_setup(steps=5 - steps)
    session.setup_next(steps)
    assert head(session) == ["state:in game(0.0), normal, ok", "Starfighter:"]


def test_setup_next_further_than_the_summary_also_starts_the_game() -> None:
    session = in_setup(steps=3)
    session.setup_next(5)
    assert shown(session)[0] == "state:in game(0.0), normal, ok"


@pytest.mark.parametrize(
    ("start", "steps", "state_line"),
    [(1, 1, "state:weapon setup, normal, ok"), (4, 2, "state:engine setup, normal, ok"),
     (4, 4, "state:weapon setup, normal, ok")],
)  # fmt: skip
def test_setup_back_goes_back_through_the_setup_states(
    start: int, steps: int, state_line: str
) -> None:
    session = in_setup(steps=start)
    session.setup_back(steps)
    assert shown(session)[0] == state_line


@pytest.mark.parametrize(("start", "steps"), [(0, 1), (2, 3), (4, 5)])
def test_setup_back_before_the_weapon_state_returns_to_not_started(start: int, steps: int) -> None:
    session = in_setup(steps=start)
    session.setup_back(steps)
    assert head(session) == [
        "state:not started, normal, ok",
        "Welcome to Space Defender Version 2.",
    ]


@pytest.mark.parametrize(
    ("steps", "value", "last_line"),
    [
        (0, 5, "Weapon Selected:Splitter"),
        (1, 4, "Armour Selected:Heavy"),
        (2, 3, "Engine Selected:Armoured"),
        (
            3,
            5,
            "Power Selected:Orbital Strike (100 energy): Deal 100 damage to all enemies, affected"
            " by armour.",
        ),
    ],
)
def test_setup_select_selects_an_option_of_the_current_menu(
    steps: int, value: int, last_line: str
) -> None:
    session = in_setup(steps=steps)
    session.setup_select(value)
    lines = shown(session)
    assert lines[0].endswith(", normal, ok")
    assert lines[-1] == last_line


def test_selections_are_kept_across_leaving_setup_and_across_games() -> None:
    session = in_setup()
    session.setup_select(3)
    session.abort()
    session.play(5, 10, *NO_SPAWNS)
    assert shown(session)[-1] == "Weapon Selected:Snipe"
    session.setup_next(5)
    session.abort()
    session.play(5, 10, *NO_SPAWNS)
    assert shown(session)[-1] == "Weapon Selected:Snipe"


@pytest.mark.parametrize(("steps", "value"), [(1, 5), (2, 4), (2, 5)])
def test_an_option_the_menu_does_not_offer_is_out_of_range(steps: int, value: int) -> None:
    session = in_setup(steps=steps)
    session.setup_select(value)
    assert shown(session)[1:] == ["Menu option selected out of range."]
    assert shown(session)[0].endswith(", normal, error")


@pytest.mark.parametrize("where", ["not started", "summary", "in game"])
def test_setup_select_outside_the_menus_comes_before_out_of_range(where: str) -> None:
    session = {"not started": Session, "summary": lambda: in_setup(steps=4), "in game": in_game}[
        where
    ]()
    session.setup_select(5)
    assert shown(session)[1:] == [
        "Command can only be used in setup mode (excluding summary in setup)."
    ]


@pytest.mark.parametrize("command", ["setup_next", "setup_back"])
@pytest.mark.parametrize("make", [Session, in_game])
def test_setup_navigation_outside_setup_is_an_error(
    command: str, make: Callable[[], Session]
) -> None:
    session = make()
    getattr(session, command)(1)
    assert shown(session)[1:] == ["Command can only be used in setup mode."]


def test_play_in_setup_comes_first_even_with_bad_thresholds() -> None:
    session = in_setup(steps=2)
    session.play(5, 10, 5, 4, 3, 2, 1)
    assert head(session) == ["state:engine setup, normal, error", "Already in setup mode."]


def test_play_in_game_comes_before_bad_thresholds() -> None:
    session = in_game()
    session.play(5, 10, 5, 4, 3, 2, 1)
    assert head(session) == [
        "state:in game(0.1), normal, error",
        "Already in a game. Please abort to start a new one.",
    ]


@pytest.mark.parametrize("thresholds", [(2, 1, 3, 4, 5), (1, 2, 3, 5, 4), (101, 1, 1, 1, 1)])
def test_play_with_decreasing_thresholds(thresholds: tuple[int, int, int, int, int]) -> None:
    session = Session()
    session.play(5, 10, *thresholds)
    assert head(session) == [
        "state:not started, normal, error",
        "Threshold values are not non-decreasing.",
    ]


def test_play_accepts_equal_and_increasing_thresholds() -> None:
    session = Session()
    session.play(5, 10, 1, 1, 50, 50, 101)
    assert shown(session)[0] == "state:weapon setup, normal, ok"


def test_abort_when_not_started_is_an_error() -> None:
    session = Session()
    session.abort()
    assert head(session) == [
        "state:not started, normal, error",
        "Command can only be used in setup mode or in game.",
    ]


def test_abort_leaves_setup() -> None:
    session = in_setup(steps=3)
    session.abort()
    assert head(session) == ["state:not started, normal, ok", "Exited from setup mode."]


def test_abort_leaves_the_game() -> None:
    session = in_game()
    session.abort()
    assert head(session) == ["state:not started, normal, ok", "Exited from game."]


@pytest.mark.parametrize("make", [Session, in_setup, in_game])
def test_toggle_debug_mode_is_allowed_everywhere(make: Callable[[], Session]) -> None:
    session = make()
    session.toggle_debug_mode()
    assert shown(session)[1:] == ["In debug mode."]
    assert ", debug, ok" in shown(session)[0]
    session.toggle_debug_mode()
    assert shown(session)[1:] == ["Not in debug mode."]
    assert ", normal, ok" in shown(session)[0]


def test_debug_mode_is_kept_into_setup_and_game() -> None:
    session = Session()
    session.toggle_debug_mode()
    session.play(5, 10, *NO_SPAWNS)
    assert shown(session)[0] == "state:weapon setup, debug, ok"


def test_toggle_rng_out() -> None:
    session = Session()
    session.toggle_rng_out()
    assert shown(session)[1:] == ["RNG output on."]
    session.toggle_rng_out()
    assert shown(session)[1:] == ["RNG output off."]


@pytest.mark.parametrize("command", ["pass_turn", "fire", "special"])
@pytest.mark.parametrize("make", [Session, in_setup])
def test_turn_commands_outside_the_game(command: str, make: Callable[[], Session]) -> None:
    session = make()
    getattr(session, command)()
    assert shown(session)[1:] == ["Command can only be used in game."]


def test_move_outside_the_game_comes_before_every_other_move_error() -> None:
    session = in_setup(steps=4)
    session.move(1, 30)
    assert head(session) == [
        "state:setup summary, normal, error",
        "Command can only be used in game.",
    ]


@pytest.mark.parametrize(
    ("row", "column", "message"),
    [
        (6, 1, "Cannot move outside of board."),
        (1, 11, "Cannot move outside of board."),
        (10, 30, "Cannot move outside of board."),
        (3, 1, "Already there."),
        (1, 10, "Out of movement range."),
    ],
)
def test_move_errors_in_priority_order(row: int, column: int, message: str) -> None:
    session = in_game()
    session.move(row, column)
    assert head(session) == ["state:in game(0.1), normal, error", message]


def test_not_enough_resources_counts_this_turns_regeneration() -> None:
    session = in_game()
    assert session.game is not None
    ship = session.game.starfighter
    ship.energy = 0
    session.move(3, 2)
    assert head(session)[0] == "state:in game(1.0), normal, ok"
    ship.energy = 0
    session.move(3, 4)
    assert shown(session)[1:] == ["Not enough resources to move."]
    session.fire()
    assert shown(session)[1:] == ["Not enough resources to fire."]
    session.special()
    assert shown(session)[1:] == ["Not enough resources to use special."]


def test_the_state_numbers_count_turns_and_other_commands_since_the_last_turn() -> None:
    session = in_game()
    assert shown(session)[0] == "state:in game(0.0), normal, ok"
    session.setup_next(1)
    assert shown(session)[0] == "state:in game(0.1), normal, error"
    session.toggle_debug_mode()
    assert shown(session)[0] == "state:in game(0.2), debug, ok"
    session.pass_turn()
    assert shown(session)[0] == "state:in game(1.0), debug, ok"
    session.fire()
    session.move(3, 1)
    assert shown(session)[0] == "state:in game(2.1), debug, error"


def test_the_state_numbers_restart_with_a_new_game() -> None:
    session = in_game()
    session.pass_turn()
    session.abort()
    session.play(5, 10, *NO_SPAWNS)
    session.setup_next(5)
    assert shown(session)[0] == "state:in game(0.0), normal, ok"


@pytest.mark.parametrize("command", ["pass_turn", "fire", "special"])
def test_turn_commands_after_the_game_is_over(command: str) -> None:
    session = in_game()
    assert session.game is not None
    put_enemy_projectile(session.game, "C3", damage=100, speed=4)
    session.pass_turn()
    assert session.game.over
    getattr(session, command)()
    assert shown(session)[1:] == ["Command can only be used in game."]
