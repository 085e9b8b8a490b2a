"""Reading the fact files that tools/basic/facts.py measured with PC-BASIC."""

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from games.basic import mbf
from games.basic.errors import soft_errors_to
from games.basic.single import Single, pack

DATA = Path(__file__).parent / "data"


def load(kind: str) -> dict[str, Any]:
    """The facts of one kind."""
    facts: dict[str, Any] = json.loads((DATA / f"{kind}.json").read_text(encoding="utf-8"))
    return facts


def single(hex_bytes: str) -> Single:
    """The single whose MKS$ bytes are given in hex (memory order)."""
    return pack(mbf.from_bytes(bytes.fromhex(hex_bytes)))


def results(record: list[str]) -> list[tuple[list[str], str]]:
    """A record's results: for each `=` line, the messages printed before it and its bytes."""
    found, messages = [], []
    for line in record:
        if line.startswith("="):
            found.append((messages, line[1:]))
            messages = []
        else:
            messages.append(line)
    return found


def hex_of(value: Single) -> str:
    """The MKS$ bytes of a single in hex, as the facts programs print them."""
    from games.basic.single import unpack

    return mbf.to_bytes(unpack(value), mbf.SINGLE_WIDTH).hex().upper()


@contextmanager
def messages() -> Iterator[list[str]]:
    """Collect the soft-error messages printed while the block runs."""
    printed: list[str] = []
    with soft_errors_to(printed.append):
        yield printed
