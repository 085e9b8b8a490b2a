"""What the tests of the guides' commands share: the names of `at`'s subcommands, by which a
fenced line is told to be a command of `at` rather than the output it shows."""

import argparse

from acceptance.cli.main import parser


def subcommands() -> set[str]:
    """The names of `at`'s subcommands."""
    actions = parser()._subparsers._group_actions  # type: ignore[union-attr]
    return {
        name
        for action in actions
        if isinstance(action, argparse._SubParsersAction)
        for name in action.choices
    }
