"""Under mutmut, its trampolines are frames the explanations pass by, as they pass by their own.

mutmut 3 wraps each function it mutates in a trampoline, a closure of its own module: to the
recorder (`provenance.stack`) that is a frame outside the game, between a rule and the model
functions it calls, so a line's `source` would lose them. With this plugin the explanations'
digest test runs under mutmut as it runs under pytest alone.
"""

from __future__ import annotations

import os
from types import CodeType

import pytest


def _nested(code: CodeType) -> list[CodeType]:
    """`code` and every function defined inside it."""
    inner = [const for const in code.co_consts if isinstance(const, CodeType)]
    return [code, *(each for const in inner for each in _nested(const))]


def pytest_configure(config: pytest.Config) -> None:
    """Mark mutmut's trampolines as frames to pass by, when mutmut runs the tests."""
    if "MUTANT_UNDER_TEST" not in os.environ:
        return
    from mutmut.mutation import trampoline

    from provenance import stack

    for code in _nested(trampoline.wrap_in_trampoline.__code__):
        stack.pass_by(code)
