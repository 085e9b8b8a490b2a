"""A planted bug as a student's program: the oracle with one mutant of model/ swapped in.

    python -m tools.planted MODULE:QUALNAME:POINT -b SCRIPT    (or `none`: the oracle unchanged)
    python -m tools.planted MUTANT+MUTANT -b SCRIPT            (several bugs at once)

Everything after the mutant's name goes to the oracle's own command line (`oracle.cli.main`),
which then runs as `oracle` does: same output, same exit statuses. `tools.planted.fuzz_power`
runs it as `--exe` of `at run` and `at fuzz`; the names are those `tools.planted.mutants` gives.
"""

from __future__ import annotations

import sys

from oracle.cli import main as oracle_main
from tools.planted.mutants import mutant_named, plant

UNCHANGED = "none"


def main(argv: list[str] | None = None) -> int:
    """Plant the named mutants, then run the oracle's command line on the remaining arguments."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print(
            "planted: give a mutant MODULE:QUALNAME:POINT (or none), then the oracle's arguments",
            file=sys.stderr,
        )
        return 2
    if args[0] != UNCHANGED:
        try:
            for name in args[0].split("+"):
                plant(mutant_named(name))
        except ValueError as error:
            print(f"planted: {error}", file=sys.stderr)
            return 2
    return oracle_main(args[1:])


if __name__ == "__main__":
    sys.exit(main())
