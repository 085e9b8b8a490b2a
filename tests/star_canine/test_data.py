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
        " Expecting property name enclosed in double quotes at line 14, column 5"
    )


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
