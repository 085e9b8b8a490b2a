"""What the oracle keeps between runs in the user's cache folder: the parser's tables (written by
Lark) and the calls of the script pieces parsed so far, so that a run whose pieces are all known
(at001 run again, a student's tests run one after the other) starts without loading Lark.

The pieces are kept with the sources their calls follow from (the grammar, the transformer, the
declarations): a cache written under other sources is ignored. Nothing here is ever an error:
a cache that cannot be read or written is simply not used. Each piece's calls are kept marshalled
on their own, and decoded only when a run meets the piece: a run starts without decoding the
thousands it does not meet (docs/explanation/speed.md).
"""

from __future__ import annotations

import marshal
import os
from dataclasses import dataclass, field
from functools import cache

from oracle.declarations import Argument

PIECES_FILE = "script-pieces.marshal"
SAVED_PIECES = 4096  # the most recently parsed pieces kept on disk
FORMAT = 2  # 2: each piece's calls marshalled on their own
# The sources a piece's calls follow from (the parser cuts and parses pieces), in this folder.
SOURCES = ("script.lark", "grammar.py", "parser.py", "calls.py", "declarations.py")

# A piece's calls as plain data: (name, arguments) for each.
Calls = tuple[tuple[str, tuple[Argument, ...]], ...]


@cache
def folder() -> str | None:
    """The oracle's folder in the user's cache folder (made if need be), or None if it cannot be."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    path = os.path.join(base, "space-defender-2-oracle")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError:
        return None
    return path


@dataclass
class KnownPieces:
    """The calls of pieces parsed in earlier runs, and of those parsed in this one."""

    earlier: dict[str, bytes] | None = None
    new: dict[str, bytes] = field(default_factory=dict)

    def get(self, piece: str) -> Calls | None:
        if self.earlier is None:
            self.earlier = _load()
        data = self.new.get(piece)
        if data is None:
            data = self.earlier.get(piece)
        return None if data is None else _decoded(data)

    def add(self, piece: str, calls: Calls) -> None:
        if len(self.new) < SAVED_PIECES:
            self.new[piece] = marshal.dumps(calls)

    def save(self) -> None:
        """Write this run's new pieces, then the earlier ones, up to SAVED_PIECES of them."""
        fingerprint = _fingerprint()
        if not self.new or fingerprint is None:
            return
        kept = dict(self.new)  # first, and over an earlier copy that could not be decoded
        for piece, data in (self.earlier or {}).items():
            kept.setdefault(piece, data)
        pieces = dict(list(kept.items())[:SAVED_PIECES])
        _store((FORMAT, fingerprint, pieces))
        self.earlier, self.new = pieces, {}


def _decoded(data: bytes) -> Calls | None:
    """A piece's calls, or None (parsed anew) if what was kept cannot be read."""
    try:
        calls: Calls = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None
    return calls


def _load() -> dict[str, bytes]:
    """The pieces saved under the present sources, or none."""
    path, fingerprint = _pieces_path(), _fingerprint()
    if path is None or fingerprint is None:
        return {}
    try:
        with open(path, "rb") as file:  # loads of the whole: load(file) reads in tiny pieces
            version, saved_under, pieces = marshal.loads(file.read())
    except Exception:  # missing, unreadable, corrupt or foreign: start afresh
        return {}
    if version == FORMAT and saved_under == fingerprint and isinstance(pieces, dict):
        return pieces
    return {}


def _store(content: tuple[int, bytes, dict[str, bytes]]) -> None:
    """Replace the pieces file at once (other oracles may be reading it), or leave it."""
    path = _pieces_path()
    if path is None:
        return
    temporary = f"{path}.{os.getpid()}"
    try:
        with open(temporary, "wb") as file:
            marshal.dump(content, file)
        os.replace(temporary, path)
    except (OSError, ValueError):
        try:
            os.remove(temporary)
        except OSError:
            pass


@cache
def _fingerprint() -> bytes | None:
    """The sources the calls of a piece follow from, as they are now (None if unreadable)."""
    here = os.path.dirname(__file__)
    try:
        return b"\0".join(_read(os.path.join(here, name)) for name in SOURCES)
    except OSError:
        return None


def _read(path: str) -> bytes:
    with open(path, "rb") as file:
        return file.read()


def _pieces_path() -> str | None:
    cache_folder = folder()
    return None if cache_folder is None else os.path.join(cache_folder, PIECES_FILE)
