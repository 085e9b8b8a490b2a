"""The harness's one error: bad input, shown to the user as a one-line message."""


class HarnessError(ValueError):
    """Bad input to the harness; its text is shown to the user as a one-line error."""
