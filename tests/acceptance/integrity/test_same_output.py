"""The integrity review of a grading (`at grade --similar`): report.html ends with the pairs
sharing code and the pairs that alone print the same wrong output of a test; the review's
settings and base are part of what a finished grading's reports are made of; the code compared
is the code graded (a deadline's commit, the whole class once shards are merged)."""

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from acceptance.cli.main import main
from acceptance.integrity.same_output import same_outputs
from acceptance.integrity.similarity import named_similarity
from acceptance.store.database import Store
from tests.classroom import (
    EXACT,
    SPACE_TESTS,
    TRAILING_SPACE,
    Kind,
    copy_suite,
    grade_unsandboxed,
    make_class,
)
from tests.disguises import BASE, CORPUS

CLASS = {
    "exact": Kind(2, EXACT),
    "twin": Kind(2, "sed 's/ok/OK/' \"$E\"\n"),  # a fault only these two make
    "spacey": Kind(3, TRAILING_SPACE % 1),  # a fault three make: no pair alone prints it
    "loner": Kind(1, "sed 's/ok/Ok/' \"$E\"\n"),  # a fault only one makes
}
CODE = {"exact00": "beta", "exact01": "gamma", "twin00": "alpha", "twin01": "alpha"}
TWINS = '<td class="name">twin00</td><td class="name">twin01</td>'  # a pair's row begins


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The output folder of `at grade --similar` over the class, the programs' Eiffel code laid
    beside them (the twins' the same)."""
    folder = tmp_path_factory.mktemp("class")
    suite = copy_suite(folder / "suite", SPACE_TESTS[:4])
    pupils = make_class(folder / "class", CLASS)
    for pupil in pupils:
        shutil.copytree(BASE, pupil, dirs_exist_ok=True)
        if pupil.name in CODE:
            shutil.copytree(CORPUS / CODE[pupil.name], pupil, dirs_exist_ok=True)
    options = ["--out", str(folder / "out"), "--similar", "--similar-base", str(BASE)]
    grade_unsandboxed(suite, pupils, "--timeout", "5", *options)
    return folder / "out"


def test_only_the_pair_alone_printing_a_wrong_output_is_named(graded: Path) -> None:
    store = Store.open(graded, create=False)
    try:
        found = same_outputs(store, store.plan())
    finally:
        store.close()
    assert [(pair.a, pair.b) for pair in found] == [("twin00", "twin01")]
    assert len(found[0].tests) == 4


def test_a_run_missing_from_the_store_prints_nothing(graded: Path, tmp_path: Path) -> None:
    """A grading stopped before every run finished: a run not stored is no one's output, and
    the twins alone still print the same wrong output of the tests they both ran."""
    shutil.copytree(graded, tmp_path / "out")
    store = Store.open(tmp_path / "out", create=False)
    try:
        grading = store.plan()
        twin = [pupil.name for pupil in grading.submissions].index("twin01")
        key = grading.keys()[twin, 0]
        store.connection.execute("DELETE FROM runs WHERE key = ?", (key,))
        found = same_outputs(store, grading)
    finally:
        store.close()
    assert [(pair.a, pair.b, len(pair.tests)) for pair in found] == [("twin00", "twin01", 3)]
    assert grading.cases[0].name not in found[0].tests


def test_the_report_ends_with_the_integrity_review(graded: Path) -> None:
    page = (graded / "report.html").read_text()
    review = page[page.index('<section id="integrity">') :]
    assert "These are pairs to look at, not findings" in review
    assert '<td class="flagged">look</td>' in review
    assert TWINS + '<td class="number" data-label="tests">4</td>' in review


def test_at_report_adds_the_review_from_the_store(
    graded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", str(graded)]) == 0
    assert 'id="integrity"' not in (graded / "report.html").read_text()
    assert main(["report", str(graded), "--similar", "--similar-base", str(BASE)]) == 0
    assert 'id="integrity"' in (graded / "report.html").read_text()
    capsys.readouterr()


def test_at_report_reads_the_submissions_of_its_review_with_a_process_per_cpu(
    graded: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    jobs: list[int] = []

    def counted(*args: Any, **named: Any) -> Any:
        jobs.append(args[-1])
        return named_similarity(*args, **named)

    monkeypatch.setattr(os, "cpu_count", lambda: 3)
    monkeypatch.setattr("acceptance.integrity.review.named_similarity", counted)
    assert main(["report", str(graded), "--similar", "--similar-base", str(BASE)]) == 0
    assert jobs == [3]
    capsys.readouterr()


def twins(folder: Path) -> tuple[Path, list[Path]]:
    """A suite of two tests and a class of two submissions holding the same Eiffel code and
    the same fault."""
    suite = copy_suite(folder / "suite", SPACE_TESTS[:2])
    pupils = make_class(folder / "class", {"twin": CLASS["twin"]})
    for pupil in pupils:
        shutil.copytree(CORPUS / "alpha", pupil, dirs_exist_ok=True)
    return suite, pupils


def test_a_finished_grading_rewrites_its_report_only_when_the_review_asked_changes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite, pupils = twins(tmp_path)
    report = tmp_path / "out" / "report.html"
    similar = ["--similar", "--similar-base", str(BASE)]
    grade_unsandboxed(suite, pupils, "--out", str(tmp_path / "out"))
    assert 'id="integrity"' not in report.read_text()
    grade_unsandboxed(suite, pupils, "--out", str(tmp_path / "out"), *similar)
    assert TWINS + '<td class="number" data-label="tests">2</td>' in report.read_text()
    written = report.stat().st_ino
    grade_unsandboxed(suite, pupils, "--out", str(tmp_path / "out"), *similar)
    assert report.stat().st_ino == written  # reported already: nothing written
    shutil.copytree(CORPUS / "alpha", tmp_path / "given")
    grade_unsandboxed(
        suite,
        pupils,
        "--out",
        str(tmp_path / "out"),
        *similar,
        "--similar-base",
        str(tmp_path / "given"),
    )
    assert report.stat().st_ino != written
    assert "0 pairs share code" in report.read_text()  # all of their code was given
    grade_unsandboxed(suite, pupils, "--out", str(tmp_path / "out"))
    assert 'id="integrity"' not in report.read_text()
    capsys.readouterr()


def test_a_review_of_code_changed_since_graded_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite, pupils = twins(tmp_path)
    grade_unsandboxed(suite, pupils, "--out", str(tmp_path / "out"))
    (pupils[1] / "board.e").write_text("class BOARD end\n")
    capsys.readouterr()
    assert main(["report", str(tmp_path / "out"), "--similar"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "twin01 has changed or is gone since it was graded" in error
    assert main(["report", str(tmp_path / "out")]) == 0  # the reports without the review


def test_merged_shards_are_reviewed_as_one_class(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = copy_suite(tmp_path / "suite", SPACE_TESTS[:2])
    pupils = make_class(tmp_path / "class", {"twin": Kind(4, CLASS["twin"].body)})
    for pupil in pupils:
        shutil.copytree(CORPUS / "alpha", pupil, dirs_exist_ok=True)
    parts = [str(tmp_path / f"part{k}") for k in (1, 2)]
    for k, part in enumerate(parts, 1):
        grade_unsandboxed(suite, pupils, "--out", part, "--shard", f"{k}/2", "--similar")
    assert "--similar compares this shard alone" in capsys.readouterr().err
    assert all("6 pairs" not in (Path(part) / "report.html").read_text() for part in parts)
    assert main(["merge", *parts, "--out", str(tmp_path / "merged"), "--similar"]) == 0
    page = (tmp_path / "merged" / "report.html").read_text()
    assert "4 submissions; 6 pairs share code; 6 flagged" in page
    capsys.readouterr()


def commit_all(repository: Path, when: str) -> None:
    """Commit every file of a repository at this committer (and author) time."""
    environment = {**os.environ, "GIT_COMMITTER_DATE": when, "GIT_AUTHOR_DATE": when}
    identity = ["-c", "user.name=Student", "-c", "user.email=s@example.org"]
    for words in (["add", "-A"], [*identity, "commit", "-q", "--allow-empty", "-m", when]):
        subprocess.run(["git", *words], cwd=repository, env=environment, check=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_under_a_deadline_the_review_compares_the_code_committed_in_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite, pupils = twins(tmp_path)
    for pupil, late in zip(pupils, ["alpha", "gamma"], strict=True):
        subprocess.run(["git", "init", "-q"], cwd=pupil, check=True)
        commit_all(pupil, "2020-11-25T22:00:00-05:00")
        for path in pupil.glob("*.e"):
            path.unlink()
        shutil.copytree(CORPUS / late, pupil, dirs_exist_ok=True)
        commit_all(pupil, "2020-11-26T09:30:00-05:00")
    out = tmp_path / "out"
    deadline = ["--deadline", "2020-11-25 23:59 -0500", "--similar", "--similar-base", str(BASE)]
    grade_unsandboxed(suite, pupils, "--out", str(out), *deadline)
    page = (out / "report.html").read_text()
    assert "2 submissions; 1 pair shares code; 1 flagged" in page  # the twins as committed
    assert "twin01: board.e" in page and "world.e" not in page
    assert main(["report", str(out), "--similar"]) == 2  # the snapshots are gone
    assert "has changed or is gone since it was graded" in capsys.readouterr().err
