"""The private folders bubblewrap hides: each one under a system folder the sandbox binds is
covered by an empty read-only folder, the outermost once; a system folder cannot be hidden; and a
class's worth of folders costs its size, not its size squared."""

import time
from pathlib import Path

import pytest

from acceptance.confine import bwrap as sandbox
from acceptance.confine.bwrap import covers
from acceptance.errors import HarnessError


@pytest.fixture
def system(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder the sandbox binds, as /opt is: the only one."""
    bound = tmp_path / "opt"
    bound.mkdir()
    monkeypatch.setattr(sandbox, "bound_folders", lambda: [bound])
    return bound


def covered(options: list[str]) -> list[str]:
    """The folders a list of bwrap options covers, each checked to be an empty read-only one."""
    pairs = [options[index : index + 4] for index in range(0, len(options), 4)]
    assert all(pair[0] == "--tmpfs" and pair[2:] == ["--remount-ro", pair[1]] for pair in pairs)
    return [pair[1] for pair in pairs]


def test_a_private_folder_under_a_bound_folder_is_covered_once_by_its_outermost(
    system: Path, tmp_path: Path
) -> None:
    for folder in ("a/b", "c", "d/e"):
        (system / folder).mkdir(parents=True)
    (tmp_path / "outside").mkdir()
    private = [system / "a" / "b", system / "a", system / "c", system / "d" / "e"]
    private += [system / "missing", tmp_path / "outside"]
    assert sorted(covered(covers(private))) == [str(system / name) for name in ("a", "c", "d/e")]


@pytest.mark.parametrize("holding", [0, 1])
def test_a_bound_folder_or_one_holding_it_cannot_be_hidden(system: Path, holding: int) -> None:
    folder = [system, system.parent][holding]
    with pytest.raises(HarnessError, match="cannot hide .* from the programs: they need it"):
        covers([folder])


def test_covering_a_class_costs_its_size_not_its_size_squared(system: Path) -> None:
    class_ = [system / "class" / f"s{number:04d}" for number in range(5000)]
    for folder in class_:
        folder.mkdir(parents=True)
    started = time.perf_counter()
    assert len(covered(covers(class_))) == 5000  # 12.5 million comparisons, pairwise: a minute
    assert time.perf_counter() - started < 2
