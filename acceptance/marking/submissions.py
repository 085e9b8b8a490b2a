"""What is graded and what a grading gives: a submission (a folder, its program from the command
template, where `{}` is the folder; its snapshot at the deadline) and its grade (each test's
result); the data every report, the store and the grader share, with no thread or process."""

import shlex
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from acceptance.errors import HarnessError
from acceptance.running.cases import Case, require_expected, shown
from acceptance.running.outcome import program_problem
from acceptance.running.suite import ERRORS, Result

PLACEHOLDER = "{}"
NO_SUBMISSION = "no submission"  # a repository with no commit before the deadline


@dataclass(frozen=True)
class Snapshot:
    """What of a git repository was graded under a deadline: its last commit on or before it
    (empty: none, no submission), that commit's committer time (ISO 8601), and how many commits
    came after the deadline."""

    commit: str
    committed: str
    late: int

    def cells(self) -> tuple[str, str, str]:
        """The commit, its time and the late commits as the reports show them."""
        return (self.commit or NO_SUBMISSION, self.committed, str(self.late))


@dataclass(frozen=True)
class Submission:
    """A student's folder, the command line of its program, and the template that gives it for
    the folder wherever a confined run sees it; under a deadline, the snapshot of its repository
    that the folder holds."""

    name: str
    folder: Path
    argv: tuple[str, ...]
    template: str = PLACEHOLDER
    snapshot: Snapshot | None = None


@dataclass(frozen=True)
class Grade:
    """A submission's results over the suite, in suite order."""

    submission: Submission
    results: tuple[Result, ...]

    @property
    def passed(self) -> int:
        """Tests whose output was exactly the expected one."""
        return sum(result.passed for result in self.results)

    @property
    def errors(self) -> int:
        """Tests where the program crashed, timed out, was missing or was not run."""
        return sum(result.outcome in ERRORS for result in self.results)

    @property
    def failed(self) -> int:
        """Tests where the program ended well but printed something else."""
        return len(self.results) - self.passed - self.errors

    @property
    def reasons(self) -> str:
        """Why its errors were errors, counted in suite order: `2 timed out, 1 crashed`."""
        counts = Counter(result.outcome for result in self.results if result.outcome in ERRORS)
        return ", ".join(f"{count} {outcome.value}" for outcome, count in counts.items())

    @property
    def score(self) -> float:
        """The share of tests passed, in percent."""
        return 100 * self.passed / len(self.results) if self.results else 0.0


def program_of(template: str, folder: Path) -> tuple[str, ...]:
    """A submission's command line: the template split like a shell command, `{}` standing for
    its folder in any argument."""
    try:
        words = shlex.split(template)
    except ValueError as error:
        raise HarnessError(f"cannot parse --exe {template!r}: {error}") from None
    if not any(PLACEHOLDER in word for word in words):
        raise HarnessError(f"--exe {template!r} must name the program with {{}} for the folder")
    return tuple(word.replace(PLACEHOLDER, str(folder)) for word in words)


def folder_names(folders: Sequence[Path]) -> dict[Path, str]:
    """Submission folders, each once, with their names: the folder's (its path if names
    repeat)."""
    folders = list(dict.fromkeys(folders))
    names = [folder.name or str(folder) for folder in folders]
    unique = len(set(names)) == len(names)
    return {
        folder: name if unique else shown(folder)
        for name, folder in zip(names, folders, strict=True)
    }


def submissions(template: str, folders: Sequence[Path]) -> list[Submission]:
    """The submissions of these folders, each once, named by its folder (its path if names
    repeat)."""
    return [
        Submission(name, folder, program_of(template, folder), template)
        for folder, name in folder_names(folders).items()
    ]


def unmatched_pattern(folders: Sequence[Path]) -> None:
    """A one-line error for a class pattern that matched no folder: the shell passes `nosuch/*`
    on as it is, which would be graded as a submission named `*`."""
    for folder in folders:
        if any(mark in str(folder) for mark in "*?[") and not folder.exists():
            raise HarnessError(f"the pattern {str(folder)!r} matched no submission folder")


def program_problems(template: str, pupil: Submission) -> str | None:
    """Why a submission's program, the first word of the template with `{}`, cannot be run
    (not there, or not executable where it is the command itself), or None."""
    words = shlex.split(template)
    at = next(index for index, word in enumerate(words) if PLACEHOLDER in word)
    if at == 0:
        return program_problem(pupil.argv[0])
    return None if Path(pupil.argv[at]).exists() else "no such file"


def some_program(template: str, pupils: Sequence[Submission]) -> None:
    """A one-line error, before grading, when no submission has a program to run: a mistake of
    --exe (or of the folders given), not a class of zeros."""
    problems = [program_problems(template, pupil) for pupil in pupils]
    if pupils and all(problems):
        raise HarnessError(
            f"no submission has the program --exe {template!r} names ({problems[0]}, in"
            f" {pupils[0].folder}): nothing graded"
        )


def expected_bytes(cases: Sequence[Case]) -> dict[Case, bytes]:
    """The expected output of every test, read once; a test without one is an error of the suite."""
    require_expected(cases)
    try:
        return {case: case.expected.read_bytes() for case in cases if case.expected is not None}
    except OSError as error:
        raise HarnessError(f"cannot read an expected file: {error}") from None


Task = tuple[Submission, Case]
Done = TypeVar("Done")  # what a worker makes of a finished run
