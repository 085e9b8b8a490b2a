"""The web page's return visit in headless Chromium: a first visit starts Python afresh and keeps
a memory snapshot of it in the browser's cache; the next visit starts from that snapshot and
prints the expected bytes; a snapshot that is broken, from another Pyodide, or of another version
of the site is not used: Python starts afresh and a new snapshot replaces it. One browser, one
profile (one cache), visited in file order.
"""

import base64
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from acceptance.running.cases import collect
from tests.browser import chromium_path
from tools.webpage.browser import Browser, serving

pytestmark = pytest.mark.browser  # each test visits the page in headless Chromium

ROOT = Path(__file__).resolve().parents[2]
STATUS = "document.getElementById('status').dataset"
LOADED = f"['ready', 'failed'].includes({STATUS}.state) && {STATUS}.state"
# Change the snapshot kept in the cache: %s is a JavaScript function of its bytes and its key's
# address, which puts back a new snapshot (or none) and returns what it wants the test to see.
CHANGE = """(async () => {
  const cache = await caches.open("pyodide-snapshots");
  const keys = await cache.keys();
  if (keys.length !== 1) return `${keys.length} snapshots`;
  const bytes = new Uint8Array(await (await cache.match(keys[0])).arrayBuffer());
  await cache.delete(keys[0]);
  return await (%s)(bytes, keys[0].url, cache);
})()"""
KEYS = """(async () => {
  const cache = await caches.open("pyodide-snapshots");
  return (await cache.keys()).map((key) => key.url);
})()"""
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


@pytest.fixture(scope="module")
def visits(site: Path) -> Iterator[tuple[Browser, str]]:
    """One browser (one cache) and the site's address: each test visits the page again."""
    browser = Browser(chromium_path())
    try:
        with serving(site) as served:
            yield browser, served.address
    finally:
        browser.close()


def visit(visits: tuple[Browser, str]) -> str:
    """Open the page; how Python started ("afresh" or "snapshot") once it is ready, and (after a
    fresh start) once its snapshot is kept."""
    browser, address = visits
    browser.open(address)
    assert browser.wait_for(LOADED, 300) == "ready", browser.evaluate("document.body.innerText")
    start = str(browser.evaluate(f"{STATUS}.start"))
    if start == "afresh":
        assert browser.wait_for(f"{STATUS}.snapshot", 120) == "kept"
    return start


def ran(browser: Browser, game: str, folder: Path) -> bool:
    """Whether the page prints the expected bytes of the game's first public test (with a seed
    where it has one): a sister game's package is imported only then, from the files."""
    case = next(case for case in collect([folder]) if case.expected)
    assert case.expected is not None
    seed = "" if case.seed is None else str(case.seed)
    fields = {"game": game, "script": case.script.read_text(encoding="utf-8"), "seed": seed}
    href = browser.evaluate(RUN % {name: json.dumps(value) for name, value in fields.items()})
    return base64.b64decode(href.split(",", 1)[1]) == case.expected.read_bytes()


def test_a_first_visit_starts_afresh_and_keeps_a_snapshot(visits: tuple[Browser, str]) -> None:
    assert visit(visits) == "afresh"
    browser, _ = visits
    assert len(browser.evaluate(KEYS)) == 1
    assert browser.errors == []


def test_the_next_visit_starts_from_the_snapshot_and_prints_the_expected_bytes(
    visits: tuple[Browser, str],
) -> None:
    assert visit(visits) == "snapshot"
    browser, _ = visits
    assert "from an earlier visit's snapshot" in browser.evaluate(
        "document.getElementById('status-text').textContent"
    )
    assert ran(browser, "space_defender_2", ROOT / "at" / "at001.txt")
    assert ran(browser, "star_lanes", ROOT / "at" / "star_lanes")
    assert browser.errors == []


@pytest.mark.parametrize(
    "change",
    [
        # broken: the memory cut short
        "async (bytes, key, cache) => cache.put(key, new Response(bytes.slice(0, 4096)))",
        # another Pyodide: its build id (bytes 16 to 47 of the header) differs
        "async (bytes, key, cache) =>"
        " { bytes[16] ^= 1; await cache.put(key, new Response(bytes)); }",
        # stale: kept by another version of the site only
        "async (bytes, key, cache) =>"
        " cache.put(key.replace(/[^/]+$/, 'older'), new Response(bytes))",
    ],
    ids=["broken", "another-pyodide", "stale"],
)
def test_a_snapshot_that_cannot_serve_is_replaced_by_a_fresh_start(
    visits: tuple[Browser, str], change: str
) -> None:
    browser, _ = visits
    assert browser.evaluate(CHANGE % change) in (None, "")
    assert visit(visits) == "afresh"
    keys = browser.evaluate(KEYS)
    assert len(keys) == 1 and not keys[0].endswith("/older")
    assert ran(browser, "space_defender_2", ROOT / "at" / "at001.txt")
    assert visit(visits) == "snapshot"
    assert browser.errors == []
