"""The interface every confinement offers the grader: the folder a program is given (`Jail`), what
runs a program there (`Runner`: bubblewrap or an unprivileged user), and one confined run of a
case (`Confined`), whose ending says which limit the program went over."""

import errno
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from acceptance.confine.limits import exit_code, reason_of
from acceptance.confine.spawner import NotStarted
from acceptance.processes.execution import Guard
from acceptance.running.cases import Case
from acceptance.running.outcome import (
    OUTPUT_LIMIT,
    Doubt,
    Ending,
    Output,
    Status,
    not_started,
    verdict,
)

SUBMISSION = "/submission"  # where a graded submission's folder is seen


HOME = "/home/sandbox"  # the private working folder, also HOME


# What the sandbox's last step says when it could not start the program: setpriv as root, prlimit
# otherwise.
START_FAILED = ("setpriv: failed to execute ", "prlimit: failed to execute ")


@dataclass(frozen=True)
class Jail:
    """The folder a program is given: where it is on the machine (a readable copy when the run's
    user could not read the original), where the program sees it, its working folder, why it
    cannot be given if it cannot, and the group that may read it (unprivileged runs)."""

    folder: Path
    mount: str = SUBMISSION
    workdir: str = HOME
    problem: str = ""
    group: int | None = None


class Runner(Protocol):
    """What confines a graded program: bubblewrap (`Sandbox`), or an unprivileged user alone."""

    def jail(self, folder: Path) -> Jail:
        """The folder a program is given, and where the program sees it."""

    def run(
        self,
        jail: Jail,
        script: Path,
        argv: Callable[[Path], list[str]],
        timeout: float,
        limit: int,
        guard: Guard | None = None,
    ) -> Ending:
        """Run the command line `argv` gives for the script where the program sees it."""


@dataclass(frozen=True)
class Confined:
    """A program run confined as `COMMAND -b SCRIPT [--seed N]`, with a timeout in seconds, a
    limit on what it may print and the runner's limits."""

    runner: Runner
    jail: Jail
    argv: tuple[str, ...]
    timeout: float
    limit: int = OUTPUT_LIMIT
    guard: Guard | None = None

    def __call__(self, case: Case) -> Output:
        """Run the program on one script; why it ended badly says which limit it went over."""
        if self.jail.problem:
            return Output(Status.NOT_FOUND, detail=self.jail.problem)

        def inside(script: Path) -> list[str]:
            return case.game.argv(self.argv, script, case.seed)

        try:
            ending = self.runner.run(
                self.jail, case.script, inside, self.timeout, self.limit, self.guard
            )
        except NotStarted as error:
            detail = f"cannot run {self.argv[0]!r} in the sandbox: {error.strerror}"
            return Output(not_started(error.errno), detail=detail)
        except OSError as error:
            detail = f"cannot run the sandbox: {error}"
            return Output(Status.CRASHED, detail=detail, doubt=Doubt.GRADER)
        tail = ending.stderr.decode("utf-8", errors="replace").splitlines()[-1:]
        if ending.code in (126, 127) and tail and tail[0].startswith(START_FAILED):
            why = tail[0].rpartition(": ")[2]
            detail = f"cannot run {self.argv[0]!r} in the sandbox: {why}"
            refused = errno.EACCES if why == os.strerror(errno.EACCES) else None
            return Output(not_started(refused), detail=detail)
        reason = reason_of(ending.code, ending.stderr)
        return verdict(ending, self.timeout, exit_code(ending.code), reason)
