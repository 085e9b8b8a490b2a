"""The progress of long work on a terminal: one line on stderr, drawn over in place, saying what
is being done, how much of it (tests, runs, scripts), at what rate, the time left, and a note
(the failures so far). A timer draws it again every half second, so it moves even while one run
takes long. Off a terminal, or quiet, it is nothing: no thread, no drawing, and tqdm (which
formats the line) is not even imported."""

import atexit
import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TextIO

TICK = 0.5  # seconds between two drawings of the line, counted or not
COUNTED = 0.1  # at least this long between two drawings made by counting (fast work)
WIDTH = 80  # a terminal that gives no width (a pseudo-terminal given no size)
TIMED = "{l_bar}{bar}| {elapsed}<{remaining}, {count}{unit}{postfix}"
UNCOUNTED = "{desc}: {elapsed}{postfix}"


@dataclass(frozen=True)
class Stage:
    """A stage of long work: what it does, the unit of what it counts (none: it counts nothing),
    how many there are (None: not known), and the seconds it may take when time bounds it."""

    what: str
    unit: str = ""
    total: int | None = None
    seconds: float | None = None


def on_terminal(stream: TextIO | None) -> bool:
    """Whether a stream is a terminal (none is not)."""
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):  # a replaced stream, or a closed one
        return False


def width(stream: TextIO) -> int:
    """The columns a line may take on a terminal, one short of its width so it never wraps."""
    try:
        columns = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):
        columns = 0
    return (columns or WIDTH) - 1


def line(stage: Stage, count: int, seconds: float, note: str, columns: int, ascii: bool) -> str:
    """The progress line of a stage: a bar of the total with the rate and time left, the count
    and rate where no total is known, the time spent where nothing is counted; then the note."""
    from tqdm import tqdm  # here: imported only when there is a terminal to draw on

    # Typed loosely: its stub wants a total, where tqdm documents None for a total not known.
    meter: Callable[..., str] = tqdm.format_meter
    common = {"ncols": columns, "prefix": stage.what, "ascii": ascii, "postfix": note}
    if stage.seconds is not None:  # the bar is the time spent of the time allowed
        spent = min(seconds, stage.seconds)
        return meter(
            spent, stage.seconds, seconds, bar_format=TIMED, count=count, unit=stage.unit, **common
        )
    if not stage.unit:
        return meter(0, None, seconds, bar_format=UNCOUNTED, **common)
    return meter(count, stage.total, seconds, unit=stage.unit, **common)


class Progress:
    """Long work's progress line on stderr while it is a terminal and not `quiet`; else every
    method does nothing but `write`, which prints. One stage at a time (`begin`), counted
    (`advance`) and noted (`note`); `close` clears the line (a later stage draws it again).
    Calls from several threads are safe."""

    def __init__(self, quiet: bool = False) -> None:
        self.stream = sys.stderr
        self.shown = not quiet and on_terminal(self.stream)
        self.ascii = not (getattr(self.stream, "encoding", "") or "").lower().startswith("utf")
        self.lock = threading.Lock()
        self.stage: Stage | None = None
        self.count = 0
        self.noted = ""
        self.started = 0.0
        self.drawn = 0  # how many columns of the terminal's line the progress takes
        self.last = 0.0  # when it was drawn last
        self.stale = False  # counted or noted since it was drawn last
        self.timer: threading.Thread | None = None
        self.stopping = threading.Event()

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def begin(
        self, what: str, unit: str = "", total: int | None = None, seconds: float | None = None
    ) -> None:
        """Start a stage: `what` it does, counting items of a `unit` (none: nothing counted) of
        a `total` (None: not known), or bounded by `seconds`; drawn at once."""
        if not self.shown:
            return
        with self.lock:
            if self.stale:  # the last stage's last counts, drawn once before it gives way
                self.draw()
            self.stage = Stage(what, unit, total, seconds)
            self.count, self.noted, self.started = 0, "", time.monotonic()
            self.draw()
        self.start_timer()

    def advance(self, count: int = 1, note: str | None = None) -> None:
        """Count items done, with a new note if given."""
        if not self.shown:
            return
        with self.lock:
            self.count += count
            self.noted = self.noted if note is None else note
            self.stale = True
            if time.monotonic() - self.last >= COUNTED:
                self.draw()

    def note(self, text: str) -> None:
        """Say something of the stage after its counts (the failures so far, say)."""
        self.advance(0, text)

    def write(self, text: str, file: TextIO | None = None) -> None:
        """Print a line (to stdout unless `file` says) as print does, the progress line cleared
        first and drawn again below it."""
        if not self.shown:
            print(text, file=file)
            return
        with self.lock:
            self.clear()
            print(text, file=file, flush=True)
            self.draw()

    def close(self) -> None:
        """Stop drawing, the line cleared, as if it had never been there."""
        if not self.shown:
            return
        self.stop_timer()
        with self.lock:
            self.clear()
            self.stage = None

    def draw(self) -> None:
        """Draw the line over the last (the lock held)."""
        if self.stage is None:
            return
        now = time.monotonic()
        text = line(
            self.stage,
            self.count,
            now - self.started,
            self.noted,
            width(self.stream),
            self.ascii,
        )
        self.put("\r" + text + " " * max(self.drawn - len(text), 0))
        self.drawn, self.last, self.stale = len(text), now, False

    def clear(self) -> None:
        """Blank the line (the lock held)."""
        if self.drawn:
            self.put("\r" + " " * self.drawn + "\r")
            self.drawn = 0

    def put(self, text: str) -> None:
        """Write to the terminal at once; one that has gone away is left alone."""
        with contextlib.suppress(OSError, ValueError):
            self.stream.write(text)
            self.stream.flush()

    def start_timer(self) -> None:
        """Draw the line every TICK from a thread of its own, unless one does already."""
        if self.timer is not None:
            return
        self.stopping.clear()
        self.timer = threading.Thread(target=self.tick, name="progress", daemon=True)
        self.timer.start()
        TICKING.add(self)

    def tick(self) -> None:
        """The timer: draw until stopped."""
        while not self.stopping.wait(TICK):
            with self.lock:
                self.draw()

    def stop_timer(self) -> bool:
        """Stop the timer and wait until its thread is gone, from the system's count of this
        process's threads too; whether there was one."""
        timer = self.timer
        if timer is None:
            return False
        self.stopping.set()
        timer.join()
        TICKING.discard(self)
        self.timer = None
        gone = time.monotonic() + 1
        while os.path.exists(f"/proc/self/task/{timer.native_id}") and time.monotonic() < gone:
            time.sleep(0.001)  # join returns a moment before the system's thread has ended
        return True


TICKING: set[Progress] = set()  # the progress lines whose timer runs
SILENT = Progress(quiet=True)  # what work shows when its caller shows nothing: nothing


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """No timer of a progress line runs while the body does: a process forked there copies no
    thread of ours, nor a lock one held (the lines are drawn again after)."""
    stopped = [progress for progress in list(TICKING) if progress.stop_timer()]
    try:
        yield
    finally:
        for progress in stopped:
            progress.start_timer()


@atexit.register
def stop_timers() -> None:
    """Stop every timer before the interpreter ends, so none writes while it does."""
    for progress in list(TICKING):
        progress.close()
