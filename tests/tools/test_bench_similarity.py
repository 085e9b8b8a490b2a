"""The similarity benchmark's generated class (tools/benchmarks/similarity.py): its submissions are
written apart, and its planted copies rank first and are flagged."""

from pathlib import Path

from acceptance.integrity.similarity import similarity
from tools.benchmarks.similarity import generate


def test_a_generated_class_ranks_its_planted_copy_first(tmp_path: Path) -> None:
    pupils, base = generate(tmp_path, 5, 1500, 1)
    review = similarity(pupils, [base])
    first = review.pairs[0]
    assert {review.codes[first.a].name, review.codes[first.b].name} == {"pupil_000", "pupil_004"}
    assert review.flagged(first)
    assert not any(review.flagged(pair) for pair in review.pairs[1:])
