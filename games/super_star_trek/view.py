"""The text of every event, as the listing's PRINT statements lay it out."""

from collections.abc import Iterable
from functools import singledispatch

from games.basic.functions import INT
from games.basic.numtext import number_text
from games.basic.single import Single, sng
from games.super_star_trek import tables
from games.super_star_trek.events import (
    BadNavigation,
    Bearing,
    CalculatorPosition,
    DamagedByHit,
    DeviceDamaged,
    DeviceImproved,
    DeviceReport,
    EndSpacing,
    EnginesWontTake,
    EnteringQuadrant,
    Event,
    GalaxyRecord,
    HitOnEnterprise,
    HitOnKlingon,
    InsufficientEnergy,
    ItIsStardate,
    KlingonEnergyLeft,
    KlingonsLeftAtEnd,
    LongRangeScan,
    NoDamageToEnemy,
    Notice,
    Orders,
    PerimeterDenied,
    PhaserEnergy,
    RegionMap,
    RepairCompleted,
    RepairOffer,
    ShieldEnergyAvailable,
    ShieldsDownTo,
    ShieldsHoldEnergy,
    ShieldsSet,
    ShortRangeScan,
    StarAbsorbed,
    StatusReport,
    Title,
    ToKlingons,
    TorpedoPosition,
    Victory,
    WarpQuestion,
)
from games.super_star_trek.galaxy import region_name

_TENTH = sng(".1")
_HUNDREDTH = sng(".01")


def num(value: Single | int) -> str:
    """A number as PRINT shows it (sign or space before, a space after)."""
    return number_text(value) + " "


def lines(*texts: str) -> str:
    """Printed lines, each ended."""
    return "".join(text + "\n" for text in texts)


def device_name(device: int) -> str:
    """Lines 8790-8806: a device's name."""
    return tables.DEVICE_NAMES[device - 1]


@singledispatch
def render(event: Event) -> str:
    """The text of an event."""
    raise TypeError(f"no view for {event!r}")


@render.register
def _notice(event: Notice) -> str:
    value = event.value
    return lines(value) if isinstance(value, str) else lines(*value)


@render.register
def _title(event: Title) -> str:
    return (
        "\n" * tables.BLANK_LINES_BEFORE_TITLE
        + lines(*tables.TITLE)
        + "\n" * tables.BLANK_LINES_AFTER_TITLE
    )


@render.register
def _orders(event: Orders) -> str:
    there, plural = tables.ORDERS_ONE_BASE if event.starbases == 1 else tables.ORDERS_MANY_BASES
    text = tables.ORDERS
    return lines(
        text[0],
        text[1].format(num(event.klingons)),
        text[2],
        text[3].format(num(event.final_stardate), num(event.days), there),
        text[4].format(num(event.starbases), plural),
        *text[5:],
    )


@render.register
def _entering(event: EnteringQuadrant) -> str:
    if event.first:
        name = lines(tables.MISSION_BEGINS[0], tables.MISSION_BEGINS[1].format(event.name))
    else:
        name = lines(tables.NOW_ENTERING.format(event.name))
    text = "\n" + name + "\n"
    if event.klingons:
        text += lines(tables.COMBAT_AREA)
        if event.shields_low:
            text += lines(tables.SHIELDS_LOW)
    return text


@render.register
def _short_range_scan(event: ShortRangeScan) -> str:
    status = tables.SRS_STATUS
    values = (
        status[0].format(num(INT(event.stardate * 10) * _TENTH)),
        status[1].format(event.condition),
        status[2].format(num(event.quadrant[0]), num(event.quadrant[1])),
        status[3].format(num(event.sector[0]), num(event.sector[1])),
        status[4].format(num(event.torpedoes)),
        status[5].format(num(INT(event.energy))),
        status[6].format(num(INT(event.shields))),
        status[7].format(num(event.klingons)),
    )
    size = tables.GALAXY_SIZE
    rows = (
        "".join(" " + symbol for symbol in event.symbols[row * size : (row + 1) * size])
        + values[row]
        for row in range(size)
    )
    return lines(tables.SRS_RULE, *rows, tables.SRS_RULE)


@render.register
def _warp_question(event: WarpQuestion) -> str:
    limit = tables.DAMAGED_WARP_LIMIT if event.engines_damaged else tables.WARP_LIMIT
    return tables.WARP_QUESTION.format(limit)


@render.register
def _wont_take(event: EnginesWontTake) -> str:
    return lines(tables.ENGINES_WONT_TAKE.format(num(event.warp)))


@render.register
def _insufficient(event: InsufficientEnergy) -> str:
    return lines(
        tables.INSUFFICIENT_ENERGY[0], tables.INSUFFICIENT_ENERGY[1].format(num(event.warp))
    )


@render.register
def _shields_hold(event: ShieldsHoldEnergy) -> str:
    first, second = tables.SHIELDS_HOLD_ENERGY
    return lines(first.format(num(event.shields)), second)


@render.register
def _repair_completed(event: RepairCompleted) -> str:
    lead = tables.DAMAGE_REPORT_HEADER if event.first else " " * (tables.REPAIR_COLUMN - 1)
    return lead + lines(tables.REPAIR_COMPLETED.format(device_name(event.device)))


@render.register
def _damaged(event: DeviceDamaged) -> str:
    name = device_name(event.device)
    return tables.DAMAGE_REPORT_HEADER + lines(tables.DEVICE_DAMAGED.format(name), "")


@render.register
def _improved(event: DeviceImproved) -> str:
    name = device_name(event.device)
    return tables.DAMAGE_REPORT_HEADER + lines(tables.DEVICE_IMPROVED.format(name), "")


@render.register
def _bad_navigation(event: BadNavigation) -> str:
    return lines(tables.BAD_NAVIGATION.format(num(event.row), num(event.col)))


@render.register
def _perimeter(event: PerimeterDenied) -> str:
    *text, last = tables.PERIMETER_DENIED
    values = (*event.sector, *event.quadrant)
    return lines(*text, last.format(*(num(value) for value in values)))


@render.register
def _long_range_scan(event: LongRangeScan) -> str:
    text = lines(tables.LRS_HEADER.format(*(num(value) for value in event.quadrant)))
    text += lines(tables.LRS_RULE)
    for row in event.rows:
        cells = "".join(": " + _scan_code(value) + " " for value in row)
        text += lines(cells + ":", tables.LRS_RULE)
    return text


def _scan_code(value: int | None) -> str:
    """Line 4210: the last three characters of STR$(N+1000); *** outside (N<0)."""
    if value is None or value < 0:
        return tables.LRS_UNKNOWN
    return number_text(value + 1000)[-3:]


@render.register
def _phaser_energy(event: PhaserEnergy) -> str:
    lead = tables.PHASERS_LOCKED if event.locked else ""
    return lead + lines(tables.PHASER_ENERGY_AVAILABLE.format(num(event.energy)))


@render.register
def _no_damage(event: NoDamageToEnemy) -> str:
    return lines(tables.NO_DAMAGE_TO_ENEMY.format(num(event.row), num(event.col)))


@render.register
def _hit_on_klingon(event: HitOnKlingon) -> str:
    return lines(tables.HIT_ON_KLINGON.format(num(event.hit), num(event.row), num(event.col)))


@render.register
def _klingon_energy(event: KlingonEnergyLeft) -> str:
    return lines(tables.KLINGON_ENERGY_LEFT.format(num(event.energy)))


@render.register
def _torpedo_position(event: TorpedoPosition) -> str:
    return lines(tables.TORPEDO_POSITION.format(num(event.row), num(event.col)))


@render.register
def _star_absorbed(event: StarAbsorbed) -> str:
    return lines(tables.STAR_ABSORBED.format(num(event.row), num(event.col)))


@render.register
def _shield_energy(event: ShieldEnergyAvailable) -> str:
    return tables.SHIELD_ENERGY_AVAILABLE.format(num(event.energy))


@render.register
def _shields_set(event: ShieldsSet) -> str:
    first, second = tables.SHIELDS_SET
    return lines(first, second.format(num(INT(event.shields))))


@render.register
def _repair_offer(event: RepairOffer) -> str:
    first, second = tables.REPAIR_OFFER
    return lines("", first, second.format(num(_HUNDREDTH * INT(100 * event.time))))


@render.register
def _device_report(event: DeviceReport) -> str:
    rows = (
        name + " " * (tables.DEVICE_COLUMN_WIDTH - len(name)) + num(INT(damage * 100) * _HUNDREDTH)
        for name, damage in zip(tables.DEVICE_NAMES, event.damage, strict=True)
    )
    return lines("", tables.DEVICE_TABLE_HEADER, *rows, "")


@render.register
def _hit_on_enterprise(event: HitOnEnterprise) -> str:
    return lines(tables.HIT_ON_ENTERPRISE.format(num(event.hit), num(event.row), num(event.col)))


@render.register
def _shields_down(event: ShieldsDownTo) -> str:
    return lines(tables.SHIELDS_DOWN_TO.format(num(event.shields)))


@render.register
def _damaged_by_hit(event: DamagedByHit) -> str:
    return lines(tables.DAMAGED_BY_HIT.format(device_name(event.device)))


@render.register
def _it_is_stardate(event: ItIsStardate) -> str:
    return lines(tables.IT_IS_STARDATE.format(num(event.stardate)))


@render.register
def _klingons_left_at_end(event: KlingonsLeftAtEnd) -> str:
    first, second = tables.KLINGONS_LEFT_AT_END
    return lines(first.format(num(event.klingons)), second)


@render.register
def _victory(event: Victory) -> str:
    rating = tables.EFFICIENCY.format(warned(event.warnings, event.rating))
    return lines(*tables.VICTORY, rating)


def warned(warnings: tuple[str, ...], value: Single) -> str:
    """A number printed after the interpreter's warnings that computing it raised."""
    return "".join(warning + "\n" for warning in warnings) + num(value)


@render.register
def _end_spacing(event: EndSpacing) -> str:
    return "\n\n"


@render.register
def _galaxy_record(event: GalaxyRecord) -> str:
    title = tables.GALAXY_RECORD_TITLE.format(*(num(value) for value in event.quadrant))
    rows = (
        num(number) + "".join(tables.GALAXY_CELL_GAP + _record_code(value) for value in row)
        for number, row in enumerate(event.record, start=1)
    )
    return lines("", title, "") + _galaxy_table(rows)


def _record_code(value: int) -> str:
    """Lines 7630-7700: *** for an unseen quadrant, else the last three characters of
    STR$(Z+1000)."""
    return tables.GALAXY_UNKNOWN if value == 0 else number_text(value + 1000)[-3:]


def _galaxy_table(rows: Iterable[str]) -> str:
    """Lines 7550-7850: the grid's header, then each row under a rule."""
    text = lines(tables.GALAXY_COLUMNS, tables.GALAXY_RULE)
    for row in rows:
        text += lines(row, tables.GALAXY_RULE)
    return text + "\n"


def _region_row(row: int) -> str:
    """Lines 7740-7800: the row's number, then its two region names, each from column
    TAB(INT(centre-.5*LEN(name)))."""
    text = num(row)
    for centre, col in zip(tables.REGION_NAME_CENTRES, (1, 5), strict=True):
        name = region_name((row, col))
        column = (2 * centre - len(name)) // 2
        text = text.ljust(column - 1) + name
    return text


@render.register
def _region_map(event: RegionMap) -> str:
    rows = (_region_row(row) for row in range(1, tables.GALAXY_SIZE + 1))
    return lines(tables.GALAXY_MAP_TITLE) + _galaxy_table(rows)


@render.register
def _status_report(event: StatusReport) -> str:
    plural = "S" if event.klingons > 1 else ""
    text = lines(
        tables.STATUS_REPORT,
        tables.KLINGONS_LEFT.format(plural, num(event.klingons)),
        tables.MISSION_TIME_LEFT.format(num(event.time_left)),
    )
    if event.starbases < 1:
        return text + lines(*tables.NO_STARBASES_LEFT)
    plural = "S" if event.starbases >= 2 else ""
    return text + lines(tables.STARBASES_MAINTAINED.format(num(event.starbases), plural))


@render.register
def _to_klingons(event: ToKlingons) -> str:
    return lines(tables.TO_KLINGONS.format("S" if event.plural else ""))


@render.register
def _calculator(event: CalculatorPosition) -> str:
    values = (num(value) for value in (*event.quadrant, *event.sector))
    return lines(
        tables.CALCULATOR_TITLE,
        tables.CALCULATOR_POSITION.format(*values),
        tables.CALCULATOR_PLEASE_ENTER,
    )


@render.register
def _bearing(event: Bearing) -> str:
    return (
        "".join(warning + "\n" for warning in event.before)
        + lines(tables.DIRECTION.format(warned(event.direction_warnings, event.direction)))
        + lines(tables.DISTANCE.format(warned(event.distance_warnings, event.distance)))
    )
