"""Mutation testing (`make mutation`: mutmut and the blind spots it leaves) and planted bugs (the
figures of `make why-mutants`, `make fuzz-power` and the causes' `cause_mutants`)."""
