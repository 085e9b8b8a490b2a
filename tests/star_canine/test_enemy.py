"""Which enemy a combat stage meets (spec 2.4): its difficulty and type, drawn among several."""

from __future__ import annotations

import random

import pytest

from games.star_canine import tables
from games.star_canine.data import packaged_data
from games.star_canine.enemy import candidates, choose_enemy
from games.star_canine.stages import COURSE
from games.star_canine.tables import EnemyType, StageKind, StageRule
from tests.star_canine.builders import enemy


def rule(difficulty: int, enemy_type: EnemyType = EnemyType.NORMAL) -> StageRule:
    return StageRule(StageKind.COMBAT, difficulty, enemy_type)


def test_a_stage_meets_the_enemy_of_its_difficulty_and_type() -> None:
    enemies = packaged_data().enemies
    assert [e.name for e in candidates(rule(1), enemies)] == ["Scrap Skirmisher"]
    assert [e.name for e in candidates(rule(10, EnemyType.BOSS), enemies)] == [
        "Black Orbit Marauder"
    ]


def test_without_that_type_the_difficulty_alone_decides() -> None:
    enemies = packaged_data().enemies
    assert [e.name for e in candidates(rule(5, EnemyType.ELITE), enemies)] == ["Cold Orbit Raider"]
    assert [e.name for e in candidates(rule(24), enemies)] == ["Nullwave Leviathan"]


def test_every_combat_stage_of_the_data_has_one_enemy() -> None:
    enemies = packaged_data().enemies
    expected = {
        (1, 5): "Cold Orbit Raider",
        (1, 9): "Black Orbit Marauder",
        (2, 5): "Dark Halo Frigate",
        (2, 9): "Crown of Null",
        (3, 5): "Oblivion Choir",
        (3, 6): "Nullwave Leviathan",
        (3, 9): "Final Silence",
    }
    for stage in COURSE:
        if stage.rule.kind is StageKind.COMBAT:
            found = candidates(stage.rule, enemies)
            assert len(found) == 1
            if (stage.act.number, stage.number) in expected:
                assert found[0].name == expected[(stage.act.number, stage.number)]


def test_one_candidate_draws_nothing_from_the_generator() -> None:
    rng = random.Random(3)
    before = rng.getstate()
    choose_enemy(rule(1), packaged_data().enemies, rng)
    assert rng.getstate() == before


def test_several_candidates_are_drawn_by_the_seed() -> None:
    pool = [enemy(name=name, difficulty=7) for name in ("A", "B", "C")]
    picks = [choose_enemy(rule(7), pool, random.Random(seed)).name for seed in range(30)]
    assert set(picks) == {"A", "B", "C"}
    again = [choose_enemy(rule(7), pool, random.Random(seed)).name for seed in range(30)]
    assert picks == again


def test_enemy_type_case_and_null_defences_are_read_leniently() -> None:
    skirmisher = packaged_data().enemies[0]
    assert skirmisher.type is EnemyType.NORMAL
    assert (skirmisher.shield, skirmisher.armor) == (0, 0)


SPEC_LAYOUT = {  # spec 2.4.1-2.4.3: (kind, difficulty, type) of the nine stages of each act
    act: [
        ("combat", first, "normal"),
        ("combat", first + 1, "normal"),
        ("combat", first + 2, "normal"),
        ("dock", 0, "normal"),
        ("combat", elite, "elite"),
        ("combat", first + 3, "normal"),
        ("combat", first + 3, "normal"),
        ("dock", 0, "normal"),
        ("combat", boss, "boss"),
    ]
    for act, first, elite, boss in ((1, 1, 5, 10), (2, 11, 16, 20), (3, 21, 26, 30))
}


def layout(stages: tuple[StageRule, ...]) -> list[tuple[str, int, str]]:
    return [(s.kind.name.lower(), s.difficulty, s.enemy_type.name.lower()) for s in stages]


@pytest.mark.parametrize(("act", "base", "elite"), [(1, 0, 5), (2, 10, 16), (3, 20, 26)])
def test_each_act_has_the_nine_stages_of_the_spec(act: int, base: int, elite: int) -> None:
    assert layout(tables.ACTS[act - 1].stages) == SPEC_LAYOUT[act]
    assert layout(tables._act_stages(base, elite)) == SPEC_LAYOUT[act]


def test_a_stage_meets_only_its_type_when_its_difficulty_has_several() -> None:
    normal = enemy(name="Normal five", difficulty=5)
    elite = enemy(name="Elite five", difficulty=5, enemy_type=EnemyType.ELITE)
    assert candidates(rule(5, EnemyType.ELITE), [normal, elite]) == [elite]
    assert candidates(rule(5), [normal, elite]) == [normal]
