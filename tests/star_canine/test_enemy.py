"""Which enemy a combat stage meets (spec 2.4): its difficulty and type, drawn among several."""

from __future__ import annotations

import random

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
