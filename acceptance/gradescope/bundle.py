"""The Gradescope autograder bundle an instructor uploads: `setup.sh` installing the oracle and its
harness, `run_autograder` grading `/autograder/submission` over the hidden suite.

Both scripts read the folder Gradescope lays out from `$AUTOGRADER` (default `/autograder`), so
that the bundle can be tried in any folder laid out the same way.
"""

import shlex
import shutil
import stat
import tomllib
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from acceptance.errors import HarnessError
from acceptance.running.cases import EXPECTED_SUFFIX, SEED_SUFFIX, Case, require_expected, stem

BUNDLE_ZIP = "autograder.zip"


PROJECT = "project"  # the bundle's copy of this project, installed by setup.sh


SUITE = "suite"  # the bundle's copy of the hidden suite: suite/NAME.txt, suite/GAME/NAME.txt


POINTS_FILE = "points.txt"


SCHEME_FILE = "scheme.toml"


SOURCE_FILES = ("pyproject.toml", "README.md")


@dataclass(frozen=True)
class Bundle:
    """What an autograder bundle grades: the program template, the hidden suite, its points, the
    time limit of one run, the visibility of the results, whether runs may go unsandboxed, and
    the marking scheme."""

    template: str
    cases: Sequence[Case]
    points: Path | None
    timeout: float
    visibility: str
    game: str | None
    sandbox: bool = True
    scheme: Path | None = None


def source_root() -> Path:
    """The source checkout this harness runs from (the bundle installs a copy of it)."""
    root = Path(__file__).resolve().parents[2]  # above acceptance/grading/
    if not (root / "pyproject.toml").is_file():
        raise HarnessError("the autograder bundle is made from a source checkout of the project")
    return root


def packages(root: Path) -> list[str]:
    """The project's top-level packages, as its pyproject.toml lists them."""
    with open(root / "pyproject.toml", "rb") as file:
        found = tomllib.load(file)["tool"]["setuptools"]["packages"]["find"]["include"]
    return [name for name in found if "." not in name and "*" not in name]


def copy_project(target: Path) -> None:
    """A copy of the project's packages and build files, as setup.sh installs them."""
    root = source_root()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in packages(root):
        shutil.copytree(root / name, target / name, ignore=ignore)
    for name in SOURCE_FILES:
        shutil.copy2(root / name, target / name)


def copy_suite(cases: Sequence[Case], target: Path) -> list[str]:
    """The suite's scripts with their seeds and expected files beside them, a sister game's in
    its own folder (so test names stay the same); the suite's folders, relative to the bundle."""
    require_expected(cases)
    folders: dict[str, None] = {}
    for case in cases:
        assert case.expected is not None  # required above
        folder = target / case.game.folder
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(case.script, folder / case.script.name)
        shutil.copyfile(case.expected, folder / (stem(case.script) + EXPECTED_SUFFIX))
        seed = case.script.with_name(stem(case.script) + SEED_SUFFIX)
        if seed.is_file():
            shutil.copyfile(seed, folder / seed.name)
        folders[folder.relative_to(target.parent).as_posix()] = None
    return list(folders)


SETUP = """#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder: a Python of 3.11 or newer,
# and this project (the oracle and its `at` harness) in a virtual environment beside the bundle.
# Built for Gradescope's Ubuntu 22.04 base image (its python3 is 3.10: python3.11 is installed
# from Ubuntu's own archive) and 24.04 (its python3 is 3.12).
set -euo pipefail
SOURCE="${AUTOGRADER:-/autograder}/source"
new_enough() {  # whether a Python command is 3.11 or newer, by its --version
  local version minor
  version=$("$1" --version 2>&1) || return 1
  version=${version#Python }
  minor=${version#3.}
  minor=${minor%%.*}
  [ "${version%%.*}" = 3 ] && [ "$minor" -ge 11 ] 2>/dev/null
}
newest() {  # the first Python command on the PATH that is new enough
  for candidate in python3 python3.13 python3.12 python3.11; do
    if command -v "$candidate" >/dev/null && new_enough "$candidate"; then
      echo "$candidate"
      return
    fi
  done
}
apt-get update -q
apt-get install -y -q python3 python3-venv bubblewrap
PYTHON=$(newest)
if [ -z "$PYTHON" ]; then
  echo "setup.sh: python3 is $(python3 --version 2>&1); installing python3.11" >&2
  apt-get install -y -q python3.11 python3.11-venv || true
  PYTHON=$(newest)
fi
if [ -z "$PYTHON" ]; then
  echo "setup.sh: no Python 3.11 or newer here, and apt-get could not install python3.11:" \\
    "use Gradescope's Ubuntu 22.04 or 24.04 base image" >&2
  exit 1
fi
"$PYTHON" -m venv "$SOURCE/venv"
"$SOURCE/venv/bin/pip" install --quiet "$SOURCE/project"
"""


RUN = """#!/usr/bin/env bash
# Gradescope runs this for each submission: /autograder/submission graded over the hidden suite,
# its results written to /autograder/results/results.json as each test finishes (and the class
# reports beside it). Each run is sandboxed where the container lets bubblewrap make namespaces;
# where it does not, each run goes as an unprivileged user of its own, the hidden suite and this
# bundle readable by root alone. The results say which.
set -uo pipefail
AUTOGRADER="${{AUTOGRADER:-/autograder}}"
SOURCE="$AUTOGRADER/source"
mkdir -p "$AUTOGRADER/results"
cd "$AUTOGRADER"
"$SOURCE/venv/bin/at" grade --exe {template} {options} --jobs 1 --fresh {isolation}\\
  --hide "$SOURCE" --out "$AUTOGRADER/results/reports" \\
  --gradescope "$AUTOGRADER/results/results.json" "$AUTOGRADER/submission"
"""


def run_script(bundle: Bundle, folders: Sequence[str]) -> str:
    """The run_autograder script of a bundle."""
    options = [f'--tests "$SOURCE/{folder}"' for folder in folders]
    options.append(f"--timeout {bundle.timeout:g} --visibility {bundle.visibility}")
    if bundle.points is not None:
        options.append(f'--points "$SOURCE/{POINTS_FILE}"')
    if bundle.scheme is not None:
        options.append(f'--scheme "$SOURCE/{SCHEME_FILE}"')
    if bundle.game:
        options.append(f"--game {bundle.game}")
    isolation = "" if bundle.sandbox else "--no-sandbox "
    return RUN.format(
        template=shlex.quote(bundle.template), options=" ".join(options), isolation=isolation
    )


def write_bundle(bundle: Bundle, folder: Path) -> Path:
    """The autograder's files in a new folder, and the zip of them Gradescope takes; where
    writing them fails, no folder is left."""
    try:
        folder.mkdir(parents=True)
    except FileExistsError:
        raise HarnessError(f"{folder} exists already: give a new folder") from None
    except OSError as error:
        raise HarnessError(f"cannot make {folder}: {error.strerror}") from None
    try:
        return fill_bundle(bundle, folder)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise


def fill_bundle(bundle: Bundle, folder: Path) -> Path:
    """The autograder's files written in its new folder, and the zip of them."""
    folders = copy_suite(bundle.cases, folder / SUITE)
    if bundle.points is not None:
        shutil.copyfile(bundle.points, folder / POINTS_FILE)
    if bundle.scheme is not None:
        shutil.copyfile(bundle.scheme, folder / SCHEME_FILE)
    copy_project(folder / PROJECT)
    scripts = {"setup.sh": SETUP, "run_autograder": run_script(bundle, folders)}
    for name, text in scripts.items():
        (folder / name).write_text(text, encoding="utf-8")
        (folder / name).chmod(0o755)
    return zip_folder(folder)


def zip_folder(folder: Path) -> Path:
    """The bundle's files zipped at the root of the archive, executables kept executable."""
    archive = folder / BUNDLE_ZIP
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path != archive:
                info = zipfile.ZipInfo.from_file(path, path.relative_to(folder))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = (stat.S_IMODE(path.stat().st_mode) | stat.S_IFREG) << 16
                zipped.writestr(info, path.read_bytes())
    return archive
