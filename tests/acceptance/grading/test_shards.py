"""Shards: `at grade --shard K/N` grades the K-th of N parts of the class, split by a hash of each
submission's name (every submission in one part, whatever the order or the machine); the
many-machines page's GNU parallel recipe, run on this machine, and its Slurm array script, run
once per part with SLURM_ARRAY_TASK_ID set by hand, merge into the bytes of one run."""

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

import pytest

from acceptance.confine.jail import Runner
from acceptance.confine.limits import Limits
from acceptance.errors import HarnessError
from acceptance.grading import grading, isolation
from acceptance.grading.isolation import Isolation
from acceptance.grading.merge import in_shard, parse_shard
from acceptance.running.cases import collect
from tests.browser import require
from tests.classroom import (
    ROOT,
    TEMPLATE,
)

PARTS = 3
EACH = 3  # submissions of a kind: 11 in the class
COMPARED = ("grades.csv", "matrix.csv", "report.html", "causes.csv")
PAGE = ROOT / "docs" / "how-to" / "many-machines.md"
# The page's recipes, with the options of a generated class: its suite, its programs that read
# their expected files (so unsandboxed), its template, and PARTS parts.
OPTIONS = f"--no-sandbox --tests suite --exe '{TEMPLATE}'"
PARALLEL = (
    f"parallel --will-cite -S : --workdir . -I @@ 'at grade {OPTIONS} --shard @@/{PARTS}"
    f" --out out/@@ class/*' ::: $(seq {PARTS})"
)
SLURM = (
    f"#!/bin/bash\n#SBATCH --array=1-{PARTS}\nat grade {OPTIONS}"
    f' --shard "$SLURM_ARRAY_TASK_ID/{PARTS}" --out "out/$SLURM_ARRAY_TASK_ID" class/*\n'
)


def test_every_submission_is_in_one_part_whatever_the_order() -> None:
    names = [f"student{number:03d}" for number in range(200)]
    for parts in (1, 2, 3, 16):
        owners = [[k for k in range(1, parts + 1) if in_shard(name, (k, parts))] for name in names]
        assert all(len(owner) == 1 for owner in owners)
        assert owners == [
            [k for k in range(1, parts + 1) if in_shard(name, (k, parts))] for name in names
        ]
    sizes = [sum(in_shard(name, (k, 16)) for name in names) for k in range(1, 17)]
    assert sum(sizes) == 200 and max(sizes) < 2 * 200 / 16


@pytest.mark.parametrize("text", ["0/3", "4/3", "3", "a/b", "1/0", "-1/3"])
def test_a_shard_that_is_not_k_of_n_is_a_one_line_error(text: str) -> None:
    with pytest.raises(HarnessError, match=r"^--shard .*: expected K/N, 1 <= K <= N \(say 3/16\)$"):
        parse_shard(text)


def test_the_page_gives_these_recipes() -> None:
    page = PAGE.read_text()
    assert "--shard @@/16 --out out/@@ submissions/*' ::: $(seq 16)" in page
    assert "#SBATCH --array=1-16" in page
    assert '--shard "$SLURM_ARRAY_TASK_ID/16" --out "out/$SLURM_ARRAY_TASK_ID"' in page


@pytest.fixture
def classroom(tmp_path: Path, mixed_classroom: Callable[[int, int], list[Path]]) -> Path:
    """The suite and the class, and the class graded in one run into whole/ by the `at` that
    grades the parts: the causes a store keeps are keyed by a digest of the code that found
    them, which is this process's only where the command runs the same files (not under
    mutmut, whose tests import a mutated copy while `at` runs the project)."""
    mixed_classroom(EACH, 3)
    shell(tmp_path, f"at grade {OPTIONS} --out whole class/*")
    return tmp_path


def shell(folder: Path, script: str, **environment: str) -> str:
    """Run a shell script in a folder, this project's `at` first on the PATH; its output."""
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    done = subprocess.run(
        ["bash", "-c", script],
        cwd=folder,
        env={**os.environ, "PATH": path, **environment},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def merged_as_one_run(folder: Path) -> None:
    """The parts in out/ merged (by the same `at`): the same reports as one run, every
    submission in one part."""
    parts = " ".join(f"out/{part}" for part in range(1, PARTS + 1))
    said = shell(folder, f"at merge {parts} --out merged")
    for name in COMPARED:
        assert (folder / "merged" / name).read_bytes() == (folder / "whole" / name).read_bytes()
    assert said.splitlines()[-2].startswith("merged 3 shards: 11 submissions")


def test_the_gnu_parallel_recipe_merges_into_one_run(classroom: Path) -> None:
    require(shutil.which("parallel"), "GNU parallel (the Debian package `parallel`)")
    shell(classroom, PARALLEL)
    merged_as_one_run(classroom)


def test_the_slurm_array_script_merges_into_one_run(classroom: Path) -> None:
    (classroom / "grade.sh").write_text(SLURM)
    for task in range(1, PARTS + 1):
        shell(classroom, "bash grade.sh", SLURM_ARRAY_TASK_ID=str(task))
    merged_as_one_run(classroom)


def test_a_shards_runs_are_hidden_every_submission_of_the_class_not_only_its_own(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    mixed_classroom: Callable[[int, int], list[Path]],
) -> None:
    """The other parts' submissions are graded elsewhere but lie on the same disk: a run of this
    part must not read them either, so every folder named is private to the sandbox."""
    pupils = mixed_classroom(EACH, 1)
    suite = tmp_path / "suite"
    hidden: list[Path] = []

    def confine(
        stack: ExitStack, limits: Limits, runs: int, private: list[Path], wanted: Isolation | None
    ) -> tuple[Isolation, Runner | None, list[str]]:
        hidden.extend(private)
        return real_confine(stack, limits, runs, private, wanted)

    real_confine = isolation.confine
    monkeypatch.setattr(grading, "confine", confine)
    part = grading.Grading(
        cases=tuple(collect([suite], None)),
        game=None,
        template=TEMPLATE,
        folders=tuple(pupils),
        out=tmp_path / "out",
        sandbox=False,
        shard=(1, PARTS),
    )
    finished = grading.grade(part, lambda line: None)
    assert 0 < finished.submissions < len(pupils)
    assert {pupil.resolve() for pupil in pupils} <= set(hidden)
