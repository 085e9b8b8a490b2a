"""What every HTML page of the harness shares: text made safe inside HTML, the page around a body
(the one stylesheet, written for every page), and the stylesheet and scripts shipped in `assets/`
beside this module, read once."""

import functools
import html
from importlib import resources


def escape(text: object) -> str:
    """Text safe inside HTML, quotes included."""
    return html.escape(str(text), quote=True)


@functools.cache
def asset(name: str) -> str:
    """A file of `assets/` (a page's style or script)."""
    return resources.files("acceptance.reports").joinpath("assets", name).read_text("utf-8")


def page(title: str, body: str) -> str:
    """A self-contained page: its title, laid out for any width, in the harness's stylesheet."""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{asset('page.css')}</style></head>\n"
        f"<body>\n{body}</body></html>\n"
    )


def number_cell(label: str, text: object, value: object = None, kind: str = "") -> str:
    """A cell holding a number: `label` names it where a narrow window shows its row as a card,
    `value` is what it sorts by when its text is not a number alone."""
    sort = "" if value is None else f' data-value="{value}"'
    return (
        f'<td class="{" ".join(["number", *filter(None, [kind])])}" data-label="{label}"{sort}>'
        f"{text}</td>"
    )
