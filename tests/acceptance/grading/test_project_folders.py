"""The project's own folders are private to a grading's runs (a program could run the oracle
for the expected output): a checkout whole, or each folder its installed distribution puts in
site-packages, or, without the distribution's metadata, the package this module is in."""

from importlib import metadata
from pathlib import Path

import pytest

import acceptance
from acceptance.grading.isolation import project_folders

MODULE = Path("acceptance", "grading", "isolation.py")


def test_this_checkout_is_private_whole() -> None:
    assert project_folders() == [Path(acceptance.__file__).resolve().parents[1]]


def test_a_checkout_is_found_by_its_project_file(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\n")
    assert project_folders(tmp_path / MODULE) == [tmp_path]


class Installed:
    """An installed distribution's metadata naming its top-level packages."""

    def read_text(self, name: str) -> str | None:
        return "acceptance\nmodel\noracle\ngone\n" if name == "top_level.txt" else None


def installed(site: Path) -> None:
    """The project's packages in a site-packages folder: `gone` named but not there."""
    for name in ("acceptance/grading", "model", "oracle", "lark"):
        (site / name).mkdir(parents=True)


def test_an_installed_project_is_each_folder_its_distribution_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed(tmp_path)
    monkeypatch.setattr(metadata, "distribution", lambda name: Installed())
    assert project_folders(tmp_path / MODULE) == [
        tmp_path / n for n in ("acceptance", "model", "oracle")
    ]


def test_without_metadata_the_package_this_module_is_in_is_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed(tmp_path)

    def missing(name: str) -> metadata.Distribution:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "distribution", missing)
    assert project_folders(tmp_path / MODULE) == [tmp_path / "acceptance"]
