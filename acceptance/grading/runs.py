"""Grading a class: submissions' programs run over a suite, in parallel, each run with a time
limit; a submission that keeps timing out stops costing time after a few timeouts.

A submission is a folder; the command template names its program (`{}` is the folder). Nothing
a submission does (crash, hang, flood its output, be missing) stops the grading of the others.
"""

import hashlib
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from acceptance.confine.jail import Confined, Jail, Runner
from acceptance.errors import HarnessError
from acceptance.marking.submissions import Done, Submission, Task, program_of
from acceptance.processes.execution import External, Guard, Setting, graders_now
from acceptance.running.cases import Case
from acceptance.running.compare import Mismatch, diff_json
from acceptance.running.outcome import NOT_STARTED, Doubt, Output, Producer, Status
from acceptance.running.run_report import plural
from acceptance.running.suite import Outcome, Result, difference, outcome_of

GIVE_UP = 3  # timeouts after which a submission's remaining tests are not run
RUNS = 3  # runs of one test at most while its ending may not be its program's own doing


@dataclass(frozen=True)
class Judged:
    """An output of a test judged: where it first differs from the expected bytes (None: it is
    them), and that block diff as JSON text (the store's form)."""

    mismatch: Mismatch | None = None
    diff: str | None = None


@dataclass
class SubmissionRunner:
    """Runs one submission's program on one test at a time, confined by the runner unless there
    is none, counting each submission's timeouts; the guard ends every run when grading stops."""

    expected: dict[Case, bytes]
    timeout: float
    give_up: int
    timeouts: dict[str, int]
    runner: Runner | None = None
    guard: Guard = field(default_factory=Guard)
    lock: threading.Lock = field(default_factory=threading.Lock)
    jails: dict[str, tuple[Jail, tuple[str, ...]]] = field(default_factory=dict)
    judged: dict[tuple[str, bytes], Judged] = field(default_factory=dict)  # by test and digest
    setting: Setting = field(default_factory=graders_now)  # an unconfined run's

    def jail(self, submission: Submission, runner: Runner) -> tuple[Jail, tuple[str, ...]]:
        """The folder a submission's program is given, made at its first run, and the program's
        command line where the program sees that folder."""
        with self.lock:
            if submission.name not in self.jails:
                jail = runner.jail(submission.folder)
                argv = program_of(submission.template, Path(jail.mount))
                self.jails[submission.name] = jail, argv
            return self.jails[submission.name]

    def program(self, submission: Submission, limit: int) -> Producer:
        """A submission's program, printing at most `limit` bytes: confined, or run as is."""
        if self.runner is None:
            return External(submission.argv, self.timeout, limit, self.guard, self.setting)
        jail, argv = self.jail(submission, self.runner)
        return Confined(self.runner, jail, argv, self.timeout, limit, self.guard)

    def judge(self, case: Case, output: bytes) -> Judged:
        """An output of a test judged once, however many runs print it (a class's wrong outputs
        repeat: the same slip, the same starter code), by its SHA-256: its diff is the costliest
        of the grader's own work on a run."""
        key = case.name, hashlib.sha256(output).digest()
        judged = self.judged.get(key)
        if judged is None:
            mismatch = difference(case, self.expected[case], output)
            judged = Judged(mismatch, None if mismatch is None else diff_json(mismatch))
            self.judged[key] = judged
        return judged

    def __call__(self, submission: Submission, case: Case) -> tuple[Result, bytes, str | None]:
        """The result of one test of one submission, what its program printed, and its block
        diff's JSON text if it printed something else."""
        started = time.perf_counter()
        with self.lock:
            hopeless = self.timeouts.get(submission.name, 0) >= self.give_up
        if hopeless:
            detail = f"{plural(self.give_up, 'run')} timed out already"
            return Result(case, Outcome.NOT_RUN, detail=detail), b"", None
        expected = self.expected[case]
        limit = 4 * len(expected) + (1 << 20)
        actual = undisturbed(self.program(submission, limit), submission, case)
        if actual.status is Status.TIMED_OUT:
            with self.lock:
                self.timeouts[submission.name] = self.timeouts.get(submission.name, 0) + 1
        judged = Judged() if actual.status in NOT_STARTED else self.judge(case, actual.stdout)
        outcome = outcome_of(actual, judged.mismatch)
        seconds = time.perf_counter() - started
        result = Result(case, outcome, seconds, judged.mismatch, actual.detail)
        return result, actual.stdout, judged.diff


def undisturbed(program: Producer, submission: Submission, case: Case) -> Output:
    """The output of a run that is its program's own doing: a run whose ending may have been
    caused from outside (a signal not a fault's, no limit explaining it) or by the grader's side
    is run again, up to RUNS runs in all; the last of RUNS such runs is the verdict where a signal
    ended each (a program that kills itself, say), and stops the grading (HarnessError, its runs
    kept) where the grader's side failed each time."""
    for _ in range(RUNS):
        output = program(case)
        if output.doubt is Doubt.NONE:
            return output
    if output.doubt is Doubt.GRADER:
        raise HarnessError(
            f"{submission.name}, {case.name}: {output.detail} ({RUNS} times): the runs finished"
            " are kept; the same command goes on from them"
        )
    return output


class Turns:
    """A class's runs as the workers take them: each worker keeps to one submission until its
    runs are all taken (they then follow one another, in one kept sandbox), then takes the next
    submission no worker has taken, and once there is none, helps the one with the most runs
    left (a class of one submission is still run `-j` at once)."""

    def __init__(self, tasks: Sequence[Task]) -> None:
        self.left: dict[str, deque[Task]] = {}
        for task in tasks:
            self.left.setdefault(task[0].name, deque()).append(task)
        self.free = deque(self.left)  # the submissions no worker has taken yet
        self.lock = threading.Lock()

    def take(self, mine: str | None) -> Task | None:
        """The next run for a worker whose last run was of submission `mine`; None when every
        run is taken."""
        with self.lock:
            if mine not in self.left:
                if self.free:
                    mine = self.free.popleft()
                else:
                    mine = max(self.left, key=lambda name: len(self.left[name]), default=None)
                    if mine is None:
                        return None
            runs = self.left[mine]
            task = runs.popleft()
            if not runs:
                del self.left[mine]
            return task


def grade_runs(
    tasks: Sequence[Task],
    work: Callable[[Submission, Case], Done],
    guard: Guard,
    jobs: int,
    on_result: Callable[[Submission, Done], None],
) -> None:
    """Every task done by `work` (a run and what the worker makes of it, a grader's result
    made ready for the store, say), `jobs` at once, `on_result` told of each as it ends, one at
    a time, by the worker that ran it before that worker takes another: no more than `jobs`
    runs are ever untold, and the grading's main thread is not woken per run. Anything that
    stops the waiting (Ctrl-C, a signal's exception) or that a worker raises stops the guard,
    ending the runs in flight, whose results are lost, and goes on up. Each worker thread takes
    its next task itself (`Turns`)."""
    turns = Turns(tasks)
    telling = threading.Lock()  # on_result is told of one run at a time
    ended: queue.SimpleQueue[BaseException | None] = queue.SimpleQueue()
    stopping = threading.Event()

    def worker() -> None:
        mine = None
        try:
            while not stopping.is_set() and (task := turns.take(mine)) is not None:
                mine = task[0].name
                done = work(*task)
                with telling:
                    if stopping.is_set():
                        break
                    on_result(task[0], done)
        except BaseException as error:  # the grading's to raise, in its own thread
            ended.put(error)
            return
        ended.put(None)

    workers = [threading.Thread(target=worker) for _ in range(max(1, min(jobs, len(tasks))))]
    for thread in workers:
        thread.start()
    try:
        for _ in workers:
            error = ended.get()
            if error is not None:
                raise error
    except BaseException:
        guard.stop()
        raise
    finally:
        stopping.set()
        for thread in workers:
            thread.join()
