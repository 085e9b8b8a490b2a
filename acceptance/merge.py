"""Shards of a class graded on several machines merged into one set of reports: each `at grade`
also writes `grading.json`, every result of its run, and `at merge` reads the shards' files back
into grades and writes the class's reports as one run would have (submissions in name order, the
order of one run over `submissions/*`).
"""

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from acceptance.cases import Case
from acceptance.compare import DiffLine, Mismatch, Side
from acceptance.errors import HarnessError
from acceptance.games import GAMES
from acceptance.grade import Grade, Submission
from acceptance.points import Points
from acceptance.suite import Outcome, Result

RECORD = "grading.json"
FORMAT = 2


class DiffTable:
    """The block diffs of a record, each distinct one stored once (submissions with one fault
    print the same output)."""

    def __init__(self) -> None:
        self.numbers: dict[str, int] = {}
        self.diffs: list[list[list[Any]]] = []

    def number(self, mismatch: Mismatch) -> int:
        """The number of a diff in the table."""
        diff = [[line.side.value, line.number, line.text] for line in mismatch.diff]
        key = json.dumps(diff)
        if key not in self.numbers:
            self.numbers[key] = len(self.diffs)
            self.diffs.append(diff)
        return self.numbers[key]


def mismatch_record(mismatch: Mismatch | None, table: DiffTable) -> dict[str, Any] | None:
    """Where an output first differs, as JSON data (its diff by number in the table)."""
    if mismatch is None:
        return None
    return {
        "line": mismatch.line,
        "column": mismatch.column,
        "place": mismatch.place,
        "block": mismatch.block,
        "diff": table.number(mismatch),
    }


def result_record(result: Result, table: DiffTable) -> dict[str, Any]:
    """One test's result as JSON data (its test is named by the suite's list)."""
    return {
        "outcome": result.outcome.name,
        "seconds": round(result.seconds, 4),
        "detail": result.detail,
        "mismatch": mismatch_record(result.mismatch, table),
    }


def case_record(case: Case) -> dict[str, Any]:
    """A test of the suite as JSON data."""
    return {
        "name": case.name,
        "script": str(case.script),
        "expected": str(case.expected) if case.expected else None,
        "game": case.game.name,
        "seed": case.seed,
    }


def record_json(grades: Sequence[Grade], points: Points, note: str = "") -> str:
    """Every result of a grading run and the note on how it ran, to merge it with others later."""
    suite = [case_record(result.case) for result in grades[0].results] if grades else []
    table = DiffTable()
    pupils = [
        {
            "name": grade.submission.name,
            "folder": str(grade.submission.folder),
            "argv": list(grade.submission.argv),
            "results": [result_record(result, table) for result in grade.results],
        }
        for grade in grades
    ]
    weights = {"given": dict(points.given), "weighted": points.weighted}
    return json.dumps(
        {
            "format": FORMAT,
            "suite": suite,
            "points": weights,
            "note": note,
            "diffs": table.diffs,
            "submissions": pupils,
        }
    )


def case_of(data: dict[str, Any]) -> Case:
    """A test of the suite from its JSON data."""
    expected = Path(data["expected"]) if data["expected"] else None
    return Case(data["name"], Path(data["script"]), expected, GAMES[data["game"]], data["seed"])


def mismatch_of(
    data: dict[str, Any] | None, diffs: Sequence[tuple[DiffLine, ...]]
) -> Mismatch | None:
    """Where an output first differs, from its JSON data and the record's diffs."""
    if data is None:
        return None
    return Mismatch(data["line"], data["column"], data["place"], diffs[data["diff"]], data["block"])


def diff_of(data: list[list[Any]]) -> tuple[DiffLine, ...]:
    """A block diff from its JSON data."""
    return tuple(DiffLine(Side(side), number, text) for side, number, text in data)


def grade_of(
    data: dict[str, Any], cases: Sequence[Case], diffs: Sequence[tuple[DiffLine, ...]]
) -> Grade:
    """A submission's grade from its JSON data."""
    if len(data["results"]) != len(cases):
        raise ValueError("a submission without a result for every test")
    results = tuple(
        Result(
            case,
            Outcome[item["outcome"]],
            item["seconds"],
            mismatch_of(item["mismatch"], diffs),
            item["detail"],
        )
        for case, item in zip(cases, data["results"])
    )
    pupil = Submission(data["name"], Path(data["folder"]), tuple(data["argv"]))
    return Grade(pupil, results)


def load_shard(folder: Path) -> tuple[list[Grade], Points, list[str], str]:
    """A shard's grades, points, test names and note, from the record in its output folder."""
    path = folder / RECORD
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            raise ValueError(f"format {data.get('format')!r}, not {FORMAT}")
        cases = [case_of(item) for item in data["suite"]]
        diffs = [diff_of(item) for item in data["diffs"]]
        grades = [grade_of(item, cases, diffs) for item in data["submissions"]]
        points = Points(data["points"]["given"], data["points"]["weighted"])
    except OSError as error:
        raise HarnessError(f"cannot read {path}: {error.strerror}") from None
    except (ValueError, KeyError, TypeError, IndexError) as error:
        raise HarnessError(f"{path} is not a record of `at grade`: {error}") from None
    return grades, points, [case.name for case in cases], str(data.get("note", ""))


def merged(folders: Sequence[Path]) -> tuple[list[Grade], Points, str]:
    """The grades of every shard, in submission-name order, graded over the same suite and
    points, and the shards' note (a shard run unsandboxed says so); a submission graded in two
    shards is an error."""
    unique = list(dict.fromkeys(folders))
    shards = [load_shard(folder) for folder in unique]
    grades, points, tests, _ = shards[0]
    for folder, (more, weights, names, _) in zip(unique[1:], shards[1:]):
        if names != tests or weights != points:
            raise HarnessError(f"{folder} was graded over another suite or other points")
        grades = grades + more
    names = [grade.submission.name for grade in grades]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise HarnessError(f"graded in two shards: {', '.join(twice)}")
    note = next((note for *_, note in shards if note), "")
    return sorted(grades, key=lambda grade: grade.submission.name), points, note
