"""The grading store's durability on disk: every commit of a run is made durable (an fsync of the
store's write-ahead log) at most half a second after it is made, in groups, one fsync for all the
commits of that half second rather than one per run, and the last when the store is closed."""

import os
import time
from itertools import pairwise
from pathlib import Path

import pytest

from acceptance.marking.submissions import Submission
from acceptance.running.cases import collect
from acceptance.running.suite import Outcome, Result
from acceptance.store.database import SYNC_SECONDS, Store, StoredSubmission, ready
from tests.classroom import ROOT

COMMITS = 60
PAUSE = 0.02  # between commits: 1.2 s of them, a few groups
LATE = 0.5  # what a loaded machine may add to the syncer's waking (its scheduler's, not ours)


def test_commits_reach_the_disk_in_groups_within_half_a_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store.open(tmp_path)
    log = str(store.path.with_name(store.path.name + "-wal").resolve())
    synced: list[float] = []
    fsync = os.fsync

    def noted_fsync(descriptor: int) -> None:
        if os.readlink(f"/proc/self/fd/{descriptor}") == log:
            synced.append(time.monotonic())
        fsync(descriptor)

    monkeypatch.setattr(os, "fsync", noted_fsync)
    case = collect([ROOT / "at" / "at001.txt"], None)[0]
    pupil = StoredSubmission(Submission("s", tmp_path, ("program",)), "content", "settings", "none")
    done = ready(Result(case, Outcome.PASSED, 0.01), b"output")
    committed = []
    for number in range(COMMITS):
        store.add(f"run{number}", pupil, done)
        committed.append(time.monotonic())
        time.sleep(PAUSE)
    store.close()
    assert synced[-1] >= committed[-1]  # closing syncs the last
    for moment in committed:
        assert any(moment <= sync <= moment + SYNC_SECONDS + LATE for sync in synced)
    gaps = [later - earlier for earlier, later in pairwise(synced[:-1])]
    assert all(gap >= 0.95 * SYNC_SECONDS for gap in gaps)  # one fsync per half second at most
    assert len(synced) <= COMMITS * PAUSE / SYNC_SECONDS + 3
