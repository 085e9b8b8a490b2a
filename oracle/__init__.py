"""The ETF command line of the Space Defender 2 oracle: script grammar, type checks, modes."""
