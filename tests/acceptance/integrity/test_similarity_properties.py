"""Properties of similarity scores over small random classes: a pair's score is the same
whichever way round the class is given, lies in (0, 1], counts the fingerprints the two share
(the Dice coefficient of their own fingerprints), and a submission copied whole scores 1."""

import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from acceptance.integrity.similarity import Similarity, similarity

STATEMENTS = [
    "total = total + step * 2",
    "if left < right:\n    left = right",
    "while count > 0:\n    count = count - 1",
    "print(name, total)",
    "items.append(value)",
    "for row in grid:\n    draw(row)",
    "return sorted(found)[0]",
    "score = max(score, hits)",
]

programs = st.lists(st.sampled_from(STATEMENTS), min_size=8, max_size=24).map("\n".join)


def scores(review: Similarity) -> dict[frozenset[str], float]:
    """Each pair's score, by the names of its two submissions."""
    return {
        frozenset({review.codes[pair.a].name, review.codes[pair.b].name}): pair.score
        for pair in review.pairs
    }


def written(place: Path, texts: list[str]) -> list[Path]:
    """A class of submissions, each one file of these texts (s0, s1, ...)."""
    folders = []
    for number, text in enumerate(texts):
        folder = place / f"s{number}"
        folder.mkdir()
        (folder / "main.py").write_text(text + "\n")
        folders.append(folder)
    return folders


@settings(max_examples=25, deadline=None)
@given(st.lists(programs, min_size=2, max_size=4), st.integers(min_value=1, max_value=4))
def test_a_score_is_symmetric_bounded_and_counts_the_shared_fingerprints(
    texts: list[str], common: int
) -> None:
    """Every pair scores the Dice coefficient of its own fingerprints (those held by `common`
    submissions or fewer), in (0, 1], in either order."""
    with tempfile.TemporaryDirectory() as place:
        folders = written(Path(place), texts)
        forward = similarity(folders, common=common)
        backward = similarity(folders[::-1], common=common)
        everything = similarity(folders, common=len(folders) + 1)
    assert scores(forward) == scores(backward)
    held = Counter(value for code in everything.codes for value in code.own)
    for code, whole in zip(forward.codes, everything.codes, strict=True):
        assert code.own == {value for value in whole.own if held[value] <= common}
    for pair in forward.pairs:
        one, two = forward.codes[pair.a].own, forward.codes[pair.b].own
        assert pair.shared == len(one & two) > 0
        assert pair.score == 2 * len(one & two) / (len(one) + len(two))
        assert 0 < pair.score <= 1
    assert [pair.score for pair in forward.pairs] == sorted(
        (pair.score for pair in forward.pairs), reverse=True
    )


@settings(max_examples=25, deadline=None)
@given(st.lists(programs, min_size=1, max_size=3))
def test_a_submission_copied_whole_scores_the_top(texts: list[str]) -> None:
    """A copy of a submission scores 1 with it, and no pair scores more."""
    with tempfile.TemporaryDirectory() as place:
        folders = written(Path(place), [*texts, texts[0]])
        review = similarity(folders)
    copy = frozenset({"s0", f"s{len(texts)}"})
    assert scores(review)[copy] == 1.0
    assert review.pairs[0].score == 1.0
