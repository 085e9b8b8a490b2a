"""The plugin that lets the explanations' digest test run under mutmut finds its trampolines."""

from mutmut.mutation import trampoline

from tests.mutmut_frames import _nested


def test_the_trampoline_mutmut_wraps_each_mutated_function_in_is_found() -> None:
    codes = _nested(trampoline.wrap_in_trampoline.__code__)
    assert "trampoline" in {code.co_name for code in codes}
