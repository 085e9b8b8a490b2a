"""The integrity review of a grading (`at grade --similar`): report.html ends with the pairs
sharing code and the pairs that alone print the same wrong output of a test."""

import shutil
from pathlib import Path

import pytest

from acceptance.cli import main
from acceptance.grading.same_output import same_outputs
from acceptance.grading.store import Store
from tests.classroom import EXACT, SPACE_TESTS, TRAILING_SPACE, Kind, copy_suite, make_class
from tests.classroom import grade_unsandboxed
from tests.disguises import BASE, CORPUS

CLASS = {
    "exact": Kind(2, EXACT),
    "twin": Kind(2, "sed 's/ok/OK/' \"$E\"\n"),  # a fault only these two make
    "spacey": Kind(3, TRAILING_SPACE % 1),  # a fault three make: no pair alone prints it
    "loner": Kind(1, "sed 's/ok/Ok/' \"$E\"\n"),  # a fault only one makes
}
CODE = {"exact00": "beta", "exact01": "gamma", "twin00": "alpha", "twin01": "alpha"}


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
        found = same_outputs(store, store.graded())
    finally:
        store.close()
    assert [(pair.a, pair.b) for pair in found] == [("twin00", "twin01")]
    assert len(found[0].tests) == 4


def test_the_report_ends_with_the_integrity_review(graded: Path) -> None:
    page = (graded / "report.html").read_text()
    review = page[page.index('<section id="integrity">') :]
    assert "These are pairs to look at, not findings" in review
    assert '<td class="flagged">look</td>' in review
    assert "<td>twin00</td><td>twin01</td><td>4</td>" in review


def test_at_report_adds_the_review_from_the_store(
    graded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", str(graded)]) == 0
    assert 'id="integrity"' not in (graded / "report.html").read_text()
    assert main(["report", str(graded), "--similar", "--similar-base", str(BASE)]) == 0
    assert 'id="integrity"' in (graded / "report.html").read_text()
    capsys.readouterr()
