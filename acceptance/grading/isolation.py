"""How `at grade` isolates the programs it runs, chosen once per grading: bubblewrap where it can
make a sandbox; as root without it, an unprivileged user of its own per run; no isolation only
when the grader asks for it (--no-sandbox). Whatever the level, the grader's private folders (the
suite, every submission, the reports, the project itself) are hidden from the programs."""

import contextlib
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from importlib import metadata
from pathlib import Path
from typing import TypeVar

from acceptance.confine.bwrap import sandbox
from acceptance.confine.jail import Runner
from acceptance.confine.limits import Limits, too_low
from acceptance.confine.unprivileged import available, lock, unprivileged
from acceptance.errors import HarnessError
from acceptance.running.cases import DISTRIBUTION, Case, shown

Made = TypeVar("Made", bound=Runner)


class Isolation(Enum):
    """The isolation of a grading's runs, as the reports name it."""

    BUBBLEWRAP = "bubblewrap"
    UNPRIVILEGED = "unprivileged user only"
    NONE = "none"


NOTES = {
    Isolation.BUBBLEWRAP: "isolation: bubblewrap",
    Isolation.UNPRIVILEGED: "isolation: unprivileged user only (no bubblewrap here)",
    Isolation.NONE: "isolation: none (--no-sandbox: the runs were not isolated)",
}


def project_folders(module: Path = Path(__file__)) -> list[Path]:
    """Where this project lies: its source checkout, or the folders of its installed packages
    (which hold the oracle a program could run for the expected output), found from where this
    `module` lies."""
    root = module.resolve().parents[2]  # above acceptance/grading/
    if (root / "pyproject.toml").is_file():
        return [root]
    try:
        names = (metadata.distribution(DISTRIBUTION).read_text("top_level.txt") or "").split()
    except metadata.PackageNotFoundError:
        names = [module.resolve().parents[1].name]
    return [root / name for name in names if (root / name).is_dir()]


def private_folders(
    cases: Sequence[Case], submissions: Iterable[Path], reports: Iterable[Path]
) -> list[Path]:
    """The folders no program may see: the suite's, every submission's, those the reports go to,
    and the project's."""
    suite = [path.parent for case in cases for path in (case.script, case.expected) if path]
    every = [*suite, *submissions, *reports, *project_folders()]
    return [folder.resolve() for folder in dict.fromkeys(every)]


def confine(
    stack: contextlib.ExitStack,
    limits: Limits,
    runs: int,
    private: Sequence[Path],
    wanted: Isolation | None = None,
) -> tuple[Isolation, Runner | None, list[str]]:
    """The isolation of a grading, the runner that gives it (None: run as is), and what the
    grader should be told of it. Without an isolation `wanted`, bubblewrap, where it fails root
    falls back to unprivileged users (see `lock_private`) and anyone else gets the error. A
    grading's worker process wants the isolation the grading found, or fails: it tries no other
    (bubblewrap has failed once already). Where no run can start for a limit below what a run needs,
    the error names that limit, and no other isolation is tried."""
    if wanted is Isolation.NONE:
        return Isolation.NONE, None, []
    told: list[str] = []
    if wanted is not Isolation.UNPRIVILEGED:
        try:
            bubblewrap = entered(stack, lambda given: sandbox(given, runs, private), limits)
            return Isolation.BUBBLEWRAP, bubblewrap, []
        except LimitTooLow:
            raise
        except HarnessError as error:
            if wanted is Isolation.BUBBLEWRAP or not available():
                raise
            told = [f"{error}; each run goes as an unprivileged user of its own instead"]
    users = entered(stack, lambda given: unprivileged(given, runs), limits)
    return Isolation.UNPRIVILEGED, users, told


class LimitTooLow(HarnessError):
    """No run can start under the limits given, one of which is below what a run needs."""


def entered(
    stack: contextlib.ExitStack,
    make: Callable[[Limits], contextlib.AbstractContextManager[Made]],
    limits: Limits,
) -> Made:
    """The runner `make` gives with these limits, entered on the stack; where none can start,
    LimitTooLow naming the limit to raise when one is the cause, else the runner's own error."""
    try:
        return stack.enter_context(make(limits))
    except HarnessError as error:
        why = too_low(limits, lambda raised: starts(make, raised))
        if why:
            raise LimitTooLow(why) from None
        raise error


def starts(
    make: Callable[[Limits], contextlib.AbstractContextManager[Runner]], limits: Limits
) -> bool:
    """Whether the runner `make` gives with these limits starts (and runs its probe)."""
    try:
        with make(limits):
            return True
    except HarnessError:
        return False


def lock_private(isolation: Isolation, private: Sequence[Path]) -> list[str]:
    """Before the first run as unprivileged users, make the private folders readable by their
    owner alone (the other levels hide them otherwise); what the grader should be told of it."""
    if isolation is not Isolation.UNPRIVILEGED:
        return []
    changed = lock(private)
    return (
        [f"made readable by their owner alone: {', '.join(map(shown, changed))}"] if changed else []
    )
