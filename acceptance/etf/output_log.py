"""Keeping each test's actual and expected outputs as files for any diff tool: NAME.actual.txt
beside NAME.expected.txt in a folder per test folder, the layout of the course's ETF_Test.py."""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from acceptance.errors import HarnessError
from acceptance.running.cases import EXPECTED_SUFFIX, Case, shown, stem

ACTUAL_SUFFIX = ".actual.txt"


@dataclass(frozen=True)
class LogFiles:
    """Where one test's two outputs are kept."""

    actual: Path
    expected: Path


def log_files(folder: Path, name: str) -> LogFiles:
    """The files of test NAME in a log folder: NAME.actual.txt and NAME.expected.txt."""
    return LogFiles(folder / (name + ACTUAL_SUFFIX), folder / (name + EXPECTED_SUFFIX))


def write_output(path: Path, data: bytes) -> None:
    """Write one kept output, making its folder; a path that cannot be written is the user's
    error."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    except OSError as error:
        raise HarnessError(f"cannot write {shown(path)}: {error.strerror}") from None


def same_file(path: Path, other: Path | None) -> bool:
    """Whether two paths name one existing file."""
    return other is not None and path.exists() and other.exists() and path.samefile(other)


@dataclass(frozen=True)
class OutputLog:
    """Keeps each test's outputs in the files `files` names for it, never over the test's own
    script or expected file."""

    files: Callable[[Case], LogFiles]

    def __call__(self, case: Case, expected: bytes, actual: bytes) -> None:
        """Write one test's expected and actual outputs."""
        where = self.files(case)
        for path in (where.expected, where.actual):
            if same_file(path, case.expected) or same_file(path, case.script):
                raise HarnessError(f"the log would write over the test's own {shown(path)}")
        write_output(where.expected, expected)
        write_output(where.actual, actual)


def folder_log(root: Path) -> OutputLog:
    """`at run --log DIR`: DIR/FOLDER/NAME.actual.txt and .expected.txt, FOLDER the name of the
    script's folder (log/instructor/ for tests/acceptance/instructor/, as ETF_Test.py keeps it)."""
    return OutputLog(lambda case: log_files(root / case.script.parent.name, stem(case.script)))
