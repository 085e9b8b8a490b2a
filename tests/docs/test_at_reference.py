"""The command-line reference of `at` (docs/reference/cli.md) is generated from its parser, so
what the parser says is what the documentation publishes: each command's description, and each
argument's names, metavar, count, choices, default and help. They are kept, command by command,
in tests/docs/test_at_reference/ (pytest-regressions): a changed help text, metavar or default is a
deliberate change of the documentation, made with `pytest tests/docs/test_at_reference.py
--force-regen` and read in the diff."""

import argparse
from collections.abc import Iterator
from typing import Any

from pytest_regressions.data_regression import DataRegressionFixture

from acceptance.cli.main import parser as at_parser


def shown(value: Any) -> Any:
    """A default or choice as the reference shows it: plain data kept as is, the rest as text."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [shown(item) for item in value]
    return str(value)


def argument(action: argparse.Action) -> dict[str, Any]:
    """What the reference says of one argument (its help with %(default)s filled in)."""
    return {
        "names": list(action.option_strings) or [action.dest],
        "metavar": shown(action.metavar),
        "nargs": shown(action.nargs),
        "choices": shown(list(action.choices)) if action.choices is not None else None,
        "default": shown(action.default),
        "required": action.required,
        "help": action.help % {"default": action.default} if action.help else action.help,
    }


def commands(name: str, parser: argparse.ArgumentParser) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each command of a parser (itself first) with what the reference says of it."""
    described: dict[str, Any] = {"description": parser.description, "arguments": []}
    below: list[tuple[str, argparse.ArgumentParser]] = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        if isinstance(action, argparse._SubParsersAction):
            summaries = {str(choice.dest): choice.help for choice in action._choices_actions}
            described["commands"] = summaries
            below += [(f"{name} {word}", command) for word, command in action.choices.items()]
        else:
            described["arguments"].append(argument(action))
    yield name, described
    for path, command in below:
        yield from commands(path, command)


def test_the_reference_of_every_at_command_is_what_its_parser_says(
    data_regression: DataRegressionFixture,
) -> None:
    data_regression.check(dict(commands("at", at_parser())))
