"""Real students' causes: over the genuine failures of the real students' programs kept in
`../shared/real-students`, the cause names the rule the student must fix (judged by hand from each
diff and the spec: tests/tools/real_students_judged.txt) in at least 85 % of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.real_students import FOLDER, Failure, failures, judgements, right

pytestmark = pytest.mark.slow  # every real student's failing run replayed

JUDGED = Path(__file__).with_name("real_students_judged.txt")
SHARE = 0.85  # the least share of causes judged right

pytestmark = pytest.mark.skipif(
    not FOLDER.is_dir(), reason=f"no real students' programs at {FOLDER} (../shared)"
)


@pytest.fixture(scope="module")
def replayed() -> list[Failure]:
    """Every genuine failure of every student, replayed."""
    return list(failures(FOLDER))


def test_every_genuine_failure_is_judged_once(replayed: list[Failure]) -> None:
    judged = judgements(JUDGED)
    assert sorted(judged) == sorted((failure.student, failure.test) for failure in replayed)


def test_the_causes_name_the_rule_to_fix_in_at_least_85_percent(replayed: list[Failure]) -> None:
    judged = judgements(JUDGED)
    wrong = [f"{f.student} {f.test}: {f.said}" for f in replayed if not right(f, judged)]
    assert len(wrong) <= (1 - SHARE) * len(replayed), "\n".join(wrong)
