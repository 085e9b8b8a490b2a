"""The `oracle-help` directive: `oracle -help` as the command prints it, so the reference cannot
drift from it (the oracle's modes are not argparse's, so sphinx-argparse cannot read them)."""

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from oracle.cli import help_text


class OracleHelp(SphinxDirective):
    """A literal block of the oracle's help text."""

    def run(self) -> list[nodes.Node]:
        text = help_text()
        block = nodes.literal_block(text, text)
        block["language"] = "text"
        return [block]


def setup(app: Sphinx) -> dict[str, object]:
    app.add_directive("oracle-help", OracleHelp)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
