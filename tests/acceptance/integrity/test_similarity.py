"""Code similarity (`at similar`): independent programs of one brief are not flagged, planted
copies under every disguise rank first and are flagged, and the base's code counts for nothing."""

import itertools
import json
import os
import re
import shutil
import threading
import warnings
from array import array
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pygments.token import Comment, Literal, Name, Operator, String, Text

from acceptance.cli.main import main
from acceptance.integrity.page import LINES, Texts, integrity_page, integrity_section, side
from acceptance.integrity.similarity import (
    REACH,
    THRESHOLD,
    WINDOW,
    Code,
    Fragment,
    K,
    Similarity,
    Source,
    fragments,
    kind,
    similarity,
    winnow,
)
from acceptance.marking.points import EVEN
from acceptance.processes.pools import pool_start
from acceptance.reports.class_report import class_html
from tests.disguises import BASE, CORPUS, DISGUISES, PROGRAMS, disguised, submission
from tools.webpage.browser import Browser

ORIGINAL = "alpha"  # the program the planted copies copy


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The four independent programs and a copy of one under each disguise, as submissions."""
    folder = tmp_path_factory.mktemp("class")
    programs = [submission(program, folder / program) for program in PROGRAMS]
    copies = [disguised(ORIGINAL, name, folder / f"copy_{name}") for name in DISGUISES]
    return programs + copies


@pytest.fixture(scope="module")
def review(corpus: list[Path]) -> Similarity:
    """The corpus's similarity, the ETF base left out."""
    return similarity(corpus, [BASE])


def lineage(name: str) -> str:
    """The program a submission of the corpus was written as: a copy is its original's."""
    return ORIGINAL if name.startswith("copy_") else name


def scores(review: Similarity) -> dict[tuple[str, str], float]:
    """Every pair's score by the two names, in both orders; pairs sharing nothing score 0."""
    found: dict[tuple[str, str], float] = {}
    for pair in review.pairs:
        a, b = review.codes[pair.a].name, review.codes[pair.b].name
        found[a, b] = found[b, a] = pair.score
    return found


def test_independent_programs_of_one_brief_are_not_flagged(review: Similarity) -> None:
    found = scores(review)
    for a, b in itertools.combinations(PROGRAMS, 2):
        assert found.get((a, b), 0.0) < THRESHOLD / 3, (a, b)


@pytest.mark.parametrize("disguise", DISGUISES)
def test_a_planted_copy_ranks_above_every_independent_pair_and_is_flagged(
    review: Similarity, disguise: str
) -> None:
    found = scores(review)
    copy = found[ORIGINAL, f"copy_{disguise}"]
    independent = [score for (a, b), score in found.items() if lineage(a) != lineage(b)]
    assert copy >= THRESHOLD
    assert copy > max(independent)


def test_pairs_are_ranked_most_similar_first(review: Similarity) -> None:
    ranked = [pair.score for pair in review.pairs]
    assert ranked == sorted(ranked, reverse=True)
    assert lineage(review.codes[review.pairs[0].a].name) == ORIGINAL


def test_the_base_alone_shares_nothing(tmp_path: Path) -> None:
    """Two submissions that are the base and nothing else have no own code to share."""
    twins = [submission("beta", tmp_path / name) for name in ("one", "two")]
    for twin in twins:
        for path in (CORPUS / "beta").iterdir():
            (twin / path.name).unlink()
    assert similarity(twins, [BASE]).pairs == ()
    assert similarity(twins).pairs[0].score == 1.0


def test_identifiers_comments_and_literal_values_do_not_count() -> None:
    assert kind(Name.Class, "BOARD") == kind(Name, "x") == "N"
    assert kind(String, '"Already there."') == kind(String.Char, "'*'") == "S"
    assert kind(Literal.Number.Integer, "3") == kind(Literal.Number.Float, "2.5") == "0"
    assert kind(Comment.Single, "-- any words") is None
    assert kind(Text.Whitespace, "\n\t") is None
    assert kind(Operator, ":=") == ":="


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.integers(), min_size=K + WINDOW - 1, max_size=200),
    st.lists(st.integers(), max_size=50),
    st.lists(st.integers(), max_size=50),
)
def test_winnowing_finds_every_shared_run_as_long_as_its_guarantee(
    shared: list[int], before: list[int], after: list[int]
) -> None:
    """Any run of K + WINDOW - 1 hashes two sequences share leaves a fingerprint in both."""
    one = {value for value, _ in winnow(before + shared)}
    two = {value for value, _ in winnow(shared + after)}
    assert one & two


def test_fragments_show_the_shared_code_in_each_file(review: Similarity) -> None:
    codes = {code.name: code for code in review.codes}
    original, moved = codes[ORIGINAL], codes["copy_moved"]
    found = fragments(original, moved)
    paths = {(original.sources[f.a_file].path, moved.sources[f.b_file].path) for f in found}
    assert ("game.e", "src/game_logic/my_game_class.e") in paths


def test_a_match_extends_a_fragment_only_if_it_advances_in_both_files_within_reach() -> None:
    """A match at the fragment's last token on either side, or past its reach, starts another."""
    for a_at, b_at in [(11, 20), (10, 21), (11, 19), (11 + REACH, 21), (11, 21 + REACH)]:
        fragment = Fragment(0, 10, 10, 1, 20, 20)
        assert not fragment.extends(0, a_at, 1, b_at)
        assert fragment == Fragment(0, 10, 10, 1, 20, 20)
    fragment = Fragment(0, 10, 10, 1, 20, 20)
    assert fragment.extends(0, 10 + REACH, 1, 20 + REACH)
    assert fragment == Fragment(0, 10, 10 + REACH, 1, 20, 20 + REACH)
    assert fragment.extends(0, 11 + REACH, 1, 21 + REACH) and fragment.size == 1 + REACH + K


def test_json_lists_the_pairs_most_similar_first_with_their_flags(
    corpus: list[Path], review: Similarity, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folders = [str(path) for path in corpus]
    arguments = ["similar", "--json", "--base", str(BASE), "--out", str(tmp_path), *folders]
    assert main(arguments) == 0
    pairs = json.loads(capsys.readouterr().out)["pairs"]
    assert set(pairs[0]) == {"a", "b", "score", "flagged"}
    assert [pair["score"] for pair in pairs] == sorted((p["score"] for p in pairs), reverse=True)
    assert [pair["score"] for pair in pairs] == [round(pair.score, 4) for pair in review.pairs]
    assert any(0 < pair["score"] < 1 for pair in pairs)  # to four decimals, not whole
    flagged = {frozenset((pair["a"], pair["b"])) for pair in pairs if pair["flagged"]}
    expected = {
        frozenset((a, b))
        for a, b in itertools.combinations([ORIGINAL, *(f"copy_{d}" for d in DISGUISES)], 2)
    }
    assert flagged == expected
    page = (tmp_path / "similarity.html").read_text()
    assert "pairs to look at, not findings" in page
    first = page[page.index('<details id="pair-1">') : page.index('<details id="pair-2">')]
    assert first.count('<div class="sides">') >= len(list((CORPUS / ORIGINAL).iterdir()))
    assert "<figcaption>alpha: game.e, lines" in first


def test_the_page_escapes_what_submissions_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hostile = "<script>alert(1)</script>"
    names = ["<img src=x onerror=alert(2)>", "twin"]
    folders = [submission("gamma", tmp_path / name) for name in names]
    for folder in folders:
        (folder / "world.e").write_text(
            (folder / "world.e").read_text().replace("-- The ship's cell.", f"-- {hostile}")
        )
    assert main(["similar", "--out", str(tmp_path / "out"), *map(str, folders)]) == 0
    page = (tmp_path / "out" / "similarity.html").read_text()
    assert "<script" not in page and "<img" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;img src=x onerror=alert(2)&gt;" in page
    assert "look" in capsys.readouterr().out


def style(page: str) -> str:
    """The stylesheet a page holds."""
    found = re.search(r"<style>(.*?)</style>", page, re.S)
    assert found is not None
    return found.group(1)


def test_the_page_says_its_heading_once_in_the_style_of_the_report(review: Similarity) -> None:
    page = integrity_page(review, "Integrity review: 9 submissions")
    headings = re.findall(r"<h[1-6]>([^<]*)</h[1-6]>", page)
    assert [said for said in headings if "Integrity" in said] == ["Integrity review: 9 submissions"]
    assert style(page) == style(class_html([], EVEN)) and page.count("<style>") == 1
    in_report = re.findall(r"<h[1-6]>([^<]*)</h[1-6]>", integrity_section(review))
    assert [said for said in in_report if "Integrity" in said] == ["Integrity review"]


@pytest.mark.parametrize("width", [1280, 390])
def test_the_page_fits_its_window_with_all_its_code_open(
    review: Similarity, browser: Browser, tmp_path: Path, width: int
) -> None:
    page = tmp_path / "similarity.html"
    page.write_text(integrity_page(review, "Integrity review: 9 submissions"))
    browser.resize(width, 900, mobile=width < 600)
    browser.open(page.as_uri())
    browser.evaluate("document.querySelectorAll('details').forEach((shown) => shown.open = true)")
    seen = browser.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert seen[1] == width and seen[0] <= width
    assert browser.errors == []


def test_a_side_of_shared_code_shows_its_lines_numbered_as_in_the_file(tmp_path: Path) -> None:
    """The lines of the runs' tokens, from the first token's line to the last's, each with its
    number in the file; past LINES lines the rest is cut."""
    (tmp_path / "game.e").write_text("".join(f"line {n}\n" for n in range(1, LINES + 20)))
    short = Source("game.e", array("I", [3, 3, 4, 6] + [6] * K), ())
    long = Source("game.e", array("I", [2] + [LINES + 10] * K), ())
    code = Code("alpha", tmp_path, (short, long), frozenset())
    figure = side(code, 0, 0, 1, Texts())
    assert "<figcaption>alpha: game.e, lines 3–6</figcaption>" in figure
    assert "<pre>    3 line 3\n    4 line 4\n    5 line 5\n    6 line 6</pre>" in figure
    cut = side(code, 1, 0, 0, Texts())
    shown = cut[cut.index("<pre>") + 5 : cut.index("</pre>")].split("\n")
    assert shown[0] == "    2 line 2" and shown[-2] == f"{LINES + 1:5} line {LINES + 1}"
    assert shown[-1] == "…" and len(shown) == LINES + 1


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["one"], "give two submissions or more to compare"),
        (["missing", "other"], "missing is not a folder"),
    ],
)
def test_bad_input_is_a_one_line_error(
    arguments: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "one").mkdir()
    assert main(["similar", *arguments]) == 2
    assert capsys.readouterr().err == f"at: {message}\n"


def test_links_pipes_prose_and_build_folders_are_not_read(tmp_path: Path) -> None:
    """Only a submission's own code files count: a link (to a file outside), a named pipe,
    prose and EiffelStudio's build folder are left out."""
    folder = submission("delta", tmp_path / "one")
    (folder / "outside.e").symlink_to(CORPUS / "alpha" / "game.e")
    os.mkfifo(folder / "pipe.e")
    (folder / "README.md").write_text("# notes\n")
    (folder / "EIFGENs").mkdir()
    shutil.copy(CORPUS / "alpha" / "board.e", folder / "EIFGENs" / "board.e")
    read = {source.path for source in similarity([folder, CORPUS / "beta"]).codes[0].sources}
    assert read == {path.name for path in folder.glob("*.e") if path.is_file()} - {"outside.e"}


def test_code_more_submissions_share_than_common_counts_as_given(tmp_path: Path) -> None:
    """Three copies of one program: with `common` at 2 their code is everybody's, and no pair
    shares anything of their own."""
    triplets = [submission("gamma", tmp_path / name) for name in ("one", "two", "three")]
    assert [pair.score for pair in similarity(triplets, [BASE], common=3).pairs] == [1.0] * 3
    assert similarity(triplets, [BASE], common=2).pairs == ()


def test_several_readers_find_what_one_finds(corpus: list[Path], review: Similarity) -> None:
    """Submissions read by processes at once give the very pairs and scores one reader gives."""
    parallel = similarity(corpus, [BASE], jobs=2)
    assert parallel.pairs == review.pairs


def test_readers_started_while_other_threads_run_are_not_forked(
    corpus: list[Path], review: Similarity
) -> None:
    """A fork with threads about can copy a lock one holds (Python 3.12 warns of it): the
    readers then start from a fork server, and find the same pairs."""
    done = threading.Event()
    other = threading.Thread(target=done.wait)
    other.start()
    try:
        assert pool_start().get_start_method() == "forkserver"
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            parallel = similarity(corpus, [BASE], jobs=2)
    finally:
        done.set()
        other.join()
    assert parallel.pairs == review.pairs
