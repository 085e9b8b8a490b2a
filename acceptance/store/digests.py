"""What a stored run's key is made of: digests of a submission's folder, of a file, and of a
test (name, game, seed, script and expected bytes), so that what changed runs again."""

import hashlib
import os
import stat
from pathlib import Path

from acceptance.running.cases import Case

READ_SIZE = 1 << 20  # pragma: no mutate (bytes read at a time: speed only)


def digest(*parts: bytes | str) -> str:
    """A SHA-256 of some parts, each length-prefixed so that no two lists give the same bytes."""
    hashed = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8", "surrogateescape") if isinstance(part, str) else part
        hashed.update(len(data).to_bytes(8, "big") + data)
    return hashed.hexdigest()


def file_digest(path: Path) -> str:
    """The SHA-256 of a file's bytes."""
    hashed = hashlib.sha256()
    with open(path, "rb") as file:
        while chunk := file.read(READ_SIZE):
            hashed.update(chunk)
    return hashed.hexdigest()


def folder_digest(folder: Path) -> str:
    """A digest of a folder's content: every path under it with its kind, whether it can be run,
    its bytes or the target of a link; a folder that cannot be read has a digest of why."""
    parts: list[str] = []
    try:
        if not folder.is_dir():
            return digest("missing", str(folder))
        for top, folders, files in os.walk(folder, onerror=raise_error):
            folders.sort()
            for name in sorted(files + [f"{name}/" for name in folders if is_link(top, name)]):
                path = Path(top, name.rstrip("/"))
                relative = path.relative_to(folder).as_posix()
                mode = path.lstat().st_mode
                if stat.S_ISLNK(mode):
                    parts += ["link", relative, os.readlink(path)]
                elif stat.S_ISREG(mode):
                    parts += ["file", relative, str(mode & 0o111 != 0), file_digest(path)]
                else:
                    parts += ["other", relative]
            folders[:] = [name for name in folders if not is_link(top, name)]
    except OSError as error:
        return digest("unreadable", str(folder), str(error))
    return digest(*parts)


def raise_error(error: OSError) -> None:
    """os.walk's error handler: a folder that cannot be listed stops the digest."""
    raise error


def is_link(top: str, name: str) -> bool:
    """Whether an entry os.walk lists as a folder is a link to one."""
    return os.path.islink(os.path.join(top, name))


def test_key(case: Case, expected: bytes) -> str:
    """What a run depends on of its test: name, game, seed, script and expected bytes."""
    script = case.script.read_bytes()
    return digest(case.name, case.game.name, str(case.seed), script, expected)
