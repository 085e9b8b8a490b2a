"""Sphinx configuration of the documentation site (`make docs`: docs/_build/html/)."""

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path[:0] = [str(DOCS.parent), str(DOCS / "_ext")]

from oracle.version import package_version

project = "Space Defender 2 oracle"
author = "the project's contributors"
copyright = "the project's contributors"
release = version = package_version()

extensions = ["myst_parser", "sphinxarg.ext", "oracle_help", "import_graph"]
myst_heading_anchors = 4  # every heading down to #### gets an anchor a link can name
myst_enable_extensions = ["deflist"]
exclude_patterns = ["_build"]
html_theme = "furo"
html_title = f"Space Defender 2 oracle {release}"
html_static_path = ["_static"]
html_favicon = "_static/favicon.svg"
smartquotes = False  # options and quotes stay as typed: `--exe`, not an en dash
