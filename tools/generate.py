"""Write a seeded random command script (oracle/generate.py) to a file or the standard output.

python -m tools.generate [--seed N] [--commands N] [--defect syntax|type] [--output FILE [--force]]
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from typing import IO

from oracle.generate import DEFECTS, script_lines


def main(argv: list[str] | None = None) -> int:
    """Write a generated script to a file (never over an existing one unless --force) or to the
    standard output; 1 with a one-line error if the file cannot be written."""
    options = _arguments().parse_args(argv)
    lines = script_lines(options.seed, options.commands, defect=options.defect)
    try:
        if options.output is None:
            _write(sys.stdout, lines)
        else:
            mode = "w" if options.force else "x"
            with open(options.output, mode, encoding="utf-8", newline="\n") as file:
                _write(file, lines)
    except BrokenPipeError:  # the reader stopped early (`| head`): nothing more to say
        sys.stdout = open(os.devnull, "w")
    except FileExistsError:
        print(f"Error: {options.output} exists (--force to replace it)", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"Error: cannot write {options.output}: {error.strerror}", file=sys.stderr)
        return 1
    return 0


def _arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tools.generate", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--seed", type=int, default=0, help="the random seed (default 0)")
    parser.add_argument(
        "--commands", type=int, default=1000, help="how many commands (default 1000)"
    )
    parser.add_argument("--defect", choices=sorted(DEFECTS), help="put one error of this kind in")
    parser.add_argument("--output", "-o", help="the file to write (default: standard output)")
    parser.add_argument("--force", action="store_true", help="replace the output file if it exists")
    return parser


def _write(stream: IO[str], lines: Iterator[str]) -> None:
    stream.writelines(line + "\n" for line in lines)


if __name__ == "__main__":
    sys.exit(main())
