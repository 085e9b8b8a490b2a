"""tools/mutation/stratified.py: the mutation sample of a package too big to mutate whole, drawn
across every module in proportion to its mutants, and the score estimated from it."""

from collections import Counter

import pytest

from tools.mutation.run import seeds
from tools.mutation.stratified import (
    ModuleScore,
    Stratum,
    allocation,
    draw,
    draws,
    estimate,
    module_of,
    module_table,
    weakest_first,
    wilson,
)

MODULES = ("pkg.a", "pkg.a.inner", "pkg.b", "pkg.c")


def names(module: str, count: int) -> list[str]:
    """Mutant names of a module, half mutmut's and half the blind spots'."""
    return [f"{module}.x_f__mutmut_{n}" if n % 2 else f"{module}::TABLE::{n}" for n in range(count)]


def test_a_mutant_belongs_to_the_longest_module_its_name_starts_with() -> None:
    assert module_of("pkg.a.x_f__mutmut_1", MODULES) == "pkg.a"
    assert module_of("pkg.a.inner.xǁKǁm__mutmut_2", MODULES) == "pkg.a.inner"
    assert module_of("pkg.a.inner::(module)::0", MODULES) == "pkg.a.inner"
    with pytest.raises(ValueError, match="pkg.z.x_f__mutmut_1"):
        module_of("pkg.z.x_f__mutmut_1", MODULES)


def test_every_module_gives_one_and_the_rest_go_in_proportion_to_its_mutants_beyond_it() -> None:
    sizes = {"a": 1, "b": 11, "c": 31, "d": 61, "empty": 0}
    assert allocation(sizes, 4 + 10) == {"a": 1, "b": 2, "c": 4, "d": 7}
    assert allocation(sizes, 4) == {"a": 1, "b": 1, "c": 1, "d": 1}


def test_the_largest_remainders_get_the_mutants_left_over_ties_by_name() -> None:
    assert allocation({"a": 3, "b": 3, "c": 2}, 5) == {"a": 2, "b": 2, "c": 1}
    assert allocation({"b": 3, "a": 3}, 3) == {"a": 2, "b": 1}


def test_a_sample_as_big_as_the_package_takes_it_whole_and_one_too_small_is_refused() -> None:
    assert allocation({"a": 2, "b": 5}, 9) == {"a": 2, "b": 5}
    with pytest.raises(ValueError, match="one mutant of each of 3 modules"):
        allocation({"a": 2, "b": 5, "c": 1}, 2)


def test_the_draw_follows_the_allocation_and_is_the_same_for_a_seed() -> None:
    every = names("pkg.a", 40) + names("pkg.a.inner", 3) + names("pkg.b", 17)
    chosen = draw(every, MODULES, 12, seed=7)
    assert Counter(module_of(m, MODULES) for m in chosen) == allocation(
        {"pkg.a": 40, "pkg.a.inner": 3, "pkg.b": 17}, 12
    )
    assert len(set(chosen)) == 12 and set(chosen) <= set(every)
    assert draw(list(reversed(every)), MODULES, 12, seed=7) == chosen
    assert draw(every, MODULES, 12, seed=8) != chosen


def test_a_proportional_sample_scores_as_its_share_of_detected_mutants() -> None:
    found = estimate([Stratum(100, 10, 9, 0), Stratum(200, 20, 18, 0)])
    assert found.score == pytest.approx(90.0)


def test_a_module_drawn_beyond_its_share_weighs_only_its_share() -> None:
    # Half the mutants are in a module whose ten drawn all survived, half in one drawn once.
    found = estimate([Stratum(50, 10, 0, 0), Stratum(50, 1, 1, 0)])
    assert found.score == pytest.approx(50.0)


def test_listed_equivalents_leave_the_score_and_shrink_their_modules_weight() -> None:
    found = estimate([Stratum(100, 10, 4, 5), Stratum(100, 10, 10, 0)])
    # The first module's 100 mutants are half equivalent: 50 count, at 80 %; the second's 100 at
    # 100 %.
    assert found.score == pytest.approx(100 * (50 * 0.8 + 100 * 1.0) / 150)
    with pytest.raises(ValueError, match="equivalent"):
        estimate([Stratum(10, 2, 0, 2)])


def test_the_interval_is_wilsons_at_the_samples_effective_size() -> None:
    low, high = wilson(0.9, 10)
    assert (round(low, 4), round(high, 4)) == (0.5958, 0.9821)
    # One module, 10 of its 1,000 drawn: the variance p(1 - p) / (10 - 1), less the 1 % drawn.
    found = estimate([Stratum(1000, 10, 9, 0)])
    assert found.effective == pytest.approx(9 / 0.99)
    assert (found.low, found.high) == pytest.approx(
        tuple(100 * bound for bound in wilson(0.9, 9 / 0.99))
    )


def test_a_perfect_sample_still_has_an_interval_below_100() -> None:
    found = estimate([Stratum(1000, 100, 100, 0), Stratum(500, 100, 100, 0)])
    assert found.score == 100.0 and found.high == 100.0
    assert 97.0 < found.low < 98.5
    assert str(found) == f"100.0 % (95 % interval {found.low:.1f} to 100.0 %)"


def test_a_module_sampled_whole_adds_no_uncertainty() -> None:
    whole = estimate([Stratum(10, 10, 5, 0), Stratum(1000, 50, 45, 0)])
    alone = estimate([Stratum(1000, 50, 45, 0)])
    assert whole.effective > alone.effective


def test_pooled_draws_are_the_union_of_each_seeds_draw() -> None:
    every = [name for module in MODULES for name in names(module, 20)]
    pooled = draws(every, MODULES, 12, [7, 8])
    assert set(pooled) == set(draw(every, MODULES, 12, 7)) | set(draw(every, MODULES, 12, 8))
    assert pooled == sorted(pooled) and draws(every, MODULES, 12, [7]) == sorted(
        draw(every, MODULES, 12, 7)
    )


def test_seeds_are_one_number_or_several_by_commas() -> None:
    assert seeds("0") == (0,) and seeds("0,17,3") == (0, 17, 3)
    with pytest.raises(Exception, match="not a seed"):
        seeds("zero")


def test_a_modules_own_score_is_its_detected_share_with_wilsons_interval() -> None:
    module = ModuleScore("pkg.a", Stratum(size=100, drawn=10, detected=6, equivalent=2), lines=50)
    assert module.score == 6 / 8
    assert module.interval == wilson(6 / 8, 8)
    assert module.undetected_per_line == 100 * (2 / 8) / 50


def test_modules_rank_weakest_first_then_by_undetected_mutants_per_line() -> None:
    strong = ModuleScore("strong", Stratum(10, 4, 4, 0), lines=10)
    weak = ModuleScore("weak", Stratum(10, 4, 1, 0), lines=10)
    dense = ModuleScore("dense", Stratum(100, 4, 2, 0), lines=10)
    sparse = ModuleScore("sparse", Stratum(100, 4, 2, 0), lines=1000)
    ranked = weakest_first([strong, sparse, weak, dense])
    assert [m.module for m in ranked] == ["weak", "dense", "sparse", "strong"]
    table = module_table([strong, weak]).splitlines()
    assert [row.split()[0] for row in table[1:]] == ["weak", "strong"]
    assert "25%" in table[1] and "100%" in table[2]
