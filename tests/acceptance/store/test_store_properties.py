"""Properties of the grading store: for any sequence of runs written, what is read back (in the
same process, and after the store is closed and opened again) is the last run written under each
key, and a transaction that does not end (a kill, an error) leaves nothing of its runs behind."""

import hashlib
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from acceptance.marking.submissions import Submission
from acceptance.running.cases import Case
from acceptance.running.compare import compare
from acceptance.running.suite import Outcome, Result
from acceptance.store.database import Store, StoredSubmission, ready

QUICK = settings(max_examples=30, deadline=None)
CASES = {name: Case(name, Path(name), None) for name in ("at001", "at002", "at003")}
PUPIL = StoredSubmission(Submission("s", Path("s"), ()), "content", "settings", "none")
EXPECTED = b"> fire\nHit!\n> move left\nMoved.\n"

Write = tuple[str, Result, bytes]  # a run's key, its result, its output

lines = st.sampled_from([b"> fire\n", b"Hit!\n", b"Missed.\n", b"> move left\n", b"Moved.\n"])


@st.composite
def writes(draw: st.DrawFn) -> Write:
    """A finished run: one of a few keys, a test, an outcome, and an output that may differ."""
    output = b"".join(draw(st.lists(lines, max_size=5)))
    outcome = draw(st.sampled_from(list(Outcome)))
    result = Result(
        CASES[draw(st.sampled_from(sorted(CASES)))],
        outcome,
        draw(st.floats(min_value=0, max_value=60, allow_nan=False)),
        compare(EXPECTED, output) if outcome is Outcome.FAILED else None,
        draw(st.text(max_size=12)),
    )
    return draw(st.sampled_from(["k1", "k2", "k3", "k4"])), result, output


@contextmanager
def opened() -> Iterator[Store]:
    """A new store in a folder of its own, closed after."""
    with tempfile.TemporaryDirectory() as place:
        store = Store.open(Path(place))
        try:
            yield store
        finally:
            store.close()


def write(store: Store, runs: list[Write]) -> None:
    """Add each run to the store, as the grader does when it ends."""
    for key, result, output in runs:
        store.add(key, PUPIL, ready(result, output))


def expected(runs: list[Write]) -> dict[str, tuple[Result, tuple[str, str, int]]]:
    """The last run written under each key, and its outcome, output digest and output size."""
    last = {key: (result, output) for key, result, output in runs}
    return {
        key: (result, (result.outcome.name, hashlib.sha256(output).hexdigest(), len(output)))
        for key, (result, output) in last.items()
    }


def read(store: Store) -> dict[str, tuple[Result, tuple[str, str, int]]]:
    """Every run the store holds: its result and its outcome, output digest and size."""
    outputs = store.outputs()
    results = store.results(outputs, CASES)
    return {key: (results[key], outputs[key]) for key in outputs}


@QUICK
@given(st.lists(writes(), max_size=8))
def test_the_runs_read_back_are_the_last_written_under_each_key(runs: list[Write]) -> None:
    """What the store gives back is what was written, the last run of a key winning."""
    with tempfile.TemporaryDirectory() as place:
        store = Store.open(Path(place))
        try:
            write(store, runs)
            assert read(store) == expected(runs)
        finally:
            store.close()
        again = Store.open(Path(place), create=False)
        try:
            assert read(again) == expected(runs)
        finally:
            again.close()


class Interrupted(Exception):
    """A grading stopped in the middle of a transaction."""


@QUICK
@given(
    st.lists(writes(), max_size=5),
    st.lists(writes(), min_size=1, max_size=5),
    st.lists(writes(), max_size=4),
)
def test_a_transaction_not_committed_leaves_none_of_its_runs(
    before: list[Write], lost: list[Write], after: list[Write]
) -> None:
    """Runs of an interrupted transaction are not read back, and run again they are whole."""
    with opened() as store:
        write(store, before)
        try:
            with store.together():
                write(store, lost)
                raise Interrupted
        except Interrupted:
            pass
        assert read(store) == expected(before)
        write(store, [*lost, *after])
        assert read(store) == expected([*before, *lost, *after])
