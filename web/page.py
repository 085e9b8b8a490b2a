"""The web page's Python side: what each control of the page runs, through the same functions as the
command lines (`oracle -b/-w/-l`, `oracle -i`, each sister game's `-b --seed`) and as `at run -v`'s
first difference. Results go to the page's script as JSON text.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import importlib
import io
import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from acceptance.game_oracles.registry import GAMES, SPACE_DEFENDER_2, Game, game_named
from acceptance.running.aligned import Half, aligned, hunk_place
from acceptance.running.cause import Cause, script_cause
from acceptance.running.compare import Mismatch, compare
from acceptance.running.places import places_of
from acceptance.running.run_report import block_report, location, tells_the_line
from model.session import Session
from oracle.interactive import reply
from oracle.runner import state
from oracle.version import version_line

SCRIPT_NAME = "script.txt"  # the name the script has on the command line and in its errors
ORACLE_MODES = ("-b", "-w", "-l")

# A command line's `main`: its arguments in, its exit status out.
Main = Callable[[list[str]], int]


@dataclass(frozen=True)
class Options:
    """What the page's controls say about a run: the game, the script, and the game's options."""

    game: str
    script: str
    mode: str = "-b"  # Space Defender 2's mode: -b, -w (with start and end) or -l
    start: str = ""
    end: str = ""
    seed: str = ""  # a sister game's --seed, as typed; empty for none


@dataclass(frozen=True)
class Run:
    """What a command line did: its exit status, its output's bytes and its error output."""

    status: int
    output: bytes
    errors: str


@functools.cache
def version_text() -> str:
    """What `oracle --version` prints: the version the page runs, shown on the page (read once:
    a first visit's snapshot keeps it, and reading the package's metadata is slow in Pyodide)."""
    return version_line("oracle")


def games_json() -> str:
    """The games the page offers: name, title, whether they take a seed, their output encoding."""
    return json.dumps(
        [
            {
                "name": game.name,
                "title": game.title,
                "seeded": game.takes_seed,
                "encoding": game.encoding,
            }
            for game in GAMES.values()
        ]
    )


def main_of(game: Game) -> Main:
    """The command line of a game: `oracle` for Space Defender 2, else the game's own."""
    module = "oracle.cli" if game is SPACE_DEFENDER_2 else f"games.{game.name}.cli"
    return cast(Main, importlib.import_module(module).main)


def arguments(options: Options, path: str) -> list[str]:
    """The command-line arguments that run the script file at `path` with these options."""
    if game_named(options.game) is not SPACE_DEFENDER_2:
        return ["-b", path] + (["--seed", options.seed.strip()] if options.seed.strip() else [])
    if options.mode not in ORACLE_MODES:
        raise ValueError(f"no oracle mode {options.mode!r}")
    window = [options.start.strip(), options.end.strip()] if options.mode == "-w" else []
    return [options.mode, *window, path]


def captured(main: Main, argv: list[str]) -> Run:
    """Run a command line with its standard output and error captured, as bytes and as text."""
    output, errors = io.BytesIO(), io.StringIO()
    stdout = io.TextIOWrapper(output, encoding="utf-8", newline="\n", write_through=True)
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(errors):
        status = main(argv)
    stdout.flush()
    return Run(status, output.getvalue(), errors.getvalue())


def run(options: Options) -> Run:
    """Run the script as the game's command line does, from a file named like the user's."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, SCRIPT_NAME)
        with open(path, "wb") as file:
            file.write(options.script.encode("utf-8"))
        result = captured(main_of(game_named(options.game)), arguments(options, path))
    return Run(result.status, result.output, result.errors.replace(path, SCRIPT_NAME))


def run_json(options: Options) -> str:
    """A run for the page: its status, its output as text and as base64 bytes, its errors."""
    result = run(options)
    encoding = game_named(options.game).encoding
    return json.dumps(
        {
            "status": result.status,
            "text": result.output.decode(encoding, errors="replace"),
            "bytes": base64.b64encode(result.output).decode("ascii"),
            "errors": result.errors,
        }
    )


def side_by_side(mismatch: Mismatch) -> list[dict[str, object]]:
    """The aligned hunks as the page's rows: each hunk's header, then a row per line of each
    output side by side, numbered in its own output (0: none), what differs in pieces marked."""
    rows: list[dict[str, object]] = []
    for hunk in aligned(mismatch.diff).hunks:
        rows.append({"header": hunk.header(hunk_place(mismatch, hunk))})
        rows += [
            {**half_json("left", row.old), **half_json("right", row.new), "differs": row.differs}
            for row in hunk.rows
        ]
    return rows


def half_json(side: str, half: Half | None) -> dict[str, object]:
    """One side of a row for the page: its line's number, its text with invisibles marked as
    `at` marks them, and its pieces, each with whether it is what differs."""
    if half is None:
        return {f"{side}_number": 0, side: "", f"{side}_pieces": []}
    pieces = [[piece.text, piece.changed] for piece in half.pieces]
    return {f"{side}_number": half.number, side: half.text, f"{side}_pieces": pieces}


def mismatch_json(mismatch: Mismatch | None) -> str:
    """The first difference for the page: where, the report `at run -v` prints, the two columns."""
    if mismatch is None:
        return json.dumps({"same": True})
    return json.dumps(
        {
            "same": False,
            "line": mismatch.line,
            "column": mismatch.column,
            "place": mismatch.place,
            "where": location(mismatch),
            "report": "\n".join(block_report(mismatch, "oracle", "yours")),
            "rows": side_by_side(mismatch),
        }
    )


def compare_json(options: Options, mine: str) -> str:
    """The oracle's output for these options against the user's (base64 bytes), as `at` compares,
    with the cause of the difference (the lines `at run -v` shows), and why the oracle printed
    its line where they first differ where the cause does not tell that line."""
    expected = run(options).output
    actual = base64.b64decode(mine)
    mismatch = compare(expected, actual, places_of(game_named(options.game), options.script))
    found = json.loads(mismatch_json(mismatch))
    if mismatch is not None:
        told = cause(options, mismatch)
        found["cause"] = None if told is None else told.as_json() | {"lines": told.told()}
        tells = tells_the_line(told, mismatch)
        found["why"] = None if tells else explanation(options, mismatch.line)
    return json.dumps(found)


def cause(options: Options, mismatch: Mismatch) -> Cause | None:
    """The cause of the first difference, as `at run` finds it; None for a game or a mode that
    cannot tell."""
    game = game_named(options.game)
    if game is SPACE_DEFENDER_2 and options.mode != "-b":
        return None
    return script_cause(game, options.script, seed_of(options), mismatch)


def seed_of(options: Options) -> int | None:
    """A sister game's seed as typed (none where it is not a whole number: its run says why)."""
    try:
        return int(options.seed.strip())
    except ValueError:
        return None


def explanation(options: Options, line: int) -> dict[str, object]:
    """Why the oracle printed line `line` of its output for these options (`oracle -why`): the
    line's rule and the lines `-why` writes under it; only for a game and mode that can say."""
    if game_named(options.game).explain is None:
        return {"line": line, "rule": None, "lines": ["This game's oracle does not explain."]}
    if options.mode != "-b":
        return {"line": line, "rule": None, "lines": ["Explanations are for -b runs only."]}
    from oracle.runner import text_source
    from oracle.why import explain_line, told

    explained = explain_line(text_source(options.script), line)
    if explained is None:
        return {"line": line, "rule": None, "lines": [f"The oracle's output has no line {line}."]}
    return {"line": line, "rule": explained.reason.rule, "lines": told(explained)}


def explain_json(options: Options, line: int) -> str:
    """`explanation` as JSON text for the page: a clicked line of the output."""
    return json.dumps(explanation(options, int(line)))


class Console:
    """`oracle -i` in the page: a session, answered one typed line at a time."""

    def __init__(self) -> None:
        self.session = Session()

    def start(self) -> str:
        """The initial state, as `oracle -i` prints it before its first prompt."""
        self.session = Session()
        return state(self.session)

    def answer(self, line: str) -> str:
        """What the line prints, and whether it ended the session (`quit`)."""
        answer = reply(line + "\n", self.session)
        return json.dumps({"text": answer or "", "ended": answer is None})
