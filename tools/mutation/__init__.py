"""Mutation testing (`make mutation`: mutmut and the blind spots it leaves) and planted bugs (the
figures of `make why-mutants` and `make fuzz-power`)."""
