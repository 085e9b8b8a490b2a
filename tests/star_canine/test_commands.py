"""Typed commands: parsing, and one line saying why for anything unknown or impossible now."""

from __future__ import annotations

import pytest

from games.star_canine.commands import Command, Refusal, Verb, parse
from games.star_canine.game import Scene
from games.star_canine.session import new_game
from games.star_canine.view import scene_text
from tests.star_canine.builders import game_at


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("", Command(Verb.CONTINUE)),
        ("   ", Command(Verb.CONTINUE)),
        ("continue", Command(Verb.CONTINUE)),
        ("equip 3", Command(Verb.EQUIP, 3)),
        ("  EQUIP   03 ", Command(Verb.EQUIP, 3)),
        ("Take 1", Command(Verb.TAKE, 1)),
        ("engage", Command(Verb.ENGAGE)),
        ("discard 2", Command(Verb.DISCARD, 2)),
        ("take 123456789", Command(Verb.TAKE, 123456789)),
        ("resupply", Command(Verb.RESUPPLY)),
    ],
)
def test_lines_parse_to_commands(line: str, command: Command) -> None:
    assert parse(line, "continue, quit") == command


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("fly", 'Unknown command "fly". Commands now: continue, quit.'),
        ("equip", "equip needs a number, as in 'equip 1'."),
        ("engage now", "engage takes no number."),
        ("equip 1 2", "equip takes one number only."),
        ("equip x", 'equip needs a number from the list, not "x".'),
        ("take -1", 'take needs a number from the list, not "-1".'),
        ("equip ²", 'equip needs a number from the list, not "²".'),
        ("equip 1234567890", 'equip needs a number from the list, not "1234567890".'),
        ("x" * 50, f'Unknown command "{"x" * 27}...". Commands now: continue, quit.'),
        ("y" * 31, f'Unknown command "{"y" * 27}...". Commands now: continue, quit.'),
        ("z" * 30, f'Unknown command "{"z" * 30}". Commands now: continue, quit.'),
        ("\x07", "Unknown command '\\x07'. Commands now: continue, quit."),
    ],
)
def test_bad_lines_are_refused_with_one_line(line: str, message: str) -> None:
    with pytest.raises(Refusal) as refusal:
        parse(line, "continue, quit")
    assert str(refusal.value) == message


def test_a_command_of_another_scene_is_not_possible_now() -> None:
    game = new_game(None)
    step = game.play("engage")
    assert step.error == "engage is not possible now. Commands now: continue, quit."


def test_a_refused_command_leaves_the_scene_as_it_was() -> None:
    game = game_at(1, 1)
    before = scene_text(game)
    for line in ("fly", "equip 9", "take 1", "repair", "unequip 1", "equip"):
        step = game.play(line)
        assert step.error is not None and "\n" not in step.error
        assert step.events == []
    assert scene_text(game) == before and game.scene is Scene.PRE_COMBAT


def test_the_commands_listed_are_those_possible_now() -> None:
    game = game_at(1, 1)
    assert game.commands() == ["equip K", "engage", "quit"]
    game.play("equip 1")
    assert game.commands() == ["equip K", "unequip K", "engage", "quit"]
