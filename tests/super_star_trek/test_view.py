"""The view lays events out as the listing's PRINT statements do (numbers with their spaces,
TAB columns, the device table's padding)."""

from games.basic.single import sng
from games.super_star_trek.events import (
    DeviceReport,
    InsufficientEnergy,
    LongRangeScan,
    Orders,
    RegionMap,
    RepairCompleted,
    ShortRangeScan,
    StatusReport,
    WarpQuestion,
)
from games.super_star_trek.view import render


def test_orders_for_one_starbase() -> None:
    text = render(Orders(20, 2231, 31, 1))
    assert "   ON STARDATE 2231   THIS GIVES YOU 31 DAYS.  THERE IS \n" in text
    assert "\n   1 STARBASE IN THE GALAXY FOR RESUPPLYING YOUR SHIP\n" in text


def test_orders_for_several_starbases() -> None:
    text = render(Orders(24, 2034, 34, 2))
    assert "THERE ARE \n   2 STARBASES IN" in text


def test_short_range_scan_rows_carry_the_status() -> None:
    symbols = ["   "] * 64
    symbols[6 * 8] = "<*>"
    symbols[7 * 8 + 0] = " * "
    text = render(
        ShortRangeScan(
            tuple(symbols),
            sng("2228.25"),
            "GREEN",
            (5, 4),
            (7, 1),
            7,
            sng("1295.9"),
            sng("449"),
            16,
        )
    )
    rows = text.split("\n")
    assert rows[0] == rows[9] == "-" * 33
    assert rows[1] == " " * 40 + "STARDATE           2228.2 "
    assert rows[7] == " <*>" + " " * 36 + "SHIELDS            449 "
    assert rows[8] == "  * " + " " * 36 + "KLINGONS REMAINING 16 "
    assert rows[6] == " " * 40 + "TOTAL ENERGY       1295 "


def test_long_range_scan() -> None:
    text = render(LongRangeScan((1, 5), ((None, None, None), (8, 104, 0), (1, 318, 2))))
    assert text == (
        "LONG RANGE SCAN FOR QUADRANT 1 , 5 \n"
        "-------------------\n"
        ": *** : *** : *** :\n-------------------\n"
        ": 008 : 104 : 000 :\n-------------------\n"
        ": 001 : 318 : 002 :\n-------------------\n"
    )


def test_device_report_pads_names_to_column_26() -> None:
    damage = (sng("1.7399"), sng(".82"), sng("0"), sng("-2.555"), *(sng("0"),) * 4)
    lines = render(DeviceReport(damage)).split("\n")
    assert lines[:6] == [
        "",
        "DEVICE             STATE OF REPAIR",
        "WARP ENGINES              1.73 ",
        "SHORT RANGE SENSORS       .82 ",
        "LONG RANGE SENSORS        0 ",
        "PHASER CONTROL           -2.56 ",
    ]


def test_repairs_after_the_first_start_at_column_8() -> None:
    assert render(RepairCompleted(2, True)) == (
        "DAMAGE CONTROL REPORT:  SHORT RANGE SENSORS REPAIR COMPLETED.\n"
    )
    assert render(RepairCompleted(5, False)) == "       PHOTON TUBES REPAIR COMPLETED.\n"


def test_region_map_centres_the_names() -> None:
    lines = render(RegionMap()).split("\n")
    assert lines[0] == "                        THE GALAXY"
    assert lines[3] == " 1        ANTARES                  SIRIUS"
    assert lines[9] == " 4          VEGA                 BETELGEUSE"


def test_the_warp_question_waits_on_its_line() -> None:
    assert render(WarpQuestion(False)) == "WARP FACTOR (0-8)"
    assert render(WarpQuestion(True)) == "WARP FACTOR (0-0.2)"


def test_insufficient_energy_names_the_warp_on_its_second_line() -> None:
    assert render(InsufficientEnergy(sng("4"))) == (
        "ENGINEERING REPORTS   'INSUFFICIENT ENERGY AVAILABLE\n"
        "                       FOR MANEUVERING AT WARP 4 !'\n"
    )


def test_the_status_report_says_klingons_from_two_on() -> None:
    """Line 7900: X$="S" when K9>1; line 7970: starbases plural from 2 on."""
    one, two = render(StatusReport(1, sng("5"), 1)), render(StatusReport(2, sng("5"), 2))
    assert "\nKLINGON LEFT:  1 \n" in one and "\nKLINGONS LEFT:  2 \n" in two
    assert " 1 STARBASE IN" in one and " 2 STARBASES IN" in two
