"""The PC-BASIC driver and its tool: seeding the listing, the cache, one-line errors."""

import json
import sys
from importlib import metadata
from pathlib import Path

import pytest

from acceptance.game_oracles import pcbasic
from tools.basic import pcbasic_transcript

LISTING = b"10 REM\r\n39 REM\r\n40 PRINT 1\r\n260 CLEAR 600\r\n270 END\r\n"


def test_star_lanes_is_seeded_by_a_line_39_and_super_star_trek_by_its_line_260() -> None:
    lanes = pcbasic.seeded_listing("star_lanes", b"10 REM\n40 PRINT 1\n", 5).decode()
    assert lanes.splitlines() == ["10 REM", "39 RANDOMIZE 5", "40 PRINT 1"]
    trek = pcbasic.seeded_listing("super_star_trek", LISTING, -1).decode()
    assert "260 CLEAR 600:RANDOMIZE -1" in trek.splitlines()
    assert pcbasic.seeded_listing("star_lanes", LISTING, None) == LISTING


def test_a_corrupt_cache_file_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    runs: list[bytes] = []

    def fake_run(source: bytes, typed: bytes, timeout: float, files: dict[str, bytes]) -> str:
        runs.append(source)
        return "HELLO\n"

    monkeypatch.setattr(pcbasic, "_run_pcbasic", fake_run)
    assert pcbasic.run(b"10 END\r", b"") == "HELLO\n"
    assert pcbasic.run(b"10 END\r", b"") == "HELLO\n"
    assert len(runs) == 1
    for cached in pcbasic.cache_folder().iterdir():
        cached.write_text(json.dumps({"key": "other", "transcript": "WRONG"}))
    assert pcbasic.run(b"10 END\r", b"") == "HELLO\n"
    assert len(runs) == 2


def test_a_missing_listing_or_input_file_is_one_line_and_status_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inputs = tmp_path / "in.txt"
    inputs.write_text("2\n")
    missing = tmp_path / "none.bas"
    assert pcbasic_transcript.main(["star_lanes", str(inputs), "--listing", str(missing)]) == 1
    assert capsys.readouterr().err == f"pcbasic_transcript: listing not found: {missing}\n"
    assert pcbasic_transcript.main(["star_lanes", str(tmp_path / "nothing.txt")]) == 1
    error = capsys.readouterr().err
    assert error.startswith("pcbasic_transcript: cannot read") and error.count("\n") == 1


def test_a_game_that_is_not_basic_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as stopped:
        pcbasic_transcript.main(["star_canine", "in.txt"])
    assert stopped.value.code == 2


def error_of_a_pcbasic(body: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The one line a run gives where `pcbasic` is a Python program of this body."""
    stand_in = folder / "pcbasic"
    stand_in.write_text(f"#!{sys.executable}\n{body}")
    stand_in.chmod(0o755)
    monkeypatch.setattr(pcbasic, "pcbasic_executable", lambda: stand_in)
    with pytest.raises(pcbasic.PcBasicError) as caught:
        pcbasic.run(b"10 END\r", b"", use_cache=False)
    return str(caught.value)


def test_pc_basic_failing_with_output_that_is_not_utf_8_is_one_readable_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = (
        'import sys\nsys.stderr.buffer.write(b"starting\\n\\xff\\xfe bad listing\\n")\n'
        "sys.exit(3)\n"
    )
    assert error_of_a_pcbasic(body, tmp_path, monkeypatch) == (
        "PC-BASIC failed (exit status 3): \ufffd\ufffd bad listing"
    )


def test_pc_basic_ending_without_writing_its_output_file_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert error_of_a_pcbasic("", tmp_path, monkeypatch) == "PC-BASIC wrote no output"


def test_a_games_transcript_is_given_the_time_it_is_allowed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    listing = tmp_path / "oracle.bas"
    listing.write_bytes(LISTING)
    timeouts: list[float] = []

    def fake_run(source: bytes, typed: bytes, timeout: float, files: dict[str, bytes]) -> str:
        timeouts.append(timeout)
        return "HELLO\n"

    monkeypatch.setattr(pcbasic, "_run_pcbasic", fake_run)
    text = pcbasic.transcript("star_lanes", ["2"], 5, listing, timeout=7.5, use_cache=False)
    assert text == "HELLO\n" and timeouts == [7.5]


def test_a_transcript_is_cached_under_the_installed_pc_basics_own_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def version(name: str) -> str:
        if name != "pcbasic":
            raise metadata.PackageNotFoundError(name)
        return "9.9.9"

    monkeypatch.setattr(metadata, "version", version)
    pcbasic.pcbasic_version.cache_clear()
    try:
        assert pcbasic.pcbasic_version() == "9.9.9"
        key = pcbasic._cache_key(b"10 END", b"", {})
        monkeypatch.setattr(metadata, "version", lambda name: "9.9.10")
        pcbasic.pcbasic_version.cache_clear()
        assert pcbasic._cache_key(b"10 END", b"", {}) != key
    finally:
        pcbasic.pcbasic_version.cache_clear()
