"""`python -m oracle`: the same as the `oracle` command."""

import sys

from oracle.cli import main

sys.exit(main())
