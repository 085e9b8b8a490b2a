"""`python -m games.star_canine`: the star-canine command line."""

import sys

from games.star_canine.cli import main

sys.exit(main())
