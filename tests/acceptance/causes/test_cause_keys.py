"""A wrong output's cause key: its test's key, its block diff and the oracle, each pair of test
and diff digested once (a class's wrong outputs share a few dozen), the same key either way."""

from dataclasses import replace

from acceptance.grading.explained import CauseKeys, oracle_key
from acceptance.running.cases import collect
from acceptance.running.compare import DiffLine, Mismatch, Side, diff_json
from acceptance.running.suite import Outcome, Result
from acceptance.store.digests import digest
from tests.classroom import ROOT

DIFF = (DiffLine(Side.EXPECTED, 3, "state: ok\n"), DiffLine(Side.ACTUAL, 3, "state: ko\n"))


def test_each_test_and_diff_has_the_key_digested_from_them_and_the_oracle() -> None:
    case = collect([ROOT / "at" / "at001.txt"], None)[0]
    wrong = Result(case, Outcome.FAILED, 0.1, Mismatch(3, 7, "->play", DIFF))
    other = replace(wrong, mismatch=Mismatch(3, 7, "->play", DIFF[:1]))
    keys = CauseKeys()
    for _ in range(2):  # made, then found again
        for test in ("test-a", "test-b"):
            for result in (wrong, other):
                assert result.mismatch is not None
                text = diff_json(result.mismatch)
                assert keys(test, result) == digest(test, text, oracle_key())
                assert keys(test, result, text) == keys(test, result)
    assert len(keys.made) == 4
