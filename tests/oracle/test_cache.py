"""The cache between runs: pieces parsed once are known to the next run, which then starts without
Lark; a cache that is stale, corrupt or out of reach is not used, and never changes an output."""

from __future__ import annotations

import marshal
import os
import subprocess
import sys
from pathlib import Path

import pytest

import oracle.cache
from oracle.cache import FORMAT, PIECES_FILE, SAVED_PIECES, KnownPieces
from oracle.runner import run_script

SCRIPT = "play(10,30,1,1,1,1,1)\nsetup_next(5)\nmove(A,3) pass\n"
# Runs the oracle on a script from stdin, then says whether Lark was loaded.
PROBE = (
    "import sys, oracle.cli; oracle.cli.main(['-b', '/dev/stdin']); print('lark' in sys.modules)"
)


def oracle_run(cache: Path, script: str = SCRIPT) -> tuple[str, bool]:
    """The output of a separate oracle run using this cache folder, and whether it loaded Lark."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        input=script,
        capture_output=True,
        text=True,
        env={**os.environ, "XDG_CACHE_HOME": str(cache)},
        timeout=60,
        check=True,
    )
    assert done.stderr == ""
    output, loaded = done.stdout.rsplit("\n", 2)[:2]
    return output + "\n", loaded == "True"


@pytest.fixture
def pieces_file(tmp_path: Path) -> Path:
    return tmp_path / "space-defender-2-oracle" / PIECES_FILE


def test_a_second_run_of_known_pieces_starts_without_lark(
    tmp_path: Path, pieces_file: Path
) -> None:
    assert oracle_run(tmp_path) == (run_script(SCRIPT), True)
    assert pieces_file.exists()
    assert oracle_run(tmp_path) == (run_script(SCRIPT), False)
    assert oracle_run(tmp_path, SCRIPT + "fire\n") == (run_script(SCRIPT + "fire\n"), True)


def test_errors_are_always_located_by_lark(tmp_path: Path) -> None:
    oracle_run(tmp_path)
    assert oracle_run(tmp_path, SCRIPT + "pass)") == (run_script(SCRIPT + "pass)"), True)


@pytest.mark.parametrize(
    "content",
    [b"", b"garbage", marshal.dumps((FORMAT, b"other sources", {"pass": (("fire", ()),)})),
     marshal.dumps((FORMAT + 1, b"", {})), marshal.dumps([1, 2, 3])],
)  # fmt: skip
def test_a_stale_or_corrupt_pieces_file_is_not_used(
    tmp_path: Path, pieces_file: Path, content: bytes
) -> None:
    pieces_file.parent.mkdir()
    pieces_file.write_bytes(content)
    assert oracle_run(tmp_path) == (run_script(SCRIPT), True)
    assert oracle_run(tmp_path) == (run_script(SCRIPT), False)


def test_a_piece_whose_calls_cannot_be_decoded_is_parsed_again(
    tmp_path: Path, pieces_file: Path
) -> None:
    fingerprint = oracle.cache._fingerprint()
    pieces_file.parent.mkdir()
    pieces_file.write_bytes(marshal.dumps((FORMAT, fingerprint, {"pass": b"garbage"})))
    assert oracle_run(tmp_path, "pass\n") == (run_script("pass\n"), True)
    assert oracle_run(tmp_path, "pass\n") == (run_script("pass\n"), False)


def test_a_cache_folder_out_of_reach_is_done_without(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    assert oracle_run(tmp_path / "file") == (run_script(SCRIPT), True)
    assert oracle_run(tmp_path / "file") == (run_script(SCRIPT), True)


def test_the_newest_pieces_are_kept_first_and_only_so_many(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pieces_file: Path
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    oracle.cache.folder.cache_clear()
    try:
        earlier = KnownPieces()
        for number in range(SAVED_PIECES):
            earlier.add(f"old{number}", (("old", (number,)),))
        earlier.save()
        later = KnownPieces()
        assert later.get("old0") == (("old", (0,)),)
        later.add("new", (("new", ()),))
        later.save()
        saved = KnownPieces()
        assert saved.get("new") == (("new", ()),)
        assert saved.get("old0") is not None and saved.get(f"old{SAVED_PIECES - 1}") is None
    finally:
        oracle.cache.folder.cache_clear()
