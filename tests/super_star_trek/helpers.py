"""Builders for the unit tests: a scripted random generator, a recording bridge, a mission."""

from collections.abc import Iterable

from games.basic.single import Single, sng
from games.super_star_trek.enterprise import Enterprise
from games.super_star_trek.events import Event, Prompt
from games.super_star_trek.galaxy import Galaxy
from games.super_star_trek.klingons import Klingon, empty_slots
from games.super_star_trek.mission import Mission
from games.super_star_trek.quadrant import Quadrant
from games.super_star_trek.sectors import SectorMap, Thing


class ScriptedRnd:
    """Stands in for the generator: RND(1) gives the scripted numbers in turn, RND(0) the last."""

    def __init__(self, *values: str) -> None:
        self.values = [sng(value) for value in values]
        self.last = Single(0)

    def rnd(self, argument: Single | int = 1) -> Single:
        if argument:
            self.last = self.values.pop(0)
        return self.last


class RecordingBridge:
    """Records the events reported and answers questions from a script of typed values."""

    def __init__(self, *answers: str) -> None:
        self.events: list[Event] = []
        self.answers = list(answers)
        self.prompts: list[Prompt] = []

    def report(self, event: Event) -> None:
        self.events.append(event)

    def ask_text(self, prompt: Prompt) -> str:
        self.prompts.append(prompt)
        return self.answers.pop(0)

    def ask_number(self, prompt: Prompt) -> Single:
        self.prompts.append(prompt)
        return sng(self.answers.pop(0))

    def ask_pair(self, prompt: Prompt) -> tuple[Single, Single]:
        self.prompts.append(prompt)
        first, second = self.answers.pop(0).split(",")
        return sng(first), sng(second)


def make_mission(
    rnd: ScriptedRnd,
    sector: tuple[int, int] = (4, 4),
    quadrant: tuple[int, int] = (4, 4),
    klingons: Iterable[tuple[tuple[int, int], str]] = (),
    stars: Iterable[tuple[int, int]] = (),
    starbase: tuple[int, int] | None = None,
) -> Mission:
    """A mission at stardate 2000 of 30 days, with the quadrant holding what is given."""
    sectors = SectorMap()
    sectors.put(sector, Thing.ENTERPRISE)
    slots = empty_slots()
    for index, (place, energy) in enumerate(klingons):
        slots[index] = Klingon(place, sng(energy))
        sectors.put(place, Thing.KLINGON)
    star_sectors = list(stars)
    for place in star_sectors:
        sectors.put(place, Thing.STAR)
    if starbase is not None:
        sectors.put(starbase, Thing.STARBASE)
    count = sum(1 for slot in slots if slot.alive)
    here = Quadrant(
        sectors,
        slots,
        count,
        0 if starbase is None else 1,
        len(star_sectors),
        starbase or (0, 0),
        Single(0),
    )
    contents = [[0] * 8 for _ in range(8)]
    contents[quadrant[0] - 1][quadrant[1] - 1] = here.klingon_count * 100 + here.starbase_count * 10
    galaxy = Galaxy(contents, [[0] * 8 for _ in range(8)], max(count, 1) + 5, 1)
    return Mission(
        rnd,  # type: ignore[arg-type]
        galaxy,
        Enterprise(quadrant, sector),
        Single(2000),
        2000,
        30,
        galaxy.klingons,
        here,
    )
