"""The web page's benchmark (`make bench`): in real time, the page's first load to ready in a fresh
headless Chromium (empty cache), a return visit to ready (the same browser: Python started from
the snapshot the first visit kept), the run of at001 in the page against `oracle -b at/at001.txt`
on the same machine, and the size of the site (web/dist/, built by `make web` if missing).

    python -m tools.benchmarks.web [--loads N] [--runs N]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tools.webpage.browser import Browser, Site, chromium, serving
from tools.webpage.static_site import WEB, build, folder_size

ROOT = WEB.parent
SCRIPT = ROOT / "at" / "at001.txt"
STATE = "document.getElementById('status').dataset.state"
LOADED = f"['ready', 'failed'].includes({STATE}) && {STATE}"
STEPS = "JSON.stringify(document.getElementById('status').dataset)"
KEPT = "document.getElementById('status').dataset.snapshot"
READY_MS = "document.getElementById('status').dataset.readyMs"
# Press Run on a script and wait for its output; the run's time as the page measured it (ms).
RUN = """(async () => {
  const $ = (id) => document.getElementById(id);
  $("script").value = %s;
  $("output").dataset.state = "";
  $("run").click();
  while ($("output").dataset.state !== "done") await new Promise((r) => setTimeout(r, 5));
  return Number($("run-time").dataset.ms);
})()"""


@dataclass(frozen=True)
class Load:
    """One first load in a fresh browser, in ms since the page opened, and the at001 runs."""

    runtime: float  # Pyodide loaded
    installed: float  # the wheels unpacked
    ready: float  # the oracle imported: the page answers
    first_run: float  # ms of the first run of at001 (the parser's tables are built)
    run: float  # ms of a later run of at001 (median)
    fetched: int  # bytes of files the server sent for the load


def main(argv: list[str] | None = None) -> int:
    """Print the figures; a missing Chromium or npm is said in one line and is not a failure."""
    parser = argparse.ArgumentParser(prog="python -m tools.benchmarks.web", description=__doc__)
    parser.add_argument("--loads", type=int, default=3, help="first loads measured (median)")
    parser.add_argument("--runs", type=int, default=5, help="runs of at001 measured (median)")
    options = parser.parse_args(argv)
    browser, npm = chromium(), shutil.which("npm")
    if browser is None or npm is None:
        print(f"web page: skipped, {'chromium' if browser is None else 'npm'} is not installed")
        return 0
    dist = WEB / "dist"
    if not (dist / "index.html").is_file():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB, check=True)
        build(dist)
    with serving(dist) as site:
        loads = [first_load(browser, site, options.runs) for _ in range(options.loads)]
        returns = [visits(browser, site)[1] for _ in range(options.loads)]
    for line in report(loads, oracle_b(options.runs), folder_size(dist), options.runs):
        print(f"web page: {line}")
    print(f"web page: a return visit to ready {statistics.median(returns) / 1000:.2f} s (median)")
    return 0


def report(loads: list[Load], command: float, size: int, runs: int) -> list[str]:
    """The figures as lines: medians of the loads, against the command line."""

    def median(field: str) -> float:
        return float(statistics.median(getattr(load, field) for load in loads))

    return [
        f"first load to ready {median('ready') / 1000:.2f} s (median of {len(loads)} loads,"
        f" empty cache): Pyodide loaded at {median('runtime') / 1000:.2f} s, wheels installed at"
        f" {median('installed') / 1000:.2f} s, then the oracle imported",
        f"at001 run in the page {median('first_run'):.0f} ms the first time,"
        f" then {median('run'):.0f} ms (median of {runs})",
        f"oracle -b at/at001.txt on this machine {command * 1000:.0f} ms (median of {runs})",
        f"web/dist {size / 1e6:.1f} MB; a first load fetches {loads[0].fetched / 1e6:.1f} MB",
    ]


def first_load(executable: str, site: Site, runs: int) -> Load:
    """One load in a fresh browser (empty cache), then at001 run in it `runs` + 1 times."""
    browser = Browser(executable)
    try:
        before = site.sent()
        browser.open(site.address)
        if browser.wait_for(LOADED, 300) != "ready":
            raise SystemExit("web page: the page did not load: " + ", ".join(browser.errors))
        steps = json.loads(browser.evaluate(STEPS))
        script = json.dumps(SCRIPT.read_text(encoding="utf-8"))
        first = float(browser.evaluate(RUN % script))
        again = statistics.median(float(browser.evaluate(RUN % script)) for _ in range(runs))
        fetched = site.sent() - before
    finally:
        browser.close()
    runtime, installed = float(steps["step1"]), float(steps["step2"])
    return Load(runtime, installed, float(steps["readyMs"]), first, again, fetched)


def visits(executable: str, site: Site) -> tuple[float, float]:
    """A first visit in a fresh browser, then a return visit in the same one (the snapshot the
    first kept in its cache): each one's ms from opening the page to ready."""
    browser = Browser(executable)
    try:
        ready = []
        for visit in ("first", "return"):
            browser.open(site.address)
            if browser.wait_for(LOADED, 300) != "ready":
                raise SystemExit("web page: the page did not load: " + ", ".join(browser.errors))
            ready.append(float(browser.evaluate(READY_MS)))
            if visit == "first":
                browser.wait_for(KEPT, 120)  # the snapshot is kept once the page is ready
    finally:
        browser.close()
    return ready[0], ready[1]


def oracle_b(runs: int) -> float:
    """Seconds of `oracle -b at/at001.txt` (a new process each time, output discarded), median."""
    command = [str(Path(sys.executable).parent / "oracle"), "-b", str(SCRIPT)]
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


if __name__ == "__main__":
    sys.exit(main())
