"""Real students' causes: what `at run` names as the cause of each genuine failure of the real
students' programs kept in `../shared/real-students` (one folder a student, each failing test as
its script, the oracle's output and the student's, a README naming the genuine failures).

Each genuine failure is replayed as `at run --exe FOLDER/replay FOLDER/NAME.txt` would: the
student's output against the oracle's beside the script, and the cause of the difference. The
tool prints, per student and failure, the rule the cause names with its kind (`white space` for a
difference in white space only), then a table per student. With `--judged FILE` (lines
`STUDENT TEST RULE[|RULE...]`: the rules a person judged the student must fix) it also counts
the causes that name a judged rule, and lists those that do not.

    python -m tools.real_students [--folder DIR] [--judged FILE] [--quiet]

It reads the folder at run time and keeps nothing of it.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from acceptance.running.cases import Case
from acceptance.running.cause import Cause, cause_of
from acceptance.running.suite import difference

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT.parent / "shared" / "real-students"
WHITE_SPACE, WORDING = "white-space", "wording"  # judgements that are no rule
GENUINE = re.compile(r"^genuine \(\d+\):(?P<names>.*(?:\n  .*)*)", re.MULTILINE)


@dataclass(frozen=True)
class Failure:
    """One genuine failure of a student: the test, where it first differs, and its cause."""

    student: str
    test: str
    line: int
    cause: Cause | None

    @property
    def rule(self) -> str:
        """The rule the cause names ('none' where there is no cause)."""
        return self.cause.rule if self.cause else "none"

    @property
    def said(self) -> str:
        """The rule with its kind, or `white space` where the difference is only that."""
        if self.cause is None:
            return "none"
        if self.cause.white_space:
            return f"{self.cause.rule} (white space only: {self.cause.white_space})"
        return f"{self.cause.rule} ({self.cause.kind.words})"


def genuine(folder: Path) -> list[str]:
    """The genuine failures a student's README names (the stale ones left out)."""
    found = GENUINE.search((folder / "README").read_text(encoding="utf-8"))
    return found.group("names").split() if found else []


def students(root: Path) -> list[Path]:
    """The students' folders, by name."""
    return sorted(path for path in root.iterdir() if (path / "README").is_file())


def replayed(folder: Path, test: str) -> Failure:
    """A failure replayed: the student's output against the oracle's, and its cause."""
    script = folder / f"{test}.txt"
    expected = folder / f"{test}.expected.txt"
    actual = (folder / f"{test}.actual.txt").read_bytes()
    case = Case(test, script, expected)
    mismatch = difference(case, expected.read_bytes(), actual)
    if mismatch is None:
        return Failure(folder.name, test, 0, None)
    return Failure(folder.name, test, mismatch.line, cause_of(case, mismatch))


def failures(root: Path) -> Iterator[Failure]:
    """Every genuine failure of every student, replayed."""
    for folder in students(root):
        for test in genuine(folder):
            yield replayed(folder, test)


def judgements(path: Path) -> dict[tuple[str, str], frozenset[str]]:
    """The judged rules of each failure: `STUDENT TEST RULE[|RULE...]` a line, `#` comments."""
    judged: dict[tuple[str, str], frozenset[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        words = line.split("#", 1)[0].split()
        if len(words) >= 3:
            judged[(words[0], words[1])] = frozenset(words[2].split("|"))
    return judged


def right(failure: Failure, judged: dict[tuple[str, str], frozenset[str]]) -> bool:
    """Whether a failure's cause names a rule judged to be the one the student must fix, or
    says what was judged: `white-space` (a difference in white space only), `wording` (the
    text of a line differs)."""
    wanted = judged.get((failure.student, failure.test), frozenset())
    cause = failure.cause
    if cause is None:
        return False
    if cause.white_space:
        return WHITE_SPACE in wanted
    return cause.rule in wanted or (WORDING in wanted and cause.kind.value == WORDING)


def table(found: list[Failure], judged: dict[tuple[str, str], frozenset[str]]) -> list[str]:
    """Per student: failures, causes found, and (with judgements) causes judged right."""
    rows = ["student                                          failures  causes  judged right"]
    names = list(dict.fromkeys(failure.student for failure in found))
    for name in [*names, "all"]:
        mine = [failure for failure in found if name in ("all", failure.student)]
        causes = sum(failure.cause is not None for failure in mine)
        good = sum(right(failure, judged) for failure in mine)
        share = f"{good:>4} ({100 * good / len(mine):.0f} %)" if judged and mine else ""
        rows.append(f"{name:<48} {len(mine):>8} {causes:>7}  {share}")
    return rows


def main(argv: list[str] | None = None) -> int:
    """Replay every genuine failure, print each cause and the table."""
    parser = argparse.ArgumentParser(prog="python -m tools.real_students", description=__doc__)
    parser.add_argument("--folder", type=Path, default=FOLDER, help="the students' folders")
    parser.add_argument("--judged", type=Path, help="the judged rules, to count causes right")
    parser.add_argument("--quiet", action="store_true", help="the table only")
    options = parser.parse_args(argv)
    if not options.folder.is_dir():
        print(f"no folder {options.folder}", file=sys.stderr)
        return 2
    judged = judgements(options.judged) if options.judged else {}
    found = list(failures(options.folder))
    for failure in [] if options.quiet else found:
        mark = "" if not judged else ("  ok" if right(failure, judged) else "  WRONG")
        place = f"{failure.student} {failure.test} line {failure.line}"
        print(f"{place}: {failure.said}{mark}")
    print("\n".join(table(found, judged)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
