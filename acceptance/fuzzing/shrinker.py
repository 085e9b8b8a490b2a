"""Shrinking a script that shows a difference to a minimal one that still shows it: the fewest
units (commands or typed lines), then the simplest form of each.

A transcript stops when its input runs out, so a difference usually survives cutting what comes
after it: a search for the shortest differing prefix goes first, then delta debugging (ddmin)
removes what the difference does not need, then each unit is replaced by its simplest form that
keeps it, and again while that changes the script, since a simpler argument often makes more
units needless; then runs of a few consecutive units are removed together (what ddmin, one unit
at a time at its finest, cannot), and the rounds start again if one was. Candidates are tried a
few at a time in parallel, and the first that still differs, in a fixed order, is kept: the
result depends on the script, never on timing.
"""

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

Units = tuple[str, ...]
# Whether a candidate script (its units) still shows the difference.
Test = Callable[[Units], bool]
# The simpler forms of one unit, simplest first (none: it is as simple as it gets).
Simpler = Callable[[str], Sequence[str]]
# Told of each batch of candidates run: how many ran, and the smallest candidate found so far.
Watch = Callable[[int, Units | None], None]
RUN_DROPPED = 3  # the longest run of consecutive units tried removed together after ddmin


@dataclass
class Shrinker:
    """Runs the test on candidates, each candidate once, `jobs` at a time, up to `max_runs`;
    keeps the last candidate found to differ, the smallest so far (what Ctrl-C leaves); tells
    `watch` of each batch run."""

    test: Test
    jobs: int = 1
    max_runs: int = 2000
    runs: int = 0
    known: dict[Units, bool] = field(default_factory=dict)
    smallest: Units | None = None
    watch: Watch | None = None

    def first(self, candidates: Sequence[Units]) -> Units | None:
        """The first candidate, in order, that still shows the difference, if any."""
        for start in range(0, len(candidates), self.jobs):
            batch = candidates[start : start + self.jobs]
            fresh = [candidate for candidate in dict.fromkeys(batch) if candidate not in self.known]
            if self.runs + len(fresh) > self.max_runs:
                return None
            self.runs += len(fresh)
            with ThreadPoolExecutor(max_workers=self.jobs) as pool:
                self.known.update(zip(fresh, pool.map(self.test, fresh), strict=True))
            found = next((candidate for candidate in batch if self.known[candidate]), None)
            if found is not None:
                self.smallest = found
            if self.watch is not None:
                self.watch(len(fresh), self.smallest)
            if found is not None:
                return found
        return None

    def holds(self, candidate: Units) -> bool:
        """Whether one candidate still shows the difference."""
        return self.first([candidate]) == candidate


def parts(units: Units, count: int) -> list[Units]:
    """The units cut into `count` consecutive parts of nearly equal size."""
    size, extra = divmod(len(units), count)
    bounds = [index * size + min(index, extra) for index in range(count + 1)]
    return [units[bounds[index] : bounds[index + 1]] for index in range(count)]


def shortest_prefix(units: Units, shrinker: Shrinker) -> Units:
    """A short prefix that still differs, by bisection (the whole script differs)."""
    if shrinker.holds(()):
        return ()
    low, high = 0, len(units)
    while high - low > 1:
        middle = (low + high) // 2
        if shrinker.holds(units[:middle]):
            high = middle
        else:
            low = middle
    return units[:high]


def ddmin(units: Units, shrinker: Shrinker) -> Units:
    """Delta debugging: remove parts, then complements, ever finer, while the difference holds."""
    count = 2
    while len(units) >= 2:
        chunks = parts(units, min(count, len(units)))
        complements = [
            tuple(unit for other, chunk in enumerate(chunks) if other != index for unit in chunk)
            for index in range(len(chunks))
        ]
        found = shrinker.first([chunk for chunk in chunks if chunk])
        if found is not None:
            units, count = found, 2
            continue
        found = shrinker.first(complements)
        if found is not None:
            units, count = found, max(count - 1, 2)
            continue
        if count >= len(units):
            break
        count = min(2 * count, len(units))
    return units


def simplify(units: Units, simpler: Simpler, shrinker: Shrinker) -> Units:
    """Each unit in turn replaced by its simplest form that keeps the difference, again and again
    while one is found (each form is strictly simpler, so this ends)."""
    for index in range(len(units)):
        while True:
            forms = simpler(units[index])
            found = shrinker.first([units[:index] + (form,) + units[index + 1 :] for form in forms])
            if found is None:
                break
            units = found
    return units


def drop_runs(units: Units, shrinker: Shrinker, longest: int = RUN_DROPPED) -> Units:
    """Each run of 2 to `longest` consecutive units removed together, while one such removal
    keeps the difference: a command with those it sets up (a setup stage's select and next), a
    pair that matters only together, which ddmin, removing one unit at a time at its finest,
    keeps."""
    width = 2
    while width <= min(longest, len(units)):
        found = shrinker.first(
            [units[:start] + units[start + width :] for start in range(len(units) - width + 1)]
        )
        if found is None:
            width += 1
        else:
            units, width = found, 2
    return units


def shrink(units: Units, shrinker: Shrinker, simpler: Simpler | None = None) -> Units:
    """A minimal script that still differs: fewest units (ddmin), then simplest forms, again
    after a round that made a unit simpler (a smaller board, a lower threshold often makes more
    units needless); once neither changes it, runs of units dropped together, and again if one
    was."""
    units = shortest_prefix(units, shrinker)
    while True:
        units = ddmin(units, shrinker)
        simplest = units if simpler is None else simplify(units, simpler, shrinker)
        if simplest == units:
            simplest = drop_runs(units, shrinker)
        if simplest == units:
            return units
        units = simplest
