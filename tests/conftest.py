"""Shared pytest set-up: pytester, to run the acceptance suite in a scratch project."""

pytest_plugins = ["pytester"]
