"""What every HTML page of the harness shares: text made safe inside HTML, and the style sheets
and scripts shipped in `assets/` beside this module, read once."""

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
