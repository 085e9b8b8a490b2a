"""The data files: the packaged v0.3.2 data loads, and a broken file is one clear line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from games.star_canine import cli, data
from games.star_canine.data import DataError, load_data, packaged_data
from games.star_canine.tables import ItemType, Range

PACKAGED = Path(data.__file__).parent / "data"
FILES = ("Enemy_data.json", "Equipment_data.json", "Starting_state.json")


def test_the_packaged_data_holds_the_v032_tables() -> None:
    loaded = packaged_data()
    assert len(loaded.equipment) == 18 and len(loaded.enemies) == 27
    lance = loaded.equipment[1]
    assert (lance.name, lance.type, lance.ammo_cost) == ("🚀 Comet Lance", ItemType.MISSILE, 3)
    assert lance.damage == {Range.LONG: 40, Range.MID: None, Range.CLOSE: None}
    assert loaded.equipment[17].target_type is ItemType.LASER
    assert loaded.equipment[101].disposable and loaded.equipment[101].uses_per_battle == 1
    assert [k.id for k in loaded.rewards()] == [4, 5, 10, 11, 12, 6, 7, 8, 9, 17, 18, 19, 101, 103]
    assert loaded.start == data.StartingState(200, 12, 6, (1, 2, 2, 3))


def copy_of_data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(PACKAGED, folder)
    return folder


def edit(folder: Path, name: str, change: object) -> None:
    path = folder / name
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document)  # type: ignore[operator]
    path.write_text(json.dumps(document), encoding="utf-8")


def error_of(folder: Path) -> str:
    with pytest.raises(DataError) as error:
        load_data(folder)
    message = str(error.value)
    assert "\n" not in message
    return message


def test_the_published_file_with_trailing_commas_is_refused(tmp_path: Path) -> None:
    folder = copy_of_data(tmp_path)
    path = folder / "Equipment_data.json"
    path.write_text(
        path.read_text(encoding="utf-8").replace('"disposable": false\n', '"disposable": false,\n'),
        encoding="utf-8",
    )
    assert error_of(folder) == (
        "data file Equipment_data.json is not valid JSON:"
        " a comma before the closing } at line 13, column 26"
    )


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("[1, 2,\n  ]", "a comma before the closing ] at line 1, column 6"),
        ('{"a": [1,\n2,]}', "a comma before the closing ] at line 2, column 2"),
        ('{"a" 1}', 'unexpected "1" at line 1, column 6'),
        ('{"a":1}x', 'unexpected "x" at line 1, column 8'),
        ('{"a": "x\\q"}', 'unexpected "\\\\" at line 1, column 9'),
        ('{"a": 1', "the text ends before the data does, at line 1, column 8"),
        ("  \n", "the text ends before the data does, at line 1, column 1"),
        ('{"a": "b\\"}', "a string that is never closed at line 1, column 7"),
    ],
)
def test_a_json_error_is_told_in_the_projects_words_the_same_on_every_python(
    tmp_path: Path, text: str, what: str
) -> None:
    folder = copy_of_data(tmp_path)
    (folder / "Enemy_data.json").write_text(text, encoding="utf-8")
    assert error_of(folder) == f"data file Enemy_data.json is not valid JSON: {what}"


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    folder = copy_of_data(tmp_path)
    (folder / "Enemy_data.json").unlink()
    assert error_of(folder) == "data file Enemy_data.json is missing"


def test_a_wrong_field_names_the_entry_and_the_field(tmp_path: Path) -> None:
    folder = copy_of_data(tmp_path)
    edit(folder, "Equipment_data.json", lambda d: d["items"][0].update(damage_LONG="40"))
    assert error_of(folder) == (
        "data file Equipment_data.json: item id 1: damage_LONG must be a whole number"
        ' of 0 or more or null, not "40"'
    )


def test_a_missing_damage_field_is_an_error_not_a_null(tmp_path: Path) -> None:
    folder = copy_of_data(tmp_path)
    edit(folder, "Enemy_data.json", lambda d: d["enemies"][0].pop("uses_CLOSE"))
    assert error_of(folder) == (
        "data file Enemy_data.json: enemy 'Scrap Skirmisher': uses_CLOSE is missing"
        " (write null for none)"
    )


def test_an_unknown_type_is_an_error(tmp_path: Path) -> None:
    folder = copy_of_data(tmp_path)
    edit(folder, "Equipment_data.json", lambda d: d["items"][2].update(type="HULL"))
    assert error_of(folder).startswith("data file Equipment_data.json: item id 3: type must be")


def test_a_stage_without_any_enemy_is_an_error(tmp_path: Path) -> None:
    folder = copy_of_data(tmp_path)
    edit(folder, "Enemy_data.json", lambda d: d["enemies"].pop(0))
    assert error_of(folder) == (
        "data file Enemy_data.json: no enemy of difficulty 1 for ACT I stage 1"
    )


def test_an_unknown_starting_item_is_an_error(tmp_path: Path) -> None:
    folder = copy_of_data(tmp_path)
    edit(folder, "Starting_state.json", lambda d: d.update(equipped_item_ids=[1, 42]))
    assert error_of(folder) == (
        "data file Starting_state.json: the starting state: equipped_item_ids names"
        " unknown item id 42"
    )


def test_broken_scrap_must_exist(tmp_path: Path) -> None:
    folder = copy_of_data(tmp_path)
    edit(folder, "Equipment_data.json", lambda d: d["items"].pop())
    assert error_of(folder) == "data file Equipment_data.json: no JUNK item of id 999"


def test_the_command_line_reports_broken_data_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def broken() -> data.GameData:
        raise DataError("data file Enemy_data.json is missing")

    monkeypatch.setattr("games.star_canine.session.packaged_data", broken)
    script = tmp_path / "in.txt"
    script.write_text("\n", encoding="utf-8")
    assert cli.main(["-b", str(script)]) == 1
    out, err = capsys.readouterr()
    assert (out, err) == ("", "star-canine: data file Enemy_data.json is missing\n")


def test_every_entry_of_the_packaged_files_loads_with_its_fields() -> None:
    loaded = load_data(PACKAGED)
    raw = {name: json.loads((PACKAGED / name).read_text(encoding="utf-8")) for name in FILES}
    ranges = [(at, at.value) for at in Range]
    for entry, enemy in zip(raw["Enemy_data.json"]["enemies"], loaded.enemies, strict=True):
        assert (enemy.name, enemy.hull, enemy.difficulty) == (
            entry["enemy_id"],
            entry["hull"],
            entry["difficulty"],
        )
        assert (enemy.shield, enemy.armor) == (entry["shield"] or 0, entry["armor"] or 0)
        assert enemy.type.value.upper() == entry["type"].upper()
        assert enemy.damage == {at: entry[f"damage_{name}"] for at, name in ranges}
        assert enemy.uses == {at: entry[f"uses_{name}"] for at, name in ranges}
    items = raw["Equipment_data.json"]["items"]
    assert list(loaded.equipment) == [item["id"] for item in items]
    for item in items:
        kind = loaded.equipment[item["id"]]
        assert (kind.name, kind.type.value, kind.reward, kind.disposable) == (
            item["name"],
            item["type"],
            item["reward"],
            item["disposable"],
        )
        assert (kind.shield, kind.armor) == (item.get("shield", 0), item.get("armor", 0))
        assert kind.multiplier == item.get("multiplier", 1)
        target = kind.target_type
        assert (None if target is None else target.value) == item.get("target_type")
        if "damage_LONG" not in item:
            assert (kind.damage, kind.ammo_cost, kind.uses_per_battle) == ({}, 0, None)
        if "damage_LONG" in item:
            assert kind.damage == {at: item[f"damage_{name}"] for at, name in ranges}
            assert (kind.ammo_cost, kind.uses_per_battle) == (
                item["ammo_cost"],
                item["uses_per_battle"],
            )
    start = raw["Starting_state.json"]
    assert loaded.start == data.StartingState(
        start["hull"], start["ammo"], start["max_slots"], tuple(start["equipped_item_ids"])
    )


def test_an_enemy_may_omit_its_shield_and_armor(tmp_path: Path) -> None:
    folder = copy_of_data(tmp_path)
    edit(folder, "Enemy_data.json", lambda d: [d["enemies"][0].pop(k) for k in ("shield", "armor")])
    first = load_data(folder).enemies[0]
    assert (first.shield, first.armor) == (0, 0)


def test_a_starting_hull_of_1_is_enough(tmp_path: Path) -> None:
    folder = copy_of_data(tmp_path)
    edit(folder, "Starting_state.json", lambda d: d.update(hull=1))
    assert load_data(folder).start.hull == 1


def test_a_starting_hull_of_0_is_an_error(tmp_path: Path) -> None:
    folder = copy_of_data(tmp_path)
    edit(folder, "Starting_state.json", lambda d: d.update(hull=0))
    assert error_of(folder) == (
        "data file Starting_state.json: the starting state: hull must be more than 0"
    )


def test_an_unreadable_file_is_named(tmp_path: Path) -> None:
    folder = copy_of_data(tmp_path)
    (folder / "Enemy_data.json").unlink()
    (folder / "Enemy_data.json").mkdir()
    assert error_of(folder).startswith("data file Enemy_data.json cannot be read: ")


ENEMY, ITEM, START = "Enemy_data.json", "Equipment_data.json", "Starting_state.json"


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        (ENEMY, lambda d: d.update(enemies={}), 'expected an object with a list "enemies"'),
        (ITEM, lambda d: d.clear(), 'expected an object with a list "items"'),
        (ENEMY, lambda d: d["enemies"].__setitem__(1, 5), "enemy 2 is not an object"),
        (ITEM, lambda d: d["items"].__setitem__(1, []), "item 2 is not an object"),
        (
            ITEM,
            lambda d: d["items"][0].update(id=-1),
            "item 1: id must be a whole number of 0 or more, not -1",
        ),
        (
            ENEMY,
            lambda d: d["enemies"][0].pop("hull"),
            "enemy 'Scrap Skirmisher': hull must be a whole number of 0 or more, not nothing",
        ),
        (
            ITEM,
            lambda d: d["items"][0].update(reward="yes"),
            'item id 1: reward must be true or false, not "yes"',
        ),
        (
            ITEM,
            lambda d: d["items"][0].update(disposable="é" * 50),
            f'item id 1: disposable must be true or false, not "{"é" * 39}',
        ),
        (
            ENEMY,
            lambda d: d["enemies"][0].update(enemy_id=" "),
            'enemy 1: enemy_id must be a non-empty string, not " "',
        ),
        (
            ENEMY,
            lambda d: d["enemies"][0].update(enemy_id=7),
            "enemy 1: enemy_id must be a non-empty string, not 7",
        ),
        (
            ENEMY,
            lambda d: d["enemies"][0].update(type=3),
            "enemy 'Scrap Skirmisher': type must be one of NORMAL, ELITE, BOSS, not 3",
        ),
        (ITEM, lambda d: d["items"][1].update(id=1), "item id 1: id 1 is used twice"),
        (
            START,
            lambda d: d.update(equipped_item_ids="1"),
            "the starting state: equipped_item_ids must be a list of item ids",
        ),
        (
            START,
            lambda d: d.update(equipped_item_ids=[1, True]),
            "the starting state: equipped_item_ids must be a list of item ids",
        ),
    ],
)
def test_each_broken_field_is_one_line_naming_the_file_and_the_entry(
    tmp_path: Path, name: str, change: object, message: str
) -> None:
    folder = copy_of_data(tmp_path)
    edit(folder, name, change)
    assert error_of(folder) == f"data file {name}: {message}"
