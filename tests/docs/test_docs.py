"""The documentation site (docs/, `make docs`): it builds with warnings as errors; its command-line
reference holds every option and subcommand of every command; and in headless Chromium every page
opens with no console error, and every internal link reaches an existing page and anchor.

Without Chromium the browser test is skipped with the reason; under CI=true it fails instead."""

import argparse
import html
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urldefrag

import pytest

from acceptance.cli.main import parser as at_parser
from games.star_canine.cli import _parser as star_canine_parser
from games.star_lanes.cli import parser as star_lanes_parser
from games.super_star_trek.cli import parser as super_star_trek_parser
from oracle.cli import MODES, help_text
from oracle.warm import parser as warm_parser
from tools.webpage.browser import Browser, serving

pytestmark = pytest.mark.slow  # the documentation site built

ROOT = Path(__file__).resolve().parents[2]
# The reference's sections, in page order, and the parser each is generated from.
PARSERS = {
    "oracle-warm": warm_parser,
    "at": at_parser,
    "star-lanes": star_lanes_parser,
    "super-star-trek": super_star_trek_parser,
    "star-canine": star_canine_parser,
}
SECTIONS = ("oracle", *PARSERS)
PAGE_IDS = "Array.from(document.querySelectorAll('[id]'), (element) => element.id)"
LINKS = "Array.from(document.querySelectorAll('a[href]'), (link) => link.href)"
STATUS = "performance.getEntriesByType('navigation')[0].responseStatus"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built as `make docs` builds it."""
    out = tmp_path_factory.mktemp("docs") / "html"
    built = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html"]
        + [str(ROOT / "docs"), str(out)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    return out


def words(parser: argparse.ArgumentParser) -> Iterator[str]:
    """Every option string and subcommand name of a parser and of its subcommands, but -h and
    --help, which every parser has (the reference says so once, at its top)."""
    for action in parser._actions:
        if not isinstance(action, argparse._HelpAction):
            yield from action.option_strings
        if isinstance(action, argparse._SubParsersAction):
            for name, command in action.choices.items():
                yield name
                yield from words(command)


def helps(parser: argparse.ArgumentParser) -> Iterator[str]:
    """The help text of every option and subcommand of a parser, as argparse prints it."""
    for action in parser._actions:
        if action.help and not isinstance(action, argparse._HelpAction):
            yield action.help % {"default": action.default}
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                yield str(choice.help)
            for command in action.choices.values():
                yield from helps(command)


def sections(page: str) -> dict[str, str]:
    """The text of each command's section of the reference page: tags and entities undone, blanks
    made single spaces."""
    starts = [page.index(f'<section id="{name}">') for name in SECTIONS] + [len(page)]
    return {
        name: " ".join(html.unescape(re.sub(r"<[^>]+>", "", page[start:end])).split())
        for name, start, end in zip(SECTIONS, starts, starts[1:], strict=False)
    }


def plain(text: str) -> str:
    """Text without quotes and backticks, which the reference renders as markup, blanks single."""
    return " ".join(re.sub("[`'\"]", "", text).split())


def shows(text: str, word: str) -> bool:
    """Whether `word` stands in the text whole (`-v` is not found inside `--version`)."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None


def test_the_reference_holds_every_option_of_every_command(site: Path) -> None:
    page = (site / "reference" / "cli.html").read_text(encoding="utf-8")
    text = sections(page)
    missing = [mode for mode in MODES if not shows(text["oracle"], mode)]
    for name, parser in PARSERS.items():
        missing += [f"{name} {word}" for word in words(parser()) if not shows(text[name], word)]
    assert missing == []
    top = page[: page.index('<section id="oracle">')]
    assert all(shows(top, word) for word in ("-h", "--help", "--version"))


def test_the_reference_says_what_each_command_s_help_says(site: Path) -> None:
    text = sections((site / "reference" / "cli.html").read_text(encoding="utf-8"))
    assert all(shows(text["oracle"], " ".join(line.split())) for line in help_text().split("\n"))
    missing = [
        f"{name}: {help}"
        for name, parser in PARSERS.items()
        for help in helps(parser())
        if plain(help) not in plain(text[name])
    ]
    assert missing == []


def test_every_internal_link_reaches_its_page_and_anchor(site: Path, browser: Browser) -> None:
    with serving(site) as served:
        pages: dict[str, set[str]] = {}  # each page opened: the ids in it
        links: set[tuple[str, str, str]] = set()  # page, target, anchor
        waiting = [served.address + "index.html"]
        missing: list[str] = []  # pages that did not load
        while waiting:
            page = waiting.pop()
            if page in pages:
                continue
            browser.open(page)
            if browser.evaluate(STATUS) != 200:
                missing.append(page)  # every link to it is reported below
                pages[page] = set()
                continue
            pages[page] = set(browser.evaluate(PAGE_IDS))
            for link in browser.evaluate(LINKS):
                target, anchor = urldefrag(link)
                if target.startswith(served.address):  # not a link out of the site
                    links.add((page, target, anchor))
                    if target.endswith(".html"):
                        waiting.append(target)

        def reaches(target: str, anchor: str) -> bool:
            """A page opened that holds the anchor, or a file of the site (a download)."""
            if target in pages:
                return target not in missing and (not anchor or anchor in pages[target])
            path = target.removeprefix(served.address)
            return not anchor and (site / (path or "index.html")).is_file()

        broken = [
            f"{page} -> {target}#{anchor}"
            for page, target, anchor in sorted(links)
            if not reaches(target, anchor)
        ]
    assert len(pages) >= 20  # every page of the toctrees, the index and the search page
    assert broken == []
    assert browser.errors == []  # no console error, exception or failed load on any page
