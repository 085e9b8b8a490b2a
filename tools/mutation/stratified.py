"""A stratified sample of a package's mutants (`make mutation-sample`): every module a stratum.

A package too big to mutate whole (`acceptance/`: some 11,000 mutants, 37 hours here) is
measured on a sample drawn across all its modules: one mutant from each module that has any,
the rest in proportion to how many mutants each module has beyond its first. The score is
estimated with each module weighted by its share of the package's mutants, so a module drawn more
or less than its share counts as its share; its 95 % interval is Wilson's score interval at the
sample's effective size (Kish), which stays inside 0 to 100 % and is not empty at a score of 100 %.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tools.mutation.blind_spots import SEPARATOR

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile: a two-sided 95 % interval


def module_of(mutant: str, modules: Iterable[str]) -> str:
    """The module a mutant changes: the longest of the modules its name starts with (mutmut's
    `MODULE.x_function__mutmut_N`, the blind spots' `MODULE::PLACE::N`)."""
    found = [m for m in modules if mutant.startswith((f"{m}.", f"{m}{SEPARATOR}"))]
    if not found:
        raise ValueError(f"no module of the package holds the mutant {mutant}")
    return max(found, key=len)


def allocation(sizes: Mapping[str, int], total: int) -> dict[str, int]:
    """How many mutants to draw from each module of these sizes, `total` in all: one from each
    that has any, the rest shared in proportion to each one's mutants beyond its first, by the
    largest remainders (ties to the module first by name)."""
    present = sorted(module for module, size in sizes.items() if size > 0)
    if total < len(present):
        raise ValueError(
            f"a sample of {total} cannot hold one mutant of each of {len(present)} modules"
        )
    if total >= sum(sizes[m] for m in present):
        return {module: sizes[module] for module in present}
    rest, beyond = total - len(present), sum(sizes[m] - 1 for m in present)
    quotas = {module: rest * (sizes[module] - 1) / beyond for module in present}
    counts = {module: 1 + math.floor(quota) for module, quota in quotas.items()}
    left = total - sum(counts.values())
    by_remainder = sorted(present, key=lambda m: (-(quotas[m] - math.floor(quotas[m])), m))
    for module in by_remainder[:left]:
        counts[module] += 1
    return counts


def by_module(mutants: Iterable[str], modules: Iterable[str]) -> dict[str, list[str]]:
    """The mutants of each module that has any, in order of name."""
    known = list(modules)
    strata: dict[str, list[str]] = defaultdict(list)
    for mutant in sorted(mutants):
        strata[module_of(mutant, known)].append(mutant)
    return dict(strata)


def draw(mutants: Sequence[str], modules: Iterable[str], total: int, seed: int) -> list[str]:
    """`total` of these mutants, drawn module by module by the allocation, the same for a seed."""
    strata = by_module(mutants, modules)
    counts = allocation({module: len(names) for module, names in strata.items()}, total)
    chance = random.Random(seed)
    return [m for module in sorted(counts) for m in chance.sample(strata[module], counts[module])]


def draws(
    mutants: Sequence[str], modules: Iterable[str], total: int, seeds: Iterable[int]
) -> list[str]:
    """The union of the draws of several seeds (each as `draw` makes it), in order of name: the
    draws of earlier runs pooled, so the modules are ranked on all of them."""
    known = list(modules)
    return sorted({m for seed in seeds for m in draw(mutants, known, total, seed)})


@dataclass(frozen=True)
class Stratum:
    """One module's part of the sample: its mutants in all, those drawn, and of those drawn the
    ones some test detected and the ones listed as equivalent."""

    size: int
    drawn: int
    detected: int
    equivalent: int

    @property
    def considered(self) -> int:
        """The drawn mutants that count in the score: all but the listed equivalents."""
        return self.drawn - self.equivalent


@dataclass(frozen=True)
class Estimate:
    """The package's score estimated from the sample, with its 95 % interval, in percent."""

    score: float
    low: float
    high: float
    effective: float  # the size of a simple random sample as precise as this one

    def __str__(self) -> str:
        return f"{self.score:.1f} % (95 % interval {self.low:.1f} to {self.high:.1f} %)"


def estimate(strata: Iterable[Stratum]) -> Estimate:
    """The weighted score of a stratified sample and Wilson's 95 % interval around it."""
    counted = [s for s in strata if s.considered > 0]
    if not counted:
        raise ValueError("no mutant of the sample counts: each is listed as equivalent")
    # A module's weight: its mutants less the share of them its draw found equivalent.
    weights = [s.size * s.considered / s.drawn for s in counted]
    weights = [w / sum(weights) for w in weights]
    scores = [s.detected / s.considered for s in counted]
    score = sum(w * p for w, p in zip(weights, scores, strict=True))
    variance = sum(
        w * w * p * (1 - p) / (s.considered - 1) * (1 - s.drawn / s.size)
        for w, p, s in zip(weights, scores, counted, strict=True)
        if s.considered > 1
    )
    size = sum(s.considered for s in counted)
    effective = min(size, score * (1 - score) / variance) if variance > 0 else size
    low, high = wilson(score, effective)
    return Estimate(100 * score, 100 * low, 100 * high, effective)


@dataclass(frozen=True)
class ModuleScore:
    """One module's own score in the sample: its stratum, its lines of code, and from these
    what its undetected mutants come to per line (its mutants times its share undetected)."""

    module: str
    stratum: Stratum
    lines: int

    @property
    def score(self) -> float:
        """The share of its counted draws detected (1 where none counts)."""
        counted = self.stratum.considered
        return self.stratum.detected / counted if counted else 1.0

    @property
    def interval(self) -> tuple[float, float]:
        """Wilson's 95 % interval of its own score (0 to 1 where none counts)."""
        counted = self.stratum.considered
        return wilson(self.score, counted) if counted else (0.0, 1.0)

    @property
    def undetected_per_line(self) -> float:
        """Its mutants no test would detect, estimated, per line of the module."""
        undetected = self.stratum.size * (1 - self.score)
        return undetected / self.lines if self.lines else undetected


def weakest_first(scores: Iterable[ModuleScore]) -> list[ModuleScore]:
    """Modules by their own score, lowest first, then by undetected mutants per line."""
    return sorted(scores, key=lambda m: (m.score, -m.undetected_per_line, m.module))


def module_table(scores: Iterable[ModuleScore]) -> str:
    """Each module's own score with its interval, weakest first, one line each."""
    rows = [
        f"  {'module':<44} {'drawn':>5} {'detected':>8} {'score':>6}  {'95 % interval':<13}"
        f" {'undetected/100 lines':>20}"
    ]
    for m in weakest_first(scores):
        low, high = m.interval
        rows.append(
            f"  {m.module:<44} {m.stratum.considered:>5} {m.stratum.detected:>8} "
            f"{100 * m.score:>5.0f}%  {100 * low:>4.0f} to {100 * high:>3.0f} %"
            f" {100 * m.undetected_per_line:>20.1f}"
        )
    return "\n".join(rows)


def wilson(score: float, size: float) -> tuple[float, float]:
    """Wilson's 95 % score interval of a proportion measured on a sample of this size."""
    z2 = Z95 * Z95
    centre = (score + z2 / (2 * size)) / (1 + z2 / size)
    spread = Z95 / (1 + z2 / size) * math.sqrt(score * (1 - score) / size + z2 / (4 * size * size))
    return max(0.0, centre - spread), min(1.0, centre + spread)
