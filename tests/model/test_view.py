"""The state block (messages.txt): state line, Starfighter block, debug sections, board, fog."""

from model import turn
from model.actions import PassTurn
from model.session import Session
from model.tables import Kind
from model.view import entity_line, render
from tests.model.builders import move_ship, put_enemy, put_enemy_projectile


def in_game(
    debug: bool = False,
    rows: int = 5,
    columns: int = 10,
    thresholds: tuple[int, int, int, int, int] = (1, 1, 1, 1, 1),
) -> Session:
    session = Session()
    if debug:
        session.toggle_debug_mode()
    session.play(rows, columns, *thresholds)
    session.setup_next(5)
    return session


def test_initial_state() -> None:
    assert (
        render(Session())
        == "  state:not started, normal, ok\n  Welcome to Space Defender Version 2."
    )


def test_entity_line() -> None:
    assert entity_line("damage", "move")(-3, "<", 15, 4) == "[-3,<]->damage:15, move:4"


def test_board_header_and_rows_in_three_character_columns() -> None:
    lines = render(in_game(columns=12)).splitlines()
    assert lines[6] == "      1  2  3  4  5  6  7  8  9 10 11 12"
    assert lines[9] == "    C S  _  _  _  _  _  _  _  _  _  _  _"


def test_fog_of_war_hides_cells_beyond_vision_in_normal_mode_only() -> None:
    normal = render(in_game(rows=10, columns=30)).splitlines()
    assert normal[7] == "    A " + "  ".join(["_"] * 10 + ["?"] * 20)
    debug = render(in_game(debug=True, rows=10, columns=30)).splitlines()
    assert "?" not in "".join(debug)


def test_debug_view_lists_enemies_by_id_and_projectiles_newest_last() -> None:
    session = in_game(debug=True, columns=30)
    game = session.game
    assert game is not None
    put_enemy(game, Kind.PYLON, "A20")
    put_enemy(game, Kind.GRUNT, "B20")
    put_enemy_projectile(game, "D9")
    lines = render(session).splitlines()
    start = lines.index("  Enemy:")
    assert lines[start : start + 6] == [
        "  Enemy:",
        "    [1,P]->health:300/300, Regen:0, Armour:0, Vision:5, seen_by_Starfighter:F,"
        " can_see_Starfighter:F, location:[A,20]",
        "    [2,G]->health:100/100, Regen:1, Armour:1, Vision:5, seen_by_Starfighter:F,"
        " can_see_Starfighter:F, location:[B,20]",
        "  Projectile:",
        "    [-1,<]->damage:15, move:4, location:[D,9]",
        "  Friendly Projectile Action:",
    ]


def test_game_over_shows_x_and_the_game_over_line() -> None:
    session = in_game(rows=10, columns=10, thresholds=(101, 101, 101, 101, 101))
    game = session.game
    assert game is not None
    move_ship(game, "A10")
    session.pass_turn()
    text = render(session)
    assert text.startswith("  state:not started, normal, ok")
    assert "    A _  _  _  _  _  _  _  _  _  X" in text
    assert text.endswith("  The game is over. Better luck next time!")


def test_rng_usage_section_lists_the_draws_of_the_turn() -> None:
    session = in_game()
    session.toggle_rng_out()
    assert render(session).endswith("RNG output on.")
    session.pass_turn()
    assert render(session).splitlines()[-2:] == ["  RNG Usage:", "    row:1, enemy:1"]
    game = session.game
    assert game is not None
    turn.play(game, PassTurn())
    assert render(session).splitlines()[-1] == "    row:1, enemy:37"


def test_rng_usage_section_is_empty_before_the_first_turn() -> None:
    session = Session()
    session.toggle_rng_out()
    session.play(5, 10, 1, 1, 1, 1, 1)
    session.setup_next(5)
    assert render(session).splitlines()[-2:] == [
        "    E _  _  _  _  _  _  _  _  _  _",
        "  RNG Usage:",
    ]
