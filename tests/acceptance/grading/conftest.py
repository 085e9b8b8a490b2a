"""The set-up the tests of a class graded in parts share (`at merge`, `at grade --shard`): a
small suite and a class of the kinds that fail it differently."""

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.classroom import CRASH, EXACT, MOVER, ROOT, TRAILING_SPACE, Kind, copy_suite, make_class

SHARDED_TESTS = ("at001", "at002", "at004")


def mixed_class(each: int) -> dict[str, Kind]:
    """`each` exact submissions, movers and spacey ones, and one fewer crashing."""
    return {
        "exact": Kind(each, EXACT),
        "mover": Kind(each, MOVER),
        "spacey": Kind(each, TRAILING_SPACE % 1),
        "crashing": Kind(each - 1, CRASH),
    }


@pytest.fixture
def mixed_classroom(tmp_path: Path) -> Callable[[int, int], list[Path]]:
    """Lays out, in tmp_path, the suite's first `tests` tests (suite/) and a mixed class of
    `each` of a kind (class/): the submission folders."""

    def lay_out(each: int, tests: int = len(SHARDED_TESTS)) -> list[Path]:
        scripts = [ROOT / "at" / f"{name}.txt" for name in SHARDED_TESTS[:tests]]
        copy_suite(tmp_path / "suite", scripts)
        return make_class(tmp_path / "class", mixed_class(each))

    return lay_out
