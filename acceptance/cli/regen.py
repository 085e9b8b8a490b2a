"""Writing expected files from the oracle, and scaffolding new test scripts."""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from acceptance.errors import HarnessError
from acceptance.running.cases import (
    SCRIPT_FOLDER,
    SCRIPT_SUFFIX,
    Case,
    expected_target,
    project_root,
    shown,
)
from acceptance.running.compare import Mismatch
from acceptance.running.outcome import Producer, Status
from acceptance.running.suite import difference

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
TEMPLATE = """\
--{name}: say here what this test checks.
play(10,30,1,1,1,1,1)
setup_next(5)
pass
"""


class ExpectedWrite(Enum):
    """What regenerating one expected file did."""

    CREATED = "created"
    UNCHANGED = "unchanged"
    OVERWRITTEN = "overwritten"
    KEPT = "kept"
    FAILED = "failed"


@dataclass(frozen=True)
class Regenerated:
    """The expected file of one script after a regen, and the first change if it had one."""

    script: Path
    target: Path
    written: ExpectedWrite
    change: Mismatch | None = None
    detail: str = ""

    @property
    def ok(self) -> bool:
        """Whether the expected file now holds the oracle's output."""
        return self.written not in (ExpectedWrite.KEPT, ExpectedWrite.FAILED)


def regen(
    case: Case, oracle: Producer, force: bool = False, expected_in: Path | None = None
) -> Regenerated:
    """Write a case's expected file from the oracle (in `expected_in` if given, else where the
    case looks for it), keeping a changed one unless forced."""
    script, target = case.script, expected_target(case.script, case.game, expected_in)
    output = oracle(case)
    if output.status is not Status.OK:
        return Regenerated(script, target, ExpectedWrite.FAILED, detail=output.detail)
    if not target.is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(output.stdout)
        return Regenerated(script, target, ExpectedWrite.CREATED)
    change = difference(case, target.read_bytes(), output.stdout)
    if change is None:
        return Regenerated(script, target, ExpectedWrite.UNCHANGED)
    if force:
        target.write_bytes(output.stdout)
    return Regenerated(
        script, target, ExpectedWrite.OVERWRITTEN if force else ExpectedWrite.KEPT, change
    )


def new_script(
    name: str, start: Path, lines: Iterable[str] | None = None, force: bool = False
) -> Path:
    """Create `at/NAME.txt` in the project holding `start`, of these lines or else from a
    template; an existing file is replaced only when forced."""
    if not NAME.fullmatch(name):
        raise HarnessError(f"a test name is letters, digits, '_' and '-': {name!r}")
    path = (project_root(start) or start) / SCRIPT_FOLDER / (name + SCRIPT_SUFFIX)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise HarnessError(f"cannot make {shown(path.parent)}: {error.strerror}") from None
    text = [TEMPLATE.format(name=name)] if lines is None else (f"{line}\n" for line in lines)
    try:
        with path.open("w" if force else "x", encoding="utf-8") as file:
            file.writelines(text)
    except FileExistsError:
        raise HarnessError(
            f"{shown(path)} exists already; it is left as it is (--force replaces it)"
        ) from None
    except OSError as error:
        raise HarnessError(f"cannot write {shown(path)}: {error.strerror}") from None
    return path
