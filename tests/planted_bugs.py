"""Planted bugs of the clone, played in-process as a student's program would print: what the
tests of causes (`acceptance.running.cause`, `at run`, the web page) compare with the oracle."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import model.collision
from model.projectile import Projectile
from oracle.runner import run_script

ROOT = Path(__file__).resolve().parent.parent
Plant = Callable[[pytest.MonkeyPatch], None]


def planted_output(name: str, plant: Plant) -> str:
    """What the clone prints for public test `name` with a bug planted (then taken out)."""
    with pytest.MonkeyPatch.context() as patch:
        plant(patch)
        return run_script((ROOT / "at" / f"{name}.txt").read_text(encoding="utf-8"))


def no_combine(patch: pytest.MonkeyPatch) -> None:
    """Projectiles of one side that meet do not combine: both stay, nothing is logged."""
    meets = model.collision._projectile_meets

    def meets_but_same_side(game: object, projectile: Projectile, occupant: object) -> None:
        if isinstance(occupant, Projectile) and occupant.friendly == projectile.friendly:
            return
        meets(game, projectile, occupant)  # type: ignore[arg-type]

    patch.setattr(model.collision, "_projectile_meets", meets_but_same_side)


def altered_oracle(alteration: str = "") -> str:
    """A student's program, in Python: the oracle run on the script of `-b SCRIPT` (its text in
    `text`, its output in `output`), then `alteration` (lines of Python that may change `output`
    or end the program), then the output printed."""
    return (
        "import sys\n"
        "from pathlib import Path\n"
        "from oracle.runner import run_script\n"
        'with open(sys.argv[2], encoding="utf-8", newline="\\n") as script:\n'
        "    text = script.read()\n"
        "output = run_script(text)\n"
        f"{alteration}"
        "sys.stdout.write(output)\n"
    )
