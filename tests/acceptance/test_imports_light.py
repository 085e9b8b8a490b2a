"""Data apart from machinery: importing any module of the reports, the store, the marking,
Gradescope's results or the integrity review loads neither ctypes nor the process machinery
(`acceptance.processes.spawning`, `acceptance.processes.execution`), each in a fresh interpreter
(docs/explanation/architecture.md; the forbidden contract in pyproject.toml says it of imports)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("reports", "store", "marking", "integrity", "gradescope")
HEAVY = ("ctypes", "acceptance.processes.spawning", "acceptance.processes.execution")


def modules() -> list[str]:
    """Every module of those packages, by its dotted name."""
    return [
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for package in PACKAGES
        for path in sorted((ROOT / "acceptance" / package).glob("*.py"))
    ]


def test_every_package_is_walked() -> None:
    assert len(modules()) > len(PACKAGES) * 2
    assert "acceptance.reports.class_report" in modules()


@pytest.mark.parametrize("module", modules())
def test_importing_it_loads_no_process_machinery(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        f"print(','.join(name for name in {HEAVY!r} if name in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == ""
