"""Which oracle this is: the package's version and the Space Defender 2 it reproduces."""

from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "space-defender-2-oracle"
# As the original names it: its banner, "Welcome to Space Defender Version 2.", and the course
# project's section 6, "Task 1 (Phase 1 & 2): Development of the Space Defender 2 Game".
REPRODUCED = (
    "the ETF oracle of Space Defender Version 2"
    " (the course project's section 6, phases 1 and 2), byte for byte"
)


def package_version() -> str:
    """The installed package's version, or a note that it is not installed."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "(version unknown: not installed)"


def version_line(program: str) -> str:
    """What `PROGRAM --version` prints for a command of the oracle or its harness."""
    return f"{program} {package_version()}: reproduces {REPRODUCED}"
