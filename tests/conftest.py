"""Shared pytest set-up: pytester, to run the acceptance suite in a scratch project, and the
`browser` fixture of the tests that open a page in headless Chromium; the set-ups that tests of
several folders share."""

from pathlib import Path

import pytest

pytest_plugins = ["pytester", "tests.browser", "tests.mutmut_frames"]


@pytest.fixture(scope="module")
def refused_bubblewrap(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a bwrap that fails as it does where a container refuses namespaces."""
    folder = tmp_path_factory.mktemp("refused")
    (folder / "bwrap").write_text(
        "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\nexit 1\n"
    )
    (folder / "bwrap").chmod(0o755)
    return folder
