"""The test matrix (noxfile.py): each Python is the newest pyenv release of its version, else the
PATH's; a missing one is skipped here and fails in CI; nothing is downloaded. CI runs the
README's test command, `make test`, which there runs the matrix."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def noxfile(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """noxfile.py, imported with the PATH it changes restored after the test."""
    monkeypatch.setenv("PATH", os.environ.get("PATH", ""))
    import noxfile as module

    return module


def python(folder: Path, version: str) -> Path:
    """An executable python3.X in FOLDER/bin; that bin folder."""
    executable = folder / "bin" / f"python{version}"
    executable.parent.mkdir(parents=True)
    executable.write_text("#!/bin/sh\n")
    executable.chmod(0o755)
    return executable.parent


def test_the_newest_pyenv_release_of_a_version_is_taken(
    noxfile: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for release in ("3.12.9", "3.12.10", "3.12-dev", "3.13.0"):
        python(tmp_path / release, release[:4])
    monkeypatch.setattr(noxfile, "PYENV", tmp_path)
    assert noxfile.interpreter("3.12") == tmp_path / "3.12.10" / "bin"
    assert noxfile.interpreter("3.13") == tmp_path / "3.13.0" / "bin"


def test_a_version_pyenv_lacks_is_looked_for_on_the_path(
    noxfile: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(noxfile, "PYENV", tmp_path / "none")
    found = python(tmp_path / "elsewhere", "3.12")
    monkeypatch.setenv("PATH", str(found))
    assert noxfile.interpreter("3.12") == found
    assert noxfile.interpreter("3.13") is None


def test_the_found_pythons_come_first_on_the_path(
    noxfile: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(noxfile, "PYENV", tmp_path)
    found = python(tmp_path / "3.12.1", "3.12")
    monkeypatch.setenv("PATH", "/usr/bin")
    noxfile.put_first_on_path(("3.12", "3.13"))
    assert os.environ["PATH"] == os.pathsep.join([str(found), "/usr/bin"])


@pytest.mark.parametrize(("ci", "status", "said"), [(None, 0, "skipped"), ("true", 1, "failed")])
def test_a_missing_python_is_skipped_here_and_fails_in_ci(
    noxfile: ModuleType, tmp_path: Path, ci: str | None, status: int, said: str
) -> None:
    # A version other than this test's own: nox takes its own interpreter for a session of its
    # version, which would run the whole suite again.
    running = f"{sys.version_info.major}.{sys.version_info.minor}"
    version = next(version for version in noxfile.PYTHONS if version != running)
    environment = {**os.environ, "PYENV_ROOT": str(tmp_path), "PATH": str(tmp_path)}
    environment.pop("CI", None)
    environment.update({"CI": ci} if ci else {})
    # Its own environments' folder: the project's .nox may be the one running this test.
    nox = ["-f", str(ROOT / "noxfile.py"), "--envdir", str(tmp_path / ".nox")]
    command = [sys.executable, "-m", "nox", *nox, "-s", f"tests-{version}"]
    run = subprocess.run(
        command, env=environment, capture_output=True, text=True, cwd=tmp_path, timeout=60
    )
    assert run.returncode == status
    assert f"Session tests-{version} {said}: Python interpreter {version} not found" in run.stderr


def test_the_matrix_starts_at_the_oldest_python_the_project_claims(noxfile: ModuleType) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["requires-python"] == f">={noxfile.PYTHONS[0]}"


def test_ci_runs_the_readmes_test_command_which_there_runs_the_matrix() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.search(r"^make test +# ", readme, re.M)
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "make test" in lines and "export CI=true" in lines[: lines.index("make test")]
    dry = ["make", "--no-print-directory", "-n", "-C", str(ROOT), "test"]
    environment = {**os.environ, "CI": "true"}
    run = subprocess.run(dry, env=environment, capture_output=True, text=True, check=True)
    assert run.stdout.splitlines()[-1] == ".venv/bin/nox --sessions tests"
