"""`--version` on every command: the package's version; the oracle's also names the Space
Defender 2 it reproduces, as its banner and the course's spec name it; the web page shows it."""

from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, version

import pytest

import oracle.version
from acceptance.cli.main import main as at_main
from games.star_canine.cli import main as star_canine_main
from games.star_lanes.cli import main as star_lanes_main
from games.super_star_trek.cli import main as super_star_trek_main
from oracle.cli import main as oracle_main
from oracle.warm import main as warm_main
from web.page import version_text

VERSION = version("space-defender-2-oracle")
ORACLE_LINE = (
    f"oracle {VERSION}: reproduces the ETF oracle of Space Defender Version 2"
    " (the course project's section 6, phases 1 and 2), byte for byte\n"
)


def exit_status(main: Callable[[list[str]], int], argv: list[str]) -> int:
    """A command line's exit status, whether its main returns it or argparse exits with it."""
    try:
        return main(argv)
    except SystemExit as done:
        return int(done.code or 0)


@pytest.mark.parametrize("flag", ["--version", "-version"])
def test_the_oracle_names_its_version_and_the_game_it_reproduces(
    flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert oracle_main([flag]) == 0
    assert capsys.readouterr() == (ORACLE_LINE, "")


def test_oracle_version_takes_no_argument(capsys: pytest.CaptureFixture[str]) -> None:
    assert oracle_main(["--version", "x"]) == 2
    assert "wrong number of arguments for the '--version' mode" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("program", "main"),
    [
        ("oracle-warm", warm_main),
        ("at", at_main),
        ("star-lanes", star_lanes_main),
        ("super-star-trek", super_star_trek_main),
        ("star-canine", star_canine_main),
    ],
)
def test_every_other_command_prints_the_package_version(
    program: str, main: Callable[[list[str]], int], capfd: pytest.CaptureFixture[str]
) -> None:
    assert exit_status(main, ["--version"]) == 0
    assert capfd.readouterr() == (f"{program} {VERSION}\n", "")


def test_the_web_page_shows_what_oracle_version_prints() -> None:
    assert version_text() + "\n" == ORACLE_LINE


def test_a_package_not_installed_says_its_version_is_unknown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def missing(name: str) -> str:
        raise PackageNotFoundError(name)

    monkeypatch.setattr(oracle.version, "version", missing)
    assert oracle.version.package_version() == "(version unknown: not installed)"
