"""The reference oracle of the BASIC games: the original listing run by PC-BASIC.

`transcript(game, inputs, seed, listing)` runs `pcbasic` (the one installed beside the running
Python) on the game's listing, seeded as the game says, with the input lines typed one after
the other, and returns what the screen showed (latin-1, LF line ends, no closing prompt). A game
takes PC-BASIC tens of seconds, so `--video=cga` is used (byte-identical output, less time) and
results are cached on disk by a hash of everything that decides them. The transcript's form,
the profile and the cache: docs/explanation/basic-runtime.md.
"""

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path

OPTIONS = ("-n", "--video=cga")
DEFAULT_TIMEOUT = 600.0
CLOSING_PROMPT = "Ok\xff\n"
CACHE_FOLDER = "space-defender-2-oracle"
CACHE_FORMAT = 1


class PcBasicError(RuntimeError):
    """PC-BASIC could not produce a transcript; the text is a one-line explanation."""


@dataclass(frozen=True)
class SeedLine:
    """How a game's listing is seeded: the line number of the RANDOMIZE and its text."""

    number: int
    replaces: str | None

    def line(self, seed: int) -> str:
        """The listing line that seeds the generator with `seed`."""
        prefix = f"{self.replaces}:" if self.replaces else ""
        return f"{self.number} {prefix}RANDOMIZE {seed}"


SEED_LINES = {
    "star_lanes": SeedLine(39, None),
    "super_star_trek": SeedLine(260, "CLEAR 600"),
}


def transcript(
    game: str,
    inputs: Sequence[str],
    seed: int | None = None,
    listing: Path | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    use_cache: bool = True,
) -> str:
    """The transcript PC-BASIC prints for a game played with these input lines (cached)."""
    source = seeded_listing(game, read_listing(listing or default_listing(game)), seed)
    typed = b"".join(line.encode("utf-8") + b"\r" for line in inputs)
    return run(source, typed, timeout=timeout, use_cache=use_cache)


def default_listing(game: str) -> Path:
    """The game's oracle listing in the shared reference folder beside the project."""
    if game not in SEED_LINES:
        raise PcBasicError(f"not a BASIC game: {game} (known: {', '.join(SEED_LINES)})")
    project = Path(__file__).resolve().parents[2]  # above acceptance/running/
    return project.parent / "shared" / "reference" / game / "oracle.bas"


def read_listing(path: Path) -> bytes:
    """The bytes of a listing, or a one-line error saying why it cannot be read."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise PcBasicError(f"listing not found: {path}") from None
    except OSError as error:
        raise PcBasicError(f"cannot read the listing {path}: {error.strerror}") from None


def seeded_listing(game: str, source: bytes, seed: int | None) -> bytes:
    """The listing with the game's RANDOMIZE line for `seed` (unchanged for no seed)."""
    if seed is None:
        return source
    if game not in SEED_LINES:
        raise PcBasicError(f"not a BASIC game: {game} (known: {', '.join(SEED_LINES)})")
    seed_line = SEED_LINES[game]
    lines = source.decode("latin-1").splitlines()
    numbers = [_line_number(line) for line in lines]
    new = seed_line.line(seed)
    if seed_line.replaces is None:
        position = next((i for i, n in enumerate(numbers) if n > seed_line.number), len(lines))
        lines.insert(position, new)
    else:
        old = f"{seed_line.number} {seed_line.replaces}"
        if old not in lines:
            raise PcBasicError(f"the listing has no line '{old}' to seed")
        lines[lines.index(old)] = new
    return ("\n".join(lines) + "\n").encode("latin-1")


def _line_number(line: str) -> int:
    """The line number a listing line starts with (-1 for none)."""
    digits = line[: len(line) - len(line.lstrip("0123456789"))]
    return int(digits) if digits else -1


def run(
    source: bytes,
    typed: bytes,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    use_cache: bool = True,
    files: dict[str, bytes] | None = None,
) -> str:
    """PC-BASIC's transcript of a program with the given keystrokes (cached unless told not)."""
    key = _cache_key(source, typed, files or {})
    cached = _read_cache(key) if use_cache else None
    if cached is not None:
        return cached
    text = _run_pcbasic(source, typed, timeout, files or {})
    if use_cache:
        _write_cache(key, text)
    return text


def _run_pcbasic(source: bytes, typed: bytes, timeout: float, files: dict[str, bytes]) -> str:
    """One PC-BASIC run in a scratch folder (also its drive Z:), the output file read back."""
    executable = pcbasic_executable()
    with tempfile.TemporaryDirectory(prefix="pcbasic-") as scratch:
        folder = Path(scratch)
        (folder / "PROGRAM.BAS").write_bytes(source)
        (folder / "INPUT.TXT").write_bytes(typed)
        for name, data in files.items():
            (folder / name).write_bytes(data)
        command = [
            str(executable),
            "PROGRAM.BAS",
            *OPTIONS,
            "--input=INPUT.TXT",
            "--output=OUTPUT.TXT",
        ]
        try:
            subprocess.run(
                command,
                cwd=folder,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                timeout=timeout,
                check=True,
            )
        except subprocess.TimeoutExpired:
            raise PcBasicError(f"PC-BASIC did not finish within {timeout:g} s") from None
        except subprocess.CalledProcessError as error:
            detail = error.stderr.decode("utf-8", "replace").strip().splitlines()
            raise PcBasicError(
                f"PC-BASIC failed (exit status {error.returncode})"
                + (f": {detail[-1]}" if detail else "")
            ) from None
        except OSError as error:
            raise PcBasicError(f"cannot run {executable}: {error.strerror}") from None
        try:
            output = (folder / "OUTPUT.TXT").read_bytes()
        except OSError:
            raise PcBasicError("PC-BASIC wrote no output") from None
    return clean_output(output)


def clean_output(output: bytes) -> str:
    """PC-BASIC's output file as a transcript: LF line ends, the closing Ok prompt removed."""
    text = output.replace(b"\r\n", b"\n").decode("latin-1")
    return text.removesuffix(CLOSING_PROMPT)


def pcbasic_executable() -> Path:
    """The `pcbasic` of the running Python's environment, or a one-line error."""
    folder = Path(sys.executable).parent
    for name in ("pcbasic", "pcbasic.exe"):
        if (folder / name).is_file():
            return folder / name
    raise PcBasicError(f"pcbasic is not installed beside {sys.executable} (pip install pcbasic)")


@cache
def pcbasic_version() -> str:
    """The installed PC-BASIC's version (part of the cache key)."""
    try:
        return metadata.version("pcbasic")
    except metadata.PackageNotFoundError:
        return "unknown"


def _cache_key(source: bytes, typed: bytes, files: dict[str, bytes]) -> str:
    """A hash of everything that decides a run's output."""
    digest = hashlib.sha256()
    for part in (
        f"{CACHE_FORMAT} {pcbasic_version()} {' '.join(OPTIONS)}".encode(),
        source,
        typed,
        *(name.encode() + b"\0" + data for name, data in sorted(files.items())),
    ):
        digest.update(len(part).to_bytes(8, "little") + part)
    return digest.hexdigest()


def cache_folder() -> Path:
    """Where transcripts are kept between runs."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return Path(base) / CACHE_FOLDER / "pcbasic"


def _read_cache(key: str) -> str | None:
    """A cached transcript, or None if absent, unreadable or not what was stored for `key`."""
    try:
        record = json.loads((cache_folder() / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("key") != key:
        return None
    text = record.get("transcript")
    return text if isinstance(text, str) else None


def _write_cache(key: str, text: str) -> None:
    """Keep a transcript for next time; a cache that cannot be written is simply not kept."""
    folder = cache_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", dir=folder, suffix=".tmp", delete=False
        ) as stream:
            json.dump({"key": key, "transcript": text}, stream)
        os.replace(stream.name, folder / f"{key}.json")
    except OSError:
        return
