"""`make web`: the static site of the oracle's web page, in web/dist/.

It holds the page (web/index.html, app.js, style.css, and worker.js, which runs the page's Python
side page.py), the Pyodide runtime as `npm ci` installed it in web/node_modules (the version
package-lock.json pins), the files of the project's own wheel and lark's (as the page writes them
into Python's site-packages), the public tests and the games as JSON, and a service worker (sw.js)
that keeps them for offline use. Nothing in it comes from another host when the page runs, and
any static server can serve it.

    python -m tools.webpage.static_site [--dist FOLDER]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from importlib.metadata import version
from pathlib import Path

from acceptance.game_oracles.registry import GAMES
from acceptance.running.cases import collect, script_folder
from web.page import games_json

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
PAGE_FILES = ("index.html", "app.js", "worker.js", "style.css", "page.py")  # and sw.js, written
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
SITE_PACKAGES = "site-packages"  # the wheels' files: .json their index, .gz their bytes
TESTS_FILE = "tests.json"
GAMES_FILE = "games.json"
OFFLINE_FILE = "sw.js"  # the service worker, written with the site's version and files
VERSION_FILE = "version.json"  # the site's version: the key of the Python snapshot (worker.js)


class BuildError(Exception):
    """The site cannot be built; the message says why in one line."""


def main(argv: list[str] | None = None) -> int:
    """Build the site; one line and status 1 if something it needs is missing."""
    parser = argparse.ArgumentParser(
        prog="python -m tools.webpage.static_site", description=__doc__
    )
    parser.add_argument("--dist", type=Path, default=WEB / "dist", help="the site's folder")
    options = parser.parse_args(argv)
    try:
        build(options.dist)
    except BuildError as error:
        print(f"web: {error}", file=sys.stderr)
        return 1
    print(f"web: built {options.dist} ({folder_size(options.dist) / 1e6:.1f} MB)")
    return 0


def build(dist: Path) -> None:
    """Write the whole site into `dist`, replacing what an earlier build left there."""
    runtime = WEB / "node_modules" / "pyodide"
    if not runtime.is_dir():
        raise BuildError(f"no Pyodide in {runtime}: run `npm ci` in web/ first")
    if dist.exists():
        shutil.rmtree(dist)
    (dist / "pyodide").mkdir(parents=True)
    for name in PAGE_FILES:
        shutil.copy2(WEB / name, dist / name)
    for name in PYODIDE_FILES:
        shutil.copy2(runtime / name, dist / "pyodide" / name)
    with tempfile.TemporaryDirectory(prefix="wheels-") as wheels:
        write_site_packages(build_wheels(Path(wheels)), dist)
    (dist / TESTS_FILE).write_text(json.dumps(public_tests()) + "\n", encoding="utf-8")
    (dist / GAMES_FILE).write_text(games_json() + "\n", encoding="utf-8")
    write_offline(dist)


def build_wheels(folder: Path) -> list[Path]:
    """The project's wheel and lark's (the version installed here) in `folder`."""
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools' leftovers of an older tree
    pip = [sys.executable, "-m", "pip", "--quiet", "--disable-pip-version-check"]
    commands = [
        [*pip, "wheel", str(ROOT), "--no-deps", "--wheel-dir", str(folder)],
        [*pip, "download", f"lark=={version('lark')}", "--no-deps", "--only-binary", ":all:"]
        + ["--dest", str(folder)],
    ]
    for command in commands:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no error output"])[-1]
            raise BuildError(f"{' '.join(command[3:5])} failed: {last}")
    for wheel in folder.glob("*.whl"):
        without_data(wheel)
    return sorted(folder.glob("*.whl"))


def write_site_packages(wheels: list[Path], dist: Path) -> None:
    """The wheels' files as the page writes them into Python's site-packages (worker.js): an
    index of their paths and sizes, and their bytes one after another, gzip-compressed. Writing
    them takes the page milliseconds, where unzipping the wheels in Python took a fifth of a
    return visit."""
    index: list[tuple[str, int]] = []
    contents: list[bytes] = []
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            for item in archive.infolist():
                if not item.is_dir():
                    index.append((item.filename, item.file_size))
                    contents.append(archive.read(item))
    (dist / f"{SITE_PACKAGES}.json").write_text(json.dumps(index) + "\n", encoding="utf-8")
    (dist / f"{SITE_PACKAGES}.gz").write_bytes(gzip.compress(b"".join(contents), mtime=0))


def without_data(wheel: Path) -> None:
    """The wheel without its data files (the public tests, which the page has in tests.json):
    four fifths of what the page's every start would unpack, for nothing."""
    with zipfile.ZipFile(wheel) as source:
        kept = [item for item in source.infolist() if ".data/" not in item.filename]
        if len(kept) == len(source.infolist()):
            return
        contents = {item.filename: source.read(item) for item in kept}
    for name, content in contents.items():
        if name.endswith(".dist-info/RECORD"):
            lines = content.decode("utf-8").splitlines(keepends=True)
            contents[name] = "".join(line for line in lines if ".data/" not in line).encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as target:
        for item in kept:
            target.writestr(item, contents[item.filename])


def public_tests() -> list[dict[str, object]]:
    """Every public acceptance test: its game, name, seed and script, for the page's list."""
    folders = [script_folder(game, ROOT) for game in GAMES.values()]
    return [
        {
            "game": case.game.name,
            "name": case.name.rsplit("/", 1)[-1],
            "seed": case.seed,
            "script": case.script.read_text(encoding="utf-8"),
        }
        for case in collect(folder for folder in folders if folder.is_dir())
    ]


def write_offline(dist: Path) -> None:
    """The service worker and the version file, given the site's files and a version that changes
    with any of them (the browser's copy of the site and the Python snapshot go with it)."""
    files = sorted(path for path in dist.rglob("*") if path.is_file())
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(dist).as_posix().encode() + b"\0" + path.read_bytes())
    version = digest.hexdigest()[:16]
    (dist / VERSION_FILE).write_text(json.dumps({"version": version}) + "\n", encoding="utf-8")
    names = ["./", *(path.relative_to(dist).as_posix() for path in [*files, dist / VERSION_FILE])]
    lines = (WEB / OFFLINE_FILE).read_text(encoding="utf-8").splitlines(keepends=True)
    written = {
        "const VERSION": f"const VERSION = {json.dumps(version)};\n",
        "const FILES": f"const FILES = {json.dumps(names)};\n",
    }
    text = "".join(written.get(line.split(" =")[0], line) for line in lines)
    (dist / OFFLINE_FILE).write_text(text, encoding="utf-8")


def folder_size(folder: Path) -> int:
    """The bytes of every file under a folder."""
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


if __name__ == "__main__":
    sys.exit(main())
