"""Print the transcript of a BASIC game's listing run by PC-BASIC, byte for byte (cached).

python -m tools.basic.pcbasic_transcript GAME INPUTS [--seed N] [--listing PATH] [--no-cache]

GAME is star_lanes or super_star_trek; INPUTS is a file of typed lines (LF or CRLF, last
newline optional). The listing defaults to ../shared/reference/GAME/oracle.bas beside the
project. Exit status 1 with one line on stderr when a file cannot be read or PC-BASIC fails.
"""

import argparse
import os
import sys
from pathlib import Path

from acceptance.game_oracles.pcbasic import SEED_LINES, PcBasicError, transcript


def read_inputs(path: Path) -> list[str]:
    """The typed lines of an input file; OSError or UnicodeDecodeError if it cannot be read."""
    text = path.read_bytes().decode("utf-8")
    return text.replace("\r\n", "\n").removesuffix("\n").split("\n") if text else []


def main(argv: list[str] | None = None) -> int:
    """Run PC-BASIC on the game's listing with the input lines; write the transcript."""
    options = _arguments().parse_args(argv)
    try:
        lines = read_inputs(Path(options.inputs))
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
        print(f"pcbasic_transcript: cannot read {options.inputs}: {reason}", file=sys.stderr)
        return 1
    listing = Path(options.listing) if options.listing else None
    try:
        text = transcript(
            options.game, lines, options.seed, listing, use_cache=not options.no_cache
        )
    except PcBasicError as error:
        print(f"pcbasic_transcript: {error}", file=sys.stderr)
        return 1
    try:
        sys.stdout.buffer.write(text.encode("latin-1"))
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped early (`| head`): nothing more to say
        sys.stdout = open(os.devnull, "w")
    return 0


def _arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tools.basic.pcbasic_transcript", description=__doc__.split("\n")[0]
    )
    parser.add_argument("game", choices=sorted(SEED_LINES), help="the BASIC game")
    parser.add_argument("inputs", help="the file of typed lines")
    parser.add_argument("--seed", type=int, help="RANDOMIZE seed (default: power-on sequence)")
    parser.add_argument("--listing", help="the listing (default: the shared reference's)")
    parser.add_argument("--no-cache", action="store_true", help="run PC-BASIC even if cached")
    return parser


if __name__ == "__main__":
    sys.exit(main())
