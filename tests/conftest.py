"""Shared pytest set-up: pytester, to run the acceptance suite in a scratch project, the
`browser` fixture of the tests that open a page in headless Chromium, and the set-ups that tests
of several folders share. The markers `browser` and `sandbox` are put here on every test that
needs headless Chromium or bubblewrap, found by the fixtures and parameters it uses, so that
`pytest -m "not slow and not browser"` is the quick loop (docs/how-to/contributing-tests.md)."""

from pathlib import Path

import pytest

pytest_plugins = ["pytester", "tests.browser", "tests.mutmut_frames"]
# The fixtures that skip a test (fail it under CI=true) where bubblewrap cannot make a sandbox,
# and the isolations a test is run in that need one.
SANDBOX_FIXTURES = {"sandboxed", "bubblewrap", "bubblewrap_as_root"}
SANDBOXED = {"bubblewrap", "unprivileged users"}


def needs_a_sandbox(item: pytest.Item) -> bool:
    """Whether the test needs bubblewrap: by a fixture, or by the isolation it is run in."""
    callspec = getattr(item, "callspec", None)
    params = callspec.params.values() if callspec else ()
    fixtures = set(getattr(item, "fixturenames", ()))
    return bool(fixtures & SANDBOX_FIXTURES) or any(
        isinstance(value, str) and value in SANDBOXED for value in params
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests that need headless Chromium (`browser`) or bubblewrap (`sandbox`)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        if needs_a_sandbox(item):
            item.add_marker(pytest.mark.sandbox)


@pytest.fixture(scope="module")
def refused_bubblewrap(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a bwrap that fails as it does where a container refuses namespaces."""
    folder = tmp_path_factory.mktemp("refused")
    (folder / "bwrap").write_text(
        "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\nexit 1\n"
    )
    (folder / "bwrap").chmod(0o755)
    return folder
