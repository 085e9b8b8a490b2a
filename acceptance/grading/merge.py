"""Shards of a class graded on several machines merged into one grading: `at grade --shard K/N`
grades the submissions whose name falls in the K-th of N parts (by a hash of the name alone, so
that every machine computes the same split whatever it lists, and in whatever order), each keeps
its runs in the grading store of its output folder, and `at merge` copies the shards' runs into
a new store and writes the class's reports as one run would have (submissions in name order,
the order of one run over `submissions/*`)."""

import contextlib
import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

from acceptance.errors import HarnessError
from acceptance.grading.explained import merge_kept
from acceptance.store.database import GradingPlan, Store

Shard = tuple[Store, GradingPlan]
SHARD = re.compile(r"(\d+)/(\d+)")


def parse_shard(text: str) -> tuple[int, int]:
    """`--shard K/N`: the K-th (from 1) of N parts."""
    matched = SHARD.fullmatch(text.strip())
    part, parts = (int(matched[1]), int(matched[2])) if matched else (0, 0)
    if not 1 <= part <= parts:
        raise HarnessError(f"--shard {text!r}: expected K/N, 1 <= K <= N (say 3/16)")
    return part, parts


def in_shard(name: str, shard: tuple[int, int]) -> bool:
    """Whether a submission, by its name, is in a shard: the same answer on every machine."""
    part, parts = shard
    hashed = hashlib.sha256(name.encode("utf-8", "surrogateescape")).digest()
    return int.from_bytes(hashed[:8], "big") % parts == part - 1


def load_shards(folders: Sequence[Path], stack: contextlib.ExitStack) -> list[Shard]:
    """The shards' stores (closed with the stack) and gradings: the same suite (names and bytes)
    with the same points, and no submission graded twice."""
    shards = []
    for folder in dict.fromkeys(folders):
        store = Store.open(folder, create=False)
        stack.callback(store.close)
        shards.append((folder, store, store.plan()))
    _, _, first = shards[0]
    names = [case.name for case in first.cases]
    for folder, _, graded in shards[1:]:
        same_suite = [case.name for case in graded.cases] == names
        if not same_suite or graded.tests != first.tests or graded.points != first.points:
            raise HarnessError(f"{folder} was graded over another suite or other points")
    every = [pupil.name for _, _, graded in shards for pupil in graded.submissions]
    twice = sorted({name for name in every if every.count(name) > 1})
    if twice:
        raise HarnessError(f"graded in two shards: {', '.join(twice)}")
    return [(store, graded) for _, store, graded in shards]


def merge_into(target: Store, shards: Sequence[Shard]) -> GradingPlan:
    """The shards' grading as one, their runs (and the causes and coverage they kept) copied
    into the target store."""
    first_store, first = shards[0]
    target.put("suite", first_store.get("suite"))
    target.put(
        "class", sorted({folder for store, _ in shards for folder in store.get("class") or []})
    )
    for store, graded in shards:
        target.copy_runs(store, graded.keys().values())
    merge_kept(target, [store for store, _ in shards])
    pupils = sorted(
        (pupil for _, graded in shards for pupil in graded.submissions), key=lambda p: p.name
    )
    whole = GradingPlan(first.cases, first.tests, tuple(pupils), first.points)
    target.put("graded", whole.record())
    return whole
