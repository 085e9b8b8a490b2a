"""Shared pytest set-up: pytester, to run the acceptance suite in a scratch project, and the
`browser` fixture of the tests that open a page in headless Chromium."""

pytest_plugins = ["pytester", "tests.browser", "tests.mutmut_frames"]
