"""The commands of the guides (docs/tutorials/, docs/how-to/), as their tests read them.

Each guide's fenced blocks name their kind (`sh` commands are run in order in the page's scratch
folder, `output` blocks are checked against what the command before printed, other blocks are
files or examples), and HTML comments (`<!-- docs-test: skip | run | file ... -->`) tell the test
what the page assumes. docs/how-to/contributing-tests.md states the rule for the pages' writers.
"""

from __future__ import annotations

import argparse
import re
import shlex
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from acceptance.cli.main import parser

ROOT = Path(__file__).resolve().parent.parent
GUIDES = sorted(
    [*(ROOT / "docs" / "tutorials").glob("*.md"), *(ROOT / "docs" / "how-to").glob("*.md")]
)
COMMANDS = "sh"
OUTPUT = "output"
FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$")
DIRECTIVE = re.compile(r"^\s*<!-- docs-test: (?P<verb>skip|run|file)\b\s*(?P<text>.*?)\s*-->\s*$")
GAP = "..."
SECONDS = re.compile(r"\d+\.\d+ ?s\b")
HEREDOC = re.compile(r"<<-?\s*['\"]?(?P<word>\w+)['\"]?")
OPENS = {"for", "while", "until", "if", "case"}
CLOSES = {"done", "fi", "esac"}
SHELL_ONLY = re.compile(r"[|&;()<`]|\$\(")


@dataclass(frozen=True)
class Block:
    """A fenced block of a page: where it starts, its kind, its lines, and the directive of the
    page's source just before it (`skip` or `file`, with its text)."""

    line: int
    kind: str
    lines: tuple[str, ...]
    directive: tuple[str, str] | None = None


@dataclass(frozen=True)
class Run:
    """A `run` directive of the page's source: a command the test runs there."""

    line: int
    command: str


Step = Block | Run


@dataclass
class Reading:
    """A page being read: its steps so far, and a directive waiting for the next block."""

    steps: list[Step] = field(default_factory=list)
    waiting: tuple[str, str] | None = None


def steps(page: Path) -> list[Step]:
    """The fenced blocks and `run` directives of a page, in order."""
    reading, lines = Reading(), page.read_text(encoding="utf-8").splitlines()
    number = 0
    while number < len(lines):
        line = lines[number]
        directive, fence = DIRECTIVE.match(line), FENCE.match(line)
        if directive and directive["verb"] == "run":
            reading.steps.append(Run(number + 1, directive["text"]))
        elif directive:
            reading.waiting = (directive["verb"], directive["text"])
        elif fence:
            body, number = fenced(lines, number, fence)
            kind = fence["info"].strip().split(" ")[0] if fence["info"].strip() else ""
            reading.steps.append(Block(number - len(body), kind, body, reading.waiting))
            reading.waiting = None
        number += 1
    return reading.steps


def fenced(lines: Sequence[str], start: int, opening: re.Match[str]) -> tuple[tuple[str, ...], int]:
    """The lines of the block opened at `start` (its indentation taken off) and the number of
    its closing line."""
    indent, fence = len(opening["indent"]), opening["fence"]
    body = []
    for number in range(start + 1, len(lines)):
        line = lines[number]
        if line.strip().startswith(fence[0] * len(fence)) and not line.strip().strip(fence[0]):
            return tuple(body), number
        body.append(line[indent:] if not line[:indent].strip() else line.lstrip())
    raise AssertionError(f"line {start + 1}: a fenced block that is never closed")


def commands(block: Block) -> list[str]:
    """The commands of an `sh` block: continued lines, heredocs and loops are one command."""
    found: list[str] = []
    pending: list[str] = []
    end_word, depth = "", 0
    for line in block.lines:
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        pending.append(line)
        if end_word:
            end_word = "" if line.strip() == end_word else end_word
        else:
            heredoc = HEREDOC.search(line)
            end_word = heredoc["word"] if heredoc else ""
            first = line.split(None, 1)[0] if line.strip() else ""
            depth += (first in OPENS) - (first in CLOSES)
        if not end_word and depth == 0 and not line.endswith("\\"):
            found.append("\n".join(pending))
            pending = []
    assert not pending, f"line {block.line}: a command that never ends: {pending[0]!r}"
    return found


def in_process(command: str) -> list[str] | None:
    """The words of an `at` command the test may run in-process (the shell would only split,
    unquote and expand it, and write its output to a file after `>`), else None."""
    if "\n" in command or SHELL_ONLY.search(command.split(" #")[0]):
        return None
    words = shlex.split(command, comments=True)
    return words if words[:1] == ["at"] and words[1:2] and words[1] in subcommands() else None


def subcommands() -> set[str]:
    """The names of `at`'s subcommands."""
    actions = parser()._subparsers._group_actions  # type: ignore[union-attr]
    return {
        name
        for action in actions
        if isinstance(action, argparse._SubParsersAction)
        for name in action.choices
    }


def plain(line: str) -> str:
    """A line as compared: no trailing white space, any number of seconds the same."""
    return SECONDS.sub("N s", line.rstrip())


def matches(shown: str, printed: str) -> bool:
    """Whether a line of the page stands for a line printed (one ending in `...` for any line
    that starts alike)."""
    shown, printed = plain(shown), plain(printed)
    if shown.endswith(GAP) and shown.strip() != GAP:
        return printed.startswith(shown.removesuffix(GAP))
    return shown == printed


def groups(shown: Sequence[str]) -> Iterator[list[str]]:
    """The lines of an `output` block cut at its `...` lines."""
    group: list[str] = []
    for line in shown:
        if line.strip() == GAP:
            yield group
            group = []
        else:
            group.append(line)
    yield group


def mismatch(shown: Sequence[str], printed: str) -> str | None:
    """Why an `output` block does not show what was printed (None when it does): the first group
    of its lines not printed as consecutive lines where it should be."""
    lines = printed.splitlines()
    at = 0
    for number, group in enumerate(groups(shown)):
        if not group:
            continue
        anchored = number == 0
        starts = [at] if anchored else range(at, len(lines) - len(group) + 1)
        found = next(
            (
                start
                for start in starts
                if len(lines) - start >= len(group)
                and all(matches(a, b) for a, b in zip(group, lines[start:], strict=False))
            ),
            None,
        )
        if found is None:
            where = "as the first lines printed" if anchored else f"after line {at} printed"
            return f"not printed {where}: {group!r}"
        at = found + len(group)
    return None


def must_end_well(words: Sequence[str], status: int, printed: str) -> str | None:
    """Why a command's end is wrong (None when right): a status other than 0 (1 too for `at`:
    tests failed, a difference found), or a traceback."""
    allowed = (0, 1) if words[:1] == ["at"] else (0,)
    if status not in allowed:
        return f"exit status {status}"
    return "a traceback" if "Traceback (most recent call last)" in printed else None
