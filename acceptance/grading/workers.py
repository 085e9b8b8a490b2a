"""Grading on many cores: worker processes, each with its own threads and its own sandbox, each
running the runs of the submissions given to it and sending every finished run, judged and made
ready for the store there, to the grading's process, which alone keeps the store. One process's
threads share one interpreter lock: past a few jobs they wait on each other, not on the programs.

A worker ends with the grading's process however that ends; stopped (Ctrl-C, SIGTERM, SIGHUP),
the grading stops its workers, whose finished runs are still kept, and their runs in flight are
lost, as in one process. Killed, the grading loses at most twice its jobs' runs: those in flight,
and those finished that it had not yet committed (`Credits`).
"""

import contextlib
import multiprocessing
import os
import selectors
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path

from acceptance.confine.limits import Limits
from acceptance.errors import HarnessError
from acceptance.grading.isolation import Isolation, confine
from acceptance.grading.runs import SubmissionRunner, grade_runs
from acceptance.grading.stopping import Signalled, helping, stopping_signals
from acceptance.marking.submissions import Submission, Task
from acceptance.processes.execution import Guard
from acceptance.running.cases import Case
from acceptance.running.compare import DiffLine, Mismatch
from acceptance.running.suite import Outcome, Result
from acceptance.store.database import Ready, ready

THREADS = 2  # runs at once in one process at most, by default: more wait on its lock
STOP_WAIT = 30.0  # seconds a stopped worker has to end its runs before it is killed
Together = Callable[[], contextlib.AbstractContextManager[None]]  # runs told as one (a commit)
CREDIT_WAIT = 0.05  # seconds between two looks, while a run waits for its credit, at a stop
WORKER = "at grade worker"  # a worker process's name, as multiprocessing and `ps` show it


@dataclass(frozen=True)
class Spread:
    """How a grading spreads its runs over worker processes: how many at most, the isolation
    it chose, and the folders each worker's sandbox hides."""

    processes: int
    isolation: Isolation
    private: tuple[Path, ...]


@dataclass(frozen=True)
class WorkerShare:
    """What a worker process is sent once every worker has started (larger than a pipe holds,
    a part given at a start would hold up the next start until that worker had read it): its
    runs (whole submissions), the suite's expected outputs, how each run goes (time limit,
    give-up, the timeouts its submissions had already, the sandbox's limits), its jobs, and how
    its sandbox is made (the grading's isolation, hiding the private folders)."""

    tasks: tuple[Task, ...]
    expected: dict[Case, bytes]  # in the suite's order: a test is sent by its number
    timeout: float
    give_up: int
    timeouts: dict[str, int]
    jobs: int
    limits: Limits
    spread: Spread


def parts(
    tasks: Sequence[Task], spread: Spread, jobs: int, grader: SubmissionRunner, limits: Limits
) -> list[WorkerShare]:
    """The runs of a grading as its workers' parts, `jobs` at once in all, each run going as the
    grader's would."""
    split = parts_of(tasks, spread.processes)
    return [
        WorkerShare(
            tuple(part),
            grader.expected,
            grader.timeout,
            grader.give_up,
            {task[0].name: grader.timeouts.get(task[0].name, 0) for task in part},
            share,
            limits,
            spread,
        )
        for part, share in zip(split, jobs_of(jobs, len(split)), strict=True)
    ]


# A finished run as a worker sends it: submission, test number, outcome, seconds, detail, output
# digest and size, where it first differs (line, column, place, block) and its diff's digest, then
# the diff's lines and JSON text only the first time this worker sends that diff.
Sent = tuple[
    str,
    int,
    str,
    float,
    str,
    str,
    int,
    tuple[int, int, str, str] | None,
    str | None,
    tuple[DiffLine, ...] | None,
    str | None,
]


def sent(name: str, test: int, done: Ready, known: set[str]) -> Sent:
    """A finished run as a worker sends it: small and plain, each distinct diff sent once (a
    class's wrong outputs repeat), since the grading's one process reads every run."""
    result, mismatch = done.result, done.result.mismatch
    where = None
    if mismatch is not None:
        where = (mismatch.line, mismatch.column, mismatch.place, mismatch.block)
    new = mismatch is not None and done.diff_digest not in known
    if new and done.diff_digest is not None:
        known.add(done.diff_digest)
    return (
        name,
        test,
        result.outcome.value,
        result.seconds,
        result.detail,
        done.output,
        done.size,
        where,
        done.diff_digest,
        mismatch.diff if new and mismatch is not None else None,
        done.diff if new else None,
    )


def received(
    message: Sent, cases: Sequence[Case], diffs: dict[str, tuple[tuple[DiffLine, ...], str]]
) -> Ready:
    """A finished run a worker sent, made whole again, its diff kept by its digest for the runs
    that send only the digest."""
    _, test, outcome, seconds, detail, output, size, where, digest, lines, text = message
    if digest is not None and lines is not None and text is not None:
        diffs.setdefault(digest, (lines, text))
    mismatch, diff = None, None
    if where is not None and digest is not None:
        lines, diff = diffs[digest]
        line, column, place, block = where
        mismatch = Mismatch(line, column, place, lines, block)
    result = Result(cases[test], Outcome(outcome), seconds, mismatch, detail)
    return Ready(result, output, size, diff, digest)


def processes_for(jobs: int, threads: int, submissions: int) -> int:
    """How many processes run `jobs` runs at once, `threads` in each at most: no more than
    there are submissions, since each submission is one process's."""
    return max(1, min(-(-jobs // threads), submissions))


def parts_of(tasks: Sequence[Task], count: int) -> list[list[Task]]:
    """The runs split in `count` parts of whole submissions, as even in runs as can be: the
    submission with the most runs left goes to the part with the fewest runs so far."""
    runs: dict[str, list[Task]] = {}
    for task in tasks:
        runs.setdefault(task[0].name, []).append(task)
    parts: list[list[Task]] = [[] for _ in range(count)]
    for name in sorted(runs, key=lambda name: -len(runs[name])):
        min(parts, key=len).extend(runs[name])
    return [part for part in parts if part]


def jobs_of(jobs: int, count: int) -> list[int]:
    """`jobs` runs at once shared among `count` processes, the first ones one more."""
    return [jobs // count + (number < jobs % count) for number in range(count)]


class Credits:
    """The finished runs a worker may have sent that the grading has not committed yet: as many
    as its jobs, each given back as the grading acknowledges a run, so that a kill of the grading
    loses no more than twice its jobs' runs (those in flight, those sent)."""

    def __init__(self, channel: Connection, count: int, guard: Guard) -> None:
        self.channel = channel
        self.credits = threading.Semaphore(count)
        self.guard = guard
        threading.Thread(target=self.given_back, name="credits", daemon=True).start()

    def given_back(self) -> None:
        """Each acknowledgement of the grading, a credit back, until the grading has gone."""
        with contextlib.suppress(EOFError, OSError):
            while True:
                self.channel.recv_bytes()
                self.credits.release()

    def take(self) -> bool:
        """Wait for a credit; False once the worker stops (its run is lost, as one in flight)."""
        while not self.credits.acquire(timeout=CREDIT_WAIT):
            if self.guard.stopped:
                return False
        return True


class Workers:
    """Worker processes started before their parts are known, so that their start-up (a fresh
    interpreter and its imports) goes on while the grading gets ready; each is given a part
    later, or ended (`close`) with the ones given none. All are started before any is given its
    part (larger than a pipe holds, a part given at a start would hold up the next start until
    that worker had read it)."""

    def __init__(self, count: int) -> None:
        context = multiprocessing.get_context("spawn")  # the grading has threads: no fork
        self.started: dict[Connection, BaseProcess] = {}
        try:
            for _ in range(count):
                receiving, sending = context.Pipe()
                process = context.Process(
                    target=work_part, args=(sending, os.getpid()), name=WORKER
                )
                process.start()
                sending.close()
                self.started[receiving] = process
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> "Workers":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def given(self, parts: Sequence[WorkerShare]) -> dict[Connection, BaseProcess]:
        """The workers given the parts, one each (there are no more parts than workers); those
        given none, ended."""
        busy = dict(list(self.started.items())[: len(parts)])
        for receiving, part in zip(busy, parts, strict=True):
            with contextlib.suppress(OSError):  # it has ended: `ended` says how
                receiving.send(part)
        idle = [receiving for receiving in self.started if receiving not in busy]
        stop(self.started.pop(receiving) for receiving in idle)
        for receiving in idle:
            receiving.close()
        return busy

    def close(self) -> None:
        """Stop every worker still running and let go of its pipe (once: a second close finds
        none)."""
        started, self.started = self.started, {}
        stop(started.values())
        for receiving in started:
            receiving.close()


def grade_in_processes(
    parts: Sequence[WorkerShare],
    on_result: Callable[[Submission, Ready], None],
    together: Together = contextlib.nullcontext,
    started: Workers | None = None,
) -> None:
    """Every part's runs done in a worker process of its own (of those `started` if given, else
    started here), `on_result` told of each finished run here, one at a time, as it arrives, the
    runs that arrive at once told `together`. Anything that stops the waiting (Ctrl-C, a
    signal's exception) stops the workers and keeps what they finished before it goes on up; a
    worker's error, or its bad end, is the grading's one-line error."""
    submission_of = {task[0].name: task[0] for part in parts for task in part.tasks}
    cases = tuple(parts[0].expected) if parts else ()
    diffs: dict[str, tuple[tuple[DiffLine, ...], str]] = {}

    def arrived(message: Sent) -> None:
        """A run a worker sent, told to `on_result`."""
        on_result(submission_of[message[0]], received(message, cases, diffs))

    started = Workers(len(parts)) if started is None else started
    workers = started.given(parts)
    try:
        receive(workers, arrived, together)
        ended(workers.values())
    except (KeyboardInterrupt, Signalled):
        ask_to_stop(workers.values())
        receive(workers, arrived, together, time.monotonic() + STOP_WAIT)
        raise
    finally:
        started.close()


def receive(
    workers: Iterable[Connection],
    arrived: Callable[[Sent], None],
    together: Together = contextlib.nullcontext,
    deadline: float | None = None,
) -> None:
    """Each run the workers send, `arrived`, until each has ended (its pipe closed) or the
    deadline (a `time.monotonic`) has passed; a worker's error raised here as the grading's. The
    runs waiting at once are told `together` (one commit of the store), then acknowledged (their
    credits given back). One selector serves the whole wait (a pipe's own `poll` makes one per
    call)."""
    with selectors.DefaultSelector() as selector:
        for receiving in workers:
            if not receiving.closed:
                selector.register(receiving, selectors.EVENT_READ, receiving)
        while selector.get_map():
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return
            waiting = read(selector, left)
            with together():
                for _, message in waiting:
                    arrived(message)
            for receiving, _ in waiting:
                with contextlib.suppress(OSError):  # a worker that has ended needs none
                    receiving.send_bytes(b"")


def read(selector: selectors.BaseSelector, timeout: float | None) -> list[tuple[Connection, Sent]]:
    """The runs the workers have sent, waiting up to `timeout` seconds for the first, then
    taking every one that waits (at most a worker's jobs each: their credits); a pipe that has
    closed is forgotten (read to its end first), an error raised."""
    waiting: list[tuple[Connection, Sent]] = []
    while events := selector.select(timeout if not waiting else 0):
        for key, _ in events:
            receiving = key.data
            try:
                message = receiving.recv()
            except (EOFError, ConnectionResetError):  # reset: it ended, acknowledgements unread
                selector.unregister(receiving)
                receiving.close()
                continue
            if isinstance(message, str):
                raise HarnessError(message)
            waiting.append((receiving, message))
        if not selector.get_map():
            break
    return waiting


def ended(processes: Iterable[BaseProcess]) -> None:
    """Wait for the workers that have sent all they will; one that did not end well (killed
    from outside, say) is the grading's one-line error, what it finished kept."""
    for process in processes:
        process.join()
        if process.exitcode:
            how = f"signal {-process.exitcode}" if process.exitcode < 0 else process.exitcode
            raise HarnessError(
                f"a grading process ended with {how}: the runs it finished are kept;"
                " the same command goes on from them"
            )


def ask_to_stop(processes: Iterable[BaseProcess]) -> list[BaseProcess]:
    """Ask each worker still running to stop (SIGTERM: it ends its runs in flight); those."""
    running = [process for process in processes if process.is_alive()]
    for process in running:
        process.terminate()
    return running


def stop(processes: Iterable[BaseProcess]) -> None:
    """Ask each worker still running to stop, then wait for it, killing one that has not ended
    in STOP_WAIT seconds."""
    for process in ask_to_stop(processes):
        process.join(STOP_WAIT)
        if process.is_alive():
            process.kill()
            process.join()


def work_part(results: Connection, grader: int) -> None:
    """A worker process: the part the grading then sends it, its runs `part.jobs` at once in its
    own sandbox, each sent back to the grading as it ends; stopped by SIGTERM or SIGHUP, ended
    with the grading's process, Ctrl-C left to the grading (which stops it); an error sent as one
    line."""
    helping(grader, WORKER)
    try:
        with stopping_signals(), contextlib.ExitStack() as stack:
            part: WorkerShare = results.recv()
            spread = part.spread
            _, runner, _ = confine(stack, part.limits, part.jobs, spread.private, spread.isolation)
            grader_of = SubmissionRunner(
                part.expected, part.timeout, part.give_up, part.timeouts, runner
            )

            def work(submission: Submission, case: Case) -> Ready:
                """A run, made ready for the store here."""
                return ready(*grader_of(submission, case))

            numbers = {case: number for number, case in enumerate(part.expected)}
            known: set[str] = set()
            credits = Credits(results, part.jobs, grader_of.guard)

            def send(submission: Submission, done: Ready) -> None:
                """A finished run sent to the grading, once a credit allows."""
                if credits.take():
                    results.send(sent(submission.name, numbers[done.result.case], done, known))

            grade_runs(part.tasks, work, grader_of.guard, part.jobs, send)
    except Signalled:
        pass
    except HarnessError as error:
        tell(results, str(error))
    except Exception as error:  # the grading says it in one line, never a traceback
        tell(results, f"a grading process failed: {type(error).__name__}: {error}")
    finally:
        results.close()


def tell(results: Connection, error: str) -> None:
    """A worker's error sent to the grading, unless the grading has gone (then it is no one's)."""
    with contextlib.suppress(OSError):
        results.send(error)
