"""Fixtures for tests that open a page in headless Chromium (tools/webpage/browser.py): the
tools they need, found or reported, the web page's site built once for the session, and one
browser for a whole test module.

Under CI (CI=true) a missing tool fails the test; elsewhere the test is skipped with the reason.
"""

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.webpage.browser import Browser, chromium
from tools.webpage.static_site import WEB, build


def require(found: str | None, what: str) -> str:
    """A tool's path; without it, a failure in CI and a skip elsewhere, saying what is missing."""
    if found:
        return found
    reason = f"{what} is not installed"
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI must install it)")
    pytest.skip(reason)


def chromium_path() -> str:
    """Chromium's executable, required."""
    return require(chromium(), "chromium (the Debian package `chromium`)")


def npm_path() -> str:
    """npm's executable, required."""
    return require(shutil.which("npm"), "npm (the Debian package `npm`)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium for a test module; its page is shared by the module's tests."""
    started = Browser(chromium_path())
    try:
        yield started
    finally:
        started.close()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as `make web` builds it (npm ci, then the build), in a scratch folder."""
    npm = npm_path()
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB, check=True)
    dist = tmp_path_factory.mktemp("web") / "dist"
    build(dist)
    return dist
