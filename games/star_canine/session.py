"""A game played with a list of typed lines: the text transcript (what -b prints) or JSON lines."""

from __future__ import annotations

from games.star_canine.data import GameData, packaged_data
from games.star_canine.game import Game
from games.star_canine.json_view import json_line
from games.star_canine.tables import DEFAULT_SEED
from games.star_canine.view import scene_text, step_text


def input_lines(inputs: str) -> list[str]:
    """The typed lines of an input text: LF or CRLF line ends, the last one optional."""
    text = inputs.replace("\r\n", "\n")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def new_game(seed: int | None, data: GameData | None = None) -> Game:
    """A game of the packaged data; no seed means the default seed."""
    return Game(data or packaged_data(), DEFAULT_SEED if seed is None else seed)


def text_transcript(inputs: str, seed: int | None = None) -> str:
    """The terminal's text: each scene and prompt, each typed line echoed after its prompt.

    Lines after quit are not read; when the lines run out the text ends at the prompt.
    """
    game = new_game(seed)
    out = [scene_text(game)]
    for line in input_lines(inputs):
        if game.ended:
            break
        out.append(line + "\n")
        out.append(step_text(game, game.play(line)))
    return "".join(out)


def json_transcript(inputs: str, seed: int | None = None) -> str:
    """One JSON object per line: the state before the first typed line, then after each."""
    game = new_game(seed)
    out = [json_line(game, None) + "\n"]
    for line in input_lines(inputs):
        if game.ended:
            break
        out.append(json_line(game, game.play(line)) + "\n")
    return "".join(out)
