"""The test matrix: the whole suite on every Python the project claims, each session installed
from uv.lock (`make matrix`, or `.venv/bin/nox -s tests-3.13 -- tests/oracle/test_cli.py`).

The interpreters are those found on the machine: pyenv's newest release of each minor version
(under `$PYENV_ROOT/versions`, else `~/.pyenv/versions`), else `python3.X` on the PATH. A session
whose interpreter is missing is skipped with nox's message, except in CI (CI=true), where it fails.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import nox

PYTHONS = ("3.11", "3.12", "3.13")
PYENV = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
RELEASE = re.compile(r"(\d+)\.(\d+)\.(\d+)")

nox.options.sessions = ["tests"]
nox.options.error_on_missing_interpreters = os.environ.get("CI") == "true"
nox.options.download_python = "never"


def release(folder: Path) -> tuple[int, ...]:
    """A pyenv version folder's release as numbers (3.12.10 after 3.12.9); () for a pre-release."""
    match = RELEASE.fullmatch(folder.name)
    return tuple(int(part) for part in match.groups()) if match else ()


def interpreter(version: str) -> Path | None:
    """The folder of the newest pyenv release of VERSION (3.12: 3.12.*), else of python3.X on
    the PATH, else None."""
    folders = [folder for folder in PYENV.glob(f"{version}.*") if release(folder)]
    for folder in sorted(folders, key=release, reverse=True):
        if (folder / "bin" / f"python{version}").exists():
            return folder / "bin"
    found = shutil.which(f"python{version}")
    return Path(found).parent if found else None


def put_first_on_path(versions: tuple[str, ...]) -> None:
    """Put each found interpreter's folder before the rest of the PATH, so that nox and uv take
    it rather than a pyenv shim that refuses a version pyenv has not selected."""
    folders = [str(folder) for folder in map(interpreter, versions) if folder is not None]
    os.environ["PATH"] = os.pathsep.join([*folders, os.environ.get("PATH", "")])


def uv() -> str:
    """The uv that installs the sessions: the one beside nox's own Python, else the PATH's."""
    beside = Path(sys.executable).with_name("uv")
    return str(beside) if beside.exists() else "uv"


put_first_on_path(PYTHONS)


@nox.session(python=list(PYTHONS), venv_backend="uv")
def tests(session: nox.Session) -> None:
    """The whole suite (or the pytest arguments given after --) on one Python, the project and
    its dev extra at exactly the versions of uv.lock."""
    location = str(session.virtualenv.location)
    environment = {"UV_PROJECT_ENVIRONMENT": location}
    session.run_install(
        uv(), "sync", "--locked", "--extra", "dev", "--quiet", env=environment, external=True
    )
    session.run("pytest", *session.posargs)
