"""The oracle's web page in headless Chromium: the site `make web` builds, served on 127.0.0.1 as
any static server would, prints the expected bytes of public tests of every game; a wrong output
shows its first difference; the console answers typed commands; a shared link reopens its script;
no console errors; usable 375 px wide. Pyodide loads once: every check runs in the same page
(but the shared link's, which opens the page anew), in file order.
"""

import base64
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from acceptance.running.cases import Case, collect
from model.session import Session
from oracle.cli import main as oracle_main
from oracle.interactive import reply
from oracle.runner import state
from oracle.version import package_version, version_line
from tests.planted_bugs import no_combine, planted_output
from tools.webpage.browser import Browser, serving
from web.page import Options, captured, run

ROOT = Path(__file__).resolve().parents[2]
ORACLE_TESTS_STEP = 1  # every public Space Defender 2 test
SCREENSHOT = "web-375px.png"
STATE = "document.getElementById('status').dataset.state"
LOADED = f"['ready', 'failed'].includes({STATE}) && {STATE}"  # the runtime loaded, or failed to

# Fill the page's controls, press a button, wait for its result: the page as a user drives it.
RUN = """(async () => {
  const $ = (id) => document.getElementById(id);
  $("game").value = %(game)s;
  $("game").dispatchEvent(new Event("change"));
  $("script").value = %(script)s;
  $("seed").value = %(seed)s;
  $("output").dataset.state = "";
  $("run").click();
  while ($("output").dataset.state !== "done") await new Promise((r) => setTimeout(r, 20));
  return $("download").href;
})()"""
COMPARE = """(async () => {
  const $ = (id) => document.getElementById(id);
  $("compare-result").hidden = true;
  $("mine").value = %(mine)s;
  $("mine").dispatchEvent(new Event("input"));
  $("compare").click();
  for (let i = 0; i < 3000 && $("compare-result").hidden; i++)
    await new Promise((r) => setTimeout(r, 20));
  return [$("where").dataset.line, $("where").dataset.column, $("where").textContent];
})()"""

# Click line %(line)s of the output where it is drawn, as a user would, and wait for its reason.
CLICK = """(async () => {
  const $ = (id) => document.getElementById(id);
  const output = $("output"), text = output.firstChild.textContent;
  let start = 0;
  for (let n = 1; n < %(line)s; n++) start = text.indexOf("\\n", start) + 1;
  const range = document.createRange();
  range.setStart(output.firstChild, start + 4);
  range.setEnd(output.firstChild, start + 5);
  output.scrollIntoView();
  output.scrollTop += range.getBoundingClientRect().top - output.getBoundingClientRect().top - 40;
  const box = range.getBoundingClientRect();
  $("why").dataset.line = "";
  output.dispatchEvent(new MouseEvent("click", {
    bubbles: true, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2,
  }));
  for (let i = 0; i < 3000 && $("why").dataset.line !== "%(line)s"; i++)
    await new Promise((r) => setTimeout(r, 20));
  return [$("why").dataset.line, $("why").dataset.rule, $("why").textContent];
})()"""


@pytest.fixture(scope="module")
def address(site: Path) -> Iterator[str]:
    """The page's address, served from the built site."""
    with serving(site) as served:
        yield served.address


@pytest.fixture(scope="module")
def page(browser: Browser, address: str) -> Browser:
    """The browser with the page loaded and its oracle ready."""
    browser.open(address)
    assert browser.wait_for(LOADED, 180) == "ready", browser.evaluate("document.body.innerText")
    return browser


def test_the_page_shows_the_version_oracle_version_prints(page: Browser) -> None:
    shown = page.evaluate('document.getElementById("version").textContent')
    assert shown == version_line("oracle")
    assert package_version() in shown


def run_in_page(page: Browser, case: Case) -> bytes:
    """The bytes the page gives for a public test: its script (and seed) typed in, Run pressed."""
    script = case.script.read_text(encoding="utf-8")
    seed = "" if case.seed is None else str(case.seed)
    fields = {"game": case.game.name, "script": script, "seed": seed}
    href = page.evaluate(RUN % {name: json.dumps(value) for name, value in fields.items()})
    return base64.b64decode(href.split(",", 1)[1])


def oracle_cases() -> list[Case]:
    """The public Space Defender 2 tests that have an expected output (every one by default)."""
    cases = [case for case in collect([ROOT / "at"]) if case.expected]
    return cases[::ORACLE_TESTS_STEP]


def first_seeded_case(game: str) -> Case:
    """A sister game's first public test with a seed, to check the seed is passed on."""
    cases = collect([ROOT / "at" / game])
    return next(case for case in cases if case.seed is not None and case.expected)


def test_public_oracle_tests_print_the_expected_bytes(page: Browser) -> None:
    cases = oracle_cases()
    assert len(cases) >= 20
    wrong = [
        case.name
        for case in cases
        if case.expected and run_in_page(page, case) != case.expected.read_bytes()
    ]
    assert wrong == []
    assert page.errors == []


@pytest.mark.parametrize("game", ["star_lanes", "super_star_trek", "star_canine"])
def test_a_sister_game_prints_its_expected_bytes(page: Browser, game: str) -> None:
    case = first_seeded_case(game)
    assert case.expected is not None
    assert run_in_page(page, case) == case.expected.read_bytes()
    assert page.errors == []


@pytest.mark.parametrize(
    "script", ["play(10,30,1,1,1,1,1)\nmove(A,\n", "play(10,30,1,1,1,1,1)\nmove(Z,99)\npass\n"]
)
def test_script_errors_are_the_oracles(page: Browser, script: str, tmp_path: Path) -> None:
    path = tmp_path / "script.txt"
    path.write_text(script, encoding="utf-8")
    expected = captured(oracle_main, ["-b", str(path)]).output
    assert b"Error" in expected
    fields = {"game": "space_defender_2", "script": script, "seed": ""}
    href = page.evaluate(RUN % {name: json.dumps(value) for name, value in fields.items()})
    assert base64.b64decode(href.split(",", 1)[1]) == expected
    assert page.errors == []


def test_a_window_prints_what_oracle_w_prints(page: Browser) -> None:
    script = (ROOT / "at" / "at002.txt").read_text(encoding="utf-8")
    page.evaluate(
        "document.getElementById('mode').value = '-w';"
        "document.getElementById('start').value = '2';"
        "document.getElementById('end').value = '-1'"
    )
    try:
        fields = {"game": "space_defender_2", "script": script, "seed": ""}
        href = page.evaluate(RUN % {name: json.dumps(value) for name, value in fields.items()})
    finally:
        page.evaluate("document.getElementById('mode').value = '-b'")
    expected = run(Options("space_defender_2", script, "-w", "2", "-1")).output
    assert base64.b64decode(href.split(",", 1)[1]) == expected
    assert page.errors == []


def test_a_wrong_output_shows_its_first_difference(page: Browser) -> None:
    case = collect([ROOT / "at" / "at001.txt"])[0]
    assert case.expected is not None
    run_in_page(page, case)
    lines = case.expected.read_text(encoding="utf-8").split("\n")
    lines[20] = lines[20][:6] + "#" + lines[20][7:]
    line, column, where = page.evaluate(COMPARE % {"mine": json.dumps("\n".join(lines))})
    assert (line, column) == ("21", "7")
    assert where.startswith("First difference at line 21, column 7, in ->")
    rows = page.evaluate("document.querySelectorAll('#sbs tr.differs mark').length")
    assert rows == 2
    assert page.errors == []


def test_the_first_difference_is_told_once_by_its_cause(page: Browser) -> None:
    case = collect([ROOT / "at" / "at010.txt"])[0]
    assert case.expected is not None
    run_in_page(page, case)
    lines = case.expected.read_text(encoding="utf-8").split("\n")
    lines[166] = lines[166].replace("taking 14 damage", "taking 13 damage")
    page.evaluate(COMPARE % {"mine": json.dumps("\n".join(lines))})
    rule = page.evaluate("document.getElementById('compare-cause').dataset.rule")
    text = page.evaluate("document.getElementById('compare-cause').textContent")
    assert rule == "collision.armour"
    assert "15 - 1 = 14" in text and "source:" not in text
    assert page.evaluate("document.getElementById('compare-why').hidden") is True
    assert page.errors == []


# The side-by-side view's rows: a hunk's header, else each side's number and text, and what the
# row marks (the `mark` elements' texts) on each side.
ROWS = """Array.from(document.querySelectorAll('#sbs tbody tr')).map((row) =>
  row.className === 'hunk' ? [row.textContent] : Array.from(row.cells).map((cell) =>
    cell.className === 'text'
      ? [cell.textContent, Array.from(cell.querySelectorAll('mark')).map((m) => m.textContent)]
      : cell.textContent))"""


def test_a_line_left_out_is_the_oracles_line_alone_in_the_side_by_side_view(
    page: Browser,
) -> None:
    case = collect([ROOT / "at" / "at005.txt"])[0]
    assert case.expected is not None
    run_in_page(page, case)
    lines = case.expected.read_text(encoding="utf-8").split("\n")
    del lines[22]  # `  In debug mode.`
    page.evaluate(COMPARE % {"mine": json.dumps("\n".join(lines))})
    rows = page.evaluate(ROWS)
    assert rows[0] == ["@@ -21,3 +21,2 @@ ->toggle_debug_mode"]
    differing = page.evaluate("document.querySelectorAll('#sbs tr.differs').length")
    assert differing == 1 and rows[3] == ["23", ["  In debug mode.", []], "", ["", []]]
    assert page.errors == []


def test_a_number_changed_is_one_row_its_number_marked_on_each_side(page: Browser) -> None:
    case = collect([ROOT / "at" / "at005.txt"])[0]
    assert case.expected is not None
    run_in_page(page, case)
    mine = case.expected.read_text(encoding="utf-8").replace("health:70/70", "health:80/80", 1)
    page.evaluate(COMPARE % {"mine": json.dumps(mine)})
    rows = page.evaluate(ROWS)
    (changed,) = [row for row in rows[1:] if row[0] == "27"]
    assert changed[1][1] == ["70", "70"] and changed[3][1] == ["80", "80"]
    assert page.evaluate("document.querySelectorAll('#sbs tr.differs').length") == 1
    assert page.errors == []


def test_the_first_difference_shows_its_cause(page: Browser) -> None:
    case = collect([ROOT / "at" / "at207.txt"])[0]
    run_in_page(page, case)
    page.evaluate(COMPARE % {"mine": json.dumps(planted_output("at207", no_combine))})
    panel = "document.getElementById('compare-cause')"
    rule, kind, line = page.evaluate(
        f"[{panel}.dataset.rule, {panel}.dataset.kind, {panel}.dataset.line]"
    )
    assert (rule, kind, line) == ("collision.projectile.combine", "missing", "154")
    text = page.evaluate(f"{panel}.textContent")
    assert text.startswith("The cause:\ncollision.projectile.combine: missing in yours\n")
    assert "\nthe oracle's line 154: The projectile collides with" in text
    assert page.evaluate(f"{panel}.hidden") is False
    assert page.errors == []


def test_a_clicked_line_of_the_output_shows_its_rule(page: Browser) -> None:
    case = collect([ROOT / "at" / "at010.txt"])[0]
    run_in_page(page, case)
    line, rule, text = page.evaluate(CLICK % {"line": 167})
    assert (line, rule) == ("167", "collision.armour")
    assert text.startswith("oracle line 167:       The Starfighter collides with")
    assert page.errors == []


def test_the_same_output_is_reported_the_same(page: Browser) -> None:
    case = collect([ROOT / "at" / "at001.txt"])[0]
    assert case.expected is not None
    run_in_page(page, case)
    mine = case.expected.read_text(encoding="utf-8")
    page.evaluate(COMPARE % {"mine": json.dumps(mine)})
    assert page.evaluate("document.getElementById('compare-result').dataset.same") == "true"


def test_the_console_answers_typed_commands(page: Browser) -> None:
    commands = ["play(10,30,1,1,1,1,1)", "setup_next(5)", "move(A,8)"]
    page.evaluate("document.getElementById('console-restart').click()")
    page.evaluate("document.getElementById('console-input').focus()")
    for command in commands:
        page.type(command, "Enter")
    session = Session()
    expected = state(session)
    for command in commands:
        expected += f"->{command}\n{reply(command + chr(10), session)}"
    log = "document.getElementById('console-log').textContent"
    page.wait_for(f"{log}.length >= {len(expected)}", 30)
    assert page.evaluate(log) == expected
    page.type("", "ArrowUp")
    assert page.evaluate("document.getElementById('console-input').value") == commands[-1]
    assert page.errors == []


def test_the_page_is_usable_375_pixels_wide(page: Browser, tmp_path: Path) -> None:
    page.resize(375, 800, mobile=True)
    try:
        width = page.evaluate("document.documentElement.scrollWidth")
        run_box = page.evaluate(
            "JSON.stringify(document.getElementById('run').getBoundingClientRect())"
        )
        page.screenshot(tmp_path / SCREENSHOT)
    finally:
        page.resize(1200, 900)
    assert width <= 375
    assert json.loads(run_box)["right"] <= 375
    assert (tmp_path / SCREENSHOT).stat().st_size > 0


def test_a_long_run_can_be_stopped(page: Browser) -> None:
    page.evaluate("""(() => { const $ = (id) => document.getElementById(id);
        $("game").value = "space_defender_2";
        $("game").dispatchEvent(new Event("change"));
        $("script").value = "play(10,30,1,1,1,1,1)\\nsetup_next(5)\\n"
          + ("pass ".repeat(100) + "\\n").repeat(2000);
        $("output").dataset.state = "";
        $("run").click(); })()""")
    page.wait_for("!document.getElementById('stop').hidden", 10)
    page.evaluate("document.getElementById('stop').click()")
    assert page.wait_for(f"{STATE} === 'ready'", 180)
    assert page.evaluate("document.getElementById('run-time').textContent") == "stopped"
    case = collect([ROOT / "at" / "at001.txt"])[0]
    assert case.expected is not None
    assert run_in_page(page, case) == case.expected.read_bytes()
    assert page.errors == []


def test_a_shared_link_reopens_the_same_script(page: Browser, address: str) -> None:
    script = "play(10,30,1,1,1,1,1)\nsetup_next(5)\n-- a comment: & é ✓\nmove(A,8)\n"
    page.evaluate(
        RUN % {"game": json.dumps("space_defender_2"), "script": json.dumps(script), "seed": '""'}
    )
    page.evaluate("document.getElementById('mode').value = '-l'")
    page.evaluate("document.getElementById('share').click()")
    link = page.evaluate("document.getElementById('share-link').value")
    assert link.startswith(address + "#")
    page.open(link)
    page.wait_for(STATE)  # the controls are filled while the runtime loads
    assert page.evaluate("document.getElementById('script').value") == script
    assert page.evaluate("document.getElementById('mode').value") == "-l"
    assert page.wait_for(LOADED, 180) == "ready"
    page.evaluate("document.getElementById('run').click()")
    href = page.wait_for("document.getElementById('download').href")
    expected = run(Options("space_defender_2", script, "-l")).output
    assert base64.b64decode(href.split(",", 1)[1]) == expected
    assert page.errors == []


def test_the_page_opens_again_offline(browser: Browser, site: Path) -> None:
    with serving(site) as served:
        browser.open(served.address)
        assert browser.wait_for(LOADED, 180) == "ready"
        browser.wait_for("navigator.serviceWorker.controller !== null", 120)
    browser.open(served.address)
    assert browser.wait_for(LOADED, 180) == "ready"
    case = collect([ROOT / "at" / "at001.txt"])[0]
    assert case.expected is not None
    assert run_in_page(browser, case) == case.expected.read_bytes()
    assert browser.errors == []
